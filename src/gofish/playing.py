"""A saved game open for play: its record, its lock and its session, saved after every action.

Every front end that plays a game of this machine's store (the line mode today; the Textual app
does the same steps in tui/app.py) opens, saves and lets go of it the same way: a new game is
written and locked before its first move, a saved one is locked before it is read, and each
action is written atomically before the front end moves on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gofish.command_name import command_name
from gofish.engine import Rules
from gofish.i18n import _
from gofish.seats import SeatSpec
from gofish.session import Session
from gofish.store.lock import GameLock
from gofish.store.repo import Store
from gofish.store.saves import SavedGame, utc_now


@dataclass
class OpenGame:
    """A game this process holds. ``close()`` lets it go; it is saved already."""

    store: Store
    record: SavedGame
    lock: GameLock | None
    clock: Callable = utc_now
    session: Session = field(init=False)

    def __post_init__(self) -> None:
        r = self.record
        self.session = Session(r.rules, r.seats, r.seed, game_id=r.id, actions=list(r.actions),
                               saver=self.save)

    def save(self, session: Session) -> None:
        """The session's saver: raises StoreError (the previous save intact) if it cannot."""
        self.record = self.record.updated_with(session.game, clock=self.clock)
        self.store.save(self.record)

    def close(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None


def start_game(store: Store, rules: Rules, seats: Sequence[SeatSpec], seed: int | None = None,
               *, clock: Callable = utc_now) -> OpenGame:
    """Write a new game and hold it; StoreError (nothing held) if it cannot be saved."""
    record = store.new_game(rules, tuple(seats), seed)
    lock = store.lock(record.id)
    try:
        store.save(record)
    except BaseException:
        lock.release()
        raise
    return OpenGame(store, record, lock, clock)


def resume_game(store: Store, game_id: str, *, clock: Callable = utc_now) -> OpenGame:
    """Hold a saved game and read it. GameLocked when another process plays it; LoadError,
    GameNotFound or StoreError when it cannot be read (and then nothing is held)."""
    lock = store.lock(game_id)
    try:
        record, _game = store.load_game(game_id)
        return OpenGame(store, record, lock, clock)
    except BaseException:
        lock.release()
        raise


def resume_hint(game_id: str, profile: str | None = None, command: str | None = None) -> str:
    """The line printed on leaving an unfinished game: how to come back to it."""
    command = command or command_name()
    if profile:
        return _("Your game is saved. Resume it with: "
                 "{command} --profile {profile} resume {id}").format(
            command=command, profile=profile, id=game_id)
    return _("Your game is saved. Resume it with: {command} resume {id}").format(
        command=command, id=game_id)
