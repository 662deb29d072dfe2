"""What a player can do: ask, draw (empty hand), start the next deal of a match."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import RANKS, SUITS, parse_rank, parse_suit


class IllegalAction(ValueError):
    """Raised for an action the rules do not allow now; the game is left unchanged."""


@dataclass(frozen=True, slots=True)
class Ask:
    """Ask seat ``target`` for every card of ``rank``, or (card option) for one suit of it."""

    target: int
    rank: int
    suit: int | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "ask", "target": self.target, "rank": RANKS[self.rank]}
        if self.suit is not None:
            data["suit"] = SUITS[self.suit]
        return data


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the stock because your hand is empty (the empty-hand option)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw"}


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Start the next deal of a match once a deal is over."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "next-deal"}


Action = Ask | Draw | NextDeal


def action_from_json(data: Any) -> Action:
    """Parse an action; any malformed input raises IllegalAction with the reason."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be an object, got {type(data).__name__}")
    kind = data.get("type")
    try:
        if kind == "ask":
            extra = set(data) - {"type", "target", "rank", "suit"}
            if extra:
                raise IllegalAction(f"unknown field in ask: {sorted(extra)[0]}")
            target = data["target"]
            if isinstance(target, bool) or not isinstance(target, int):
                raise IllegalAction(f"target must be a seat number, got {target!r}")
            suit = data.get("suit")
            return Ask(target, parse_rank(data["rank"]), None if suit is None else parse_suit(suit))
        if kind == "draw" and set(data) == {"type"}:
            return Draw()
        if kind == "next-deal" and set(data) == {"type"}:
            return NextDeal()
    except KeyError as e:
        raise IllegalAction(f"missing field in {kind}: {e.args[0]}") from None
    except ValueError as e:
        if isinstance(e, IllegalAction):
            raise
        raise IllegalAction(str(e)) from None
    raise IllegalAction(f"unknown action: {data!r}"[:200])
