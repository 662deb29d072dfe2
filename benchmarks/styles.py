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

Issue 32 added players with a system, as people and classic programs have one (the five above
fall back on chance, and a systematic asker's asks say much more about its hand):

- ``systematic``: a classic program's strong mode. It remembers every rank an opponent asked
  for, not just the last, and asks the earliest of them back while it holds it, once (it
  forgets the rank when it asks for it, or when the asker hands it over, lays it down or says
  "Go fish" to it). With nothing to ask back, one time in three it asks for the rank it holds
  most of (the lowest of those); otherwise it goes through its ranks from the lowest up,
  asking for the next it holds that it has not asked for since it last went round.
- ``cycler``: a classic program's easy mode: no memory; it asks for its ranks in turn, the
  lowest rank it holds above the one it asked for last (after the kings, the lowest again).
- ``echo``: asks back what it was asked for: of the last three ranks an opponent asked *it*
  for, the latest it now holds, of that opponent; else the rank it holds most of (the lowest
  of those). It never asks a seat again for a rank that seat refused before drawing since.
- ``elephant``: a careful player with a long memory: every rank each seat asked for or was
  handed (until it handed it over, laid it down or refused it), and every "Go fish" until that
  seat draws. It takes a sure hit (the latest seen first), never asks for a rank the seat has
  just refused, and otherwise asks for the rank it holds most of (the lowest of those).
- ``hider``: keeps its strong ranks hidden. It takes a sure hit when the record shows one;
  otherwise it fishes with the rank it holds fewest of (the lowest of those), and asks for a
  rank it holds two or three of only when it holds no single card, so the table learns of its
  pairs as late as it can.
"""

from __future__ import annotations

import random

from gofish.engine import Action, Ask, Event, Rules, SeatView
from gofish.engine import events as ev

STYLES = ("rememberer", "simple", "hoarder", "mimic", "random", "systematic", "cycler", "echo",
          "elephant", "hider")


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
        return self.of(asks, rank)

    def of(self, asks: list[Ask], rank: int, target: int | None = None) -> Ask:
        """An ask for ``rank``: of ``target`` if it may be asked, else of a random opponent."""
        same = [a for a in asks if a.rank == rank]
        return self.rng.choice([a for a in same if a.target == target] or same)

    @staticmethod
    def held(view: SeatView) -> list[int]:
        counts = [0] * 13
        for c in view.hand:
            counts[c >> 2] += 1
        return counts

    def most(self, view: SeatView, asks: list[Ask]) -> int:
        """The rank of the hand it holds most of, the lowest of those."""
        held = self.held(view)
        return min({a.rank for a in asks}, key=lambda r: (-held[r], r))


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


class SystematicStyle(Style):
    name = "systematic"
    MOST = 1 / 3  # how often, with nothing to ask back, it asks for the rank it holds most of

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.asked: dict[tuple[int, int], None] = {}  # (opponent, rank) in the order asked
        self.gone: set[int] = set()  # ranks it asked for since it last went round

    def observe(self, e: Event) -> None:
        kind = e.kind
        if kind == ev.DEAL:
            self.asked.clear()
            self.gone.clear()
        elif kind == ev.ASK and e.seat != self.seat:
            self.asked.setdefault((e.seat, e.rank))
        elif kind == ev.ASK:
            self.asked = {k: None for k in self.asked if k[1] != e.rank}
            self.gone.add(e.rank)
        elif kind in (ev.GAVE, ev.GO_FISH, ev.NO_STOCK):
            self.asked.pop((e.target, e.rank), None)
        elif kind == ev.BOOK:
            self.asked.pop((e.seat, e.rank), None)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        ranks = {a.rank for a in asks}
        for who, rank in self.asked:  # the earliest asked first
            if rank in ranks:
                return self.of(asks, rank, who)
        if self.rng.random() < self.MOST:
            return self.of(asks, self.most(view, asks))
        fresh = sorted(ranks - self.gone)
        if not fresh:
            self.gone.clear()  # been round: start again from the lowest
            fresh = sorted(ranks)
        return self.of(asks, fresh[0])


class CyclerStyle(Style):
    name = "cycler"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.last = -1  # the rank it asked for last

    def observe(self, e: Event) -> None:
        if e.kind == ev.DEAL:
            self.last = -1
        elif e.kind == ev.ASK and e.seat == self.seat:
            self.last = e.rank

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        ranks = sorted({a.rank for a in asks})
        above = [r for r in ranks if r > self.last]
        return self.of(asks, (above or ranks)[0])


class Refusals:
    """Who said "Go fish" (or had no card) to which rank, until that seat draws."""

    def __init__(self) -> None:
        self.refused: set[tuple[int, int]] = set()  # (seat, rank)

    def observe(self, e: Event) -> None:
        if e.kind == ev.DEAL:
            self.refused.clear()
        elif e.kind in (ev.GO_FISH, ev.NO_STOCK):
            self.refused.add((e.target, e.rank))
        elif e.kind == ev.DREW:
            self.refused = {x for x in self.refused if x[0] != e.seat}

    def allowed(self, asks: list[Ask]) -> list[Ask]:
        """The asks no seat has just refused (all of them, if every one has been)."""
        return [a for a in asks if (a.target, a.rank) not in self.refused] or asks


class EchoStyle(Style):
    name = "echo"
    MEMORY = 3  # the asks made of it that it remembers

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.heard: list[tuple[int, int]] = []  # (opponent, rank) asked of it, oldest first
        self.refusals = Refusals()

    def observe(self, e: Event) -> None:
        self.refusals.observe(e)
        if e.kind == ev.DEAL:
            self.heard.clear()
        elif e.kind == ev.ASK and e.target == self.seat:
            self.heard = [x for x in self.heard if x[1] != e.rank][-(self.MEMORY - 1):]
            self.heard.append((e.seat, e.rank))
        elif e.kind == ev.ASK and e.seat == self.seat:
            self.heard = [x for x in self.heard if x[1] != e.rank]

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        asks = self.refusals.allowed(asks)
        ranks = {a.rank for a in asks}
        for who, rank in reversed(self.heard):
            if rank in ranks:
                return self.of(asks, rank, who)
        return self.of(asks, self.most(view, asks))


class ElephantStyle(Style):
    name = "elephant"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.record = Record()
        self.refusals = Refusals()
        self.clock = 0

    def observe(self, e: Event) -> None:
        self.clock += 1
        self.record.observe(e, self.clock)
        self.refusals.observe(e)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        holds = self.record.holds
        sure = [a for a in asks if (a.target, a.rank) in holds]
        if sure:
            return max(sure, key=lambda a: (holds[(a.target, a.rank)], -a.rank))
        asks = self.refusals.allowed(asks)
        return self.of(asks, self.most(view, asks))


class HiderStyle(Style):
    name = "hider"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.record = Record()
        self.clock = 0

    def observe(self, e: Event) -> None:
        self.clock += 1
        self.record.observe(e, self.clock)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        sure = [a for a in asks if (a.target, a.rank) in self.record.holds]
        if sure:
            return self.rng.choice(sure)
        held = self.held(view)
        rank = min({a.rank for a in asks}, key=lambda r: (held[r], r))
        return self.of(asks, rank)


STYLE_CLASSES: dict[str, type[Style]] = {
    "rememberer": RemembererStyle,
    "simple": SimpleStyle,
    "hoarder": HoarderStyle,
    "mimic": MimicStyle,
    "random": RandomStyle,
    "systematic": SystematicStyle,
    "cycler": CyclerStyle,
    "echo": EchoStyle,
    "elephant": ElephantStyle,
    "hider": HiderStyle,
}
