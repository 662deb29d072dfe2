"""Easy: a young child. Asks a random opponent for a random rank it holds.

Like a child it remembers only the last thing someone asked for: if that player asked for a
rank the child also holds, the child asks them back for it. Under the card option it asks for
a card it does not hold and never bluffs on purpose.
"""

from __future__ import annotations

from gofish.engine import Ask, Event, SeatView
from gofish.engine import events as ev

from .base import AskingPlayer


class EasyPlayer(AskingPlayer):
    level = "easy"

    last_ask: tuple[int, int] | None = None  # (seat, rank): the one thing remembered

    def observe(self, event: Event) -> None:
        kind = event.kind
        if kind == ev.ASK and event.seat != self.seat:
            self.last_ask = (event.seat, event.rank)
        elif self.last_ask is not None and (
            kind == ev.DEAL
            or (kind == ev.BOOK and event.rank == self.last_ask[1])
            or (kind == ev.GAVE and (event.target, event.rank) == self.last_ask)
        ):
            self.last_ask = None  # laid down, or handed over: nothing left to ask back

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        if self.last_ask is not None:
            seat, rank = self.last_ask
            back = [a for a in asks if a.target == seat and a.rank == rank]
            back = [a for a in back if not _holds(view, a)]
            if back:
                return self.rng.choice(back)
        ranks = sorted({a.rank for a in asks})
        rank = self.rng.choice(ranks)
        targets = sorted({a.target for a in asks})
        target = self.rng.choice(targets)
        choice = [a for a in asks if a.rank == rank and a.target == target]
        honest = [a for a in choice if not _holds(view, a)]
        return self.rng.choice(honest or choice)


def _holds(view: SeatView, ask: Ask) -> bool:
    """Whether this ask names a card the asker holds (a bluff under the card option)."""
    return ask.suit is not None and ask.rank * 4 + ask.suit in view.hand
