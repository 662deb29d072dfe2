"""The bot protocol's messages: one seat played over JSON lines, as UCI does for chess engines.

The driver (the program that holds the game) sends a ``hello`` with the rules, the number of
seats and the bot's seat, then every event that seat may see (``event``, in the engine's own
JSON form), and on the seat's turn a ``your-turn`` with the legal actions; the bot answers with
an ``action`` naming one of them. Anything malformed or illegal gets an ``error`` line with a
code (the same codes as the network table's wire format) and the bot carries on.
docs/bot-protocol.md describes every message with a full session.

Both ends use this module: ``gofish bot`` (commands/bot.py) answers, ``ExternalBot``
(ai/external.py) and the network table drive.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gofish.engine import (
    Action,
    Event,
    IllegalAction,
    Rules,
    RulesError,
    action_from_json,
)
from gofish.engine.cards import DECK_SIZE
from gofish.i18n import _

from .validate import is_whole

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


def parse_hello(message: dict[str, Any]) -> Hello:
    version = message.get("protocol", PROTOCOL)
    if version != PROTOCOL:
        raise ProtocolError(MALFORMED, _("protocol {n} is not spoken here (only {m})").format(
            n=version, m=PROTOCOL))
    players = message.get("players")
    try:
        rules = Rules.from_json(message.get("rules"))
        rules.check_players(players)
    except RulesError as e:
        raise ProtocolError(MALFORMED, _("hello: {what}").format(what=e)) from None
    assert is_whole(players)  # check_players refused anything else
    seat = message.get("seat")
    if not is_whole(seat, 0, players - 1):
        raise ProtocolError(MALFORMED, _("hello: seat must be a number from 0 to {n}").format(
            n=players - 1))
    seed = message.get("seed")
    if seed is not None and not is_whole(seed, -(2**63), 2**63 - 1):
        raise ProtocolError(MALFORMED, _("hello: seed must be a whole number"))
    return Hello(rules, players, seat, seed)


def parse_event(message: dict[str, Any], players: int) -> Event:
    """The event a message carries, checked against the table (seats, counts, cards)."""
    data = message.get("event")
    try:
        if not isinstance(data, dict):
            raise ValueError("not an object")
        for key in ("seat", "target", "count", "deal"):
            if key in data and not is_whole(data[key], -1, 10_000):
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
