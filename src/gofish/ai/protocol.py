"""The bot protocol: one seat played over JSON lines, as UCI does for chess engines.

The driver (the program that holds the game) sends a ``hello`` with the rules, the number of
seats and the bot's seat, then every event that seat may see (``event``, in the engine's own
JSON form), and on the seat's turn a ``your-turn`` with the legal actions; the bot answers with
an ``action`` naming one of them. Anything malformed or illegal gets an ``error`` line with a
code (the same codes as the network table's wire format) and the bot carries on.
docs/bot-protocol.md describes every message with a full session.

This module holds both ends: encoding and checking messages, ``SeatState`` (a bot's own view
rebuilt from its events, since the game never crosses the pipe), and ``ExternalBot``, a Player
that runs another program speaking the protocol, so tournaments can seat outside bots.
"""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

from gofish.engine import (
    Action,
    Ask,
    Draw,
    Event,
    IllegalAction,
    Rules,
    RulesError,
    SeatView,
    action_from_json,
)
from gofish.engine import events as ev
from gofish.engine.cards import DECK_SIZE, NUM_RANKS, POPCOUNT, RANK_VALUES, card_code, mask_cards
from gofish.engine.cards import RANKS as RANK_NAMES
from gofish.i18n import _, ngettext

PROTOCOL = 1
MAX_LINE = 1 << 16  # characters in one message; the longest real one is a few thousand

# error codes, for programs (``message`` says it for people)
MALFORMED = "malformed"  # not one JSON object with a type, or a field of the wrong shape
TOO_LONG = "too-long"  # a line over MAX_LINE
UNKNOWN = "unknown-type"  # a type the bot does not handle
NOT_STARTED = "not-started"  # an event or a turn before the hello
ILLEGAL = "illegal"  # a turn with nothing legal to do, or an answer that is not one of them
IMPOSSIBLE = "impossible"  # an event or a turn that contradicts what the seat has seen


class ProtocolError(ValueError):
    """A message that cannot be used; ``code`` says which kind of wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class BotError(RuntimeError):
    """An outside bot that failed: it crashed, stayed silent, or answered out of turn."""


# ---------------------------------------------------------------------- lines

def encode(message: dict[str, Any]) -> str:
    """One message as one line (without its newline)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(line: str) -> dict[str, Any]:
    """One received line as a message; ProtocolError says why it is not one."""
    if len(line) > MAX_LINE:
        raise ProtocolError(TOO_LONG, _("a message is at most {n} characters").format(n=MAX_LINE))
    try:
        data = json.loads(line, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError(MALFORMED, _("not a line of JSON")) from None
    if not isinstance(data, dict):
        raise ProtocolError(MALFORMED, _("a message must be a JSON object"))
    kind = data.get("type")
    if not isinstance(kind, str) or not kind:
        raise ProtocolError(MALFORMED, _("a message needs a text field `type`"))
    return data


def hello(rules: Rules, players: int, seat: int, seed: int | None = None) -> dict[str, Any]:
    message: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL, "rules": rules.to_json(),
                               "players": players, "seat": seat}
    if seed is not None:
        message["seed"] = seed
    return message


def event_message(event: Event) -> dict[str, Any]:
    return {"type": "event", "event": event.to_json()}


def your_turn(legal: tuple[Action, ...] | list[Action]) -> dict[str, Any]:
    return {"type": "your-turn", "legal": [a.to_json() for a in legal]}


def action_message(action: Action) -> dict[str, Any]:
    return {"type": "action", "action": action.to_json()}


def ready(level: str) -> dict[str, Any]:
    return {"type": "ready", "protocol": PROTOCOL, "name": f"gofish {level}", "level": level}


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


# ---------------------------------------------------------------------- reading messages

@dataclass(frozen=True)
class Hello:
    rules: Rules
    players: int
    seat: int
    seed: int | None


def _whole(value: Any, lo: int, hi: int) -> bool:
    return not isinstance(value, bool) and isinstance(value, int) and lo <= value <= hi


def parse_hello(message: dict[str, Any]) -> Hello:
    version = message.get("protocol", PROTOCOL)
    if version != PROTOCOL:
        raise ProtocolError(MALFORMED, _("protocol {n} is not spoken here (only {m})").format(
            n=version, m=PROTOCOL))
    try:
        rules = Rules.from_json(message.get("rules"))
        players = message.get("players")
        rules.check_players(players)  # type: ignore[arg-type]
    except RulesError as e:
        raise ProtocolError(MALFORMED, _("hello: {what}").format(what=e)) from None
    seat = message.get("seat")
    if not _whole(seat, 0, players - 1):  # type: ignore[operator]
        raise ProtocolError(MALFORMED, _("hello: seat must be a number from 0 to {n}").format(
            n=players - 1))  # type: ignore[operator]
    seed = message.get("seed")
    if seed is not None and not _whole(seed, -(2**63), 2**63 - 1):
        raise ProtocolError(MALFORMED, _("hello: seed must be a whole number"))
    return Hello(rules, players, seat, seed)  # type: ignore[arg-type]


def parse_event(message: dict[str, Any], players: int) -> Event:
    """The event a message carries, checked against the table (seats, counts, cards)."""
    data = message.get("event")
    try:
        if not isinstance(data, dict):
            raise ValueError("not an object")
        for key in ("seat", "target", "count", "deal"):
            if key in data and not _whole(data[key], -1, 10_000):
                raise ValueError(f"{key} must be a whole number")
        for key in ("cards", "secret", "scores", "winners"):
            if key in data and not isinstance(data[key], list):
                raise ValueError(f"{key} must be a list")
        event = Event.from_json(data)
    except (ValueError, TypeError, KeyError) as e:
        raise ProtocolError(MALFORMED, _("event: {what}").format(what=e)) from None
    seats_ok = -1 <= event.seat < players and -1 <= event.target < players
    if not seats_ok or any(not 0 <= w < players for w in event.winners) \
            or event.count > DECK_SIZE or len(event.scores) > players:
        raise ProtocolError(MALFORMED, _("event: a seat or a count is out of range"))
    return event


def parse_legal(message: dict[str, Any]) -> tuple[Action, ...]:
    legal = message.get("legal")
    if not isinstance(legal, list):
        raise ProtocolError(MALFORMED, _("your-turn: legal must be a list of actions"))
    try:
        actions = tuple(action_from_json(a) for a in legal)
    except IllegalAction as e:
        raise ProtocolError(MALFORMED, _("your-turn: {what}").format(what=e)) from None
    if not actions:
        raise ProtocolError(ILLEGAL, _("your-turn: there is no legal action to choose"))
    return actions


def parse_action(message: dict[str, Any]) -> Action:
    try:
        return action_from_json(message.get("action"))
    except IllegalAction as e:
        raise ProtocolError(MALFORMED, _("action: {what}").format(what=e)) from None


# ---------------------------------------------------------------------- the bot's own view

class SeatState:
    """A seat's view rebuilt from the events it was shown: what a bot has instead of the game.

    It follows the same story the engine tells: the deal, the cards dealt and drawn (our own,
    or everyone's with open hands), what was handed over, the books, whose turn it is, the end.
    Each event is checked against what the seat has seen before it is taken in: one that
    contradicts it (cards handed over that the hand never held, a book of cards the seat holds,
    a draw from a stock too small) raises ProtocolError with code ``impossible`` and changes
    nothing, so the state is never silently wrong. A turn whose legal asks name a rank the
    seat does not hold is refused the same way (``view``).
    """

    def __init__(self, rules: Rules, players: int, seat: int) -> None:
        self.rules = rules
        self.players = players
        self.seat = seat
        self.totals = [0] * players
        self.deal = 0
        self.dealer = 0
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.asked_suit = -1
        self._new_deal()

    def _new_deal(self) -> None:
        n = self.players
        self.hands = [[0] * NUM_RANKS for _ in range(n)]
        self.counts = [0] * n
        self.books: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.booked = [0] * NUM_RANKS  # per rank, the suits laid down in books
        self.out = [False] * n
        self.stock = DECK_SIZE - n * self.rules.deal_size(n)
        self.turn = 0
        self.deal_over = False

    def _take(self, seat: int, cards: tuple[int, ...], add: bool) -> None:
        hand = self.hands[seat]
        for c in cards:
            if add:
                hand[c >> 2] |= 1 << (c & 3)
            else:
                hand[c >> 2] &= ~(1 << (c & 3))

    # ------------------------------------------------------------------ checking

    def seen(self, seat: int) -> bool:
        """Whether every card of ``seat``'s hand is known here: ours, or open hands."""
        return seat == self.seat or self.rules.open_hands

    def _where(self, c: int) -> int | None:
        """The seen hand holding ``c`` (-1: a book), or None if it is nowhere we can see."""
        r, b = c >> 2, 1 << (c & 3)
        if self.booked[r] & b:
            return -1
        for s in range(self.players):
            if self.seen(s) and self.hands[s][r] & b:
                return s
        return None

    def _fail(self, message: str) -> None:
        raise ProtocolError(IMPOSSIBLE, _("impossible event: {what}").format(what=message))

    def _arrive(self, seat: int, cards: tuple[int, ...]) -> None:
        """``cards`` come into ``seat``'s hand from the stock or a hidden hand."""
        for c in cards:
            if self._where(c) is not None:
                self._fail(_("the {card} is already in another place").format(
                    card=card_code(c)))
        if len(set(cards)) != len(cards):
            self._fail(_("a card is named twice"))

    def _holds_all(self, seat: int, cards: tuple[int, ...], rank: int) -> None:
        hand = self.hands[seat]
        for c in cards:
            if c >> 2 != rank:
                self._fail(_("the {card} is not a {rank}").format(card=card_code(c),
                                                                    rank=RANK_NAMES[rank]))
            if self.seen(seat):
                if not hand[rank] >> (c & 3) & 1:
                    self._fail(_("seat {seat} does not hold the {card}").format(
                        seat=seat, card=card_code(c)))
            elif self._where(c) is not None:
                self._fail(_("the {card} is already in another place").format(
                    card=card_code(c)))

    def check(self, e: Event) -> None:
        """Raise ProtocolError (``impossible``) if ``e`` contradicts what this seat has seen."""
        kind = e.kind
        n = self.players
        if kind in (ev.DEALT, ev.DREW, ev.GAVE, ev.BOOK, ev.LUCKY, ev.ASK, ev.GO_FISH,
                    ev.NO_STOCK) and not 0 <= e.seat < n:
            self._fail(_("seat {seat} is not at the table").format(seat=e.seat))
        if kind in (ev.DEALT, ev.DREW):
            if kind == ev.DREW and e.count > self.stock:
                self._fail(ngettext("the stock holds only {n} card",
                                   "the stock holds only {n} cards", self.stock).format(n=self.stock))
            if e.secret and len(e.secret) != e.count:
                self._fail(ngettext("{count} card announced, {n} shown",
                                   "{count} cards announced, {n} shown",
                                   e.count).format(count=e.count, n=len(e.secret)))
            if e.secret:
                self._arrive(e.seat, e.secret)
        elif kind == ev.GAVE:
            giver, rank = e.target, e.rank
            if not 0 <= giver < n or giver == e.seat or not 0 <= rank < NUM_RANKS:
                self._fail(_("seat {seat} cannot be handed cards by seat {giver}").format(
                    seat=e.seat, giver=giver))
            if not e.cards or len(e.cards) != e.count or len(set(e.cards)) != len(e.cards):
                self._fail(ngettext("{count} card announced, {n} shown", "{count} cards announced, {n} shown",
                                   e.count).format(
                    count=e.count, n=len(e.cards)))
            if e.count > self.counts[giver]:
                self._fail(ngettext("seat {seat} holds only {n} card", "seat {seat} holds only {n} cards",
                                   self.counts[giver]).format(seat=giver, n=self.counts[giver]))
            self._holds_all(giver, e.cards, rank)
            if self.seen(giver) and self.rules.ask_for == "rank":
                mask = sum(1 << (c & 3) for c in e.cards)
                if self.hands[giver][rank] & ~mask:
                    self._fail(_("seat {seat} must hand over every {rank} it holds").format(
                        seat=giver, rank=RANK_NAMES[rank]))
        elif kind == ev.LUCKY:
            for c in e.cards:
                if c >> 2 != e.rank or (self.seen(e.seat)
                                        and not self.hands[e.seat][c >> 2] >> (c & 3) & 1):
                    self._fail(_("seat {seat} does not hold the {card}").format(
                        seat=e.seat, card=card_code(c)))
        elif kind == ev.BOOK:
            if not 0 <= e.rank < NUM_RANKS or len(e.cards) != self.rules.book_size \
                    or len(set(e.cards)) != len(e.cards):
                self._fail(ngettext("a book is {n} card of one rank", "a book is {n} cards of one rank",
                                   self.rules.book_size).format(n=self.rules.book_size))
            if len(e.cards) > self.counts[e.seat]:
                self._fail(ngettext("seat {seat} holds only {n} card", "seat {seat} holds only {n} cards",
                                   self.counts[e.seat]).format(seat=e.seat, n=self.counts[e.seat]))
            self._holds_all(e.seat, e.cards, e.rank)
        elif kind == ev.ASK:
            if self.seen(e.seat) and 0 <= e.rank < NUM_RANKS and not self.hands[e.seat][e.rank]:
                self._fail(_("seat {seat} holds no {rank} to ask for").format(
                    seat=e.seat, rank=RANK_NAMES[e.rank]))
        elif kind in (ev.GO_FISH, ev.NO_STOCK):
            t = e.target
            if 0 <= t < n and self.seen(t) and 0 <= e.rank < NUM_RANKS:
                held = self.hands[t][e.rank]
                if self.rules.ask_for == "card":
                    held = held >> self.asked_suit & 1 if self.asked_suit >= 0 else 0
                if held:
                    self._fail(_("seat {seat} holds what it was asked for").format(seat=t))

    def observe(self, e: Event) -> None:
        """Take ``e`` in, after checking it (ProtocolError, and no change, if impossible)."""
        self.check(e)
        kind = e.kind
        if kind == ev.DEAL:
            self.deal = e.deal
            self.dealer = e.seat
            self._new_deal()
            self.turn = e.target
        elif kind == ev.DEALT:
            self.counts[e.seat] = e.count
            self._take(e.seat, e.secret, True)
        elif kind == ev.ASK:
            self.asked_suit = e.suit
        elif kind == ev.GAVE:
            self.counts[e.seat] += e.count
            self.counts[e.target] -= e.count
            self._take(e.seat, e.cards, True)
            self._take(e.target, e.cards, False)
        elif kind == ev.DREW:
            self.counts[e.seat] += e.count
            self.stock -= e.count
            self._take(e.seat, e.secret, True)
        elif kind == ev.BOOK:
            self.counts[e.seat] -= len(e.cards)
            self._take(e.seat, e.cards, False)
            for c in e.cards:
                self.booked[c >> 2] |= 1 << (c & 3)
            self.books[e.seat].append((e.rank, e.cards))
        elif kind == ev.TURN:
            self.turn = e.seat
        elif kind == ev.OUT:
            self.out[e.seat] = True
        elif kind == ev.DEAL_OVER:
            self.deal_over = True
            self.totals = [t + s for t, s in zip(self.totals, e.scores, strict=False)]
        elif kind == ev.GAME_OVER:
            self.deal_over = True
            self.over = True
            self.totals = list(e.scores) or self.totals
            self.winners = e.winners

    def check_legal(self, legal: tuple[Action, ...]) -> None:
        """Refuse a turn whose actions contradict our hand (ProtocolError, ``impossible``)."""
        hand = self.hands[self.seat]
        for a in legal:
            if isinstance(a, Ask):
                if not 0 <= a.rank < NUM_RANKS or not hand[a.rank]:
                    raise ProtocolError(IMPOSSIBLE, _(
                        "impossible turn: it offers an ask for a {rank}, and the seat holds "
                        "none").format(rank=RANK_NAMES[a.rank] if 0 <= a.rank < NUM_RANKS
                                       else a.rank))
                if a.target == self.seat:
                    raise ProtocolError(IMPOSSIBLE, _(
                        "impossible turn: it offers the seat an ask of itself"))
            elif isinstance(a, Draw) and sum(POPCOUNT[m] for m in hand):
                raise ProtocolError(IMPOSSIBLE, _(
                    "impossible turn: it offers a draw, and the seat's hand is not empty"))

    def deal_scores(self) -> tuple[int, ...]:
        if self.rules.scoring == "card-value":
            return tuple(sum(RANK_VALUES[r] for r, _c in b) for b in self.books)
        return tuple(len(b) for b in self.books)

    def _cards(self, seat: int) -> tuple[int, ...]:
        return tuple(c for r, m in enumerate(self.hands[seat]) for c in mask_cards(r, m))

    def view(self, legal: tuple[Action, ...]) -> SeatView:
        """The seat's view with these legal actions, once they are checked (``check_legal``)."""
        self.check_legal(legal)
        n = self.players
        seat = self.seat
        open_hands = self.rules.open_hands
        if self.over:
            to_act = None
        elif self.deal_over:
            to_act = (self.dealer + 1) % n
        else:
            to_act = self.turn
        if self.deal_over or self.over:
            scores = tuple(self.totals)
        else:
            scores = tuple(t + s for t, s in zip(self.totals, self.deal_scores(), strict=True))
        return SeatView(
            seat=seat,
            players=n,
            rules=self.rules,
            hand=self._cards(seat),
            hands=tuple(self._cards(s) if (s == seat or open_hands) else None for s in range(n)),
            counts=tuple(self.counts),
            books=tuple(tuple(b) for b in self.books),
            stock=self.stock,
            turn=self.turn,
            to_act=to_act,
            out=tuple(self.out),
            deal=self.deal,
            dealer=self.dealer,
            deal_over=self.deal_over,
            over=self.over,
            scores=scores,
            deal_scores=self.deal_scores(),
            winners=self.winners,
            legal=legal,
            events=(),
        )


# ---------------------------------------------------------------------- the driver's end

MAX_LINE_BYTES = 4 * MAX_LINE  # a line of MAX_LINE characters is at most this in UTF-8
MAX_QUEUED = 16  # lines the reader may hold ahead of the driver: memory stays bounded
MAX_ERRORS_KEPT = 20  # the last error lines a bot sent, for the driver's report
MAX_ERRORS_PER_ANSWER = 100  # a bot that sends this many without answering is given up


class TooLong:
    """What a reader yields for a line over its limit (its text was read and dropped)."""


TOO_LONG_LINE = TooLong()


def bounded_lines(stream: IO[Any], limit: int) -> Iterator[Any]:
    """The lines of ``stream`` (text or bytes), never holding more than ``limit`` + 1 of them
    in memory: a longer line is read through in pieces and yields TOO_LONG_LINE instead.

    ``for line in stream`` would read a 200 MB line whole before any check could refuse it.
    """
    while True:
        piece = stream.readline(limit + 1)
        if not piece:
            return
        if len(piece) <= limit or piece[-1:] in ("\n", b"\n"):
            yield piece
            continue
        while piece and piece[-1:] not in ("\n", b"\n"):  # the rest of the line, dropped
            piece = stream.readline(limit + 1)
        yield TOO_LONG_LINE


class ExternalBot:
    """A Player whose decisions come from another program speaking the bot protocol.

    ``command`` is run with its standard input and output as the protocol's pipe (its standard
    error is left alone, for its own diagnostics). ``timeout`` bounds each decision as a
    whole: a bot that keeps talking without answering (a flood of ``error`` lines) is given up
    at the deadline, or after MAX_ERRORS_PER_ANSWER of them, whichever comes first. What it
    sends is read in bounded pieces (MAX_LINE_BYTES a line, MAX_QUEUED lines ahead), and
    bytes that are not UTF-8 are replaced, never fatal.
    Use it as a context manager, or call ``close()``, to end the program.
    """

    def __init__(self, command: list[str], seat: int, rules: Rules, players: int,
                 seed: int | None = None, *, timeout: float = 30.0) -> None:
        self.seat = seat
        self.timeout = timeout
        # the last error lines the bot sent, and how many it sent in all
        self.errors: deque[dict[str, Any]] = deque(maxlen=MAX_ERRORS_KEPT)
        self.error_count = 0
        self._closed = threading.Event()
        self._misbehaved = False
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE)
        except OSError as e:
            raise BotError(_("cannot start the bot: {what}").format(what=e)) from None
        self._lines: queue.Queue[str | TooLong | None] = queue.Queue(MAX_QUEUED)
        stdout = self.process.stdout
        assert stdout is not None
        threading.Thread(target=self._read, args=(stdout,), daemon=True).start()
        self._send(hello(rules, players, seat, seed))
        answer = self._receive()
        if answer.get("type") != "ready":
            self.close()
            raise BotError(_("the bot did not answer the hello with ready"))

    def _read(self, stream: IO[bytes]) -> None:
        try:
            for line in bounded_lines(stream, MAX_LINE_BYTES):
                item = line if isinstance(line, TooLong) else line.decode("utf-8", "replace")
                if not self._put(item):
                    return
        except (OSError, ValueError):
            pass  # the pipe closed under us: the end, as below
        finally:
            with contextlib.suppress(OSError):
                stream.close()
        self._put(None)

    def _put(self, item: str | TooLong | None) -> bool:
        """Hand a line to the driver, waiting while it is behind; False once closed."""
        while not self._closed.is_set():
            try:
                self._lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _send(self, message: dict[str, Any]) -> None:
        stdin = self.process.stdin
        try:
            assert stdin is not None
            stdin.write((encode(message) + "\n").encode("utf-8"))
            stdin.flush()
        except (OSError, ValueError):
            raise BotError(_("the bot stopped reading its input")) from None

    def _receive(self) -> dict[str, Any]:
        """The bot's next message that is not an error, within this decision's deadline."""
        deadline = time.monotonic() + self.timeout
        errors = 0
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise self._give_up(_("the bot did not answer within {n} seconds").format(
                    n=self.timeout)) from None
            if line is None:
                raise BotError(_("the bot ended"))
            if isinstance(line, TooLong):
                raise self._give_up(_("the bot sent a line over {n} bytes").format(
                    n=MAX_LINE_BYTES))
            try:
                message = decode(line)
            except ProtocolError as e:
                raise BotError(_("the bot said something that is not a message: {what}").format(
                    what=e)) from None
            if message["type"] != "error":
                return message
            self.errors.append(message)
            self.error_count += 1
            errors += 1
            if errors >= MAX_ERRORS_PER_ANSWER:
                raise self._give_up(_("the bot sent {n} errors without answering").format(
                    n=errors))
            if time.monotonic() > deadline:
                raise self._give_up(_("the bot did not answer within {n} seconds").format(
                    n=self.timeout))

    def observe(self, event: Event) -> None:
        self._send(event_message(event))

    def choose(self, view: SeatView) -> Action:
        self._send(your_turn(view.legal))
        message = self._receive()
        if message.get("type") != "action":
            raise BotError(_("the bot answered a turn with {kind}").format(kind=message["type"]))
        try:
            action = parse_action(message)
        except ProtocolError as e:
            self._send(error(e.code, str(e)))
            raise BotError(str(e)) from None
        if action not in view.legal:
            text = _("not one of the legal actions: {action}").format(action=encode(
                action.to_json()))
            self._send(error(ILLEGAL, text))
            raise BotError(text)
        return action

    def _give_up(self, reason: str) -> BotError:
        """A bot that floods or garbles its pipe: it will not be asked to leave, only ended."""
        self._misbehaved = True
        return BotError(reason)

    def close(self) -> None:
        self._closed.set()  # the reader stops waiting for room in the queue
        if self.process.poll() is None:
            if self._misbehaved:
                self.process.kill()
            else:
                with contextlib.suppress(BotError):
                    self._send({"type": "bye"})
            with contextlib.suppress(OSError):
                assert self.process.stdin is not None
                self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        elif self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
