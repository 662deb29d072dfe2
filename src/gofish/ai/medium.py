"""Medium: a casual adult. Remembers, for a while, who asked for what and who was given what.

It keeps a short memory of who holds what ("Ann asked for sevens", "Bob was handed the
queens") and forgets it after ``MEMORY`` turns. What a seat lacks ("Bob said Go fish to
queens", "Ann handed over all her sevens") it keeps until that seat draws a card, as anyone
at a table would: it never asks a seat for what it has just shown it does not hold. It asks for
a remembered rank when it can; otherwise it asks for the rank it holds most of.
"""

from __future__ import annotations

from gofish.engine import Ask, Event, Rules, SeatView
from gofish.engine import events as ev
from gofish.engine.cards import POPCOUNT

from .base import AskingPlayer

MEMORY = 10  # turns a fact is remembered for
PREFER = 0.0  # leaning towards the ranks it holds most of


class MediumPlayer(AskingPlayer):
    level = "medium"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.clock = 0
        self.holds: dict[tuple[int, int], tuple[int, int]] = {}  # (seat, rank): (when, suits)
        # (seat, rank, suit or -1): when it was shown to lack it, until that seat draws
        self.lacks: dict[tuple[int, int, int], int] = {}
        self.asked_suit = -1

    def observe(self, event: Event) -> None:
        kind = event.kind
        if kind == ev.TURN:
            self.clock += 1
        elif kind == ev.DEAL:
            self.holds.clear()
            self.lacks.clear()
        elif kind == ev.ASK:
            old = self.holds.get((event.seat, event.rank), (0, 0))[1]
            self.holds[(event.seat, event.rank)] = (self.clock, old)
            self.lacks.pop((event.seat, event.rank, -1), None)
            self.asked_suit = event.suit
        elif kind == ev.GAVE:
            # the giver has none of what it handed over (under the rank option, the whole rank)
            if self.rules.ask_for == "rank":
                self.lacks[(event.target, event.rank, -1)] = self.clock
            else:
                for c in event.cards:
                    self.lacks[(event.target, event.rank, c & 3)] = self.clock
            self.lacks.pop((event.seat, event.rank, -1), None)
            for c in event.cards:
                self.lacks.pop((event.seat, event.rank, c & 3), None)
            mask = _mask(event.cards)
            key = (event.target, event.rank)
            if key in self.holds:
                when, old = self.holds.pop(key)
                if self.rules.ask_for == "card" and old & ~mask:
                    self.holds[key] = (when, old & ~mask)
            old = self.holds.get((event.seat, event.rank), (0, 0))[1]
            self.holds[(event.seat, event.rank)] = (self.clock, old | mask)
        elif kind in (ev.GO_FISH, ev.NO_STOCK):
            if self.rules.ask_for == "rank":
                self.lacks[(event.target, event.rank, -1)] = self.clock
                self.holds.pop((event.target, event.rank), None)
            elif self.asked_suit >= 0:
                self.lacks[(event.target, event.rank, self.asked_suit)] = self.clock
        elif kind == ev.LUCKY:
            old = self.holds.get((event.seat, event.rank), (0, 0))[1]
            self.holds[(event.seat, event.rank)] = (self.clock, old | _mask(event.cards))
        elif kind == ev.DREW:
            for lack in [k for k in self.lacks if k[0] == event.seat]:
                del self.lacks[lack]
        elif kind == ev.BOOK:
            if self.rules.pairs:
                self.holds.pop((event.seat, event.rank), None)
            else:
                for key in [k for k in self.holds if k[1] == event.rank]:
                    del self.holds[key]

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        mine = [0] * 13
        for c in view.hand:
            mine[c >> 2] |= 1 << (c & 3)
        recent = self.clock - MEMORY
        scores: list[float] = []
        for a in asks:
            if a.suit is not None and mine[a.rank] >> a.suit & 1:
                scores.append(-10.0)  # never bluff on purpose
                continue
            score = PREFER * POPCOUNT[mine[a.rank]] / 4
            fact = self.holds.get((a.target, a.rank))
            if fact is not None and fact[0] >= recent:
                score += 10
                if a.suit is not None and fact[1] >> a.suit & 1:
                    score += 5
            seen = view.hands[a.target]
            if (a.target, a.rank, -1 if a.suit is None else a.suit) in self.lacks or (
                    seen is not None and not any(
                        c >> 2 == a.rank and (a.suit is None or c & 3 == a.suit) for c in seen)):
                score -= 100  # shown to lack it: only if nothing else is possible
            scores.append(score)
        return self.best(asks, scores)


def _mask(cards: tuple[int, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << (c & 3)
    return mask
