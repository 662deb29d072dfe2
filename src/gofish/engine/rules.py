"""The rules in force: one field for every option in docs/rules.md, and the presets.

A Rules value is saved with each game, so it serialises to plain JSON and refuses anything it
does not know with an error that names the field.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args

from gofish.i18n import _

from .cards import NUM_RANKS, RANK_VALUES

MIN_PLAYERS = 2
MAX_PLAYERS = 6
# a match whose target nobody reaches stops after this many deals (so every match ends, and a
# saved match stays a few hundred kilobytes); a target beyond what they can score is refused
MAX_DEALS = 50

# The values of each option with a fixed set of choices, in the order the setup screen shows.
# They are Literal types, so a comparison with a misspelt value (``rules.ask_for == "crad"``)
# fails type checking (mypy's strict_equality), as an unknown field would.
Deal = Literal["7-for-2", "7-for-2-3", "7-for-2-4", "fixed"]
FirstPlayer = Literal["random-dealer", "lowest-card-deals", "random"]
End = Literal["all-books", "first-out"]
EmptyHand = Literal["draw-one", "draw-hand"]
EmptyStock = Literal["turn-ends", "asked-plays"]
AfterMiss = Literal["next-player", "asked-player"]
AskFor = Literal["rank", "card"]
Scoring = Literal["books", "card-value"]

CHOICES: dict[str, tuple[str, ...]] = {
    "deal": get_args(Deal),
    "first_player": get_args(FirstPlayer),
    "end": get_args(End),
    "empty_hand": get_args(EmptyHand),
    "empty_stock": get_args(EmptyStock),
    "after_miss": get_args(AfterMiss),
    "ask_for": get_args(AskFor),
    "scoring": get_args(Scoring),
}
_ONE_POINT = (1,) * NUM_RANKS


class RulesError(ValueError):
    """A rules value that cannot be used; the message names the field."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message  # without the field's name: the setup names it in words


@dataclass(frozen=True)
class Rules:
    """Every option of rules.md; defaults are the Standard preset."""

    deal: Deal = "7-for-2-4"  # 7 cards for 2 / 2-3 / 2-4 players, else 5; or "fixed"
    deal_fixed: int = 7  # cards per player when deal == "fixed"
    first_player: FirstPlayer = "random-dealer"  # left of a random dealer; lowest card deals; random
    lucky_draw: bool = True  # drawing what you asked for lets you ask again
    end: End = "all-books"  # play until all books are down; or stop when a hand or the stock empties
    empty_hand: EmptyHand = "draw-one"  # (all-books) an empty hand draws one card, or a hand of 5
    empty_stock: EmptyStock = "turn-ends"  # (all-books) with no stock a miss ends the turn; or the asked plays
    after_miss: AfterMiss = "next-player"  # the turn passes left; or to the player who said Go Fish
    ask_for: AskFor = "rank"  # ask for a rank; or for one exact card
    bluff_asks: bool = False  # (card) you may ask for a card you hold
    draw_until_hit: bool = False  # keep fishing until you draw what you asked for
    scoring: Scoring = "books"  # one point a book; or the rank's card value
    match_target: int = 0  # 0: one deal; else deals until someone reaches this score
    open_hands: bool = False  # every hand face up
    pairs: bool = False  # books are pairs instead of fours

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type in ("bool", bool):
                if not isinstance(value, bool):
                    raise RulesError(f.name, _("expected true or false, got {value}").format(value=repr(value)))
            elif f.type in ("int", int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f.name, _("expected a whole number, got {value}").format(value=repr(value)))
            elif f.name in CHOICES and value not in CHOICES[f.name]:
                allowed = ", ".join(CHOICES[f.name])
                raise RulesError(f.name, _("expected one of {allowed}, got {value}").format(
                    allowed=allowed, value=repr(value)))
        if not 1 <= self.deal_fixed <= 26:
            raise RulesError("deal_fixed", _("expected 1 to 26 cards, got {n}").format(
                n=self.deal_fixed))
        if not 0 <= self.match_target <= 1000:
            raise RulesError("match_target", _("expected 0 to 1000, got {n}").format(
                n=self.match_target))
        if self.match_target > self.most_points:
            raise RulesError("match_target", _(
                "{n} cannot be reached: a match stops after {deals} deals, which score at most "
                "{most} points under these rules").format(
                    n=self.match_target, deals=MAX_DEALS, most=self.most_points))

    @property
    def book_size(self) -> int:
        return 2 if self.pairs else 4

    @property
    def book_values(self) -> tuple[int, ...]:
        """What a book (or a pair) of each rank scores: its card value (2-10 at face value, J 11,
        Q 12, K 13, A 15) under card-value scoring, else one point. The one place scoring is
        decided: the engine's scores, the computers' and the coach's estimates all read it."""
        return RANK_VALUES if self.scoring == "card-value" else _ONE_POINT

    def points(self, ranks: Iterable[int]) -> int:
        """What books (or pairs) of these ranks score together."""
        values = self.book_values
        return sum(values[r] for r in ranks)

    @property
    def deal_points(self) -> int:
        """What one deal scores when every book is laid (the most a deal can score)."""
        return 4 // self.book_size * sum(self.book_values)

    @property
    def most_points(self) -> int:
        """The most a match can score: MAX_DEALS deals that lay every book."""
        return MAX_DEALS * self.deal_points

    def deal_size(self, players: int) -> int:
        if self.deal == "fixed":
            return self.deal_fixed
        top = {"7-for-2": 2, "7-for-2-3": 3, "7-for-2-4": 4}[self.deal]
        return 7 if players <= top else 5

    def check_players(self, players: object) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise RulesError("players", _("expected a whole number, got {value}").format(
                value=repr(players)))
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise RulesError("players", _("expected {low} to {high}, got {n}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, n=players))
        if players * self.deal_size(players) > 52:
            raise RulesError(
                "deal_fixed",
                _("{n} cards each for {players} players is more than 52").format(
                    n=self.deal_size(players), players=players),
            )

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules", f"expected an object, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise RulesError(str(key), "unknown rule option")
        return cls(**data)

    @classmethod
    def from_saved(cls, data: Any) -> Rules:
        """Rules read back from a save or a remembered setup: a target written before targets
        were capped at what MAX_DEALS deals can score reads as that most, so the game still
        loads. It is the same game: such a target was never reached, the match stopped after
        MAX_DEALS deals either way."""
        if isinstance(data, dict) and isinstance(data.get("match_target"), int):
            most = cls.from_json({**data, "match_target": 0}).most_points
            if data["match_target"] > most and data["match_target"] <= 1000:
                data = {**data, "match_target": most}
        return cls.from_json(data)

    def replace(self, **changes: Any) -> Rules:
        return dataclasses.replace(self, **changes)

    def preset_name(self) -> str | None:
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return None


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "quick": Rules(deal="7-for-2", end="first-out", first_player="random"),
    "classic": Rules(deal="7-for-2-3", first_player="lowest-card-deals"),
    "kids": Rules(open_hands=True, pairs=True),
}


def preset(name: str) -> Rules:
    try:
        return PRESETS[name.lower()]
    except KeyError:
        raise RulesError("preset", f"expected one of {', '.join(PRESETS)}, got {name!r}") from None
