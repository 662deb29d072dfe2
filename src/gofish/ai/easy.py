"""Easy: a young child. Asks a random opponent for a random rank it holds.

Like a child it remembers only the latest thing: the last ask someone else made (if it holds
that rank it asks them back for it), and the last "Go fish" it was told (it does not ask that
player for that rank again straight away). Under the card option it asks for a card it does
not hold and never bluffs on purpose.
"""

from __future__ import annotations

from gofish.engine import Ask, Event, Rules, SeatView
from gofish.engine import events as ev

from .base import AskingPlayer


class EasyPlayer(AskingPlayer):
    level = "easy"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.heard: tuple[int, int] | None = None  # (seat, rank) of the last ask by another
        self.told: tuple[int, int] | None = None  # (seat, rank) that told us "Go fish"

    def observe(self, event: Event) -> None:
        kind = event.kind
        if kind == ev.ASK and event.seat != self.seat:
            self.heard = (event.seat, event.rank)
        elif kind == ev.GO_FISH and event.seat == self.seat and self.rules.ask_for == "rank":
            self.told = (event.target, event.rank)
        elif kind == ev.DEAL:
            self.heard = self.told = None
        elif kind in (ev.GAVE, ev.BOOK) and self.heard is not None:
            # handed over or laid down: nothing left to ask back
            seat = event.target if kind == ev.GAVE else event.seat
            if (seat, event.rank) == self.heard or (kind == ev.BOOK and not self.rules.pairs
                                                   and event.rank == self.heard[1]):
                self.heard = None

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        honest = [a for a in asks if not _holds(view, a)] or asks
        if self.heard is not None:
            back = [a for a in honest if (a.target, a.rank) == self.heard]
            if back:
                return self.rng.choice(back)
        fresh = [a for a in honest if (a.target, a.rank) != self.told] or honest
        rank = self.rng.choice(sorted({a.rank for a in fresh}))
        target = self.rng.choice(sorted({a.target for a in fresh if a.rank == rank}))
        return self.rng.choice([a for a in fresh if a.rank == rank and a.target == target])

def _holds(view: SeatView, ask: Ask) -> bool:
    """Whether this ask names a card the asker holds (a bluff under the card option)."""
    return ask.suit is not None and ask.rank * 4 + ask.suit in view.hand
