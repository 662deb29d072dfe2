"""Hard: exact public bookkeeping and the expected value of every ask.

For each legal ask it weighs, from the Knowledge tracker's probabilities:

- the chance the opponent holds what is asked for, and the cards that would come (a hit keeps
  the turn and may complete a book);
- on a miss, the chance of a lucky draw (which also keeps the turn);
- what the ask gives away: asking for a rank the table does not yet know we hold tells every
  opponent where to find it, which costs in proportion to the cards that would stay at risk;
- under ``first-out``, whether the ask can end the game, and who would win if it did.

Cards taken without completing a book are worth more against players who forget where cards
went than against players who ask for them back, so Hard watches how often each opponent asks
a seat the table knows holds the rank, and weighs taken cards and revealed ranks by that.

At two seats the last few stock cards change the game: nearly every rank left is split between
the two hands, so keeping the turn is worth far more than earlier (``late`` in Weights).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from gofish.engine import Ask, Event, Rules, SeatView
from gofish.engine import events as ev
from gofish.engine.cards import POPCOUNT

from .base import AskingPlayer
from .knowledge import Estimate, Knowledge

# how often a player's asks go to a seat the table knows holds the rank: about 0.12 for random
# play, 0.35 and more for players who remember; the prior assumes they remember
RANDOM_RATE, MEMORY_RATE, PRIOR_ASKS = 0.16, 0.28, 3.0
# how often a player's asks (not sure hits) repeat the rank it asked for last, while it is still
# known to hold it: about 0.2 to 0.35 for players who pick a rank of their hand at random or by
# the odds, 0.7 and more for players who keep asking for the rank they hold most of. Against the
# second kind a rank kept out of sight stays safe, so asking for what we hold most of (``held``)
# pays; against the first it does not. Scaled from 0 at LOW to 1 at HIGH; the prior, two asks
# at a rate of 0.5, starts it at 2/3.
STEADY_LOW, STEADY_HIGH, STEADY_PRIOR, STEADY_MEAN = 0.3, 0.6, 2.0, 0.5


@dataclass(frozen=True)
class Weights:
    """What each outcome of an ask is worth, in cards. Hard's were fitted against random and
    Medium play; Expert fits its own (see ai/expert.py)."""

    keep: float = 1.0  # keeping the turn
    gain: float = 0.3  # a card taken from an opponent who remembers where it went
    gain_unwatched: float = 1.0  # ... from opponents who do not (three or more seats)
    book: float = 4.0  # completing a book
    reveal: float = 0.35  # each card of ours put at risk by revealing its rank
    terminal: float = 12.0  # the whole game (ending it as winner, or not as loser)
    shared: float = 1.0  # a shared win, as a part of a sole one's worth (1: its share)
    held: float = 0.0  # each card of the asked rank already in hand
    late: int = -1  # from this many stock cards down (-1: never), the turn is worth...
    keep_late: float = 1.0  # ... this, and nothing is worth keeping out of sight (``held`` 0)


HARD = Weights()
# at two seats a turn kept is worth less: fitted against the gauntlet mix (benchmarks/README.md,
# "The gauntlet"): keep=0.25 won 46.3% of two-seat Quick games against simple, rememberer and
# medium where 1.0 won 43.3% (the same 300 deals each way), and 60.7% against 59.5% of
# Standard games against all six.
# And the rank held most of is worth asking (held=1.0, a card's worth for each card of it in
# hand): cards taken that make no book go back to any opponent who asks for what it saw, while
# a book is safe, and under first-out a book made is a step towards going out. Against the five
# outside styles (seeds from 100,000, 300 deals each way) the worst rate rose from 48.0% to
# 55.3% (Standard) and from 43.3% to 47.7% (Quick); 0.5 gave 52.2 and 47.2, 1.5 55.5 and 47.8.
# The price is paid against players who use nothing the table shows (hoarder, random: 81 and
# 67% in Standard, 64 and 63% with it), still far above the worst.
# Round three: ``held`` counts only as far as the opponent keeps asking for one rank
# (``steadiness``): the reading gained 1.8 points ±0.8 over the ten pairings on fitting seeds,
# most against random play and the rememberer (benchmarks/README.md, "Third round").
# Round four: late in the deal both of that is wrong. With a few stock cards left, almost every
# rank still in play is split between the two hands, so the player on turn hits ask after ask
# (in Standard the one on turn when the stock runs out takes every book left), and a rank kept
# out of sight has no later to be safe for. From 6 stock cards down the turn is worth 3 cards
# and ``held`` nothing: +5.0 points ±0.7 over the ten pairings (fitting seeds, 400 deals each
# way; +5.6 and +9.9 against the simple policy, +11 and +19 against the hoarder, no pairing
# worse than -0.4); 4 or 8 cards, or a turn worth 1 or 6, scored 0.4 to 1.4 points less.
HARD_TWO = replace(HARD, keep=0.25, held=1.0, late=6, keep_late=3.0)


def weights_for(players: int) -> Weights:
    return HARD_TWO if players == 2 else HARD


class HardPlayer(AskingPlayer):
    level = "hard"
    weights = HARD
    reads_steadiness = True  # False: ``held`` at its full worth whoever sits opposite (round 2)

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.weights = weights_for(players)
        self.gain = self.weights.gain
        self.reveal = self.weights.reveal
        self.know = Knowledge(seat, rules, players)
        self.public = Knowledge(None, rules, players)  # what every opponent knows of us
        self._endings: dict[int, float] = {}  # per ask scored last: the first-out ending term
        self.asks = [0] * players  # asks each opponent made
        self.informed = [0] * players  # ... of a seat the table knew held the rank
        self.plain = [0] * players  # asks (not sure hits) that could repeat the one before
        self.again = [0] * players  # ... that did
        self.last: list[int | None] = [None] * players  # each seat's last ask (not a sure hit)
        self._steady = 1.0  # as of the last scoring
        self._keep = self.weights.keep  # ... and what keeping the turn was worth

    def observe(self, event: Event) -> None:
        if event.kind == ev.ASK and event.seat != self.seat:
            s, pub = event.seat, self.public.minc
            self.asks[s] += 1
            self.informed[s] += pub[event.target][event.rank] > 0
            if not pub[event.target][event.rank]:
                last = self.last[s]
                if last is not None and pub[s][last]:
                    self.plain[s] += 1
                    self.again[s] += event.rank == last
                self.last[s] = event.rank
        elif event.kind == ev.DEAL:
            self.last = [None] * self.players
        self.know.observe(event)
        self.public.observe(event.for_seat(None, self.rules.open_hands))

    def memory(self) -> float:
        """How much the opponents seem to use what the table knows: 0 random, 1 remembering."""
        total = 0.0
        for s in range(self.players):
            if s != self.seat:
                rate = (self.informed[s] + MEMORY_RATE * PRIOR_ASKS) / (self.asks[s] + PRIOR_ASKS)
                total += min(1.0, max(0.0, (rate - RANDOM_RATE) / (MEMORY_RATE - RANDOM_RATE)))
        return total / (self.players - 1)

    def steadiness(self) -> float:
        """How much the opponents keep asking for the same rank: 0 as if at random, 1 as
        players who ask for what they hold most of (and then a rank kept hidden stays safe)."""
        return sum(self.steady(s) for s in range(self.players)
                   if s != self.seat) / (self.players - 1)

    def steady(self, seat: int) -> float:
        rate = (self.again[seat] + STEADY_MEAN * STEADY_PRIOR) / (self.plain[seat] + STEADY_PRIOR)
        return min(1.0, max(0.0, (rate - STEADY_LOW) / (STEADY_HIGH - STEADY_LOW)))

    def late(self, stock: int) -> bool:
        """Late in a two-seat deal: keeping the turn counts most, and hiding nothing."""
        return stock <= self.weights.late

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        scores = self.score_asks(view, asks)
        keep = self.sensible(asks, scores)
        return self.best([asks[i] for i in keep], [scores[i] for i in keep])

    def sensible(self, asks: list[Ask], scores: list[float]) -> list[int]:
        """The asks a watching person would not call silly (indices into ``asks``).

        Never an ask the record proves will miss (the seat said "Go fish" to it or handed it
        all over, and has drawn nothing since) while another is possible; and a sure hit
        (the record proves the seat holds it) whenever there is one, unless under first-out
        it would end the game with us behind (``ending`` is then below zero).
        """
        k = self.know
        idx = [i for i, a in enumerate(asks) if not k.lacks(a.target, a.rank, a.suit)]
        # when every ask is proved a miss (say, each hand's cards are all accounted for),
        # still not one the seat has just refused
        idx = idx or [i for i, a in enumerate(asks)
                      if not k.denied_since_drawing(a.target, a.rank, a.suit)]
        idx = idx or list(range(len(asks)))
        sure = [i for i in idx if self.sure_hit(asks[i]) and self._endings.get(i, 0.0) >= 0.0]
        return sure or idx

    def sure_hit(self, a: Ask) -> bool:
        k = self.know
        if a.suit is None:
            return k.minc[a.target][a.rank] > 0
        return bool(k.shown[a.target][a.rank] >> a.suit & 1)

    # ------------------------------------------------------------------ scoring

    def score_asks(self, view: SeatView, asks: list[Ask]) -> list[float]:
        k = self.know
        k.sync(view.seat, view.hand, view.counts, view.stock,
               view.hands if self.rules.open_hands else None)
        est = k.estimate()
        cache: dict[tuple[int, int], tuple[float, float, float]] = {}
        watched = self.memory()
        w = self.weights
        unwatched = w.gain if self.players == 2 else w.gain_unwatched
        self.gain = unwatched + (w.gain - unwatched) * watched
        self.reveal = w.reveal * watched
        late = self.late(view.stock)
        self._keep = w.keep_late if late else w.keep
        self._steady = 0.0 if late or not w.held else (
            self.steadiness() if self.reads_steadiness else 1.0)
        scores: list[float] = []
        self._endings = {}
        for a in asks:
            key = (a.target, a.rank)
            if a.suit is None:
                got = cache.get(key)
                if got is None:
                    got = cache[key] = self._rank_terms(est, a.target, a.rank)
                ph, gain, pbook = got
            else:
                ph, gain, pbook = self._card_terms(est, a.target, a.rank, a.suit)
            scores.append(self._value(est, a, ph, gain, pbook, len(scores)))
        return scores

    def hit_chances(self, asks: list[Ask]) -> list[float]:
        """The chance each ask finds what it asks for, as of the last ``score_asks``."""
        est = self.know.estimate()
        return [self._rank_terms(est, a.target, a.rank)[0] if a.suit is None
                else self._card_terms(est, a.target, a.rank, a.suit)[0] for a in asks]

    def _rank_terms(self, est: Estimate, t: int, r: int) -> tuple[float, float, float]:
        """(chance of a hit, cards expected on a hit, chance a hit completes the book)."""
        k = self.know
        need = k.book_size - k.minc[self.seat][r]
        pinned = k.minc[t][r]
        limit = min(est.floating[r], k.book_size - 1 - pinned)
        pmf = est.count_pmf(t, r) if limit > 0 else [1.0]
        if len(pmf) > limit + 1:  # no more copies than there are cards left
            pmf = pmf[:limit] + [sum(pmf[limit:])]
        hit = 1.0 if pinned else 1.0 - pmf[0]
        if hit <= 1e-12:
            return 0.0, 0.0, 0.0
        mean = pinned + sum(y * q for y, q in enumerate(pmf))
        gain = mean if pinned else mean / hit
        book = sum(q for y, q in enumerate(pmf) if pinned + y >= need and pinned + y > 0)
        return hit, gain, min(1.0, book / hit)

    def _card_terms(self, est: Estimate, t: int, r: int, suit: int) -> tuple[float, float, float]:
        k = self.know
        if k.shown[self.seat][r] >> suit & 1:
            return 0.0, 0.0, 0.0  # a bluff: sure to miss
        hit = k.card_chance(est, t, r * 4 + suit)
        book = 1.0 if POPCOUNT[k.shown[self.seat][r]] + 1 >= k.book_size else 0.0
        return hit, 1.0, book

    def _lucky(self, est: Estimate, r: int, suit: int | None) -> float:
        """Chance that the card drawn after a miss is what was asked for."""
        k = self.know
        stock = k.stock
        if not stock or not self.rules.lucky_draw:
            return 0.0
        in_stock = est.stock_extra[r]
        if suit is not None:
            unknown = est.unknown_suits[r]
            if not unknown >> suit & 1:
                return 0.0
            in_stock /= max(1, POPCOUNT[unknown])
        if self.rules.draw_until_hit and suit is None:
            f = est.floating[r]
            return 1.0 - (1.0 - min(1.0, in_stock / f)) ** f if f else 0.0
        return min(1.0, in_stock / stock)

    def _value(self, est: Estimate, a: Ask, ph: float, gain: float, pbook: float,
               index: int = -1) -> float:
        k = self.know
        r = a.rank
        me = self.seat
        worth = self.weights.book
        values = self.rules.book_values
        worth *= values[r] / values[6]  # against an eight's book: 1 when every book scores 1
        mine = k.minc[me][r]
        keep = self._keep
        value = (ph * (keep + self.gain * gain + worth * pbook)
                 + self.weights.held * self._steady * mine)
        pl = self._lucky(est, r, a.suit)
        if pl:
            completes = mine + 1 >= k.book_size
            value += (1 - ph) * pl * (keep + self.gain + (worth if completes else 0.0))
        if not self.public.revealed(me, r):
            # the others learn we hold the rank; it matters while the rank stays in our hand
            threat = 1.0
            for s in range(self.players):
                if s != me and s != a.target:
                    threat *= 1.0 - est.hold[s][r]
            threat = 1.0 - threat + 0.3 * est.stock_extra[r]
            value -= self.reveal * (1 - ph * pbook) * (mine + ph * gain) * min(1.0, threat)
        if self.rules.end == "first-out":
            ending = self._ending(est, a, ph, pbook)
            self._endings[index] = ending
            value += self.weights.terminal * ending
        return value

    # ------------------------------------------------------------------ first-out endings

    def _ending(self, est: Estimate, a: Ask, ph: float, pbook: float) -> float:
        """Expected change in winning chances from the game ending because of this ask."""
        k = self.know
        me, t, r = self.seat, a.target, a.rank
        scores = [x + y for x, y in zip(k.totals, k.deal_scores(), strict=True)]
        now = _result(scores, me, self.weights.shared)
        base = 0.25 + 0.5 * now  # the worth of playing on: better when ahead, never certain
        worth = self.rules.book_values[r]
        with_book = scores[:]
        with_book[me] += worth
        change = 0.0
        size = k.book_size
        mine = k.minc[me][r]
        if ph > 0:
            # a hit: the smallest likely gift ends the game if it empties either hand
            least = max(1, k.minc[t][r]) if a.suit is None else 1
            booked = pbook > 0.5
            left = k.counts[me] + least - (size if booked else 0)
            if mine + least >= size:
                booked, left = True, k.counts[me] + least - size
            if left == 0 or k.counts[t] - least == 0:
                end = _result(with_book if booked else scores, me, self.weights.shared)
                change += ph * (end - base)
        if k.stock == 1 or (self.rules.draw_until_hit and k.stock and ph < 1):
            # a miss empties the stock (draw until hit may run it out)
            runs_out = 1.0 if k.stock == 1 else 0.0
            if self.rules.draw_until_hit and a.suit is None:
                f = est.floating[r]
                share = min(1.0, est.stock_extra[r] / f) if f else 0.0
                runs_out = max(runs_out, (1.0 - share) ** f if f else 1.0)
            change += (1 - ph) * runs_out * (_result(scores, me, self.weights.shared) - base)
        return change


def _result(scores: list[int], seat: int, shared: float = 1.0) -> float:
    """What ``seat`` would get if the game ended with these scores: 1 for a sole win, and
    ``shared`` times its share for a shared one."""
    best = max(scores)
    if scores[seat] < best:
        return 0.0
    count = scores.count(best)
    return 1.0 if count == 1 else shared / count
