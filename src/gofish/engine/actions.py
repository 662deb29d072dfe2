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

# Actions are frozen values, so one shared instance of each serves every game: legal_actions
# and the parsers hand these out, and ``Game.apply`` knows a shared ask by its identity.
ASK_RANK = tuple(tuple(Ask(t, r) for r in range(len(RANKS))) for t in range(6))
ASK_CARD = tuple(
    tuple(tuple(Ask(t, r, s) for s in range(len(SUITS))) for r in range(len(RANKS)))
    for t in range(6)
)
DRAW = Draw()
NEXT_DEAL = NextDeal()


def shared_ask(target: int, rank: int, suit: int | None = None) -> Ask:
    """``Ask(target, rank, suit)``, the shared instance when there is one."""
    if type(target) is int and 0 <= target < 6 and 0 <= rank < len(RANKS):
        if suit is None:
            return ASK_RANK[target][rank]
        if 0 <= suit < len(SUITS):
            return ASK_CARD[target][rank][suit]
    return Ask(target, rank, suit)


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
            return shared_ask(target, parse_rank(data["rank"]),
                              None if suit is None else parse_suit(suit))
        if kind == "draw" and set(data) == {"type"}:
            return DRAW
        if kind == "next-deal" and set(data) == {"type"}:
            return NEXT_DEAL
    except KeyError as e:
        raise IllegalAction(f"missing field in {kind}: {e.args[0]}") from None
    except ValueError as e:
        if isinstance(e, IllegalAction):
            raise
        raise IllegalAction(str(e)) from None
    raise IllegalAction(f"unknown action: {data!r}"[:200])
