"""Outside opponents for the gauntlet: how people and classic Go Fish programs play.

None of these is one of our levels, and none was written from them: each is a style seen at
real tables or in classic programs, reduced to a few lines. Like our levels they see only
their seat's view and the events it was shown (``observe`` / ``choose``), never the game.

- ``rememberer``: the strong mode of a classic two-player program: it remembers every rank an
  opponent asked for, and asks that rank back when it holds it (the most recent first), until
  the opponent has handed it over, laid it down or said "Go fish" to it; otherwise a plain
  choice (a random rank of its hand, a random opponent).
- ``simple``: take a sure hit if the table's record shows one (a seat that asked for a rank,
  or was handed it, and has not given it up since), else ask for the rank you hold most of.
- ``hoarder``: keeps its hand to itself: it asks again for ranks it has already shown (the
  one it holds most of), opening a new rank only when none is left, always of the opponent
  with the most cards.
- ``mimic``: asks for what it last heard asked at the table (of the seat that asked it), when
  it holds that rank; otherwise, as many people do, for the rank of the card it drew last
  (or a random rank when it no longer holds one).
- ``random``: any legal action.
"""

from __future__ import annotations

import random

from gofish.engine import Action, Ask, Event, Rules, SeatView
from gofish.engine import events as ev

STYLES = ("rememberer", "simple", "hoarder", "mimic", "random")


class Style:
    """Plumbing shared by the styles: forced moves at once, asks to ``pick``."""

    name = ""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.seat = seat
        self.rules = rules
        self.players = players
        self.rng = random.Random(seed)

    def observe(self, event: Event) -> None:
        pass

    def choose(self, view: SeatView) -> Action:
        asks = [a for a in view.legal if isinstance(a, Ask)]
        if not asks:
            return view.legal[0]
        ask = self.pick(view, asks)
        if ask.suit is not None:
            # the card option: a card of that rank and opponent it does not hold
            mine = set(view.hand)
            same = [a for a in asks if (a.target, a.rank) == (ask.target, ask.rank)
                    and a.rank * 4 + (a.suit or 0) not in mine] or [ask]
            ask = self.rng.choice(same)
        return ask

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        return self.rng.choice(asks)

    def plain(self, view: SeatView, asks: list[Ask]) -> Ask:
        """A random rank of the hand, of a random opponent."""
        rank = self.rng.choice(sorted({a.rank for a in asks}))
        return self.rng.choice([a for a in asks if a.rank == rank])


class RandomStyle(Style):
    name = "random"


class Record:
    """The table's record of who is known to hold what: asked for it, or was handed it, and
    has not handed it over, laid it down or said "Go fish" to it since."""

    def __init__(self) -> None:
        self.holds: dict[tuple[int, int], int] = {}  # (seat, rank): when it was last seen

    def observe(self, e: Event, clock: int) -> None:
        kind = e.kind
        if kind == ev.DEAL:
            self.holds.clear()
        elif kind == ev.ASK:
            self.holds[(e.seat, e.rank)] = clock
        elif kind == ev.GAVE:
            self.holds[(e.seat, e.rank)] = clock
            self.holds.pop((e.target, e.rank), None)
        elif kind in (ev.GO_FISH, ev.NO_STOCK):
            self.holds.pop((e.target, e.rank), None)
        elif kind == ev.LUCKY:
            self.holds[(e.seat, e.rank)] = clock
        elif kind == ev.BOOK:
            self.holds.pop((e.seat, e.rank), None)


class SimpleStyle(Style):
    name = "simple"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.record = Record()
        self.clock = 0

    def observe(self, event: Event) -> None:
        self.clock += 1
        self.record.observe(event, self.clock)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        sure = [a for a in asks if (a.target, a.rank) in self.record.holds]
        if sure:
            return self.rng.choice(sure)
        held = [0] * 13
        for c in view.hand:
            held[c >> 2] += 1
        most = max(held[a.rank] for a in asks)
        rank = self.rng.choice(sorted({a.rank for a in asks if held[a.rank] == most}))
        return self.rng.choice([a for a in asks if a.rank == rank])


class RemembererStyle(Style):
    name = "rememberer"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.asked: dict[tuple[int, int], int] = {}  # (opponent, rank): when it asked
        self.clock = 0

    def observe(self, e: Event) -> None:
        self.clock += 1
        kind = e.kind
        if kind == ev.DEAL:
            self.asked.clear()
        elif kind == ev.ASK and e.seat != self.seat:
            self.asked[(e.seat, e.rank)] = self.clock
        elif kind == ev.GAVE or kind in (ev.GO_FISH, ev.NO_STOCK):
            self.asked.pop((e.target, e.rank), None)
        elif kind == ev.BOOK:
            self.asked.pop((e.seat, e.rank), None)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        back = [a for a in asks if (a.target, a.rank) in self.asked]
        if back:
            return max(back, key=lambda a: self.asked[(a.target, a.rank)])
        return self.plain(view, asks)


class HoarderStyle(Style):
    name = "hoarder"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.shown: set[int] = set()  # ranks it has asked for this deal

    def observe(self, e: Event) -> None:
        if e.kind == ev.DEAL:
            self.shown.clear()
        elif e.kind == ev.ASK and e.seat == self.seat:
            self.shown.add(e.rank)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        held = [0] * 13
        for c in view.hand:
            held[c >> 2] += 1
        ranks = {a.rank for a in asks}
        pool = (ranks & self.shown) or ranks
        most = max(held[r] for r in pool)
        rank = self.rng.choice(sorted(r for r in pool if held[r] == most))
        biggest = max(view.counts[a.target] for a in asks if a.rank == rank)
        return self.rng.choice([a for a in asks if a.rank == rank
                                and view.counts[a.target] == biggest])


class MimicStyle(Style):
    name = "mimic"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.heard: tuple[int, int] | None = None  # (seat, rank) of the last ask by another
        self.drew = -1  # rank of the card it drew last

    def observe(self, e: Event) -> None:
        if e.kind == ev.DEAL:
            self.heard = None
            self.drew = -1
        elif e.kind == ev.ASK and e.seat != self.seat:
            self.heard = (e.seat, e.rank)
        elif e.kind == ev.DREW and e.seat == self.seat and e.secret:
            self.drew = e.secret[-1] >> 2

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        if self.heard is not None:
            seat, rank = self.heard
            same = [a for a in asks if a.rank == rank]
            if same:
                return self.rng.choice([a for a in same if a.target == seat] or same)
        drawn = [a for a in asks if a.rank == self.drew]
        return self.rng.choice(drawn or asks)


STYLE_CLASSES: dict[str, type[Style]] = {
    "rememberer": RemembererStyle,
    "simple": SimpleStyle,
    "hoarder": HoarderStyle,
    "mimic": MimicStyle,
    "random": RandomStyle,
}
