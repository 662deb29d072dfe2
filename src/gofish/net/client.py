"""A seat's side of a shared table: the game as the host tells it, in the Session's shape.

``RemoteSession`` offers the table screen what a local ``Session`` does, built only from the
messages the host sends this seat: its events, its view, its legal actions. It never holds
another seat's cards because it is never sent them. Its only human seat is its own, so the
table shows this seat's hand and never a pass-the-device screen; the host plays the computers,
so ``computer_to_act`` is always False here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gofish.engine import Action, Event, IllegalAction, NextDeal, PublicView, Rules, SeatView
from gofish.i18n import N_, _
from gofish.protocol import messages as protocol
from gofish.protocol import wire
from gofish.seats import LEVELS, SeatSpec
from gofish.session import NotYourTurn
from gofish.store.text import plain

NAME_LIMIT = 40  # a name from the host is cut here (the host's own limit is 20)
TEXT_LIMIT = 200  # an error message from the host
ANOTHER_TABLE = "another-table"  # what receive returns for a hello of another table

# what a client shows for each error the host can send (``illegal`` shows the host's reason)
ERROR_TEXT = {
    wire.MALFORMED: N_("The host did not understand a message."),
    wire.TOO_LONG: N_("A message was too long for the host."),
    wire.UNKNOWN: N_("The host does not know this kind of message."),
    wire.SLOW_DOWN: N_("Too many messages: the host dropped one."),
    wire.BAD_CODE: N_("No table is open with this code."),
    wire.BAD_SECRET: N_("The host does not know this seat's secret: the seat is someone else's."),
    wire.NAME_TAKEN: N_("A player of this name, or of a name that looks the same, already sits "
                        "at this table."),
    wire.BAD_NAME: N_("This name cannot be used: 1 to 20 printable characters."),
    wire.TABLE_FULL: N_("Every seat at this table is taken."),
    wire.NOT_JOINED: N_("Join the table first."),
    wire.JOINED: N_("You already have a seat."),
    wire.NOT_STARTED: N_("The game has not begun yet."),
    wire.NOT_YOUR_TURN: N_("It is not your turn."),
    wire.TOO_MANY: N_("Too many attempts from this address: wait a minute."),
    wire.TIMEOUT: N_("The host heard nothing for too long."),
    wire.REPLACED: N_("Your seat was taken up from another terminal."),
    wire.CLOSED: N_("The host closed the table."),
    wire.SAVE_FAILED: N_("The host could not save the game."),
    wire.SEAT_KEPT: N_("This seat is kept for a player the host named: join with the code "
                       "the host gave them (the table code and six more letters)."),
}


def error_text(code: str, message: str) -> str:
    """The error in the player's language (the host's own words only for an illegal action)."""
    if code == wire.ILLEGAL:
        return plain(message, TEXT_LIMIT)
    text = ERROR_TEXT.get(code)
    return _(text) if text else plain(message, TEXT_LIMIT)


def clean_lobby(message: dict[str, Any]) -> dict[str, Any]:
    """The lobby with only what a screen shows, every text cleaned (it is the host's data)."""
    seats = message.get("seats")
    if not isinstance(seats, list) or len(seats) > 6 or \
            not all(isinstance(seat, dict) for seat in seats):
        raise wire.WireError(wire.MALFORMED, "lobby: a list of at most 6 seats expected")
    return {"type": "lobby", "code": plain(message.get("code", ""), 12),
            "seats": [{"name": plain(seat["name"], NAME_LIMIT) if seat.get("name") else None,
                       "kind": plain(seat.get("kind", ""), 12),
                       "status": plain(seat.get("status", ""), 12),
                       "level": plain(seat.get("level", ""), 12)} for seat in seats]}


class RemoteSession:
    """The table screen's session for a joined seat; ``receive`` takes each host message."""

    def __init__(self, send: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.send = send  # None while disconnected
        self.seat = -1
        self.rules = Rules()
        self.names: tuple[str, ...] = ()
        self.kinds: tuple[str, ...] = ()
        self.game_id = ""
        self.events: list[Event] = []
        self._view: SeatView | None = None
        self.legal: tuple[Action, ...] = ()
        self.action_count = 0
        self.pending = False  # our action is on its way: nothing more until the host answers
        self.lobby: dict[str, Any] | None = None
        self.statuses: dict[int, str] = {}
        self.error: tuple[str, str] | None = None  # the last error: code and text to show
        self.played_by: dict[int, str] = {}  # events a computer made for an absent player
        self.said: tuple[int, str] | None = None  # the last word said at the table
        self.votes: tuple[bool | None, ...] = ()  # each seat's word on a rematch

    # ------------------------------------------------------------------ from the host

    @property
    def started(self) -> bool:
        return self._view is not None

    def receive(self, message: dict[str, Any]) -> str:
        """Take one message; returns what changed: hello, event, state, turn, lobby, seat, error,
        or "" (nothing to show yet). WireError if the message is malformed. A hello of other
        seats or another game, once a game has begun here, changes nothing and returns
        ANOTHER_TABLE: that table is a new session's (a screen drawn from this one stays true
        to it)."""
        kind = message.get("type")
        try:
            if kind == "hello":
                return self._hello(message)
            if kind == "event":
                self.events.append(protocol.parse_event(message, max(len(self.names), 2)))
                by = message.get("by")
                if isinstance(by, str) and by in LEVELS:
                    self.played_by[len(self.events) - 1] = by
                return "event"
            if kind == "said":
                return self._said(message)
            if kind == "rematch":
                votes = message.get("votes")
                if not isinstance(votes, list) or len(votes) > 6 or \
                        not all(v is None or isinstance(v, bool) for v in votes):
                    raise wire.WireError(wire.MALFORMED, "rematch: a list of votes expected")
                self.votes = tuple(votes)
                return "rematch"
            if kind == "state":
                return self._state(message)
            if kind == "your-turn":
                self.legal = protocol.parse_legal(message)
                self.pending = False
                return "turn"
            if kind == "lobby":
                self.lobby = clean_lobby(message)
                return "lobby"
            if kind == "seat":
                seat, status = message.get("seat"), message.get("status")
                if not isinstance(seat, int) or not isinstance(status, str):
                    raise wire.WireError(wire.MALFORMED, "seat: seat and status expected")
                self.statuses[seat] = plain(status, 12)
                return "seat"
            if kind == "error":
                code = plain(message.get("code", ""), 40)
                text = str(message.get("message", ""))
                self.pending = False
                self.error = (code, error_text(code, text))
                return "error"
        except protocol.ProtocolError as e:
            raise wire.WireError(e.code, str(e)) from None
        except (ValueError, TypeError, KeyError) as e:
            if isinstance(e, wire.WireError):
                raise
            raise wire.WireError(wire.MALFORMED, f"{kind}: {e}"[:200]) from None
        return ""

    def _said(self, message: dict[str, Any]) -> str:
        seat, word = message.get("seat"), message.get("word")
        if not isinstance(seat, int) or not 0 <= seat < len(self.names) or word not in wire.WORDS:
            raise wire.WireError(wire.MALFORMED, "said: a seat and one of the words expected")
        self.said = (seat, word)
        return "said"

    def _hello(self, message: dict[str, Any]) -> str:
        """The bot protocol's hello, with the seats' names and kinds a table screen shows."""
        hello = protocol.parse_hello(message)
        names, kinds = message.get("names"), message.get("kinds")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or \
                not isinstance(kinds, list) or len(kinds) != len(names) or \
                len(names) != hello.players:
            raise wire.WireError(wire.MALFORMED, "hello: a name and a kind for every seat")
        table = (hello.rules, tuple(plain(n, NAME_LIMIT) for n in names),
                 tuple(plain(k, 12) for k in kinds), hello.seat,
                 plain(message.get("game", ""), 64))
        if self.started and table != (self.rules, self.names, self.kinds, self.seat,
                                       self.game_id):
            return ANOTHER_TABLE  # nothing changed: this session is the table begun here
        self.rules, self.names, self.kinds, self.seat, self.game_id = table
        self.events = []  # the host sends the whole history again after a hello
        self.played_by = {}
        self.votes = ()
        self.legal = ()  # (the last view stays on screen until the new one comes)
        self.pending = False
        return "hello"

    def _state(self, message: dict[str, Any]) -> str:
        view, self.action_count = wire.view_from_json(message.get("view"), self.rules)
        if view.seat != self.seat:
            raise wire.WireError(wire.MALFORMED, "state: another seat's view")
        self._view = view
        self.legal = ()
        if not view.over and (view.deal_over or view.to_act == self.seat):
            return ""  # the your-turn that follows completes it
        self.pending = False
        return "state"

    # ------------------------------------------------------------------ what the table reads

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(SeatSpec(n, k) for n, k in zip(self.names, self.kinds, strict=True))

    @property
    def to_act(self) -> int | None:
        if self._view is None or self.pending or self._view.over:
            return None
        if self._view.to_act == self.seat and not self.legal:
            return None  # the legal actions are still on their way
        return self._view.to_act

    @property
    def over(self) -> bool:
        return self._view is not None and self._view.over

    @property
    def deal_over(self) -> bool:
        return self._view is not None and self._view.deal_over

    @property
    def remote(self) -> bool:
        return True

    @property
    def joined_seat(self) -> int | None:
        """This terminal's seat, once the host has said which it is."""
        return self.seat if self.seat >= 0 else None

    def is_human(self, seat: int) -> bool:
        """Only this seat is a human the screen shows; everyone else plays elsewhere."""
        return seat == self.seat

    @property
    def human_seats(self) -> list[int]:
        return [self.seat]

    def view(self, seat: int, *, with_events: bool = True) -> SeatView:
        if seat != self.seat or self._view is None:
            raise ValueError(f"seat {seat}'s view is not known here")
        return replace(self._view, legal=self.legal, events=tuple(self.events))

    def public_view(self) -> PublicView:
        """This seat's view without its hand: what anyone at the table may see."""
        if self._view is None:
            raise ValueError("the game has not begun")
        return PublicView.of(replace(self._view, events=()))

    def events_for(self, seat: int | None, start: int = 0) -> list[Event]:
        open_hands = self.rules.open_hands
        return [e.for_seat(seat, open_hands) for e in self.events[start:]]

    @property
    def event_count(self) -> int:
        return len(self.events)

    def scores(self) -> tuple[int, ...]:
        return self._view.scores if self._view is not None else ()

    @property
    def winners(self) -> tuple[int, ...]:
        return self._view.winners if self._view is not None else ()

    # ------------------------------------------------------------------ acting

    def close(self) -> None:
        """Nothing is held here: the host keeps the game (the connection is the client's)."""

    def computer_to_act(self) -> bool:
        return False  # the host plays the computers

    def step_computer(self) -> list[Event]:
        raise NotYourTurn("the host plays the computers")

    def play(self, seat: int, action: Action) -> list[Event]:
        """Send our action; the events come back from the host (nothing changes here yet)."""
        if seat != self.seat or self.to_act != seat:
            raise NotYourTurn(_("It is not your turn."))
        if action not in self.legal:
            raise IllegalAction(_("That is not allowed now."))
        self._send({"type": "action", "action": action.to_json()})
        self.pending = True
        return []

    def next_deal(self) -> list[Event]:
        if self.deal_over and not self.over and not self.pending:
            self._send({"type": "action", "action": NextDeal().to_json()})
            self.pending = True
        return []

    def say(self, word: str) -> None:
        """One of the preset words, to everyone at the table."""
        self._send({"type": "say", "word": word})

    def vote(self, accept: bool) -> None:
        """This seat's word on a rematch, once the game is over."""
        if self.over:
            self._send({"type": "rematch", "accept": accept})

    def _send(self, message: dict[str, Any]) -> None:
        if self.send is None:
            raise IllegalAction(_("Not connected to the host: reconnecting…"))
        self.send(message)
