"""The messages of a shared table, one JSON object per line, and a seat's view in JSON.

The in-game messages are those of the bot protocol (``hello``, ``event``, ``your-turn``,
``action``, ``error``); a network seat adds a handshake before them (``join``, ``welcome``,
``lobby``) and, after each batch of events, a ``state`` with the seat's own view, so a client
never has to rebuild counts and books from the log. docs/bot-protocol.md describes them all.

Everything that crosses the wire goes through ``decode`` first: a line is bounded, must be
UTF-8 JSON holding an object with a text ``type``, and anything else is a ``WireError`` with a
code the other side can act on, never an exception from deep inside a parser.
"""

from __future__ import annotations

import json
from typing import Any

from gofish.engine import Action, Event, Rules, SeatView
from gofish.engine.cards import RANKS, card_code, parse_card, parse_rank

PROTOCOL = 1
MAX_LINE = 8192  # bytes in one message, newline included; a join or an action is ~100
DEFAULT_PORT = 7473

# error codes: what went wrong, for programs; ``message`` says it in English for people
MALFORMED = "malformed"  # not one JSON object with a type, or a field of the wrong shape
TOO_LONG = "too-long"  # a line over MAX_LINE: the connection is closed after the reply
UNKNOWN = "unknown-type"  # a type this side does not handle (now)
SLOW_DOWN = "slow-down"  # over the message rate: this one was dropped
BAD_CODE = "bad-code"  # no open table has this code
BAD_SECRET = "bad-secret"  # the secret does not belong to a seat of this table
NAME_TAKEN = "name-taken"  # a seat of this name is held: rejoin with its secret
BAD_NAME = "bad-name"  # not a usable name
TABLE_FULL = "table-full"  # every seat is taken
NOT_JOINED = "not-joined"  # join first
JOINED = "already-joined"  # this connection already holds a seat
NOT_STARTED = "not-started"  # the game has not begun
NOT_YOUR_TURN = "not-your-turn"
ILLEGAL = "illegal"  # the rules do not allow this action now (``message`` says why)
TOO_MANY = "too-many"  # too many connections or failed joins from this address
TIMEOUT = "timeout"  # no join in time
REPLACED = "replaced"  # the same seat joined again from elsewhere: this connection ends
CLOSED = "closed"  # the host closed the table or is shutting down
SAVE_FAILED = "save-failed"  # the host could not save: the action stands, the host says why

ERROR_CODES = (MALFORMED, TOO_LONG, UNKNOWN, SLOW_DOWN, BAD_CODE, BAD_SECRET, NAME_TAKEN,
               BAD_NAME, TABLE_FULL, NOT_JOINED, JOINED, NOT_STARTED, NOT_YOUR_TURN, ILLEGAL,
               TOO_MANY, TIMEOUT, REPLACED, CLOSED, SAVE_FAILED)


class WireError(ValueError):
    """A message that cannot be used; ``code`` is one of ERROR_CODES."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------- lines

def encode(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode()


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def decode(line: bytes) -> dict[str, Any]:
    """One received line as a message; WireError says why it is not one."""
    if len(line) > MAX_LINE:
        raise WireError(TOO_LONG, f"a message is at most {MAX_LINE} bytes")
    try:
        text = line.decode("utf-8")
        data = json.loads(text, parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise WireError(MALFORMED, "not a line of UTF-8 JSON") from None
    if not isinstance(data, dict):
        raise WireError(MALFORMED, "a message must be a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str) or not kind:
        raise WireError(MALFORMED, "a message needs a text field `type`")
    return data


def error(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}


# ---------------------------------------------------------------------- the bot protocol part

def hello(seat: int, rules: Rules, names: tuple[str, ...], kinds: tuple[str, ...],
          game_id: str) -> dict[str, Any]:
    """The game begins (or is joined again): everything the seat needs before the events."""
    return {"type": "hello", "protocol": PROTOCOL, "rules": rules.to_json(),
            "players": len(names), "seat": seat, "names": list(names), "kinds": list(kinds),
            "game": game_id}


def event_message(event: Event) -> dict[str, Any]:
    return {"type": "event", "event": event.to_json()}


def your_turn(legal: tuple[Action, ...] | list[Action]) -> dict[str, Any]:
    return {"type": "your-turn", "legal": [a.to_json() for a in legal]}


# ---------------------------------------------------------------------- the view

def _cards(cards: tuple[int, ...]) -> list[str]:
    return [card_code(c) for c in cards]


def view_to_json(view: SeatView, actions: int) -> dict[str, Any]:
    """The seat's view without its events and legal actions (those travel as their own messages).

    ``actions`` is how many actions the game has had: it places the view in the game's history.
    """
    return {
        "seat": view.seat,
        "players": view.players,
        "hand": _cards(view.hand),
        "hands": [None if h is None else _cards(h) for h in view.hands],
        "counts": list(view.counts),
        "books": [[{"rank": RANKS[r], "cards": _cards(c)} for r, c in b] for b in view.books],
        "stock": view.stock,
        "turn": view.turn,
        "to_act": view.to_act,
        "out": list(view.out),
        "deal": view.deal,
        "dealer": view.dealer,
        "deal_over": view.deal_over,
        "over": view.over,
        "scores": list(view.scores),
        "deal_scores": list(view.deal_scores),
        "winners": list(view.winners),
        "actions": actions,
    }


def state(view: SeatView, actions: int) -> dict[str, Any]:
    return {"type": "state", "view": view_to_json(view, actions)}


def _int(data: dict[str, Any], key: str, lo: int, hi: int, *, none: bool = False) -> Any:
    value = data.get(key)
    if none and value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise WireError(MALFORMED, f"view.{key}: expected a whole number from {lo} to {hi}")
    return value


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise WireError(MALFORMED, f"view.{key}: expected true or false")
    return value


def _list(value: Any, key: str, length: int | None = None, most: int = 52) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length) \
            or len(value) > most:
        raise WireError(MALFORMED, f"view.{key}: expected a list")
    return value


def _card_list(value: Any, key: str) -> tuple[int, ...]:
    cards = []
    for c in _list(value, key):
        try:
            if not isinstance(c, str):
                raise ValueError(f"{c!r} is not a card code")
            cards.append(parse_card(c))
        except ValueError as e:
            raise WireError(MALFORMED, f"view.{key}: {e}") from None
    return tuple(cards)


def view_from_json(data: Any, rules: Rules, *, legal: tuple[Action, ...] = (),
                   events: tuple[Event, ...] = ()) -> tuple[SeatView, int]:
    """The view a ``state`` message carries, and the action count it stands at."""
    if not isinstance(data, dict):
        raise WireError(MALFORMED, "view: expected an object")
    players = _int(data, "players", 2, 6)
    seat = _int(data, "seat", 0, players - 1)
    hands = tuple(None if h is None else _card_list(h, "hands")
                  for h in _list(data.get("hands"), "hands", players))
    books = []
    for b in _list(data.get("books"), "books", players):
        laid = []
        for entry in _list(b, "books", most=26):
            if not isinstance(entry, dict):
                raise WireError(MALFORMED, "view.books: expected objects")
            try:
                rank = parse_rank(entry.get("rank", ""))
            except ValueError:
                raise WireError(MALFORMED, "view.books: not a rank") from None
            laid.append((rank, _card_list(entry.get("cards"), "books")))
        books.append(tuple(laid))
    counts = tuple(_int({"n": n}, "n", 0, 52) for n in _list(data.get("counts"), "counts",
                                                             players))
    out = _list(data.get("out"), "out", players)
    if not all(isinstance(o, bool) for o in out):
        raise WireError(MALFORMED, "view.out: expected true or false")

    def ints(key: str, most: int = 6) -> tuple[int, ...]:
        values = _list(data.get(key), key, most=most)
        return tuple(_int({"n": v}, "n", -1_000_000, 1_000_000) for v in values)

    view = SeatView(
        seat=seat,
        players=players,
        rules=rules,
        hand=_card_list(data.get("hand"), "hand"),
        hands=hands,
        counts=counts,
        books=tuple(books),
        stock=_int(data, "stock", 0, 52),
        turn=_int(data, "turn", 0, players - 1),
        to_act=_int(data, "to_act", 0, players - 1, none=True),
        out=tuple(out),
        deal=_int(data, "deal", 0, 1000),
        dealer=_int(data, "dealer", 0, players - 1),
        deal_over=_bool(data, "deal_over"),
        over=_bool(data, "over"),
        scores=ints("scores"),
        deal_scores=ints("deal_scores"),
        winners=ints("winners"),
        legal=legal,
        events=events,
    )
    return view, _int(data, "actions", 0, 10_000_000)
