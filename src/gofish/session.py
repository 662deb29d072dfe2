"""The table being played: engine, seats, computer players, and the saved game behind them.

This is the one object a front end talks to. It hands out per-seat views and filtered events,
never the game itself, so the TUI, the line mode and a network seat see the same thing. A
session opened from the store (``Session.start``, ``Session.resume``) holds its saved game
(record and lock) and saves it after every action; ``close()`` lets it go.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from gofish.ai import Player, make_player
from gofish.engine import (
    Action,
    Event,
    Game,
    IllegalAction,
    NextDeal,
    PublicView,
    Rules,
    SeatView,
)
from gofish.seats import SeatSpec, validate_seats

if TYPE_CHECKING:
    from gofish.store.held import HeldGame
    from gofish.store.repo import Store


class NotYourTurn(IllegalAction):
    """A human action arrived while someone else (or a computer) is to act."""


@dataclass(frozen=True)
class SessionInfo:
    game_id: str
    names: tuple[str, ...]
    seats: tuple[SeatSpec, ...]
    rules: Rules
    seed: int


class TableSession(Protocol):
    """What the table, pass and game-over screens read and do: a local ``Session`` and a joined
    seat's ``RemoteSession`` (gofish.net.client) both are one (tests/session checks it)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def names(self) -> tuple[str, ...]: ...
    @property
    def seats(self) -> tuple[SeatSpec, ...]: ...
    @property
    def game_id(self) -> str: ...
    @property
    def to_act(self) -> int | None: ...
    @property
    def over(self) -> bool: ...
    @property
    def deal_over(self) -> bool: ...
    @property
    def action_count(self) -> int: ...
    @property
    def human_seats(self) -> list[int]: ...
    @property
    def event_count(self) -> int: ...
    @property
    def winners(self) -> tuple[int, ...]: ...
    @property
    def joined_seat(self) -> int | None:
        """The one seat this terminal holds at a table hosted elsewhere (None here)."""
    @property
    def remote(self) -> bool:
        """A table hosted elsewhere (a seat joined, or a table watched): the host plays the
        computers, paces them and saves the game; this terminal has no menu of its own."""
    @property
    def played_by(self) -> Mapping[int, str]:
        """The events a computer made for an absent player, with its level ("Hard, for Dora,
        asked..."): a shared table's; none in a game played here."""

    def is_human(self, seat: int) -> bool: ...
    def view(self, seat: int, *, with_events: bool = True) -> SeatView: ...
    def public_view(self) -> PublicView: ...
    def events_for(self, seat: int | None, start: int = 0) -> list[Event]: ...
    def scores(self) -> tuple[int, ...]: ...

    def play(self, seat: int, action: Action) -> list[Event]: ...
    def close(self) -> None:
        """Let the game go (a local game's saved game and lock); safe to call twice."""
    def computer_to_act(self) -> bool: ...
    def step_computer(self) -> list[Event]: ...
    def next_deal(self) -> list[Event]: ...


class SavedSlot(Protocol):
    """Where a session's game is kept: the store's HeldGame (gofish.store.held), or a test's."""

    def prepare(self, game: Game) -> Callable[[], None]:
        """The game's record as it is now, and the call that writes it: StoreError (the
        previous save intact) if it cannot."""

    def release(self) -> None:
        """Let the game go; safe to call twice."""


class Session:
    """A game in play; with ``saved``, saved there after every action unless ``autosave`` is
    off (the network host saves batches itself, off its event loop, with ``save()``)."""

    def __init__(
        self,
        rules: Rules,
        seats: Sequence[SeatSpec],
        seed: int,
        *,
        game_id: str = "",
        actions: Sequence[Action] = (),
        saved: SavedSlot | None = None,
        autosave: bool = True,
        replayed: Game | None = None,
    ) -> None:
        """``replayed``: the game of these rules, seats, seed and actions, already replayed
        (a resumed game is read and checked once, by the store)."""
        validate_seats(list(seats))
        self.rules = rules
        self.seats = tuple(seats)
        self.names = tuple(s.name for s in seats)
        self.seed = seed
        self.game_id = game_id
        self._game = replayed or Game.replay(rules, len(seats), seed, list(actions))
        self._saved = saved
        self.autosave = autosave
        self._players: dict[int, Player] = {}
        for i, spec in enumerate(self.seats):
            if not spec.is_human:
                player = make_player(spec.level, i, rules, len(seats), seed * 1009 + i)
                for e in self._game.events:
                    player.observe(e.for_seat(i, rules.open_hands))
                self._players[i] = player

    # ------------------------------------------------------------------ the saved game

    @classmethod
    def start(cls, store: Store, rules: Rules, seats: Sequence[SeatSpec],
              seed: int | None = None, *, autosave: bool = True) -> Session:
        """A new game, written and held before its first move; StoreError (nothing held) if
        it cannot be saved."""
        from gofish.store.held import hold_new

        validate_seats(list(seats))  # before anything is written
        held = hold_new(store, rules, seats, seed)
        return cls._of(held, autosave)

    @classmethod
    def resume(cls, store: Store, game_id: str, *, autosave: bool = True) -> Session:
        """A saved game, held, then read. GameLocked when another process plays it; StoreError
        when it cannot be locked; LoadError, GameNotFound or StoreError when it cannot be read
        (and then nothing is held)."""
        from gofish.store.held import hold_saved

        return cls._of(hold_saved(store, game_id), autosave)

    @classmethod
    def _of(cls, held: HeldGame, autosave: bool) -> Session:
        r = held.record
        try:
            return cls(r.rules, r.seats, r.seed, game_id=r.id, actions=r.actions,
                       saved=held, autosave=autosave, replayed=held.game)
        except BaseException:
            held.release()
            raise

    def save(self) -> None:
        """Write the game as it is now (nothing to do for a session of no saved game).
        StoreError if it cannot: the previous save stays whole, the game plays on in memory."""
        self.save_later()()

    def save_later(self) -> Callable[[], None]:
        """The game's record taken now, and the call that writes it, to be made off an event
        loop (the network host); that call raises StoreError as ``save`` does."""
        if self._saved is None:
            return lambda: None
        return self._saved.prepare(self._game)

    def close(self) -> None:
        """Let the saved game go (its lock); it is saved already. Safe to call twice."""
        if self._saved is not None:
            self._saved.release()

    # ------------------------------------------------------------------ what front ends read

    @property
    def game(self) -> Game:
        """The engine game, for tests only: front ends use views, and the session saves."""
        return self._game

    @property
    def info(self) -> SessionInfo:
        return SessionInfo(self.game_id, self.names, self.seats, self.rules, self.seed)

    @property
    def to_act(self) -> int | None:
        return self._game.to_act

    @property
    def over(self) -> bool:
        return self._game.over

    @property
    def deal_over(self) -> bool:
        return self._game.deal_over

    @property
    def action_count(self) -> int:
        return len(self._game.actions)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

    @property
    def joined_seat(self) -> int | None:
        return None  # every seat of a local game is played here

    @property
    def remote(self) -> bool:
        return False

    @property
    def played_by(self) -> Mapping[int, str]:
        return {}  # nobody plays for anyone at a table played here

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_human]

    def view(self, seat: int, *, with_events: bool = True) -> SeatView:
        return self._game.view(seat, with_events=with_events)

    def public_view(self) -> PublicView:
        """Counts, books and scores as a watcher with no hand sees them (nobody is "you")."""
        return self._game.public_view(with_events=False)

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        """The history from index ``start`` as ``seat`` saw it (None: the public form)."""
        open_hands = self.rules.open_hands
        return [e.for_seat(seat, open_hands) for e in self._game.events[start:]]

    @property
    def event_count(self) -> int:
        return len(self._game.events)

    def scores(self) -> tuple[int, ...]:
        return self._game.scores()

    @property
    def winners(self) -> tuple[int, ...]:
        return self._game.winners

    # ------------------------------------------------------------------ acting

    def play(self, seat: int, action: Action) -> list[Event]:
        """A human's action for ``seat``; refused (and nothing changes) if it is not theirs."""
        if self.to_act != seat:
            raise NotYourTurn("it is not your turn")
        return self._apply(action)

    def computer_to_act(self) -> bool:
        seat = self.to_act
        return seat is not None and seat in self._players and not self._game.deal_over

    def step_computer(self) -> list[Event]:
        """Let the computer whose turn it is make one action."""
        seat = self.to_act
        if seat is None or seat not in self._players:
            raise NotYourTurn("no computer is to act")
        action = self._players[seat].choose(self._game.view(seat, with_events=False))
        return self._apply(action)

    def next_deal(self) -> list[Event]:
        """Start the next deal of a match (whoever confirms it: it is nobody's decision)."""
        return self._apply(NextDeal())

    def _apply(self, action: Action) -> list[Event]:
        events = self._game.apply(action)
        open_hands = self.rules.open_hands
        for seat, player in self._players.items():
            for e in events:
                player.observe(e.for_seat(seat, open_hands))
        if self.autosave:
            self.save()
        return events
