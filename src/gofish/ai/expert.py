"""Expert: Hard's judgement with weights fitted against Hard, checked by simulation late in a deal.

At two seats Expert weighs an ask as Hard does but gives the turn itself no worth: only the
cards an ask takes and the books it completes count. It therefore fishes for the last card of a
book, asking for a rank the table already knows it holds, before it takes a likelier single card
or reveals a new rank; a sure hit left where it is stays sure. The weights were fitted by
self-play against Hard (benchmarks/fit_weights.py); at three and more seats none fitted better,
and Expert keeps Hard's.

Late in a deal (a small stock, or under first-out a nearly empty hand), when its best ask is not
a sure hit, Expert plays its best few asks out in the same ``SAMPLES`` imagined deals
(determinized Monte Carlo with common random numbers). Each imagined deal places every card the
seat has not seen at random within what its tracker knows (the cards seen, the ranks a hand
must hold or cannot hold since its last draws, how many cards each hand has), with the same
slot model as Hard's estimates; every seat of the imagined game is then played by a Hard player
knowing what that seat would know (its own seat with its own weights), to the end of the deal.
An ask replaces the first choice only if it wins clearly more often in the same deals.

The imagined deals are its own: Expert builds them from its Knowledge tracker and never sees
the real game. The number of deals is fixed, not timed, so a decision depends only on the
seed and what the seat has seen.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

from gofish.engine import Ask, Game, Rules, SeatView
from gofish.engine.cards import FULL, NUM_RANKS, POPCOUNT

from .base import tell
from .hard import HARD, HardPlayer, Weights
from .knowledge import bit_of

SAMPLES = 16  # imagined deals per searched decision
LATE_STOCK = 8  # search only once the stock is this small...
LATE_HAND = 3  # ...or (first-out) a hand is this small
CANDIDATES = 3  # Hard's best asks that are searched
CONFIDENCE = 1.0  # standard errors by which an ask must beat Hard's choice to replace it
MARGIN = 0.05  # weight of the final score difference next to winning (smooths the estimate)
MAX_STEPS = 600  # a rollout that runs longer is scored where it stands


# fitted by self-play against Hard (benchmarks/fit_weights.py, benchmarks/README.md): at two
# seats a turn kept is worth nothing by itself; at three and more no change measured better
TWO_SEATS = replace(HARD, keep=0.0)


def fitted_weights(players: int) -> Weights:
    return TWO_SEATS if players == 2 else HARD


class ExpertPlayer(HardPlayer):
    level = "expert"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.weights = fitted_weights(players)
        super().__init__(seat, rules, players, seed)
        self._template: Game | None = None
        self.searched = 0  # decisions that used the search (for the benchmark's curiosity)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        scores = self.score_asks(view, asks)
        keep = self.sensible(asks, scores)
        asks, scores = [asks[i] for i in keep], [scores[i] for i in keep]
        order = sorted(range(len(asks)), key=lambda i: -scores[i])
        top = asks[order[0]]
        if len(asks) == 1 or self._sure(top) or not self._late(view):
            return self.best(asks, scores)
        candidates = [asks[i] for i in order[:CANDIDATES]]
        rng = random.Random(self.rng.getrandbits(64))
        values: list[list[float]] = [[] for _ in candidates]
        for _ in range(SAMPLES):
            world = self._sample(rng)
            if world is None:  # the tracker's counts do not add up: trust Hard alone
                return self.best(asks, scores)
            seed = rng.getrandbits(64)
            for i, ask in enumerate(candidates):
                values[i].append(self._rollout(view, world, ask, seed))
        self.searched += 1
        return candidates[_significant(values)]

    def _late(self, view: SeatView) -> bool:
        """Late in the deal, when a few cards decide it and a playout is short and telling."""
        if view.stock <= LATE_STOCK:
            return True
        if self.rules.end == "first-out":
            return min(view.counts) <= LATE_HAND
        return False

    def _sure(self, ask: Ask) -> bool:
        """A hit we are sure of, which cannot end a first-out game: nothing to search."""
        k = self.know
        t, r = ask.target, ask.rank
        if ask.suit is None:
            if not k.minc[t][r]:
                return False
        elif not k.shown[t][r] >> ask.suit & 1:
            return False
        if self.rules.end == "first-out":
            return k.counts[t] > k.minc[t][r] and k.counts[self.seat] > 1
        return True

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

        Strictness 2 keeps every constraint, 1 drops which ranks each unknown card may be
        (keeping the counts and that no hand holds a whole book), 0 keeps only the counts.
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
                    if strictness and POPCOUNT[hands[s][r]] >= size - 1:
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

    # ------------------------------------------------------------------ playing it out

    def _game(self, view: SeatView, hands: list[list[int]], stock: list[int], *,
              record: bool = False) -> Game:
        if self._template is None:
            self._template = Game(self.rules, self.players, 0, record=False)
        k = self.know
        g = copy.copy(self._template)
        g.record = record
        g.actions = []
        g.events = []
        g.hands = [h[:] for h in hands]
        g.counts = [sum(POPCOUNT[m] for m in h) for h in hands]
        pair = 0b0011 if self.rules.pairs else FULL
        g.books = [[(r, pair) for r in k.books[s]] for s in range(self.players)]
        g.stock = stock[:]
        g.turn = self.seat
        g.out = list(k.out)
        g.totals = list(k.totals)
        g.deal = view.deal
        g.dealer = view.dealer
        g.deal_history = [()] * view.deal
        g.deal_over = False
        g.over = False
        g.winners = ()
        return g

    def _rollout(self, view: SeatView, world: tuple[list[list[int]], list[int]],
                 first: Ask, seed: int) -> float:
        """Play the imagined deal out with every seat a Hard player, from what each would know."""
        g = self._game(view, *world, record=True)
        n = self.players
        open_hands = self.rules.open_hands
        seats: list[HardPlayer] = []
        for s in range(n):
            p = HardPlayer(s, self.rules, n, seed + s)
            if s == self.seat:
                p.weights = self.weights  # it plays on as itself
            p.asks, p.informed = list(self.asks), list(self.informed)
            p.public = self.public.clone()
            if s == self.seat:
                p.know = self.know.clone()
            else:
                p.know = self.public.clone(seat=s)
                p.know.sync(s, g.hand_cards(s), tuple(g.counts), len(g.stock))
            seats.append(p)
        g.apply(first)
        fed = 0
        steps = 0
        while not (g.deal_over or g.over) and steps < MAX_STEPS:
            tell(seats, g.events[fed:], open_hands)
            fed = len(g.events)
            seat = g.turn
            g.apply(seats[seat].choose(g.view(seat, with_events=False)))
            steps += 1
        return self._result(g)

    def _result(self, g: Game) -> float:
        scores = list(g.totals) if g.deal_over else list(g.scores())
        me = scores[self.seat]
        best = max(scores)
        others = max(s for i, s in enumerate(scores) if i != self.seat)
        share = 0.0 if me < best else 1.0 / scores.count(best)
        return share + MARGIN * (me - others)


def _significant(values: list[list[float]]) -> int:
    """The candidate that beats Hard's choice (the first) clearly in the same deals, else 0."""
    best, best_gain = 0, 0.0
    n = len(values[0])
    for i in range(1, len(values)):
        diffs = [a - b for a, b in zip(values[i], values[0], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
        if mean > best_gain and mean > CONFIDENCE * (var / n) ** 0.5:
            best, best_gain = i, mean
    return best
