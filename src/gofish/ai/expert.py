"""Expert: an information-set search over deals consistent with what its seat has seen.

For each decision with more than one sensible ask (Hard's rules: never an ask the record
proves will miss; a sure hit is taken at once, with nothing to search), Expert takes Hard's
best few asks as candidates and plays each out in the same imagined deals (determinized Monte
Carlo with common random numbers). An imagined deal places every card the seat has not seen at
random within what its tracker knows: the cards seen, the ranks a hand must hold or cannot hold
since its last draws, how many cards each hand and the stock hold, with the same slot model as
Hard's estimates. Each deal is a real game (``Game.from_position``), played to the end of the
deal by every seat with the sensible policies of ai/search.py: sure hits first, else the rank
held most of, or, for each opponent in some of the deals, any rank of its hand (a mix of the two
kinds of players met at tables, weighed by how steadily its asks so far kept to one rank),
never the seat that has just refused it.

The deals come in rounds of ``BATCH``: after each, a candidate behind Hard's choice in the
same deals by more than ``DROP`` standard errors is played out no further, so the
playouts go where the choice is close (up to ``PLAYOUTS``, many hundreds) and a decision that
does not matter stops after one round. An ask replaces Hard's first choice only if its mean
outcome (a sole win 1, a shared one less, and a little for the margin) is better by more than
``CONFIDENCE`` standard errors of the paired differences.

The search runs late in the deal (a small stock, or under first-out a small hand), where a
few asks decide it and playouts are short; earlier, and when Hard's best ask is ahead of the
others by more than ``GAP``, Expert plays Hard's choice.

The imagined deals are its own: Expert builds them from its Knowledge tracker and never sees
the real game. The playouts are counted, not timed, so a decision depends only on the
seed and what the seat has seen. Under the card option (and for bluffs) it plays as Hard.
"""

from __future__ import annotations

import random

from gofish.engine import Ask, Game, Rules, RulesError, SeatView
from gofish.engine.cards import NUM_RANKS, POPCOUNT

from .hard import HardPlayer, Weights, weights_for
from .knowledge import bit_of
from .search import outcome, play_out

PLAYOUTS = 400  # the most playouts a searched decision may use, shared among the candidates
BATCH = 25  # deals played out per round; after each, clearly worse candidates drop out
DROP = 0.5  # ... unless ahead of Hard's choice or behind by less than this many standard errors
LOOSE_MIN = 0.1  # an opponent of a playout asks any rank rather than its most held with a
# chance between this and 1 - this: more as its asks so far look scattered (Hard's steadiness)
CANDIDATES = 4  # Hard's best asks that are searched...
GAP = 0.5  # ... if within this much (in cards) of its best: a clear choice is not searched
LATE_STOCK = 10  # search once the stock is this small...
LATE_HAND = 4  # ...or (first-out) a hand is this small: there a few asks decide the deal
MAX_STEPS = 400  # a playout that runs longer is scored where it stands
CONFIDENCE = 1.5  # standard errors by which an ask must beat Hard's choice in the same deals


def fitted_weights(players: int) -> Weights:
    """Hard's own weights (its two-seat ones at two seats): the search does the rest."""
    return weights_for(players)


class ExpertPlayer(HardPlayer):
    level = "expert"
    reads_looseness = True  # False: every opponent of a playout half the time loose (round 2)

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.weights = fitted_weights(players)
        super().__init__(seat, rules, players, seed)
        self.budget = PLAYOUTS
        self.confidence = CONFIDENCE
        self.searched = 0  # decisions that used the search (for the benchmark's curiosity)
        self.playouts = 0

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        scores = self.score_asks(view, asks)
        keep = self.sensible(asks, scores)
        asks, scores = [asks[i] for i in keep], [scores[i] for i in keep]
        if (len(asks) == 1 or self.rules.ask_for == "card" or not self._late(view)
                or any(self.sure_hit(a) for a in asks)):
            return self.best(asks, scores)
        order = sorted(range(len(asks)), key=lambda i: -scores[i])[:CANDIDATES]
        order = [i for i in order if scores[i] >= scores[order[0]] - GAP]
        if len(order) == 1:
            return asks[order[0]]
        candidates = [asks[i] for i in order]
        rng = random.Random(self.rng.getrandbits(64))
        values: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        pub = self.public
        known = [sum(1 << r for r in range(NUM_RANKS) if pub.minc[s][r])
                 for s in range(self.players)]
        # how each opponent picks when no hit is sure, as far as its asks have shown it
        looseness = [LOOSE_MIN + (1 - 2 * LOOSE_MIN) * (1 - self.steady(s))
                     if self.reads_looseness else 0.5 for s in range(self.players)]
        played = 0
        batch = max(1, min(BATCH, self.budget // len(candidates)))
        while len(alive) > 1 and (not played or played + batch * len(alive) <= self.budget):
            for _ in range(batch):
                world = self._sample(rng)
                if world is None:  # the tracker's counts do not add up: trust Hard alone
                    return self.best(asks, scores)
                hands = [[r * 4 + s for r in range(NUM_RANKS) for s in range(4)
                          if h[r] >> s & 1] for h in world[0]]
                seed = rng.getrandbits(64)
                # the opponents of this deal: each asks the rank it holds most of, or any
                loose = sum(1 << s for s in range(self.players)
                            if s != self.seat and rng.random() < looseness[s])
                for i in alive:
                    try:
                        g = Game.from_position(self.rules, hands, world[1], self.know.books,
                                               self.seat, out=self.know.out,
                                               totals=self.know.totals, deal=view.deal,
                                               dealer=view.dealer)
                    except RulesError:  # the tracker's picture does not add up: trust Hard
                        return self.best(asks, scores)
                    g.apply(candidates[i])
                    play_out(g, list(known), list(pub.denied), random.Random(seed),
                             MAX_STEPS, loose)
                    values[i].append(outcome(g, self.seat))
                played += len(alive)
            alive = _still_in(values, alive)
        self.searched += 1
        self.playouts += played
        return candidates[_significant(values, self.confidence)]

    def _late(self, view: SeatView) -> bool:
        """Late in the deal, when a few asks decide it (earlier, Hard's estimate is as good
        as a playout's, and a playout is long)."""
        if view.stock <= LATE_STOCK:
            return True
        return self.rules.end == "first-out" and min(view.counts) <= LATE_HAND

    # ------------------------------------------------------------------ imagined deals

    def _sample(self, rng: random.Random) -> tuple[list[list[int]], list[int]] | None:
        """Hands (rank masks) and a stock, dealt at random within what the tracker knows."""
        for strictness, tries in ((2, 40), (1, 10)):
            for _ in range(tries):
                world = self._try_sample(rng, strictness)
                if world is not None:
                    return world
        return self._try_sample(rng, 0)  # whatever fits the counts

    def _try_sample(self, rng: random.Random,
                    strictness: int) -> tuple[list[list[int]], list[int]] | None:
        """One try at an imagined deal; None if the random choices ran into a dead end.

        Strictness 2 keeps every constraint, 1 drops which ranks each unknown card may be, 0
        also what the "Go fish"es said; all keep the counts and that no hand holds a whole book.
        """
        strict = strictness == 2
        k = self.know
        est = k.estimate()
        n = self.players
        size = k.book_size
        hands = [list(k.shown[s]) for s in range(n)]
        pool = [r * 4 + s for r in range(NUM_RANKS) for s in range(4)
                if est.unknown_suits[r] >> s & 1]
        rng.shuffle(pool)
        taken: set[int] = set()
        seats = [s for s in range(n) if not k.exact(s)]
        # cards an ask proved a hand holds, of suits nobody has seen
        for s in seats:
            for r in range(NUM_RANKS):
                need = k.minc[s][r] - POPCOUNT[k.shown[s][r]]
                if need <= 0:
                    continue
                for c in pool:
                    if need and c >> 2 == r and c not in taken and (
                            not strict or not k.nosuit[s][r] & bit_of(c)):
                        taken.add(c)
                        hands[s][r] |= bit_of(c)
                        need -= 1
                if need:
                    return None
        # the rest of each hand, from ranks it may hold
        for s in sorted(seats, key=lambda x: -sum(1 for c in est.caps[x] if not c)):
            caps = est.caps[s]
            # the oldest unknown card first: it may be only a rank not ruled out since
            for age in range(est.anon[s], 0, -1):
                cards = []
                weights = []
                for c in pool:
                    if c in taken:
                        continue
                    r = c >> 2
                    if strict and (caps[r] < age or k.nosuit[s][r] & bit_of(c)):
                        continue
                    if POPCOUNT[hands[s][r]] >= size - 1:  # never a whole book in hand
                        continue
                    cards.append(c)
                    weights.append(k.quiet[s][r])
                if not cards:
                    return None
                c = rng.choices(cards, weights)[0]
                taken.add(c)
                hands[s][c >> 2] |= bit_of(c)
        stock = [c for c in pool if c not in taken]
        if len(stock) != k.stock:
            return None
        return hands, stock


def _gain(values: list[list[float]], i: int) -> tuple[float, float]:
    """Mean and standard error of how much candidate ``i`` beats the first in the same deals."""
    n = len(values[i])
    diffs = [a - b for a, b in zip(values[i], values[0][:n], strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    return mean, (var / n) ** 0.5


def _still_in(values: list[list[float]], alive: list[int]) -> list[int]:
    """Hard's choice and the candidates not clearly worse than it: a candidate behind by more
    than its noise is played out no further, so the playouts go where the choice is close."""
    kept = [0]
    for i in alive[1:]:
        mean, err = _gain(values, i)
        if mean + DROP * err > 0.0:
            kept.append(i)
    return kept


def _significant(values: list[list[float]], confidence: float = 2.0) -> int:
    """The candidate that beats Hard's choice (the first) clearly in the same deals, else 0:
    the playouts overrule Hard's estimate only where they disagree beyond their noise."""
    best, best_gain = 0, 0.0
    for i in range(1, len(values)):
        if not values[i]:
            continue
        mean, err = _gain(values, i)
        if mean > best_gain and mean > confidence * err:
            best, best_gain = i, mean
    return best
