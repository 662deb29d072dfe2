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


@dataclass(frozen=True)
class PublicView:
    """What a watcher with no hand may know: counts, books, scores and the public log.

    Nobody is "you" here (``seat`` is None) and no hand is held (``hand`` and ``legal`` are
    empty), so a screen drawing it never labels a seat as the viewer's. With open hands every
    hand is face up, so ``hands`` holds them all, as it does in every seat's view.
    """

    players: int
    rules: Rules
    hands: tuple[tuple[int, ...] | None, ...]
    counts: tuple[int, ...]
    books: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    stock: int
    turn: int
    to_act: int | None
    out: tuple[bool, ...]
    deal: int
    dealer: int
    deal_over: bool
    over: bool
    scores: tuple[int, ...]
    deal_scores: tuple[int, ...]
    winners: tuple[int, ...]
    events: tuple[Event, ...]  # the public form of every event
    seat: None = None
    hand: tuple[int, ...] = ()
    legal: tuple[Action, ...] = ()

    @property
    def my_turn(self) -> bool:
        return False

    @classmethod
    def of(cls, view: SeatView) -> PublicView:
        """A seat's view without what only that seat knows (its hand, its secret events)."""
        open_hands = view.rules.open_hands
        return cls(
            players=view.players, rules=view.rules,
            hands=view.hands if open_hands else (None,) * view.players,
            counts=view.counts, books=view.books, stock=view.stock, turn=view.turn,
            to_act=view.to_act, out=view.out, deal=view.deal, dealer=view.dealer,
            deal_over=view.deal_over, over=view.over, scores=view.scores,
            deal_scores=view.deal_scores, winners=view.winners,
            events=tuple(e.for_seat(None, open_hands) for e in view.events),
        )


# what a screen draws: one seat's view, or the public one when no seat is watching
AnyView = SeatView | PublicView

