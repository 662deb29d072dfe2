"""Table memory: what the table has openly revealed about each opponent, from one seat.

Built from that seat's bookkeeping (``ai.knowledge.Knowledge``, the computers' own) and the
public story behind it (``Evidence``), so it holds nothing the seat was not shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from gofish.ai.knowledge import Knowledge, bit_of
from gofish.engine.cards import NUM_RANKS

from .evidence import Evidence


@dataclass(frozen=True)
class OpponentMemory:
    seat: int
    cards: int  # cards in hand now
    holds: tuple[tuple[int, int], ...]  # (rank, at least this many), by rank
    lacks: tuple[int, ...]  # ranks it is known to hold none of (since its last draw)
    lacks_cards: tuple[int, ...]  # card option: cards it is known not to hold
    took: tuple[int, ...]  # cards it took from the coached seat and still holds
    all_known: bool  # every card in its hand is among ``holds``
    out: bool


@dataclass(frozen=True)
class TableMemory:
    seat: int  # whose memory
    open_hands: bool  # every hand is face up: nothing to remember
    card_mode: bool
    opponents: tuple[OpponentMemory, ...]  # in seat order, the coached seat left out

    def of(self, seat: int) -> OpponentMemory:
        return next(o for o in self.opponents if o.seat == seat)


def build_memory(k: Knowledge, evidence: Evidence) -> TableMemory:
    me = k.seat
    assert me is not None
    opponents = []
    for s in range(k.players):
        if s == me:
            continue
        holds = tuple((r, k.minc[s][r]) for r in range(NUM_RANKS) if k.minc[s][r] > 0)
        all_known = not k.exact(s) and k.counts[s] > 0 and k.anon(s) <= 0
        lacks: tuple[int, ...] = ()
        lacks_cards: tuple[int, ...] = ()
        if not k.exact(s) and k.counts[s] and not all_known:
            lacks = tuple(r for r in range(NUM_RANKS)
                          if not k.minc[s][r] and not k.maxx[s][r] and k.booked[r] != 0b1111)
            if k.card_mode:  # under the rank option a missing card is never asked for alone
                lacks_cards = tuple(r * 4 + u for r in range(NUM_RANKS) for u in range(4)
                                    if k.nosuit[s][r] >> u & 1 and r not in lacks
                                    and not (k.booked[r] | k.shown[me][r]) >> u & 1)
        took = tuple(sorted(c for c in evidence.took[s]
                            if k.shown[s][c >> 2] & bit_of(c)))
        opponents.append(OpponentMemory(s, k.counts[s], holds, lacks, lacks_cards, took,
                                        all_known, k.out[s]))
    return TableMemory(me, k.open, k.card_mode, tuple(opponents))

