"""The reader: Hard that learns how its opponent picks an ask, and reads its hand through that.

People and classic programs pick their asks by a system: they ask back a rank the table knows
we hold (the latest such, or the earliest), else they go through their ranks in a fixed order,
or ask again for ranks they have shown, or take any rank of their hand. A systematic asker's
ask says a lot about its hand: one that goes up through its ranks and asks for nines after
fives holds no six, seven or eight.

The reader keeps a weighted family of such asking rules (``MEMORY``, then ``FALLBACK``; "any
rank of its hand" stands for every rule that says nothing of the other ranks, and for none of
these), and for each ask of the opponent:

- credits each rule as far as it explains the ask (the chance the rule had of making it, from
  the tracker's odds of what the hand holds), which is how the weights are learned;
- for every other rank, weighs "it holds one" against "it holds none" by how likely the ask
  was either way under the weighted rules (a rule that would not have made this ask holding
  the rank counts against it), and multiplies the tracker's odds of that rank in the hand's
  unknown cards by that ratio (``Knowledge.quiet``; fresh draws are free of it again).

Its hit chances then come from the tracker as Hard's do; everything else is Hard's.

What it learns of an opponent is a ``Profile``. A ``Sitting`` keeps one per seat name, so the
games of a sitting against the same name start from what the earlier ones showed: the asks
that seat made, read as this seat saw them. A sitting lives in its process (``gofish
simulate``, the benchmarks' sittings); nothing is written to disk.

Two seats and the rank option only (one opponent to read); elsewhere it plays as Hard.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gofish.engine import Event, Rules
from gofish.engine import events as ev
from gofish.engine.cards import NUM_RANKS

from .hard import HardPlayer

# how the opponent asks back a rank the table knows we hold: the latest such it holds, the
# earliest, any; or not at all
MEMORY = ("latest", "earliest", "any", "none")
# what it asks otherwise: the lowest rank it holds above its last ask (round to the lowest),
# the lowest it has not asked since it last asked one again, a rank it has asked before,
# any rank of its hand
FALLBACK = ("cycle-up", "round-low", "shown", "any")
MEMORY_PRIOR = (1.0, 1.0, 1.0, 3.0)
FALLBACK_PRIOR = (0.5, 0.5, 0.5, 3.0)
CAP = 300.0  # counts kept per profile: older asks weigh less once a sitting has made this many
FLOOR = 0.02  # the least a ratio may weigh a rank by (people slip)


@dataclass
class Profile:
    """Learned weights of the asking rules for one opponent (Dirichlet counts)."""

    memory: list[float] = field(default_factory=lambda: list(MEMORY_PRIOR))
    fallback: list[float] = field(default_factory=lambda: list(FALLBACK_PRIOR))
    asks: int = 0  # asks read into it

    def weights(self) -> tuple[list[float], list[float]]:
        m, f = sum(self.memory), sum(self.fallback)
        return [x / m for x in self.memory], [x / f for x in self.fallback]

    def add(self, memory: list[float], fallback: list[float]) -> None:
        self.memory = [x + y for x, y in zip(self.memory, memory, strict=True)]
        self.fallback = [x + y for x, y in zip(self.fallback, fallback, strict=True)]
        self.asks += 1
        total = sum(self.memory) + sum(self.fallback)
        if total > CAP:
            k = CAP / total
            self.memory = [x * k for x in self.memory]
            self.fallback = [x * k for x in self.fallback]


class Sitting:
    """What a sitting's games have shown of each opponent, by seat name (in this process)."""

    def __init__(self) -> None:
        self.profiles: dict[str, Profile] = {}

    def profile(self, name: str) -> Profile:
        return self.profiles.setdefault(name.casefold(), Profile())


@dataclass(frozen=True)
class Rule:
    """What one rule says of an ask: the ranks that, held, would have made it ask another
    (``forbid``), and the chance it had of making this ask (``chance``)."""

    forbid: frozenset[int]
    chance: float


def _absent(hold: list[float], ranks: frozenset[int]) -> float:
    p = 1.0
    for q in ranks:
        p *= 1.0 - hold[q]
    return p


def fallback_rules(rank: int, hold: list[float], last: int, gone: frozenset[int],
                   shown: frozenset[int]) -> list[Rule]:
    """FALLBACK's rules, for an ask of ``rank``: ``hold`` is the chance the hand holds each
    rank (1 for ``rank``), ``last`` its last ask (-1), ``gone`` and ``shown`` its asks."""
    spread = 1.0 / max(1.0, sum(hold))  # a rank of its hand, as if at random
    ranks = range(NUM_RANKS)
    # the lowest rank above the last ask: none held between them (round past the kings)
    if last < 0 or rank > last:
        between = frozenset(q for q in ranks if last < q < rank)
    else:
        between = frozenset(q for q in ranks if q > last or q < rank)
    if rank in gone:  # it had been round: every rank it had not asked was absent
        unasked = frozenset(q for q in ranks if q not in gone)
    else:
        unasked = frozenset(q for q in ranks if q < rank and q not in gone)
    if rank in shown:  # one of the ranks it has shown, any of those it still holds
        again = Rule(frozenset(), 1.0 / max(1.0, sum(hold[q] for q in shown)))
    else:  # a new rank: it holds none of those it has shown
        again = Rule(frozenset(q for q in shown if q != rank), _absent(hold, shown - {rank})
                     * spread)
    return [Rule(between, _absent(hold, between)), Rule(unasked, _absent(hold, unasked)),
            again, Rule(frozenset(), spread)]


def memory_rules(rank: int, hold: list[float], ours: dict[int, int]) -> list[Rule]:
    """MEMORY's rules but "none", for an ask of ``rank``, a rank the table knows we hold
    (``ours``: since when): the latest such the hand holds, the earliest, any of them."""
    later = frozenset(q for q in ours if ours[q] > ours[rank])
    earlier = frozenset(q for q in ours if ours[q] < ours[rank])
    share = 1.0 / max(1.0, sum(hold[q] for q in ours))
    return [Rule(later, _absent(hold, later)), Rule(earlier, _absent(hold, earlier)),
            Rule(frozenset(), share)]


def mixture_ratio(parts: list[tuple[float, Rule]], q: int, hold: float) -> float:
    """How much likelier the ask is had the hand held ``q`` than not, under weighted rules."""
    held = lacked = 0.0
    for w, r in parts:
        if q in r.forbid:
            lacked += w * r.chance / (1.0 - hold)
        else:
            held += w * r.chance
            lacked += w * r.chance
    return held / lacked if lacked > 0 else 1.0


class ReaderPlayer(HardPlayer):
    level = "reader"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.opp = 1 - seat
        self.reads = players == 2 and rules.ask_for == "rank"
        self.profile = Profile()
        self.clock = 0
        self._deal_state()

    def meet(self, name: str, sitting: Sitting) -> None:
        """Read the opponent called ``name`` with what this sitting has learned of it."""
        self.profile = sitting.profile(name)

    def _deal_state(self) -> None:
        self.ours: dict[int, int] = {}  # ranks the table knows we hold: since when
        self.their_last = -1
        self.gone: set[int] = set()  # ranks it asked for since it last asked one again
        self.shown: set[int] = set()  # ranks it asked for this deal

    # ------------------------------------------------------------------ reading

    def ratios(self, rank: int) -> list[float]:
        """For each rank, how much likelier the opponent's ask for ``rank`` was had it held
        that rank than had it not, under the weighted rules; the rules are credited too."""
        k, o = self.know, self.opp
        hold = list(k.estimate().hold[o])
        hold[rank] = 1.0
        mw, fw = self.profile.weights()
        use = mw[0] + mw[1] + mw[2]
        fb = list(zip(fw, fallback_rules(rank, hold, self.their_last, frozenset(self.gone),
                                         frozenset(self.shown)), strict=True))
        fb_chance = sum(w * r.chance for w, r in fb)
        back = frozenset(self.ours)
        credit_m = [0.0] * 4
        if rank in self.ours:
            # it asked back: one of the memory rules, or its fallback all the same
            mem = list(zip(mw[:3], memory_rules(rank, hold, self.ours), strict=True))
            parts = mem + [((1.0 - use) * w, r) for w, r in fb]
            z = sum(w * r.chance for w, r in mem) + (1.0 - use) * fb_chance
            if z <= 0:
                return [1.0] * NUM_RANKS
            credit_m = [w * r.chance / z for w, r in mem] + [(1.0 - use) * fb_chance / z]
            fallback_share = credit_m[3]
        else:
            # not a rank to ask back: by the fallback, so it held none to ask back or its
            # memory does not ask back
            parts = fb
            none_back = _absent(hold, back)
            if back:
                z = use * none_back + (1.0 - use)
                credit_m = [w * none_back / z for w in mw[:3]] + [(1.0 - use) / z]
            fallback_share = 1.0
        if fb_chance > 0:
            credit_f = [fallback_share * w * r.chance / fb_chance for w, r in fb]
        else:
            credit_f = [0.0] * len(FALLBACK)
        if sum(1 for q in range(NUM_RANKS) if k.minc[o][q] or k.maxx[o][q]) > 1:
            self.profile.add(credit_m, credit_f)  # a forced ask tells nothing of the rules
        out = [1.0] * NUM_RANKS
        for q in range(NUM_RANKS):
            h = hold[q]
            if q == rank or h <= 0.0 or h >= 1.0:
                continue
            x = mixture_ratio(parts, q, h)
            if rank not in self.ours and q in back:
                # holding q it would have asked it back, as far as its memory asks back
                others = _absent(hold, back - {q})
                x *= (1.0 - use) / max(1e-9, 1.0 - use * (1.0 - others))
            out[q] = max(FLOOR, min(1.0, x))
        return out

    def observe(self, event: Event) -> None:
        k, me = event.kind, self.seat
        ratios = None
        if self.reads and k == ev.ASK and event.seat == self.opp:
            ratios = self.ratios(event.rank)
        super().observe(event)
        if ratios is not None:
            row = self.know.quiet[self.opp]
            for q, x in enumerate(ratios):
                row[q] *= x
        self.clock += 1
        if k == ev.DEAL:
            self._deal_state()
        elif k == ev.ASK and event.seat == me:
            self.ours[event.rank] = self.clock
        elif k == ev.ASK:
            r = event.rank
            self.gone = {r} if r in self.gone else self.gone | {r}
            self.their_last = r
            self.shown.add(r)
        elif k in (ev.GAVE, ev.LUCKY) and event.seat == me:
            self.ours[event.rank] = self.clock
        elif (k == ev.GAVE or (k in (ev.GO_FISH, ev.NO_STOCK) and event.target == me)
              or (k == ev.BOOK and event.seat == me)):
            self.ours.pop(event.rank, None)  # handed over, refused or laid down
