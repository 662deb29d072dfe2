"""No visibly silly asks: Medium, Hard and Expert never ask a seat for what the table has just
seen it does not hold, and the sure-hit rate of each level.

The referee here is written apart from the players' own bookkeeping: it reads the public
events only. A seat is *proved* to lack a rank (under the card option: a card) from the moment
it says "Go fish" (or "no stock") to it, hands all of it over (under the card option, that
card), or lays down its book, until it next draws a card or is handed that rank. A lucky draw
is the asker's draw, so it proves nothing about the seat asked. Under open hands the hands are
public, and a hand in view without the rank proves it too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from gofish.ai import expert, make_player, tell
from gofish.engine import Ask, Event, Game, Rules, preset
from gofish.engine import events as ev


@dataclass
class Referee:
    """What the public record proves about every hand."""

    rules: Rules
    players: int
    lacks: set[tuple[int, int, int]] = field(default_factory=set)  # (seat, rank, suit or -1)
    holds: set[tuple[int, int, int]] = field(default_factory=set)  # ... known to be there
    asked_suit: int = -1

    def observe(self, e: Event) -> None:
        card = self.rules.ask_for == "card"
        kind = e.kind
        if kind == ev.DEAL:
            self.lacks.clear()
            self.holds.clear()
        elif kind == ev.ASK:
            self.asked_suit = e.suit
            self.holds.add((e.seat, e.rank, -1))  # an ask proves the asker holds the rank
        elif kind == ev.GAVE:
            for c in e.cards:
                self.holds.add((e.seat, e.rank, c & 3))
                self.holds.discard((e.target, e.rank, c & 3))
                self.lacks.discard((e.seat, e.rank, c & 3))
                if card:
                    self.lacks.add((e.target, e.rank, c & 3))
            self.holds.add((e.seat, e.rank, -1))
            self.lacks.discard((e.seat, e.rank, -1))
            if not card:
                self.lacks.add((e.target, e.rank, -1))
                self.holds.discard((e.target, e.rank, -1))
        elif kind in (ev.GO_FISH, ev.NO_STOCK):
            if card:
                self.lacks.add((e.target, e.rank, self.asked_suit))
            else:
                self.lacks.add((e.target, e.rank, -1))
                self.holds.discard((e.target, e.rank, -1))
        elif kind == ev.DREW:
            self.lacks = {x for x in self.lacks if x[0] != e.seat}
        elif kind == ev.LUCKY:
            for c in e.cards:
                self.holds.add((e.seat, e.rank, c & 3))
            self.holds.add((e.seat, e.rank, -1))
        elif kind == ev.BOOK:
            self.holds = {x for x in self.holds if x[:2] != (e.seat, e.rank)}
            if self.rules.book_size == 4 and not card:
                self.lacks.add((e.seat, e.rank, -1))

    def proved_missing(self, game: Game, a: Ask) -> bool:
        if self.rules.open_hands:
            held = game.hands[a.target][a.rank]
            return not (held if a.suit is None else held >> a.suit & 1)
        return (a.target, a.rank, -1 if a.suit is None else a.suit) in self.lacks

    def sure(self, game: Game, a: Ask) -> bool:
        if self.rules.open_hands:
            return not self.proved_missing(game, a)
        return (a.target, a.rank, -1 if a.suit is None else a.suit) in self.holds


@dataclass
class Count:
    decisions: int = 0
    silly: int = 0
    sure_offered: int = 0
    sure_taken: int = 0
    examples: list[str] = field(default_factory=list)


RULES = [preset("standard"), preset("quick"), preset("classic"), preset("kids"),
         Rules(ask_for="card"), Rules(ask_for="card", bluff_asks=True, end="first-out"),
         Rules(draw_until_hit=True), Rules(lucky_draw=False, after_miss="asked-player")]


def referee_games(levels: list[str], games: int, seed: int = 0) -> dict[str, Count]:
    """Play ``games`` games of the levels round tables of 2 to 6; count per level."""
    counts = {level: Count() for level in levels}
    rng = random.Random(seed)
    for g in range(games):
        rules = RULES[g % len(RULES)]
        n = 2 + g % 5
        try:
            rules.check_players(n)
        except ValueError:
            n = 2
        seats = [rng.choice(levels) for _ in range(n)]
        players = [make_player(seats[s], s, rules, n, seed + g * 7 + s) for s in range(n)]
        game = Game(rules, n, seed + g)
        referee = Referee(rules, n)
        fed = 0
        while not game.over:
            new = game.events[fed:]
            tell(players, new, rules.open_hands)
            for e in new:
                referee.observe(e)
            fed = len(game.events)
            seat = game.to_act
            view = game.view(seat, with_events=False)
            action = players[seat].choose(view)
            asks = [a for a in view.legal if isinstance(a, Ask)]
            if isinstance(action, Ask) and len(asks) > 1:
                c = counts[seats[seat]]
                c.decisions += 1
                if referee.proved_missing(game, action) and any(
                        not referee.proved_missing(game, a) for a in asks):
                    c.silly += 1
                    if len(c.examples) < 5:
                        c.examples.append(f"game {seed + g} ({n} seats): {action}")
                # a bluff (a card it holds) is never counted as a sure hit to be taken
                sure = [a for a in asks if referee.sure(game, a)]
                if sure and not rules.bluff_asks:
                    c.sure_offered += 1
                    c.sure_taken += action in sure
            game.apply(action)
    return counts


def _check(counts: dict[str, Count]) -> None:
    for level, c in counts.items():
        assert c.decisions > 100, level
        assert c.silly == 0, (level, c.silly, c.decisions, c.examples)


def test_the_referee_catches_a_silly_ask() -> None:
    """The referee itself: a player that asks back what it was just refused is caught."""
    rules = preset("standard")
    # seat 0 holds 2c 3c, seat 1 holds 4c; seat 0 asks for 2s: "Go fish", draws the 5c
    hands = [[0, 4], [8]]
    stock = [c for c in range(52) if c not in (0, 4, 8, 12)] + [12]
    game = Game.from_position(rules, hands, stock, [[], []], 0, record=True)
    referee = Referee(rules, 2)
    for e in game.apply(Ask(1, 0)):
        referee.observe(e)
    assert referee.proved_missing(game, Ask(1, 0))
    assert not referee.proved_missing(game, Ask(1, 1))
    # seat 1 then draws a card: the proof is gone
    referee.observe(Event(ev.DREW, seat=1, count=1))
    assert not referee.proved_missing(game, Ask(1, 0))


def test_no_silly_asks() -> None:
    """A few hundred games at 2 to 6 seats over eight rule sets (the long run is --slow)."""
    _check(referee_games(["medium", "hard"], 240))


def test_no_silly_asks_from_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    # Expert searches only among the asks Hard's rules leave (ai/hard.py, ``sensible``), so
    # fewer playouts change which of them it plays, not whether one is silly
    monkeypatch.setattr(expert, "PLAYOUTS", 40)
    _check(referee_games(["expert", "hard"], 40, seed=5000))


@pytest.mark.slow
def test_no_silly_asks_over_a_thousand_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "PLAYOUTS", 40)
    counts = referee_games(["medium", "hard", "expert"], 1200, seed=10_000)
    _check(counts)
    for level, c in counts.items():
        print(f"{level}: {c.decisions} asks, silly {c.silly}, sure hits taken "
              f"{c.sure_taken}/{c.sure_offered} = {c.sure_taken / max(1, c.sure_offered):.1%}")
