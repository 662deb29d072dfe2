"""A saved game this process holds: its record on disk and its lock, for as long as it plays.

A new game is written and locked before its first move; a saved one is locked before it is
read, and its journal folded into the file. Each save after that appends the new actions to
the game's journal (store/journal.py), fsynced, so its cost does not grow with the game; the
file is written whole again (atomically: the previous file stays whole if it cannot) every
``journal.COMPACT_EVERY`` saves, when the game is over, when a save failed, and when the game
is let go. A game killed at any moment resumes from its last completed move. The session
owns one of these (gofish.session); front ends never touch the record or the lock themselves.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gofish.engine import Game, Rules
from gofish.seats import SeatSpec

from . import journal
from .errors import StoreError
from .lock import GameLock
from .repo import Store
from .saves import SavedGame


@dataclass
class HeldGame:
    """The record of a game in play and the lock that keeps other processes off it."""

    store: Store
    record: SavedGame
    lock: GameLock | None
    game: Game | None = None  # the game as read (replayed once), for the session to play on
    # what is on disk: the file holds the first ``on_disk`` actions, with the journal's lines
    on_disk: int = -1
    lines: int = 0  # lines in the journal since the file was last written whole
    _writing: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def __post_init__(self) -> None:
        if self.on_disk < 0:
            self.on_disk = len(self.record.actions)

    def save(self, game: Game) -> None:
        """Write ``game``'s record; StoreError (what is on disk still loads) if it cannot."""
        self.prepare(game)()

    def prepare(self, game: Game) -> Callable[[], None]:
        """The record of ``game`` as it is now, and the call that writes it (StoreError).

        The network host takes the record on its event loop, where the game does not move,
        and writes it in a thread; the call writes the newest record taken (one at a time),
        so two writes never cross.
        """
        self.record = self.record.updated_with(game, clock=self.store.clock)
        return self._write

    def _write(self) -> None:
        with self._writing:
            record = self.record
            if len(record.actions) == self.on_disk:
                return  # nothing new: the file and the journal hold it all
            if (record.finished or self.lines >= journal.COMPACT_EVERY
                    or len(record.actions) < self.on_disk):
                return self._whole(record)
            try:
                self.store.append(record, self.on_disk)
            except StoreError:
                self.lines = journal.COMPACT_EVERY  # next time the file whole: no torn line
                raise
            self.on_disk = len(record.actions)
            self.lines += 1

    def _whole(self, record: SavedGame) -> None:
        self.store.save(record)
        self.on_disk = len(record.actions)
        self.lines = 0

    def compact(self) -> None:
        """Fold the journal into the file (StoreError if it cannot: the journal stays)."""
        with self._writing:
            if self.lines:
                self._whole(self.record)

    def release(self) -> None:
        """Let the game go (it is saved already, and its journal folded in if it can be);
        safe to call twice."""
        if self.lock is not None:
            with contextlib.suppress(StoreError):
                self.compact()
            self.lock.release()
            self.lock = None


def hold_new(store: Store, rules: Rules, seats: Sequence[SeatSpec],
             seed: int | None = None) -> HeldGame:
    """Write a new game and hold it; StoreError (nothing held, nothing left) if it cannot."""
    record = store.new_game(rules, tuple(seats), seed)
    lock = store.lock(record.id)
    try:
        store.save(record)
    except BaseException:
        lock.release()
        raise
    return HeldGame(store, record, lock)


def hold_saved(store: Store, game_id: str) -> HeldGame:
    """Hold a saved game and read it (replayed and checked, its journal folded in).

    GameLocked when another process plays it, StoreError when it cannot be locked; LoadError
    (a damaged save is moved aside), GameNotFound or StoreError when it cannot be read, and
    then nothing is held. A journal that cannot be folded in stays, and is read again next
    time.
    """
    lock = store.lock(game_id)
    try:
        record, game = store.load_game(game_id)
    except BaseException:
        lock.release()
        raise
    held = HeldGame(store, record, lock, game)
    if store.journal_path(game_id).exists():
        held.lines = 1
        with contextlib.suppress(StoreError):
            held.compact()
    return held
