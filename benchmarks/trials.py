"""Players tried in rounds four and five and dropped, kept so the README's figures can be rerun.

    .venv/bin/python benchmarks/compare.py hard trials.ParticleHard --seeds 600 \\
        --seed-start 103000 --opponents simple,rememberer

- ``ParticleHard``: Hard whose hit odds against its one opponent (two seats, rank option)
  come from weighted guesses at that hand (particles), kept consistent with every public fact
  and weighted by how likely the opponent was to pick each ask it made with that hand: the
  rank it holds most of (as far as it reads steady), a sure hit from the record (as far as it
  uses the record), or any rank of its hand. The previous round's note named this as the way
  to the rest of the edge; it did not find it (benchmarks/README.md, "Fourth round").
- ``SteadyThreatHard``: at two seats, a rank we reveal is at risk from the opponent itself
  (it asks the rank back when it draws one), as far as the opponent reads steady and uses the
  record, that is as far as it plays like the simple policy.
- ``HeavyExpert``: Expert searching from a stock of 20 down, with five times the playouts.
- ``CalibratedHard``, ``CalibratedExpert``, ``LateCalibratedHard`` (round five): the levels on
  the coach's calibrated odds (all deal long, or late only), truer (benchmarks/calibration.py)
  and no stronger.
- ``OracleRemembererHard`` (round six): a yardstick that reads the rememberer's asks with the
  rememberer's own rule, the most that reading asks can give against it.
- ``UngroupedHard``, ``UngroupedExpert`` (issue 32): the levels before the draw fix (a draw
  gave back every rank the record had proved absent), the yardstick the fix is measured by.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from gofish.ai.expert import ExpertPlayer
from gofish.ai.hard import HardPlayer
from gofish.ai.knowledge import Estimate, Knowledge
from gofish.engine import Ask, Event, Rules, SeatView
from gofish.engine import events as ev

PARTICLES = 200
NOISE = 0.03  # of an ask's likelihood: the opponent may play none of the styles modelled
Hand = list[int]  # cards of each rank in the opponent's hand


class Belief:
    """Weighted guesses at the opponent's hand, by rank; the stock is what is left."""

    def __init__(self, me: int, opp: int, rng: random.Random,
                 bounds: Callable[[], tuple[list[int], list[int]]], size: int = PARTICLES):
        self.me, self.opp, self.rng, self.bounds, self.size = me, opp, rng, bounds, size
        self.reset()

    def reset(self) -> None:
        self.mine = [0] * 13
        self.booked = [False] * 13
        self.parts: list[Hand] = []
        self.w: list[float] = []
        self.opp_count = 0
        self.ready = False
        self.stale = False  # resampled: spread the copies once the tracker has caught up
        self.pending: tuple[int, int] | None = None  # an unseen draw: (cards, rank fished for)
        self.check = -1  # a rank handed to the opponent: four of it must be booked next
        self.fishing = -1

    def unseen(self, r: int) -> int:
        return 0 if self.booked[r] else 4 - self.mine[r]

    def fresh(self) -> None:
        """Guesses dealt at random within what the tracker proves (a new deal, or all lost)."""
        lo, hi = self.bounds()
        parts: list[Hand] = []
        for _ in range(self.size * 3):
            h = list(lo)
            pool = [r for r in range(13) for _ in range(self.unseen(r) - lo[r])]
            self.rng.shuffle(pool)
            for r in pool:
                if sum(h) == self.opp_count:
                    break
                if h[r] < min(hi[r], 3):
                    h[r] += 1
            if sum(h) == self.opp_count:
                parts.append(h)
            if len(parts) == self.size:
                break
        self.parts, self.w = parts, [1.0] * len(parts)
        self.ready = bool(parts)

    def observe(self, e: Event, lik: Callable[[Hand, int], float]) -> None:
        k = e.kind
        if k == ev.DEAL:
            self.reset()
            return
        if k == ev.DEALT:
            if e.seat == self.me:
                for c in e.secret:
                    self.mine[c >> 2] += 1
            else:
                self.opp_count = e.count
            return
        if not self.ready:
            self.fresh()
        if self.stale:
            self._spread()
        if self.pending is not None:
            self._resolve(e)
        if self.check >= 0:
            r, self.check = self.check, -1
            if not (k == ev.BOOK and e.seat == self.opp and e.rank == r):
                self._keep(lambda h: h[r] < 4)
        if k == ev.ASK:
            self.fishing = e.rank if e.seat == self.opp else -1
            if e.seat == self.opp:
                self.w = [x * lik(h, e.rank) if x else 0.0 for h, x in zip(self.parts, self.w, strict=True)]
                self._norm()
        elif k == ev.GAVE:
            r, n = e.rank, len(e.cards)
            if e.seat == self.me:  # the opponent handed over all it had
                self._keep(lambda h: h[r] == n)
                for h in self.parts:
                    h[r] = 0
                self.mine[r] += n
                self.opp_count -= n
            else:
                self.mine[r] -= n
                for h in self.parts:
                    h[r] += n
                self.opp_count += n
                self.check = r
        elif k in (ev.GO_FISH, ev.NO_STOCK) and e.target == self.opp:
            r = e.rank
            self._keep(lambda h: h[r] == 0)
        elif k == ev.DREW:
            if e.seat == self.me:
                for c in e.secret:
                    r = c >> 2
                    self.w = [x * max(0, self.unseen(r) - h[r])
                              for h, x in zip(self.parts, self.w, strict=True)]
                    self.mine[r] += 1
                self._norm()
            else:
                self.pending = (e.count, self.fishing)
                self.opp_count += e.count
        elif k == ev.BOOK:
            r = e.rank
            if e.seat == self.me:
                self.mine[r] = 0
            else:
                self._keep(lambda h: h[r] == 4)
                for h in self.parts:
                    h[r] = 0
                self.opp_count -= 4
            self.booked[r] = True

    def _resolve(self, e: Event) -> None:
        """The opponent's unseen draw, now that the next event says what it was not."""
        assert self.pending is not None
        count, fishing = self.pending
        self.pending = None
        if e.kind == ev.LUCKY and e.seat == self.opp:
            r = e.rank
            self.w = [x * max(0, self.unseen(r) - h[r]) for h, x in zip(self.parts, self.w, strict=True)]
            for h in self.parts:
                h[r] += 1
            self._norm()
            return
        forced = e.rank if (e.kind == ev.BOOK and e.seat == self.opp) else -1
        rnd = self.rng.random
        for i, h in enumerate(self.parts):
            for _ in range(count):
                if not self.w[i]:
                    break
                left = [max(0, self.unseen(r) - h[r]) for r in range(13)]
                if forced >= 0:
                    self.w[i] *= left[forced] if h[forced] == 3 else 0
                    h[forced] += 1
                    continue
                allowed = [0 if (r == fishing or h[r] >= 3) else x for r, x in enumerate(left)]
                total = sum(allowed)
                if not total:
                    self.w[i] = 0.0
                    break
                self.w[i] *= total / max(1, sum(left))
                x = rnd() * total
                for r, a in enumerate(allowed):  # noqa: B007 (r is the draw)
                    x -= a
                    if x < 0:
                        break
                h[r] += 1
        self._norm()

    def _keep(self, good: Callable[[Hand], bool]) -> None:
        self.w = [x if x and good(h) else 0.0 for h, x in zip(self.parts, self.w, strict=True)]
        self._norm()

    def _norm(self) -> None:
        total = sum(self.w)
        if total <= 0:
            self.ready = False  # every guess ruled out: deal again within the tracker's facts
            return
        if total * total / sum(x * x for x in self.w) < len(self.w) / 3:
            step = total / len(self.w)
            u, acc, out = self.rng.random() * step, 0.0, []
            for h, x in zip(self.parts, self.w, strict=True):
                acc += x
                while u < acc and len(out) < len(self.w):
                    out.append(list(h))
                    u += step
            while len(out) < len(self.w):
                out.append(list(self.parts[-1]))
            self.parts, self.w, self.stale = out, [1.0] * len(out), True
        elif total < 1e-100:
            self.w = [x / total for x in self.w]

    def _spread(self, moves: int = 3) -> None:
        """Copies left by a resampling swap a card with the stock, within what is proved."""
        self.stale = False
        lo, hi = self.bounds()
        rnd = self.rng.random
        unseen = [self.unseen(r) for r in range(13)]
        for h in self.parts:
            for _ in range(moves):
                held = sum(h)
                stock = sum(unseen) - held
                if not held or not stock:
                    break
                x, y = rnd() * held, rnd() * stock
                a = b = 0
                for a in range(13):
                    x -= h[a]
                    if x < 0:
                        break
                for b in range(13):
                    y -= unseen[b] - h[b]
                    if y < 0:
                        break
                if a != b and h[a] > lo[a] and h[b] < min(hi[b], 3):
                    h[a] -= 1
                    h[b] += 1

    def pmf(self, r: int) -> list[float]:
        total = sum(self.w)
        out = [0.0] * 5
        for h, x in zip(self.parts, self.w, strict=True):
            out[min(4, h[r])] += x
        return [x / total for x in out]


class ParticleHard(HardPlayer):
    """Hard with its hit odds against the one opponent taken from a ``Belief``."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.opp = 1 - seat
        self.belief = (Belief(seat, self.opp, random.Random(seed ^ 0x5EED), self._bounds)
                       if players == 2 and rules.ask_for == "rank" and rules.book_size == 4
                       else None)  # Belief counts books of four

    def _bounds(self) -> tuple[list[int], list[int]]:
        k, o = self.know, self.opp
        return list(k.minc[o]), [k.minc[o][r] + k.maxx[o][r] for r in range(13)]

    def likelihood(self, h: Hand, r: int) -> float:
        """How likely the opponent, holding ``h``, was to ask for ``r``."""
        if not h[r]:
            return 0.0
        ranks = [x for x in range(13) if h[x]]
        top = max(h)
        steady = 0.1 + 0.8 * self.steady(self.opp)
        plain = steady * (h[r] == top) / sum(1 for x in ranks if h[x] == top) + \
            (1 - steady) / len(ranks)
        known = self.public.minc[self.seat]
        sure = [x for x in ranks if known[x]]
        if sure:
            uses = min(0.9, max(0.1, self.memory()))
            plain = uses * (r in sure) / len(sure) + (1 - uses) * plain
        return (1 - NOISE) * plain + NOISE / len(ranks)

    def observe(self, event: Event) -> None:
        if self.belief is not None:
            self.belief.observe(event, self.likelihood)
        super().observe(event)

    def _rank_terms(self, est: Estimate, t: int, r: int) -> tuple[float, float, float]:
        base = super()._rank_terms(est, t, r)
        b = self.belief
        if (b is None or t != self.opp or not b.ready or b.pending is not None
                or not 1e-12 < base[0] < 1 - 1e-12 or sum(b.parts[0]) != self.know.counts[t]):
            return base
        pmf = b.pmf(r)
        hit = 1 - pmf[0]
        if hit <= 1e-9:
            return 0.0, 0.0, 0.0
        need = 4 - self.know.minc[self.seat][r]
        gain = sum(y * q for y, q in enumerate(pmf)) / hit
        return hit, gain, sum(q for y, q in enumerate(pmf) if y and y >= need) / hit


class SteadyThreatHard(HardPlayer):
    """Hard whose reveal cost at two seats counts the opponent's own draws, as far as it
    plays like the simple policy (steady, and using the record)."""

    REVEAL = 0.7  # at two seats, per card put at risk, times the chance the stock holds its rank

    def _value(self, est: Estimate, a: Ask, ph: float, gain: float, pbook: float,
               index: int = -1) -> float:
        value = super()._value(est, a, ph, gain, pbook, index)
        me, r = self.seat, a.rank
        if self.players != 2 or self.public.revealed(me, r):
            return value
        # Hard's own charge at two seats, replaced in part by the opponent's draw as the threat
        mine = self.know.minc[me][r]
        at_risk = (1 - ph * pbook) * (mine + ph * gain)
        own = self.reveal * at_risk * min(1.0, 0.3 * est.stock_extra[r])
        theirs = self.REVEAL * at_risk * min(1.0, est.stock_extra[r])
        return value + self.steadiness() * self.memory() * (own - theirs)


class HeavyExpert(ExpertPlayer):
    """Expert searching from a stock of 20 down, with five times the playouts."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.budget = 2000
        self.confidence = 1.0

    def _late(self, view: SeatView) -> bool:
        return view.stock <= 20 or super()._late(view)


class CalibratedHard(HardPlayer):
    """Hard on the coach's calibrated odds (round five): sure hits passed up read, copies
    counted without replacement."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.know.calibrated = True


class CalibratedExpert(ExpertPlayer):
    """Expert whose imagined deals follow the calibrated odds (its sampler weighs each rank by
    the tracker's ``quiet`` row, which the reading of passed-up sure hits lowers)."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.know.calibrated = True


class LateCalibratedHard(HardPlayer):
    """Hard on the calibrated odds only from ``FROM`` stock cards down, where it asks for its
    likeliest hit (round five): a truer likeliest hit, as far as odds can tell it."""

    FROM = 6

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.plain_know = self.know
        self.calibrated_know = Knowledge(seat, rules, players)
        self.calibrated_know.calibrated = True

    def observe(self, event: Event) -> None:
        self.calibrated_know.observe(event)
        self.know = self.plain_know
        super().observe(event)

    def score_asks(self, view: SeatView, asks: list[Ask]) -> list[float]:
        late = view.stock <= self.FROM
        self.know = self.calibrated_know if late else self.plain_know
        return super().score_asks(view, asks)


class OracleRemembererHard(ParticleHard):
    """A yardstick, never a player (round six): ``ParticleHard`` whose guesses are weighted by
    the rememberer's own rule from benchmarks/styles.py (it asks back the latest rank we asked
    for that it still holds, else a random rank of its hand). No honest player knows its
    opponent's code; this measures what reading the asks could give at best against it."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.asked: dict[int, int] = {}  # the ranks it remembers we asked for: when
        self.clock = 0

    def likelihood(self, h: Hand, r: int) -> float:
        if not h[r]:
            return 0.0
        ranks = sum(1 for x in range(13) if h[x])
        back = [x for x in self.asked if h[x]]
        if back:
            p = 1.0 if r == max(back, key=self.asked.__getitem__) else 0.0
        else:
            p = 1.0 / ranks
        return (1 - NOISE) * p + NOISE / ranks

    def observe(self, event: Event) -> None:
        super().observe(event)
        self.clock += 1
        k = event.kind
        if k == ev.DEAL:
            self.asked.clear()
        elif k == ev.ASK and event.seat == self.seat:
            self.asked[event.rank] = self.clock
        elif ((k in (ev.GAVE, ev.GO_FISH, ev.NO_STOCK) and event.target == self.seat)
              or (k == ev.BOOK and event.seat == self.seat)):
            self.asked.pop(event.rank, None)  # handed over, refused or laid down: forgotten


class UngroupedHard(HardPlayer):
    """Hard before issue 32's draw fix: a draw gives back every rank the record proved absent,
    even once the card drawn is shown (the yardstick the fix is measured against)."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.know.by_draw = self.public.by_draw = False


class UngroupedExpert(ExpertPlayer):
    """Expert before the draw fix (its imagined deals from the looser bounds too)."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.know.by_draw = self.public.by_draw = False
