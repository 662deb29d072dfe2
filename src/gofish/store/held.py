"""A saved game this process holds: its record on disk and its lock, for as long as it plays.

A new game is written and locked before its first move; a saved one is locked before it is
read; each save writes the whole record atomically (the previous file stays whole if it
cannot), so a game killed at any moment resumes from its last move. The session owns one of
these (gofish.session); front ends never touch the record or the lock themselves.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gofish.engine import Game, Rules
from gofish.seats import SeatSpec

from .lock import GameLock
from .repo import Store
from .saves import SavedGame


@dataclass
class HeldGame:
    """The record of a game in play and the lock that keeps other processes off it."""

    store: Store
    record: SavedGame
    lock: GameLock | None

    def save(self, game: Game) -> None:
        """Write ``game``'s record; StoreError (the previous save intact) if it cannot."""
        self.prepare(game)()

    def prepare(self, game: Game) -> Callable[[], None]:
        """The record of ``game`` as it is now, and the call that writes it (StoreError).

        The network host takes the record on its event loop, where the game does not move,
        and writes it in a thread.
        """
        record = self.record = self.record.updated_with(game, clock=self.store.clock)
        return functools.partial(self.store.save, record)

    def release(self) -> None:
        """Let the game go (it is saved already); safe to call twice."""
        if self.lock is not None:
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


def hold_saved(store: Store, game_id: str) -> tuple[HeldGame, Game]:
    """Hold a saved game and read it (replayed and checked).

    GameLocked when another process plays it, StoreError when it cannot be locked; LoadError
    (a damaged save is moved aside), GameNotFound or StoreError when it cannot be read, and
    then nothing is held.
    """
    lock = store.lock(game_id)
    try:
        record, game = store.load_game(game_id)
    except BaseException:
        lock.release()
        raise
    return HeldGame(store, record, lock), game
