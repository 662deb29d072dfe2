"""The cards that came into a hand since its player's last ask began: what they drew or were
given since. Marked on the hand until they ask again; only new events are read."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gofish.engine import events as ev
from gofish.session import TableSession


@dataclass
class NewCards:
    seat: int | None = None  # the hand these marks are for
    upto: int = 0  # the events read
    cards: set[int] = field(default_factory=set)

    def of(self, session: TableSession, seat: int, hand: Iterable[int]) -> frozenset[int]:
        if self.seat != seat:
            self.seat, self.upto, self.cards = seat, 0, set()
        events = session.events_for(seat, self.upto)
        self.upto += len(events)
        for e in events:
            if e.kind == ev.DEAL or (e.kind == ev.ASK and e.seat == seat):
                self.cards = set()  # a new deal, or the player asks again
            elif e.seat != seat:
                continue
            elif e.kind in (ev.GAVE, ev.LUCKY):
                self.cards.update(e.cards)
            elif e.kind == ev.DREW:
                self.cards.update(e.secret)
        return frozenset(self.cards) & frozenset(hand)
