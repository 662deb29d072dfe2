"""What one seat may know. Front ends and computer players see the game only through this."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import Action
from .cards import mask_cards
from .events import Event
from .rules import Rules

if TYPE_CHECKING:
    from .game import Game


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


def make_view(game: Game, seat: int, *, with_events: bool = True) -> SeatView:
    if not 0 <= seat < game.players:
        raise ValueError(f"no seat {seat}")
    open_hands = game.rules.open_hands
    hand = game.hand_cards(seat)
    hands = tuple(
        game.hand_cards(s) if (s == seat or open_hands) else None for s in range(game.players)
    )
    events: tuple[Event, ...] = ()
    if with_events:
        events = tuple(e.for_seat(seat, open_hands) for e in game.events)
    to_act = game.to_act
    return SeatView(
        seat=seat,
        players=game.players,
        rules=game.rules,
        hand=hand,
        hands=hands,
        counts=tuple(game.counts),
        books=tuple(tuple((r, mask_cards(r, m)) for r, m in b) for b in game.books),
        stock=len(game.stock),
        turn=game.turn,
        to_act=to_act,
        out=tuple(game.out),
        deal=game.deal,
        dealer=game.dealer,
        deal_over=game.deal_over,
        over=game.over,
        scores=game.scores(),
        deal_scores=game.deal_scores(),
        winners=game.winners,
        legal=tuple(game.legal_actions()) if to_act == seat else (),
        events=events,
    )
