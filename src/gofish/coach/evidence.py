"""Why the table knows what it knows: the public event behind each fact, for the reasons.

``Knowledge`` keeps the bounds (how many sevens Carol must hold); this keeps the story behind
them (she asked for sevens three turns ago), so a hint can say why in words. It reads the same
filtered events, and only their public parts.
"""

from __future__ import annotations

from dataclasses import dataclass

from gofish.engine import Event
from gofish.engine import events as ev

# why a seat is known to hold a rank
ASKED = "asked"  # it asked for the rank
TOOK_YOURS = "took-yours"  # it took the rank from the coached seat
GOT = "got"  # it was handed the rank by another seat
LUCKY = "lucky"  # it showed a card of the rank on a lucky draw
# why a seat is known to lack a rank
SAID_GO_FISH = "go-fish"  # it said "Go fish!" to the rank
GAVE_AWAY = "gave-away"  # it handed all its cards of the rank over


@dataclass(frozen=True)
class Fact:
    kind: str
    turn: int  # the table's turn count when it happened
    other: int = -1  # the giver (GOT, TOOK_YOURS) or the receiver (GAVE_AWAY)


class Evidence:
    """Per seat and rank, the latest public event that proves it holds or lacks the rank."""

    def __init__(self, seat: int, players: int, card_mode: bool) -> None:
        self.seat = seat
        self.players = players
        self.card_mode = card_mode
        self.turns = 0
        self._reset()

    def _reset(self) -> None:
        self.holds: list[dict[int, Fact]] = [{} for _ in range(self.players)]
        self.lacks: list[dict[int, Fact]] = [{} for _ in range(self.players)]
        self.took: list[list[int]] = [[] for _ in range(self.players)]  # cards taken from us

    def observe(self, e: Event) -> None:
        k = e.kind
        if k == ev.DEAL:
            self._reset()
        elif k == ev.TURN:
            self.turns += 1
        elif k == ev.ASK:
            old = self.holds[e.seat].get(e.rank)
            if old is None or old.kind != TOOK_YOURS:  # "took yours" says more to us
                self.holds[e.seat][e.rank] = Fact(ASKED, self.turns)
            self.lacks[e.seat].pop(e.rank, None)
        elif k == ev.GAVE:
            giver, taker = e.target, e.seat
            kind = TOOK_YOURS if giver == self.seat else GOT
            self.holds[taker][e.rank] = Fact(kind, self.turns, giver)
            self.lacks[taker].pop(e.rank, None)
            if giver == self.seat:
                self.took[taker].extend(e.cards)
            # the giver: under the rank option it gave every card of the rank
            self.took[giver] = [c for c in self.took[giver] if c not in e.cards]
            if not self.card_mode:
                self.holds[giver].pop(e.rank, None)
                self.lacks[giver][e.rank] = Fact(GAVE_AWAY, self.turns, taker)
        elif k in (ev.GO_FISH, ev.NO_STOCK):
            if not self.card_mode:
                self.holds[e.target].pop(e.rank, None)
                self.lacks[e.target][e.rank] = Fact(SAID_GO_FISH, self.turns)
        elif k == ev.DREW:
            self.lacks[e.seat].clear()  # any card drawn may be of any rank it lacked
        elif k == ev.LUCKY:
            self.holds[e.seat][e.rank] = Fact(LUCKY, self.turns)
            self.lacks[e.seat].pop(e.rank, None)
        elif k == ev.BOOK:
            self.holds[e.seat].pop(e.rank, None)
            self.took[e.seat] = [c for c in self.took[e.seat] if c not in e.cards]

    def turns_since(self, fact: Fact) -> int:
        return self.turns - fact.turn
