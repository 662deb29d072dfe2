"""What one seat may know. Front ends and computer players see the game only through this."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .events import Event
from .rules import Rules


@dataclass(frozen=True)
class SeatView:
    seat: int
    players: int
    rules: Rules
    hand: tuple[int, ...]  # this seat's cards, sorted by rank then suit
    hands: tuple[tuple[int, ...] | None, ...]  # hands this seat can see (all with open hands)
    counts: tuple[int, ...]  # cards in each hand
    books: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]  # per seat: (rank, cards)
    stock: int
    turn: int  # whose turn it is in the deal (meaningless once it is over)
    to_act: int | None  # whose decision is awaited, None when the game is over
    out: tuple[bool, ...]
    deal: int
    dealer: int
    deal_over: bool
    over: bool
    scores: tuple[int, ...]  # match totals including the deal in play
    deal_scores: tuple[int, ...]  # this deal alone
    winners: tuple[int, ...]
    legal: tuple[Action, ...]  # the actions this seat may take now (empty if not its turn)
    events: tuple[Event, ...]  # the history as this seat saw it

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat
