"""One hosted table: its seats, who is connected to which, and what each seat is told.

Everything a seat receives is built here from that seat's own filtered events and view, so
what a client can learn is decided in one place. The table knows nothing of sockets: a seat's
connection is any ``Link`` (something that takes a message), which is also how tests listen.
The host (host.py) owns the network, the store and the timing, and calls in here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from gofish.ai import Player, make_player
from gofish.engine import Event, IllegalAction, NextDeal, action_from_json
from gofish.front.flow import Due, whose_move
from gofish.protocol import wire
from gofish.seats import COMPUTER, HUMAN, name_key
from gofish.session import NotYourTurn, Session

from .codes import key_matches, new_key, new_secret, secret_hash, secret_matches
from .plan import SeatPlan, TableRecord, check_name, name_computers

HERE = "here"  # a human seat with a live connection
AWAY = "away"  # a human seat whose player is not connected
STAND_IN = "computer"  # an away seat a computer plays for until its player is back
EMPTY = "empty"  # a human seat nobody has taken yet (before the start)
GIVEN = "given"  # a human seat its opener gave to a computer (until it is freed or rejoined)
SAY_EVERY = 2.0  # seconds between two words from one seat


class Link(Protocol):
    """A seat's connection: it is handed messages; ``close`` ends it with a last error."""

    def send(self, message: dict[str, Any]) -> None: ...

    def send_many(self, messages: list[dict[str, Any]]) -> None:
        """Several messages at once (one write: a system call per message is what costs)."""

    def close(self, code: str = "", message: str = "") -> None: ...


class Refused(Exception):
    """A join or an action that is refused: ``code`` is a wire error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass
class StandIn:
    """A computer playing an away seat; it has seen that seat's events up to ``seen``."""

    player: Player
    seen: int


class Table:
    def __init__(self, record: TableRecord, *, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.record = record
        self.clock = clock
        self.session: Session | None = None
        self.links: dict[int, Link] = {}
        self.away_since: dict[int, float] = {}
        self.stand_ins: dict[int, StandIn] = {}
        self.deal_over_since: float | None = None
        self.starting = False  # the host is writing the new game to disk
        self.lock = asyncio.Lock()  # one action at a time: apply, save, then tell the seats
        self.wake = asyncio.Event()  # the table's driver has something new to look at
        self.watchers: set[Link] = set()  # spectators: the public view and events only
        self.votes: dict[int, bool] = {}  # at game over: each human seat's word on a rematch
        self.said_at: dict[int, float] = {}
        self.by_event: dict[int, str] = {}  # events made by a computer for an absent player
        self.on_change: Callable[[], None] = lambda: None  # the lobby's list changed
        now = clock()
        for i, plan in enumerate(record.seats):
            if plan.is_human:
                self.away_since[i] = now

    # ------------------------------------------------------------------ reading

    @property
    def code(self) -> str:
        return self.record.code

    @property
    def seats(self) -> list[SeatPlan]:
        return self.record.seats

    @property
    def started(self) -> bool:
        return self.session is not None

    @property
    def over(self) -> bool:
        return self.session is not None and self.session.over

    @property
    def full(self) -> bool:
        return all(p.taken for p in self.seats)

    def status(self, seat: int) -> str:
        plan = self.seats[seat]
        if not plan.is_human:
            return COMPUTER
        if not plan.taken:
            return EMPTY
        if seat in self.links:
            return HERE
        if seat in self.record.given:
            return GIVEN
        return STAND_IN if seat in self.stand_ins else AWAY

    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.seats)

    def kinds(self) -> tuple[str, ...]:
        return tuple(p.kind for p in self.seats)

    # ------------------------------------------------------------------ joining

    def knows(self, secret: object = None, key: str = "") -> bool:
        """Whether ``secret`` is a seat's, or ``key`` a free reserved seat's: neither can be
        guessed, so a join holding one is never held back by a limit."""
        return any(plan.is_human and (secret_matches(secret, plan.secret_hash) or
                                      (not plan.taken and key_matches(key, plan.key)))
                   for plan in self.seats)

    def join(self, name: object, secret: object = None, key: str = "") -> tuple[int, str | None]:
        """The seat for this player, and a new secret when the seat is newly taken.

        With a secret, only the seat it belongs to (and under that seat's name). With a key,
        only the reserved seat it opens, under its name. Without either, the first unreserved
        free seat; a reserved seat that has a key needs it (the seat does not go to whoever
        types its name first). A name that looks like a seated or reserved player's (the same
        ``name_key``: "Аlice" with a Cyrillic А beside "Alice") is refused.
        """
        if secret is not None:
            for i, plan in enumerate(self.seats):
                if plan.is_human and secret_matches(secret, plan.secret_hash):
                    if not isinstance(name, str) or name_key(name) != name_key(plan.name):
                        raise Refused(wire.BAD_SECRET, "this secret belongs to another name")
                    return i, None
            raise Refused(wire.BAD_SECRET, "no seat of this table has this secret")
        try:
            name = check_name(name)
        except ValueError as e:
            raise Refused(wire.BAD_NAME, str(e)) from None
        look = name_key(name)
        free = [i for i, p in enumerate(self.seats) if p.is_human and not p.taken]
        if key:
            kept = [i for i in free if key_matches(key, self.seats[i].key)]
            if not kept:
                raise Refused(wire.BAD_SECRET, "no free seat of this table has this key")
            if name_key(self.seats[kept[0]].name) != look:
                raise Refused(wire.BAD_SECRET, "this key is for a player of another name")
            return self._take(kept[0], self.seats[kept[0]].name)
        for plan in self.seats:
            if plan.is_human and plan.taken and name_key(plan.name) == look:
                raise Refused(wire.NAME_TAKEN, "a player of this name (or one that looks the "
                                               "same) holds a seat: rejoin with its secret")
        if self.started:
            raise Refused(wire.TABLE_FULL, "the game has begun and every seat is taken")
        mine = [i for i in free if self.seats[i].reserved and name_key(self.seats[i].name) == look]
        if mine and self.seats[mine[0]].key:
            raise Refused(wire.SEAT_KEPT, "this seat is kept: join with the code the host gave "
                                          "its player")
        open_ = [i for i in free if not self.seats[i].reserved]
        if not mine and not open_:
            raise Refused(wire.TABLE_FULL, "every seat of this table is taken")
        seat = (mine or open_)[0]
        return self._take(seat, self.seats[seat].name if mine else name)

    def _take(self, seat: int, name: str) -> tuple[int, str]:
        secret = new_secret()
        plan = self.seats[seat]
        plan.name, plan.secret_hash = name, secret_hash(secret)
        name_computers(self.seats)
        return seat, secret

    def fill(self, level: str) -> list[int]:
        """Give every free human seat to a computer of ``level`` (the host's choice, pre-start)."""
        filled = []
        for i, plan in enumerate(self.seats):
            if plan.is_human and not plan.taken:
                plan.kind, plan.level, plan.name, plan.reserved = COMPUTER, level, "", False
                plan.key = ""
                self.away_since.pop(i, None)
                filled.append(i)
        name_computers(self.seats)
        return filled

    def attach(self, seat: int, link: Link) -> Link | None:
        """``link`` is now the seat's connection; the one it replaces, if any, is returned."""
        old = self.links.get(seat)
        before = self.status(seat)
        self.links[seat] = link
        self.away_since.pop(seat, None)
        self.stand_ins.pop(seat, None)
        if self.status(seat) != before or not self.started:
            self.tell_status(seat)
        self.wake.set()
        return old if old is not link else None

    def detach(self, seat: int, link: Link) -> bool:
        """The connection went; True if it was the seat's current one (the seat is now away)."""
        if self.links.get(seat) is not link:
            return False
        del self.links[seat]
        self.away_since[seat] = self.clock()
        self.tell_status(seat)
        self.wake.set()
        return True

    # ------------------------------------------------------------------ the game

    def begin(self, session: Session) -> None:
        self.session = session
        self.votes = {}
        self.by_event = {}
        for seat in list(self.links):
            self.sync(seat)
        for link in list(self.watchers):
            self._show(link)
        self.on_change()
        self.wake.set()

    def play(self, seat: int, data: Any) -> None:
        """A seat's action from the wire; Refused (and nothing changes) if it is not allowed."""
        s = self.session
        if s is None:
            raise Refused(wire.NOT_STARTED, "the game has not begun")
        try:
            action = action_from_json(data)
        except IllegalAction as e:
            raise Refused(wire.ILLEGAL, str(e)) from None
        if isinstance(action, NextDeal):
            # the end of a deal is nobody's decision: any player may move the table on
            if s.over or not s.deal_over:
                raise Refused(wire.ILLEGAL, "the deal is not over")
            s.next_deal()
            return
        try:
            s.play(seat, action)
        except NotYourTurn:
            raise Refused(wire.NOT_YOUR_TURN, "it is not your turn") from None
        except IllegalAction as e:
            raise Refused(wire.ILLEGAL, str(e)) from None

    def due(self) -> tuple[str | None, float | None]:
        """What the table's driver should do next, or how long to wait before looking again.

        ``("computer", None)``: a computer seat acts. ``("stand-in", None)``: an away seat's
        stand-in acts. ``("next-deal", None)``: start the next deal. ``(None, t)``: nothing
        before ``t`` seconds (None: until woken).
        """
        s = self.session
        if s is None:
            return None, None
        move = whose_move(s)  # the local table's decider too (gofish.front.flow)
        if move.kind is Due.OVER:
            return None, None
        now = self.clock()
        after = self.record.takeover_after
        humans = [i for i, p in enumerate(self.seats) if p.is_human]
        if move.kind is Due.DEAL_OVER:
            if not humans:
                return "next-deal", None
            if self.links or after is None:
                return None, None  # a player moves the table on
            since = self.deal_over_since if self.deal_over_since is not None else now
            wait = since + after - now
            return ("next-deal", None) if wait <= 0 else (None, wait)
        if move.kind is Due.COMPUTER:
            return "computer", None
        seat = move.seat
        if seat is not None and seat in self.record.given and seat not in self.links:
            return "stand-in", None
        if seat is None or seat in self.links or after is None:
            return None, None
        wait = self.away_since.get(seat, now) + after - now
        return ("stand-in", None) if wait <= 0 else (None, wait)

    def step(self, kind: str) -> None:
        """Do what ``due`` asked for."""
        s = self.session
        assert s is not None
        if kind == "computer":
            s.step_computer()
        elif kind == "next-deal":
            s.next_deal()
        elif kind == "stand-in":
            seat = s.to_act
            assert seat is not None
            level = self.record.given.get(seat, self.record.takeover_level)
            stand_in = self.stand_ins.get(seat)
            first = stand_in is None
            if stand_in is None:
                player = make_player(level, seat, s.rules, len(self.seats),
                                     self.record.seed * 1013 + seat)
                stand_in = self.stand_ins[seat] = StandIn(player, 0)
            for e in s.events_for(seat, stand_in.seen):
                stand_in.player.observe(e)
            stand_in.seen = s.event_count
            if first:
                self.tell_status(seat)
            start = s.event_count
            self.record.played_by.append((s.action_count, level))  # the record says who played
            s.play(seat, stand_in.player.choose(s.view(seat, with_events=False)))
            for i in range(start, s.event_count):
                self.by_event[i] = level
        else:  # pragma: no cover - due() names only the kinds above
            raise ValueError(kind)

    # ------------------------------------------------------------------ telling the seats

    def lobby(self) -> dict[str, Any]:
        seats = [{"name": p.name or None, "kind": p.kind, "status": self.status(i),
                  **({"level": p.level} if p.kind == COMPUTER else {})}
                 for i, p in enumerate(self.seats)]
        return {"type": "lobby", "code": self.code, "seats": seats,
                "rules": self.record.rules.to_json()}

    def tell_lobby(self) -> None:
        self.on_change()
        message = self.lobby()
        for link in [*self.links.values(), *self.watchers]:
            link.send(message)

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it: no secret, no key, nobody's cards."""
        s = self.session
        return {"code": self.code, "rules": self.record.rules.to_json(),
                "seats": self.lobby()["seats"], "started": self.started,
                "over": self.over, "watchers": len(self.watchers),
                "actions": s.action_count if s is not None else 0}

    # ------------------------------------------------------------------ the opener's controls

    def give_to_computer(self, seat: int, level: str) -> None:
        """A human seat played by a computer from now on (its player may come back); before
        the start, a free seat becomes a computer's for good."""
        plan = self._human(seat)
        if not self.started and not plan.taken:
            plan.kind, plan.level, plan.name, plan.reserved, plan.key = COMPUTER, level, "", \
                False, ""
            self.away_since.pop(seat, None)
            name_computers(self.seats)
            self.tell_lobby()
        else:
            self.record.given[seat] = level
            self.tell_status(seat)
        self.wake.set()

    def free(self, seat: int) -> str:
        """The seat's player is let go (their secret no longer opens it): a new player may
        take it with the new key returned (a computer plays it meanwhile, once started)."""
        plan = self._human(seat)
        link = self.links.pop(seat, None)
        if link is not None:
            link.close(wire.REPLACED, "the table's opener gave this seat to someone else")
        plan.secret_hash = ""
        plan.reserved = bool(plan.name) and self.started  # the same name, with the new key
        plan.key = new_key()
        if self.started:
            self.record.given.setdefault(seat, self.record.takeover_level)
        self.away_since[seat] = self.clock()
        self.tell_status(seat)
        self.wake.set()
        return plan.key

    def _human(self, seat: int) -> SeatPlan:
        if not (isinstance(seat, int) and 0 <= seat < len(self.seats)) or \
                self.seats[seat].kind != HUMAN:
            raise Refused(wire.ILLEGAL, "not a human seat of this table")
        return self.seats[seat]

    # ------------------------------------------------------------------ talk and the rematch

    def say(self, seat: int, word: object) -> None:
        """One of the preset words, told to everyone at the table (the watchers too)."""
        if word not in wire.WORDS:
            raise Refused(wire.ILLEGAL, "a seat may say only " + ", ".join(wire.WORDS))
        now = self.clock()
        if now - self.said_at.get(seat, -1e9) < SAY_EVERY:
            raise Refused(wire.SLOW_DOWN, "one word every few seconds")
        self.said_at[seat] = now
        message = {"type": "said", "seat": seat, "word": word}
        for link in [*self.links.values(), *self.watchers]:
            link.send(message)

    def vote(self, seat: int, accept: object) -> bool:
        """A seat's word on a rematch (only once the game is over); True when every human
        seat has accepted (the host then deals again at this table)."""
        if not self.over:
            raise Refused(wire.ILLEGAL, "a rematch is offered once the game is over")
        if not isinstance(accept, bool):
            raise Refused(wire.MALFORMED, "rematch: accept must be true or false")
        if not accept:
            self.votes = {seat: False}
        elif False not in self.votes.values():
            self.votes[seat] = True
        else:
            self.votes = {seat: True}  # after a decline, a new offer
        message = {"type": "rematch", "votes": [self.votes.get(i) for i in range(len(self.seats))]}
        for link in [*self.links.values(), *self.watchers]:
            link.send(message)
        humans = [i for i, p in enumerate(self.seats) if p.is_human and i not in self.record.given]
        return all(self.votes.get(i) is True for i in humans)

    # ------------------------------------------------------------------ watchers

    def watch(self, link: Link) -> None:
        """A spectator: the public view and the public events only, never a hand."""
        self.watchers.add(link)
        self._show(link)

    def unwatch(self, link: Link) -> None:
        self.watchers.discard(link)

    def _show(self, link: Link) -> None:
        s = self.session
        if s is None:
            link.send(self.lobby())
            return
        link.send({"type": "watching", "code": self.code, "rules": s.rules.to_json(),
                   "names": list(self.names()), "kinds": list(self.kinds()),
                   "game": s.game_id})
        for other in range(len(self.seats)):
            if self.status(other) != COMPUTER:
                link.send({"type": "seat", "seat": other, "status": self.status(other)})
        self._tell_public(link, 0)

    def _tell_public(self, link: Link, start: int) -> None:
        s = self.session
        assert s is not None
        messages = [self._event(e, start + i) for i, e in enumerate(s.events_for(None, start))]
        messages.append(wire.public_state(s.public_view(), s.action_count))
        link.send_many(messages)

    def _event(self, e: Event, index: int) -> dict[str, Any]:
        message = wire.event_message(e)
        by = self.by_event.get(index)
        if by is not None:
            message["by"] = by  # "Hard, for Dora, asked ..."
        return message

    def tell_status(self, seat: int) -> None:
        self.on_change()
        if not self.started:
            self.tell_lobby()
            return
        message = {"type": "seat", "seat": seat, "status": self.status(seat)}
        for other, link in list(self.links.items()):
            if other != seat:
                link.send(message)
        for link in list(self.watchers):
            link.send(message)

    def sync(self, seat: int) -> None:
        """Everything the seat needs after (re)joining: the game so far, as that seat saw it."""
        link = self.links.get(seat)
        if link is None:
            return
        s = self.session
        if s is None:
            link.send(self.lobby())
            return
        link.send(wire.hello(seat, s.rules, self.names(), self.kinds(), s.game_id))
        for other in range(len(self.seats)):
            if other != seat and self.status(other) != COMPUTER:
                link.send({"type": "seat", "seat": other, "status": self.status(other)})
        self._tell(seat, link, s.events_for(seat))

    def broadcast(self, start: int) -> None:
        """Tell every connected seat what happened since event ``start``."""
        s = self.session
        assert s is not None
        if s.deal_over and self.deal_over_since is None:
            self.deal_over_since = self.clock()
        elif not s.deal_over:
            self.deal_over_since = None
        for seat, link in list(self.links.items()):
            self._tell(seat, link, s.events_for(seat, start), start)
        for link in list(self.watchers):
            self._tell_public(link, start)

    def _tell(self, seat: int, link: Link, events: list[Event], start: int = 0) -> None:
        s = self.session
        assert s is not None
        messages = [self._event(e, start + i) for i, e in enumerate(events)]
        view = s.view(seat, with_events=False)
        messages.append(wire.state(view, s.action_count))
        if s.over:
            pass
        elif s.deal_over:
            messages.append(wire.your_turn([NextDeal()]))  # any player may start the next deal
        elif s.to_act == seat:
            messages.append(wire.your_turn(view.legal))
        link.send_many(messages)

    def close(self, message: str) -> None:
        for link in [*self.links.values(), *self.watchers]:
            link.close(wire.CLOSED, message)
        self.links.clear()
        self.watchers.clear()


__all__ = ["AWAY", "EMPTY", "GIVEN", "HERE", "HUMAN", "Link", "Refused", "STAND_IN", "Table"]
