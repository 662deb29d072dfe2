"""Public-knowledge bookkeeping: what one seat can infer about every hand from its events.

The tracker never sees a Game. It reads the filtered event stream of one seat (or the public
stream, to know what the others know about us) and keeps, per seat and rank:

- ``shown``: a suit mask of cards known to be in that hand (received, shown, or our own);
- ``minc``: the fewest cards of the rank the hand must hold (an ask proves at least one);
- ``maxx``: the most *further* cards of the rank it could hold beyond ``minc`` (a "Go fish"
  makes it 0, every unseen card drawn since adds one);
- ``nosuit``: cards of the rank known *not* to be there (the card option's "Go fish").

Every bound is kept conservative, so the truth always lies inside it; ``estimate`` turns the
bounds into expected counts with iterative proportional fitting over the unseen cards.

Under the rank option the unknown cards of a hand are also kept as ``groups``: how many of the
cards each draw brought (the deal first) are still unknown, and per rank the first group that
may hold it (a "Go fish" or a hand-over moves it past every group there is). A draw adds its
cards and nothing else, so a rank the record proved absent can come back only through them,
and a card of the draw that is then shown (a lucky draw, a book laid with it, an ask for a rank
it lacked before) tells which: the ranks it is not are absent again. Without this a seat that
said "Go fish" to sevens and then drew a card it showed could hold sevens again.

A ``calibrated`` tracker (the coach's) also reads what a seat's asks imply beyond the bounds:
most players take a sure hit when they hold one, so an ask for anything else says the seat
most likely lacks the ranks the table knows others hold. Without it, against players who take
their sure hits, a rank we had already asked for was stated at 18% and hit 11% of the time
(benchmarks/calibration.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from gofish.engine import Event, Rules
from gofish.engine import events as ev
from gofish.engine.cards import DECK_SIZE, NUM_RANKS, POPCOUNT

RANKS_RANGE = range(NUM_RANKS)
QUIET = 0.85  # how much an ask for another rank lowers the odds of an unmentioned rank
# Most players take a sure hit when they have one: a seat that asks for something else while
# the table knows another seat holds a rank most likely lacks that rank. How surely it would
# have taken it is read from its asks: sure hits taken against the chances it had of holding
# one, starting from READ_PRIOR asks at READ_TAKE. The odds of each rank passed up are
# multiplied by 1 - that rate (at least DECLINE_FLOOR: people forget).
READ_PRIOR, READ_TAKE, DECLINE_FLOOR = 2.0, 0.7, 0.05
CERTAIN = 0.995  # the most a slot's scaled chance may be where counting does not force it


def bit_of(card: int) -> int:
    return 1 << (card & 3)


@dataclass
class Estimate:
    """Expected hidden holdings, from the tracker's point of view at one moment."""

    floating: list[int]  # per rank: unseen cards of it not pinned to a seat by an ask
    anon: list[int]  # per seat: cards in hand whose identity is unknown beyond the minimums
    extra: list[list[float]]  # [seat][rank]: expected floating cards of rank in that hand
    stock_extra: list[float]  # [rank]: expected floating cards of rank in the stock
    hold: list[list[float]]  # [seat][rank]: probability the hand holds at least one
    unknown_suits: list[int]  # per rank: suit mask of cards not seen anywhere (not booked)
    caps: list[list[int]]  # [seat][rank]: how many unknown slots of the hand may be the rank
    odds: list[list[float]]  # [seat][rank]: the rank's weight in each slot it may fill
    inv_z: list[list[float]]  # [seat][slot]: 1 / total weight of that slot (newest is 1)
    without_replacement: bool = False  # count_pmf: a copy a slot takes is gone for the next
    stock: int = 0  # cards in the stock (for the count above)

    def slot_chances(self, seat: int, rank: int) -> list[float]:
        """Probability that each unknown card of the hand that may be ``rank`` is one."""
        odds = self.odds[seat][rank]
        inv = self.inv_z[seat]
        return [min(1.0, odds * inv[i]) for i in range(1, self.caps[seat][rank] + 1)]

    def count_pmf(self, seat: int, rank: int) -> list[float]:
        """Distribution of how many floating cards of ``rank`` the hand holds.

        Calibrated, the slots are filled one by one from a rank's few copies: each copy a slot
        takes is one the next cannot, so a slot's chance is scaled by the copies left over the
        copies expected left (with even chances, the exact count without replacement). Only
        counting makes a slot certain: when the copies left cannot all fit in the stock, the
        other hands' slots that may hold the rank and this hand's later slots."""
        slots = self.slot_chances(seat, rank)
        pmf = [1.0]
        copies = self.floating[rank]
        outside = self.stock + sum(c[rank] for s, c in enumerate(self.caps) if s != seat)
        placed = 0.0  # copies the slots so far are expected to hold
        for i, p in enumerate(slots):
            nxt = [0.0] * (len(pmf) + 1)
            expected_left = max(copies - placed, 1e-9)
            room = outside + len(slots) - i - 1  # places other than this slot
            for k, q in enumerate(pmf):
                if not self.without_replacement:
                    pk = p
                elif copies - k > room:
                    pk = 1.0
                else:
                    pk = min(p * (copies - k) / expected_left, p if p >= 1.0 else CERTAIN)
                nxt[k] += q * (1 - pk)
                nxt[k + 1] += q * pk
            pmf = nxt
            placed += p
        return pmf


class Knowledge:
    """What ``seat`` knows (``seat=None``: what everybody knows) about every hand."""

    by_draw = True  # False: unknown cards not kept by draw (before issue 32; benchmarks only)

    def __init__(self, seat: int | None, rules: Rules, players: int) -> None:
        self.seat = seat
        self.rules = rules
        self.players = players
        self.book_size = rules.book_size
        self.card_mode = rules.ask_for == "card"
        self.bluff = rules.bluff_asks
        self.open = rules.open_hands
        self.totals = [0] * players  # match points of finished deals
        # the odds people are shown (the coach): read the sure hits a seat passes up, and count
        # a rank's copies without replacement. The computers keep the estimates their weights
        # were fitted on: with these they played as well, no better (benchmarks/README.md)
        self.calibrated = False
        self.took = [0.0] * players  # sure hits each seat took...
        self.could = [0.0] * players  # ... against its summed chances of holding one
        self._reset()

    # ------------------------------------------------------------------ state

    def _reset(self) -> None:
        n = self.players
        self.counts = [0] * n
        self.stock = DECK_SIZE
        self.shown = [[0] * NUM_RANKS for _ in range(n)]
        self.minc = [[0] * NUM_RANKS for _ in range(n)]
        self.maxx = [[0] * NUM_RANKS for _ in range(n)]
        self.nosuit = [[0] * NUM_RANKS for _ in range(n)]
        self.quiet = [[1.0] * NUM_RANKS for _ in range(n)]
        self.booked = [0] * NUM_RANKS
        self.denied = [0] * n  # per seat, a mask of ranks it said "Go fish" to or handed over
        self.told = [0] * n  # per seat, a mask of ranks the whole table knows it holds
        self.books: list[list[int]] = [[] for _ in range(n)]
        self.out = [False] * n
        self.fishing: tuple[int, int, int] | None = None  # (seat, rank, suit) of the last miss
        self.asked_suit = -1
        self.pinned: tuple[int, int] | None = None  # (seat, rank) counted by an early stop
        # the rank option: per seat, the unknown cards left of each draw (the deal first), and
        # per rank the first of those groups that may hold it (module docstring)
        self.groups: list[list[int]] = [[] for _ in range(n)]
        self.start = [[0] * NUM_RANKS for _ in range(n)]
        self.drawn: tuple[int, set[int]] | None = None  # the last unseen draw: seat, ranks shown
        self._est: Estimate | None = None

    def clone(self, seat: int | None = -1) -> Knowledge:
        """An independent copy (for imagined games), optionally from another seat's side."""
        other = copy.copy(self)
        if seat != -1:
            other.seat = seat
        for name in ("counts", "booked", "out", "totals", "denied", "told", "took", "could"):
            setattr(other, name, list(getattr(self, name)))
        for name in ("shown", "minc", "maxx", "nosuit", "quiet", "books", "groups", "start"):
            setattr(other, name, [list(row) for row in getattr(self, name)])
        if self.drawn is not None:
            other.drawn = (self.drawn[0], set(self.drawn[1]))
        other._est = None
        return other

    def exact(self, seat: int) -> bool:
        """Whether every card of ``seat`` is seen: our own hand, or open hands."""
        return self.open or seat == self.seat

    def anon(self, seat: int) -> int:
        return self.counts[seat] - sum(self.minc[seat])

    def holds(self, seat: int, rank: int) -> int:
        """Cards of ``rank`` the hand is known to hold (its lower bound)."""
        return self.minc[seat][rank]

    def lacks(self, seat: int, rank: int, suit: int | None = None) -> bool:
        """Whether the record proves ``seat`` holds none of ``rank`` (under the card option,
        not the card of ``suit``): it said "Go fish" to it or handed it all over, or its hand is
        in view without it, and it has drawn nothing since."""
        if suit is None:
            if self.exact(seat):
                return not self.shown[seat][rank]
            return not self.minc[seat][rank] and not self.maxx[seat][rank]
        if self.shown[seat][rank] >> suit & 1:
            return False
        return self.exact(seat) or bool(self.nosuit[seat][rank] >> suit & 1)

    def denied_since_drawing(self, seat: int, rank: int, suit: int | None = None) -> bool:
        """The narrow proof alone: ``seat`` said "Go fish" to it or handed it over, and has
        drawn nothing since (what a person at the table remembers)."""
        if suit is None:
            return bool(self.denied[seat] >> rank & 1)
        return bool(self.nosuit[seat][rank] >> suit & 1)

    def revealed(self, seat: int, rank: int) -> bool:
        return self.minc[seat][rank] > 0

    def deal_scores(self) -> list[int]:
        return [self.rules.points(b) for b in self.books]

    def _clip(self, seat: int) -> None:
        """Keep ``maxx`` within the hand's unknown part after it shrank."""
        a = self.anon(seat)
        row = self.maxx[seat]
        for r in RANKS_RANGE:
            if row[r] > a:
                row[r] = a

    def grouped(self, seat: int) -> bool:
        """Whether ``seat``'s unknown cards are kept by draw (the rank option, hidden hands)."""
        return self.by_draw and not self.card_mode and not self.exact(seat)

    def _absent(self, seat: int, rank: int) -> None:
        """``seat`` holds no unknown card of ``rank`` now: only later draws may bring one."""
        if self.grouped(seat):
            self.start[seat][rank] = len(self.groups[seat])

    def _identify(self, seat: int, rank: int, newest: bool = False) -> None:
        """One unknown card of ``seat`` is now known to be of ``rank`` (``newest``: it is a
        card of the last draw). It leaves the oldest group that may hold the rank, which every
        rank that may be in that group shares, so theirs shrink by one; no other rank's."""
        if not self.grouped(seat):
            return
        g = self.groups[seat]
        first = len(g) - 1 if newest else self.start[seat][rank]
        i = next((j for j in range(max(0, first), len(g)) if g[j] > 0), -1)
        if i < 0 or (newest and i != len(g) - 1):
            self._regroup(seat)  # the record and the groups disagree: keep the bounds alone
            return
        g[i] -= 1
        self._tighten(seat)

    def _tighten(self, seat: int) -> None:
        """Each rank's bound within the unknown cards of the groups that may hold it."""
        g = self.groups[seat]
        after = [0] * (len(g) + 1)  # unknown cards in groups i and later
        for i in range(len(g) - 1, -1, -1):
            after[i] = after[i + 1] + g[i]
        row, first = self.maxx[seat], self.start[seat]
        for r in RANKS_RANGE:
            w = after[min(first[r], len(g))]
            if row[r] > w:
                row[r] = w

    def _regroup(self, seat: int) -> None:
        """Forget which draw each unknown card came from (missed events, a loosened bound)."""
        if not self.grouped(seat):
            return
        self.groups[seat] = [self.anon(seat)]
        self.start[seat] = [0 if self.maxx[seat][r] else 1 for r in RANKS_RANGE]

    # ------------------------------------------------------------------ events

    def observe(self, e: Event) -> None:
        self._est = None
        if e.kind != ev.LUCKY:
            self.pinned = None
        if self.drawn is not None and (e.kind not in (ev.LUCKY, ev.BOOK)
                                       or e.seat != self.drawn[0]):
            self.drawn = None  # no longer the events of that draw
        handler = _HANDLERS.get(e.kind)
        if handler is not None:
            handler(self, e)

    def _on_deal(self, e: Event) -> None:
        self._reset()
        self.stock = DECK_SIZE - self.players * self.rules.deal_size(self.players)

    def _on_dealt(self, e: Event) -> None:
        s = e.seat
        self.counts[s] = e.count
        if e.secret:
            self._receive_seen(s, e.secret)
        else:
            row = self.maxx[s]
            for r in RANKS_RANGE:
                row[r] = e.count
            if self.grouped(s):
                self.groups[s] = [e.count]
                self.start[s] = [0] * NUM_RANKS

    def _receive_seen(self, s: int, cards: tuple[int, ...]) -> None:
        """Cards arrive in ``s``'s hand and we see which (their counts already added)."""
        exact = self.exact(s)
        for c in cards:
            r = c >> 2
            b = bit_of(c)
            if self.shown[s][r] & b:
                continue
            self.shown[s][r] |= b
            self.nosuit[s][r] &= ~b
            if exact:
                self.minc[s][r] = POPCOUNT[self.shown[s][r]]
            else:
                self.minc[s][r] += 1
                if self.maxx[s][r]:
                    self.maxx[s][r] -= 1

    def _on_ask(self, e: Event) -> None:
        a, r = e.seat, e.rank
        self.asked_suit = e.suit  # the miss that may follow does not repeat it
        if self.exact(a):
            self.told[a] |= 1 << r
            return
        if self.calibrated and not self.card_mode:
            self._read_ask(a, e.target, r)
            self._est = None  # it read the odds from before the ask
        self.told[a] |= 1 << r
        # a player asks for ranks it holds: each ask for another rank makes the ranks it did
        # not ask for a little less likely to be in its unseen cards
        row = self.quiet[a]
        for q in RANKS_RANGE:
            if q != r:
                row[q] *= QUIET
        row[r] = 1.0
        if not self.minc[a][r]:
            self.minc[a][r] = 1
            if self.maxx[a][r]:
                self.maxx[a][r] -= 1
            self._clip(a)
            self._identify(a, r)  # one of its unknown cards is of the rank
        if self.card_mode and not self.bluff and e.suit >= 0:
            self.nosuit[a][r] |= 1 << e.suit

    def _read_ask(self, a: int, target: int, r: int) -> None:
        """What ``a``'s ask says of the sure hits it had (read before the ask is taken in):
        asking for anything else, it most likely holds none of them, as far as it has taken
        the sure hits it was likely to hold so far."""
        options = 0
        for t in range(self.players):
            if t != a and self.counts[t]:
                options |= self.told[t]
        known, room = self.minc[a], self.maxx[a]
        ranks = [q for q in RANKS_RANGE if options >> q & 1 and (known[q] or room[q])]
        if not ranks:
            return
        if self.told[target] >> r & 1:
            self.took[a] += 1.0
            self.could[a] += 1.0  # it held one, for sure
            return
        hold = self.estimate().hold[a]  # the odds only when they are read
        none = 1.0
        for q in ranks:
            none *= 0.0 if known[q] else 1.0 - hold[q]
        self.could[a] += 1.0 - none
        rate = (self.took[a] + READ_TAKE * READ_PRIOR) / (self.could[a] + READ_PRIOR)
        factor = max(DECLINE_FLOOR, 1.0 - min(1.0, rate))
        row = self.quiet[a]
        for q in ranks:
            if q != r and not known[q]:
                # never below DECLINE_FLOOR by this reading, however often it is passed up
                row[q] = max(row[q] * factor, min(row[q], DECLINE_FLOOR))

    def _on_gave(self, e: Event) -> None:
        a, t, r = e.seat, e.target, e.rank
        self.told[a] |= 1 << r
        self.told[t] &= ~(1 << r)
        mask = 0
        for c in e.cards:
            mask |= bit_of(c)
        n = POPCOUNT[mask]
        # the giver: under the rank option it had exactly these; under the card option, this one
        if self.grouped(t):
            for _ in range(n - self.minc[t][r]):
                self._identify(t, r)  # those the record had not pinned were unknown cards
            self._absent(t, r)
        self.counts[t] -= n
        self.shown[t][r] &= ~mask
        if self.exact(t):
            self.minc[t][r] = POPCOUNT[self.shown[t][r]]
        elif self.card_mode:
            self.minc[t][r] = max(POPCOUNT[self.shown[t][r]], self.minc[t][r] - n)
        else:
            self.minc[t][r] = 0
            self.maxx[t][r] = 0
            self.denied[t] |= 1 << r
        self.denied[a] &= ~(1 << r)
        self.nosuit[t][r] |= mask
        self._clip(t)
        # the receiver: its earlier cards of the rank are other suits, so the bound adds up
        self.counts[a] += n
        if self.exact(a):
            self.shown[a][r] |= mask
            self.minc[a][r] = POPCOUNT[self.shown[a][r]]
        else:
            self.shown[a][r] |= mask
            self.minc[a][r] = max(self.minc[a][r] + n, POPCOUNT[self.shown[a][r]])
        self.nosuit[a][r] &= ~mask

    def _on_miss(self, e: Event) -> None:
        t, r = e.target, e.rank
        self.told[t] &= ~(1 << r)
        suit = self.asked_suit
        if self.card_mode:
            if suit >= 0 and not self.shown[t][r] >> suit & 1:
                self.nosuit[t][r] |= 1 << suit
        else:
            self.denied[t] |= 1 << r
            if not self.exact(t):
                self.minc[t][r] = 0
                self.maxx[t][r] = 0
                self._absent(t, r)
        if e.kind == ev.GO_FISH:
            self.fishing = (e.seat, r, suit)

    def _on_drew(self, e: Event) -> None:
        a, k = e.seat, e.count
        self.stock -= k
        self.counts[a] += k
        self.denied[a] = 0
        fishing, self.fishing = self.fishing, None
        if fishing is not None and fishing[0] != a:
            fishing = None
        if e.secret:
            self._receive_seen(a, e.secret)
            return
        row = self.maxx[a]
        for r in RANKS_RANGE:
            row[r] += k
        if self.grouped(a):
            self.groups[a].append(k)
            self.drawn = (a, set())
        old = max(0, self.anon(a) - k)
        quiet = self.quiet[a]
        for r in RANKS_RANGE:
            quiet[r] = (old * quiet[r] + k) / (old + k)  # fresh cards are not yet quiet
        if self.card_mode:
            self.nosuit[a] = [0] * NUM_RANKS  # an unseen card may be one it lacked
        if fishing is not None and self.rules.draw_until_hit:
            _, r, _suit = fishing
            if not self.card_mode:
                row[r] -= k - 1  # only the last card drawn can be the rank asked for
            if self.stock:
                # drawing stopped early, so the last card is of the rank asked for
                self.minc[a][r] += 1
                if row[r]:
                    row[r] -= 1
                self.pinned = (a, r)
                self._identify(a, r, newest=True)
                if self.drawn is not None:
                    self.drawn[1].add(r)
        self._clip(a)

    def _on_lucky(self, e: Event) -> None:
        a, r = e.seat, e.rank
        self.told[a] |= 1 << r
        if self.pinned == (a, r) and not self.exact(a):
            # the card drawn was already counted by the early stop: now its suit is known too
            for c in e.cards:
                self.shown[a][r] |= bit_of(c)
                self.nosuit[a][r] &= ~bit_of(c)
            self.minc[a][r] = max(self.minc[a][r], POPCOUNT[self.shown[a][r]])
            return
        self._receive_seen(a, e.cards)
        if not self.exact(a):
            if self.drawn is not None and self.grouped(a):
                self.drawn[1].add(r)
                self._identify(a, r, newest=True)  # the card it drew
            self._clip(a)

    def _on_book(self, e: Event) -> None:
        a, r = e.seat, e.rank
        mask = 0
        for c in e.cards:
            mask |= bit_of(c)
        n = POPCOUNT[mask]
        self.booked[r] |= mask
        self.books[a].append(r)
        self.counts[a] -= n
        self.shown[a][r] &= ~mask
        if self.exact(a):
            self.minc[a][r] = POPCOUNT[self.shown[a][r]]
        else:
            old = self.minc[a][r]
            self.minc[a][r] = max(POPCOUNT[self.shown[a][r]], old - n)
            if self.grouped(a):
                unknown = n - (old - self.minc[a][r])  # the book's cards the record had not
                drawn = self.drawn
                if unknown > 0 and drawn is not None and r not in drawn[1]:
                    drawn[1].add(r)  # laid at once: a card of the draw completed it
                    self._identify(a, r, newest=True)
                    unknown -= 1
                for _ in range(unknown):
                    self._identify(a, r)
            left = self.book_size - 1 - self.minc[a][r]
            if self.maxx[a][r] > left:
                self.maxx[a][r] = left
        self._clip(a)
        if not self.minc[a][r]:
            self.told[a] &= ~(1 << r)
        for s in range(self.players):
            self.nosuit[s][r] &= ~mask

    def _on_out(self, e: Event) -> None:
        self.out[e.seat] = True

    def _on_deal_over(self, e: Event) -> None:
        self.totals = [t + s for t, s in zip(self.totals, e.scores, strict=False)]

    # ------------------------------------------------------------------ the view's word

    def sync(self, seat: int, hand: tuple[int, ...], counts: tuple[int, ...], stock: int,
             hands: tuple[tuple[int, ...] | None, ...] | None = None) -> None:
        """Take the view's counts and visible hands as the truth (robust to missed events)."""
        changed = list(counts) != self.counts or stock != self.stock
        self.counts = list(counts)
        self.stock = stock
        for s in range(self.players):
            cards = hand if s == seat else (hands[s] if hands else None)
            if cards is None:
                continue
            masks = [0] * NUM_RANKS
            for c in cards:
                masks[c >> 2] |= bit_of(c)
            if masks != self.shown[s]:
                changed = True
                self.shown[s] = masks
                self.minc[s] = [POPCOUNT[m] for m in masks]
                self.maxx[s] = [0] * NUM_RANKS
                self.nosuit[s] = [0] * NUM_RANKS
        if changed:
            self._est = None
            for s in range(self.players):
                row = self.minc[s]
                while sum(row) > self.counts[s]:  # an impossible bound: loosen it
                    r = max(RANKS_RANGE, key=lambda k: row[k] - POPCOUNT[self.shown[s][k]])
                    row[r] -= 1
                self._clip(s)
                if self.grouped(s) and sum(self.groups[s]) != self.anon(s):
                    self._regroup(s)

    # ------------------------------------------------------------------ inference

    def estimate(self) -> Estimate:
        """Expected hidden holdings; cached until the next event."""
        if self._est is None:
            self._est = self._estimate()
        return self._est

    def _estimate(self) -> Estimate:
        n = self.players
        B = self.book_size
        shown, minc, maxx, nosuit = self.shown, self.minc, self.maxx, self.nosuit
        unknown_suits = []
        floating = []
        for r in RANKS_RANGE:
            known = self.booked[r]
            pinned = 0
            for s in range(n):
                known |= shown[s][r]
                pinned += minc[s][r] - POPCOUNT[shown[s][r]]
            unk = 0b1111 & ~known
            unknown_suits.append(unk)
            floating.append(max(0, POPCOUNT[unk] - pinned))
        anon = [max(0, self.counts[s] - sum(minc[s])) for s in range(n)]
        # per (seat, rank): how many of the hand's unknown cards could be of the rank, the
        # newest first (cards drawn since it last said "Go fish" to the rank), and how likely
        caps = [[0] * NUM_RANKS for _ in range(n)]
        for s in range(n):
            a = anon[s]
            if not a or self.exact(s):
                continue
            row = caps[s]
            for r in RANKS_RANGE:
                f = floating[r]
                if not f:
                    continue
                # a slot's age limits which ranks it may be; the count of cards left only
                # rules a rank out altogether (copies are capped in count_pmf)
                room = min(B - 1 - minc[s][r], f)
                if nosuit[s][r]:
                    room = min(room, POPCOUNT[unknown_suits[r] & ~nosuit[s][r]]
                               - (minc[s][r] - POPCOUNT[shown[s][r]]))
                if room > 0:
                    row[r] = min(maxx[s][r], a)
        fit = _fit(floating, anon, self.stock, caps, self.quiet)
        for s in range(n):
            for r in RANKS_RANGE:
                if minc[s][r]:
                    fit.hold[s][r] = 1.0
        return Estimate(floating, anon, fit.extra, fit.stock_extra, fit.hold, unknown_suits,
                        caps, fit.odds, fit.inv_z, self.calibrated, self.stock)

    def card_chance(self, est: Estimate, seat: int, card: int) -> float:
        """Probability that ``seat`` holds exactly ``card`` (the card option)."""
        r = card >> 2
        b = bit_of(card)
        if self.shown[seat][r] & b:
            return 1.0
        if not est.unknown_suits[r] & b or self.nosuit[seat][r] & b or self.exact(seat):
            return 0.0
        room = POPCOUNT[est.unknown_suits[r] & ~self.nosuit[seat][r]]
        if not room:
            return 0.0
        pinned = self.minc[seat][r] - POPCOUNT[self.shown[seat][r]]
        return min(1.0, (pinned + est.extra[seat][r]) / room)


@dataclass
class _Fit:
    extra: list[list[float]]
    stock_extra: list[float]
    hold: list[list[float]]
    odds: list[list[float]]
    inv_z: list[list[float]]


def _fit(floating: list[int], anon: list[int], stock: int, caps: list[list[int]],
         quiet: list[list[float]], rounds: int = 8) -> _Fit:
    """Spread the floating cards over the hands' unknown slots and the stock.

    Slot ``i`` of a hand (the newest first) may be any rank whose cap is at least ``i``; it is
    of rank ``r`` with probability ``scale[r] * quiet[r] / Z_i``, ``Z_i`` summing over the
    ranks it may be. The stock's cards are in proportion to ``scale``. The rank scales are
    fitted (as in iterative proportional fitting) until every rank's floating cards add up.
    """
    n = len(anon)
    scale = [1.0 if f else 0.0 for f in floating]
    extra = [[0.0] * NUM_RANKS for _ in range(n)]
    odds = [[0.0] * NUM_RANKS for _ in range(n)]
    inv_z: list[list[float]] = [[] for _ in range(n)]
    stock_extra = [0.0] * NUM_RANKS
    seats = [s for s in range(n) if anon[s] and any(caps[s])]
    for _ in range(rounds):
        totals = [0.0] * NUM_RANKS
        for s in seats:
            c, q = caps[s], quiet[s]
            od = odds[s]
            top = 0
            for r in RANKS_RANGE:
                od[r] = scale[r] * q[r] if c[r] else 0.0
                if c[r] > top:
                    top = c[r]
            # Z_i: the odds of the ranks slot i may be; cumulative sums of 1 / Z_i
            level = [0.0] * (top + 2)
            for r in RANKS_RANGE:
                if c[r]:
                    level[c[r]] += od[r]
            z = 0.0
            cum = [0.0] * (top + 1)
            inv = [0.0] * (top + 1)
            for i in range(top, 0, -1):
                z += level[i]
                inv[i] = 1.0 / z if z > 0 else 0.0
            for i in range(1, top + 1):
                cum[i] = cum[i - 1] + inv[i]
            inv_z[s] = inv
            row = extra[s]
            for r in RANKS_RANGE:
                e = od[r] * cum[c[r]] if c[r] else 0.0
                row[r] = e
                totals[r] += e
        total_scale = sum(scale)
        for r in RANKS_RANGE:
            stock_extra[r] = stock * scale[r] / total_scale if total_scale else 0.0
            got = totals[r] + stock_extra[r]
            if got > 0 and floating[r]:
                scale[r] *= floating[r] / got
    hold = [[0.0] * NUM_RANKS for _ in range(n)]
    for s in seats:
        c, od, inv = caps[s], odds[s], inv_z[s]
        for r in RANKS_RANGE:
            if c[r]:
                none = 1.0
                for i in range(1, c[r] + 1):
                    none *= max(0.0, 1.0 - od[r] * inv[i])
                hold[s][r] = 1.0 - none
    return _Fit(extra, stock_extra, hold, odds, inv_z)


_HANDLERS = {
    ev.DEAL: Knowledge._on_deal,
    ev.DEALT: Knowledge._on_dealt,
    ev.ASK: Knowledge._on_ask,
    ev.GAVE: Knowledge._on_gave,
    ev.GO_FISH: Knowledge._on_miss,
    ev.NO_STOCK: Knowledge._on_miss,
    ev.DREW: Knowledge._on_drew,
    ev.LUCKY: Knowledge._on_lucky,
    ev.BOOK: Knowledge._on_book,
    ev.OUT: Knowledge._on_out,
    ev.DEAL_OVER: Knowledge._on_deal_over,
}
