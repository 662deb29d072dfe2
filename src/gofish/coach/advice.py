"""The coach of one seat: its table memory, the chance of every ask, hints and sure misses.

It is told exactly what a computer player is told (the seat's filtered events and its view)
and decides with the Hard player's own bookkeeping and evaluation, so it is honest by
construction and as strong as Hard.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gofish.ai.hard import HardPlayer
from gofish.engine import Ask, Event, Rules, SeatView
from gofish.engine.cards import POPCOUNT

from . import evidence as why
from .evidence import Evidence
from .memory import TableMemory, build_memory

# the reason a hint gives, besides those of evidence.py
SEEN = "seen"  # open hands: the card is in plain sight
KNOWN = "known"  # the record proves it (e.g. draw until hit stopped on the rank)
BOOK_CHANCE = "book-chance"  # no sure ask; a hit would complete a book
BOOK_WORTH = "book-worth"  # ... though other asks are likelier to hit
CHANCE = "chance"  # no sure ask; this one has the best chance
HELD_MOST = "held-most"  # no sure ask; not the likeliest, but a rank held several times
WEIGHED = "weighed"  # no sure ask; not the likeliest: what an ask tells the table counts too
NONE_LEFT = "none-left"  # every other card of the rank is accounted for elsewhere
BLUFF = "bluff"  # the card option: the card asked for is in our own hand
ALL_KNOWN = "all-known"  # every card of the target's hand is known, and none is of the rank
DEDUCED = "deduced"  # the card option: the only card of the rank the target can hold
NO_HIT = "no-hit"  # every ask is sure to miss
SEEN_LACK = "seen-lack"  # open hands: the target plainly has none
LACKS_CARD = "lacks-card"  # the card option: the target is known not to hold the card


@dataclass(frozen=True)
class Reason:
    kind: str
    target: int
    rank: int
    suit: int = -1  # the card option: the card's suit
    turns: int = 0  # turns since the fact
    other: int = -1  # a giver or a receiver
    chance: float = 0.0
    held: int = 0  # cards of the rank in the coached hand


@dataclass(frozen=True)
class Assessment:
    """One legal ask, as the coached seat can judge it."""

    ask: Ask
    chance: float  # that it finds what it asks for
    value: float  # the Hard player's worth of it
    sure_hit: bool
    sure_miss: bool


@dataclass(frozen=True)
class Hint:
    ask: Ask
    chance: float
    sure: bool
    reason: Reason


class Coach:
    """Feed it the seat's events with ``observe``; ask it with the seat's current view."""

    def __init__(self, seat: int, rules: Rules, players: int) -> None:
        self.seat = seat
        self.rules = rules
        self.players = players
        self.player = HardPlayer(seat, rules, players, seed=0)
        self.player.know.calibrated = True  # the chances a person reads are the truest ones
        # its reasons for a sure miss say "and has drawn no card since": it keeps to that proof
        # (a draw gives back every rank refused), not the computers' reading of shown draws
        self.player.know.by_draw = self.player.public.by_draw = False
        self.evidence = Evidence(seat, players, rules.ask_for == "card")

    @classmethod
    def from_view(cls, view: SeatView, events: Iterable[Event] | None = None) -> Coach:
        """A coach told the view's own history (or ``events``, filtered for the seat)."""
        coach = cls(view.seat, view.rules, view.players)
        for e in view.events if events is None else events:
            coach.observe(e)
        return coach

    def observe(self, event: Event) -> None:
        e = event.for_seat(self.seat, self.rules.open_hands)  # never more than the seat sees
        self.player.observe(e)
        self.evidence.observe(e)

    @property
    def knowledge(self):
        return self.player.know

    def _sync(self, view: SeatView) -> None:
        if view.seat != self.seat:
            raise ValueError(f"a coach of seat {self.seat} was given seat {view.seat}'s view")
        self.knowledge.sync(view.seat, view.hand, view.counts, view.stock,
                            view.hands if self.rules.open_hands else None)

    # ------------------------------------------------------------------ memory

    def memory(self, view: SeatView) -> TableMemory:
        self._sync(view)
        return build_memory(self.knowledge, self.evidence)

    # ------------------------------------------------------------------ asks

    def assess(self, view: SeatView, asks: list[Ask] | None = None) -> list[Assessment]:
        """Every legal ask (or ``asks``) with its chance and worth; [] when not asking."""
        if asks is None:
            asks = [a for a in view.legal if isinstance(a, Ask)]
        if not asks:
            return []
        self._sync(view)
        values = self.player.score_asks(view, asks)
        chances = self.player.hit_chances(asks)
        out = []
        for a, v, c in zip(asks, values, chances, strict=True):
            hit = self.sure_hit(a)
            miss = not hit and self.sure_miss_now(a)
            # "no chance" and "sure" are the record's words: odds alone never say them
            chance = 1.0 if hit else 0.0 if miss else min(max(c, 0.01), 0.99)
            out.append(Assessment(a, chance, v, hit, miss))
        return out

    def best(self, assessed: list[Assessment]) -> Assessment | None:
        """Hard's choice; among equals, a sure hit, then the first in the legal order.

        Among the asks Hard calls sensible, as Hard does: never a proved miss while another ask
        can hit (at two seats the rank held most of can score highest even when the record
        proves the opponent has none), a sure hit whenever there is one. ``assessed`` is
        ``assess``'s answer, just given: the player's scores are for those asks."""
        if not assessed:
            return None
        keep = self.player.sensible([a.ask for a in assessed], [a.value for a in assessed])
        pool = [assessed[i] for i in keep] or assessed
        return max(pool, key=lambda x: (round(x.value, 9), x.sure_hit))

    def sure_hit(self, ask: Ask) -> bool:
        """The record proves the target holds what is asked for (after ``_sync``)."""
        k = self.knowledge
        t, r = ask.target, ask.rank
        if ask.suit is None:
            return k.minc[t][r] > 0
        if k.shown[t][r] >> ask.suit & 1:
            return True
        return self._deduced(ask)

    def _deduced(self, ask: Ask) -> bool:
        """The card option: the target must hold unseen cards of the rank, and this is the
        only unseen card of it that it can hold."""
        k = self.knowledge
        t, r = ask.target, ask.rank
        if k.exact(t) or ask.suit is None:
            return False
        pinned = k.minc[t][r] - POPCOUNT[k.shown[t][r]]
        can = k.estimate().unknown_suits[r] & ~k.nosuit[t][r]
        return pinned > 0 and bool(can >> ask.suit & 1) and pinned >= POPCOUNT[can]

    def sure_miss_now(self, ask: Ask) -> bool:
        """The record proves the ask will miss (after ``_sync``)."""
        k = self.knowledge
        t, r = ask.target, ask.rank
        if self.sure_hit(ask):
            return False
        if k.exact(t):
            return True  # its whole hand is seen, and the card is not there
        est = k.estimate()
        if ask.suit is None:
            return k.maxx[t][r] == 0 or est.floating[r] == 0
        bit = 1 << ask.suit
        return bool(k.shown[self.seat][r] & bit or k.nosuit[t][r] & bit
                    or not est.unknown_suits[r] & bit)

    def sure_miss(self, view: SeatView, ask: Ask) -> bool:
        """Whether the record proves ``ask`` will miss: for a word before it is made."""
        self._sync(view)
        return self.sure_miss_now(ask)

    def warn_reason(self, view: SeatView, ask: Ask) -> Reason | None:
        """Why to stop a player before ``ask``: its miss reason, unless every legal ask is as sure
        to miss (late in a deal it happens): then there is nothing better to ask, and a word
        that makes each ask take two Enters is only in the way."""
        reason = self.miss_reason(view, ask)
        if reason is None:
            return None
        asks = [a for a in view.legal if isinstance(a, Ask)]
        return None if all(self.sure_miss_now(a) for a in asks) else reason

    def miss_reason(self, view: SeatView, ask: Ask) -> Reason | None:
        """Why ``ask`` is sure to miss, or None if it is not."""
        if not self.sure_miss(view, ask):
            return None
        k = self.knowledge
        t, r = ask.target, ask.rank
        if ask.suit is not None and k.shown[self.seat][r] >> ask.suit & 1:
            return Reason(BLUFF, t, r, ask.suit)
        if k.exact(t):
            return Reason(SEEN_LACK, t, r, ask.suit if ask.suit is not None else -1)
        if ask.suit is not None:
            kind = LACKS_CARD if k.nosuit[t][r] >> ask.suit & 1 else NONE_LEFT
            return Reason(kind, t, r, ask.suit)
        fact = self.evidence.lacks[t].get(r)
        if k.anon(t) <= 0:
            return Reason(ALL_KNOWN, t, r)
        if fact is not None:
            return Reason(fact.kind, t, r, turns=self.evidence.turns_since(fact),
                          other=fact.other)
        return Reason(NONE_LEFT, t, r)

    # ------------------------------------------------------------------ the hint

    def hint(self, view: SeatView) -> Hint | None:
        """The ask a strong player would make and why; None when the seat has no ask."""
        assessed = self.assess(view)
        top = self.best(assessed)
        if top is None:
            return None
        return Hint(top.ask, top.chance, top.sure_hit, self.explain(top, assessed))

    def explain(self, a: Assessment, assessed: list[Assessment]) -> Reason:
        """``reason`` for ``a`` among the asks ``assessed`` with it."""
        k = self.knowledge
        books = [x.chance for x in assessed  # a hit on these lays a book (all, under pairs)
                 if k.minc[self.seat][x.ask.rank] + 1 >= k.book_size]
        return self.reason(a, max(x.chance for x in assessed), max(books, default=None))

    def reason(self, a: Assessment, likeliest: float | None = None,
               likeliest_book: float | None = None) -> Reason:
        """Why ``a`` (as assessed just now) is the ask to make, in words a hint can give.
        ``likeliest`` is the best chance among the asks assessed with it: an ask well below it
        is never called "the best bet"; ``likeliest_book`` the best among those that would lay
        a book: a book ask well below it is never said to gain the most."""
        k = self.knowledge
        t, r = a.ask.target, a.ask.rank
        suit = a.ask.suit if a.ask.suit is not None else -1
        held = k.minc[self.seat][r]
        if a.sure_miss:
            return Reason(NO_HIT, t, r, suit, held=held)
        if a.sure_hit:
            if k.exact(t):
                return Reason(SEEN, t, r, suit, held=held)
            if suit >= 0 and not k.shown[t][r] >> suit & 1:
                return Reason(DEDUCED, t, r, suit, held=held)
            fact = self.evidence.holds[t].get(r)
            if fact is None:
                return Reason(KNOWN, t, r, suit, held=held)
            return Reason(fact.kind, t, r, suit, self.evidence.turns_since(fact), fact.other,
                          held=held)
        below = likeliest is not None and a.chance < likeliest - 0.05
        book_below = likeliest_book is not None and a.chance < likeliest_book - 0.05
        if held + 1 >= k.book_size and a.chance > 0 and not book_below:
            return Reason(BOOK_WORTH if below else BOOK_CHANCE, t, r, suit, chance=a.chance,
                          held=held)
        if below:
            # late in a two-seat deal nothing is kept out of sight (ai/hard.py, ``late``)
            hiding = held >= 2 and not self.player.late(k.stock)
            return Reason(HELD_MOST if hiding else WEIGHED, t, r, suit, chance=a.chance,
                          held=held)
        return Reason(CHANCE, t, r, suit, chance=a.chance, held=held)


__all__ = ["Assessment", "Coach", "Hint", "Reason", "why"]
