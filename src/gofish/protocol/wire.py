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

from dataclasses import replace
from typing import Any

from gofish.engine import Action, Event, PublicView, Rules, SeatView
from gofish.engine.cards import RANKS, card_code, parse_card, parse_rank

from . import messages as protocol
from .messages import ILLEGAL as ILLEGAL
from .messages import MALFORMED as MALFORMED
from .messages import NOT_STARTED as NOT_STARTED
from .messages import PROTOCOL as PROTOCOL
from .messages import TOO_LONG as TOO_LONG
from .messages import UNKNOWN as UNKNOWN
from .messages import event_message as event_message
from .messages import your_turn as your_turn
from .validate import is_list, is_whole

# what a seat may say at a shared table: a few preset words, never free text (each reader's
# own client says them in its language)
WORDS = ("good-game", "your-turn", "well-played", "hurry-up")

MAX_LINE = 8192  # bytes in one message from a client, newline included; a join is ~100
DEFAULT_PORT = 7473

# error codes: what went wrong, for programs; ``message`` says it in English for people.
# The bot protocol's codes (malformed, too-long, unknown-type, not-started, illegal) mean the
# same here; a line over MAX_LINE also closes the connection.
SLOW_DOWN = "slow-down"  # over the message rate: this one was dropped
BAD_CODE = "bad-code"  # no open table has this code
BAD_SECRET = "bad-secret"  # the secret does not belong to a seat of this table
NAME_TAKEN = "name-taken"  # a seat of this name is held: rejoin with its secret
BAD_NAME = "bad-name"  # not a usable name
TABLE_FULL = "table-full"  # every seat is taken
NOT_JOINED = "not-joined"  # join first
JOINED = "already-joined"  # this connection already holds a seat
NOT_YOUR_TURN = "not-your-turn"
TOO_MANY = "too-many"  # too many connections or failed joins from this address
TIMEOUT = "timeout"  # no join in time
REPLACED = "replaced"  # the same seat joined again from elsewhere: this connection ends
CLOSED = "closed"  # the host closed the table or is shutting down
SAVE_FAILED = "save-failed"  # the host could not save: the action stands, the host says why
SEAT_KEPT = "seat-kept"  # the seat of this name is kept: join with the key the host gave it

ERROR_CODES = (MALFORMED, TOO_LONG, UNKNOWN, SLOW_DOWN, BAD_CODE, BAD_SECRET, NAME_TAKEN,
               BAD_NAME, TABLE_FULL, NOT_JOINED, JOINED, NOT_STARTED, NOT_YOUR_TURN, ILLEGAL,
               TOO_MANY, TIMEOUT, REPLACED, CLOSED, SAVE_FAILED, SEAT_KEPT)


class WireError(ValueError):
    """A message that cannot be used; ``code`` is one of ERROR_CODES."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------------- lines

def encode(message: dict[str, Any]) -> bytes:
    return (protocol.encode(message) + "\n").encode()


def decode(line: bytes, limit: int = MAX_LINE) -> dict[str, Any]:
    """One received line as a message; WireError says why it is not one."""
    if len(line) > limit:
        raise WireError(TOO_LONG, f"a message is at most {limit} bytes")
    try:
        return protocol.decode(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise WireError(MALFORMED, "not a line of UTF-8") from None
    except protocol.ProtocolError as e:
        raise WireError(e.code, str(e)) from None


def error(code: str, message: str) -> dict[str, Any]:
    return protocol.error(code, message)


# ---------------------------------------------------------------------- the bot protocol part

def hello(seat: int, rules: Rules, names: tuple[str, ...], kinds: tuple[str, ...],
          game_id: str) -> dict[str, Any]:
    """The bot protocol's hello, with the names and kinds of the seats and the game's id."""
    return {**protocol.hello(rules, len(names), seat), "names": list(names),
            "kinds": list(kinds), "game": game_id}


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


def public_state(view: PublicView, actions: int) -> dict[str, Any]:
    """A watcher's state: the public view (no seat, no hand)."""
    data = view_to_json(view, actions)  # type: ignore[arg-type]
    data["seat"] = None
    return {"type": "public-state", "view": data}


def public_view_from_json(data: Any, rules: Rules,
                          events: tuple[Event, ...] = ()) -> tuple[PublicView, int]:
    """The view a ``public-state`` message carries: no hand may be in it."""
    if not isinstance(data, dict) or data.get("seat") is not None or data.get("hand"):
        raise WireError(MALFORMED, "public-state: a view with no seat and no hand expected")
    view, actions = view_from_json({**data, "seat": 0}, rules)
    return replace(PublicView.of(view), events=events), actions


def _int(data: dict[str, Any], key: str, lo: int, hi: int, *, none: bool = False) -> Any:
    value = data.get(key)
    if none and value is None:
        return None
    if not is_whole(value, lo, hi):
        raise WireError(MALFORMED, f"view.{key}: expected a whole number from {lo} to {hi}")
    return value


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise WireError(MALFORMED, f"view.{key}: expected true or false")
    return value


def _list(value: Any, key: str, length: int | None = None, most: int = 52) -> list[Any]:
    if not is_list(value, length, most):
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
