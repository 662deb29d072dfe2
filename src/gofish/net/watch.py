"""A spectator's side of a shared table: the public view and the public events, nothing else.

``WatchSession`` offers the table screen what a session does, with no seat: nobody's hand is
ever in it because the host never sends one (``public-state`` carries no hand, events come in
their public form). The screen draws the public view, names nobody "you", and can act for
nobody.
"""

from __future__ import annotations

from typing import Any

from gofish.engine import Action, Event, IllegalAction, PublicView, Rules, SeatView
from gofish.protocol import messages as protocol
from gofish.protocol import wire
from gofish.seats import LEVELS, SeatSpec
from gofish.session import NotYourTurn
from gofish.store.text import plain

from .client import NAME_LIMIT, clean_lobby, error_text


class WatchSession:
    """A watched table, as the host tells its spectators; ``receive`` takes each message."""

    watching = True

    def __init__(self) -> None:
        self.rules = Rules()
        self.names: tuple[str, ...] = ()
        self.kinds: tuple[str, ...] = ()
        self.game_id = ""
        self.code = ""
        self.events: list[Event] = []
        self._view: PublicView | None = None
        self.action_count = 0
        self.lobby: dict[str, Any] | None = None
        self.statuses: dict[int, str] = {}
        self.played_by: dict[int, str] = {}
        self.said: tuple[int, str] | None = None
        self.votes: tuple[bool | None, ...] = ()
        self.error: tuple[str, str] | None = None
        self.send = None

    @property
    def started(self) -> bool:
        return self._view is not None

    def receive(self, message: dict[str, Any]) -> str:
        kind = message.get("type")
        try:
            if kind == "watching":
                return self._watching(message)
            if kind == "event":
                event = protocol.parse_event(message, max(len(self.names), 2))
                if event.secret:  # never kept, whatever a host sends
                    raise wire.WireError(wire.MALFORMED, "a watcher is sent no secret card")
                self.events.append(event)
                by = message.get("by")
                if isinstance(by, str) and by in LEVELS:
                    self.played_by[len(self.events) - 1] = by
                return "event"
            if kind == "public-state":
                self._view, self.action_count = wire.public_view_from_json(
                    message.get("view"), self.rules)
                return "state"
            if kind == "lobby":
                self.lobby = clean_lobby(message)
                return "lobby"
            if kind == "seat":
                seat, status = message.get("seat"), message.get("status")
                if isinstance(seat, int) and isinstance(status, str):
                    self.statuses[seat] = plain(status, 12)
                    return "seat"
            if kind == "said":
                seat, word = message.get("seat"), message.get("word")
                if isinstance(seat, int) and 0 <= seat < len(self.names) and word in wire.WORDS:
                    self.said = (seat, word)
                    return "said"
            if kind == "rematch":
                votes = message.get("votes")
                if isinstance(votes, list) and len(votes) <= 6:
                    self.votes = tuple(v if isinstance(v, bool) else None for v in votes)
                    return "rematch"
            if kind == "error":
                code = plain(message.get("code", ""), 40)
                self.error = (code, error_text(code, str(message.get("message", ""))))
                return "error"
        except protocol.ProtocolError as e:
            raise wire.WireError(e.code, str(e)) from None
        except (ValueError, TypeError, KeyError) as e:
            if isinstance(e, wire.WireError):
                raise
            raise wire.WireError(wire.MALFORMED, f"{kind}: {e}"[:200]) from None
        return ""

    def _watching(self, message: dict[str, Any]) -> str:
        names, kinds = message.get("names"), message.get("kinds")
        if not isinstance(names, list) or not isinstance(kinds, list) or \
                not 2 <= len(names) <= 6 or len(kinds) != len(names):
            raise wire.WireError(wire.MALFORMED, "watching: a name and a kind for every seat")
        self.rules = Rules.from_json(message.get("rules"))
        self.names = tuple(plain(n, NAME_LIMIT) for n in names)
        self.kinds = tuple(plain(k, 12) for k in kinds)
        self.game_id = plain(message.get("game", ""), 64)
        self.code = plain(message.get("code", ""), 6)
        self.events, self.played_by, self.votes = [], {}, ()
        return "hello"

    # ------------------------------------------------------------------ what the table reads

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(n, k) for n, k in zip(self.names, self.kinds, strict=True))

    @property
    def to_act(self) -> int | None:
        return None if self._view is None or self._view.over else self._view.to_act

    @property
    def over(self) -> bool:
        return self._view is not None and self._view.over

    @property
    def deal_over(self) -> bool:
        return self._view is not None and self._view.deal_over

    @property
    def joined_seat(self) -> int | None:
        return None

    @property
    def remote(self) -> bool:
        return True

    def is_human(self, seat: int) -> bool:
        return False  # nobody plays here

    @property
    def human_seats(self) -> list[int]:
        return []

    def view(self, seat: int, *, with_events: bool = True) -> SeatView:
        raise ValueError("a watcher sees no seat's view")

    def public_view(self) -> PublicView:
        if self._view is None:
            raise ValueError("the game has not begun")
        return self._view

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        return self.events[start:]  # public already: the same for any reader

    @property
    def event_count(self) -> int:
        return len(self.events)

    def scores(self) -> tuple[int, ...]:
        return self._view.scores if self._view is not None else ()

    @property
    def winners(self) -> tuple[int, ...]:
        return self._view.winners if self._view is not None else ()

    def close(self) -> None:
        """Nothing is held here: the host keeps the game (the connection is the client's)."""

    def computer_to_act(self) -> bool:
        return False

    def step_computer(self) -> list[Event]:
        raise NotYourTurn("the host plays every seat")

    def play(self, seat: int, action: Action) -> list[Event]:
        raise IllegalAction("a watcher plays no seat")

    def next_deal(self) -> list[Event]:
        return []  # a player moves the table on
