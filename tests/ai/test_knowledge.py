"""The public-knowledge tracker never believes something false, under every rules option."""

from __future__ import annotations

import random

import pytest
from ai_support import players_for, rule_sets

from gofish.ai.knowledge import Knowledge
from gofish.engine import Ask, Game, Rules
from gofish.engine.cards import NUM_RANKS, POPCOUNT


def check_bounds(k: Knowledge, game: Game) -> None:
    """Every bound the tracker keeps must contain the real game."""
    assert k.counts == game.counts
    assert k.stock == len(game.stock)
    for s in range(game.players):
        for r in range(NUM_RANKS):
            true = game.hands[s][r]
            held = POPCOUNT[true]
            assert k.shown[s][r] & ~true == 0, ("shown card not held", s, r)
            assert k.nosuit[s][r] & true == 0, ("held card ruled out", s, r)
            assert k.minc[s][r] <= held, ("minimum too high", s, r, k.minc[s][r], held)
            if not k.exact(s):
                assert held - k.minc[s][r] <= k.maxx[s][r], ("maximum too low", s, r)
        if k.grouped(s) and not game.over:
            assert sum(k.groups[s]) == k.anon(s), ("draws and unknown cards disagree", s)
    est = k.estimate()
    assert min(est.floating) >= 0
    assert sum(est.floating) == sum(est.anon) + k.stock
    for s in range(game.players):
        assert abs(sum(est.extra[s]) - est.anon[s]) < 1e-6 or est.anon[s] == 0
        for r in range(NUM_RANKS):
            if game.hands[s][r]:
                assert est.hold[s][r] > 0, ("held rank given no chance", s, r)


def run(rules: Rules, players: int, seed: int) -> int:
    """Random play with a tracker per seat and a public one; returns the decisions checked."""
    game = Game(rules, players, seed)
    trackers = [Knowledge(s, rules, players) for s in range(players)]
    public = Knowledge(None, rules, players)
    rng = random.Random(seed)
    fed = 0
    steps = 0
    while True:
        for e in game.events[fed:]:
            public.observe(e.for_seat(None, rules.open_hands))
            for s, k in enumerate(trackers):
                k.observe(e.for_seat(s, rules.open_hands))
        fed = len(game.events)
        for k in (*trackers, public):
            check_bounds(k, game)
        if game.over:
            return steps
        steps += 1
        game.apply(rng.choice(game.legal_actions()))


RULES = rule_sets(30)


def run_rules(index: int, games: int) -> None:
    rules = RULES[index]
    rng = random.Random(index)
    checked = 0
    for g in range(games):
        checked += run(rules, players_for(rules, rng), seed=1000 * index + g)
    assert checked > 0


@pytest.mark.parametrize("index", range(len(RULES)))
def test_bounds_hold_under_every_option(index: int) -> None:
    run_rules(index, 1)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(RULES)))
def test_bounds_hold_under_every_option_many_games(index: int) -> None:
    run_rules(index, 40)


def test_asks_and_misses_are_remembered() -> None:
    """A two-seat game: the opponent's ask pins a rank, its Go fish clears one."""
    rules = Rules(deal="fixed", deal_fixed=7)
    game = Game(rules, 2, seed=3)
    me, other = game.to_act, 1 - game.to_act
    k = Knowledge(other, rules, 2)
    for e in game.events:
        k.observe(e.for_seat(other))
    asked = next(r for r in range(NUM_RANKS) if game.hands[me][r])
    before = len(game.events)
    game.apply(Ask(other, asked, None))
    for e in game.events[before:]:
        k.observe(e.for_seat(other))
    # the asker is known to hold the rank it asked for
    assert k.holds(me, asked) >= 1
    est = k.estimate()
    assert est.hold[me][asked] == 1.0
    assert sum(est.floating) == sum(est.anon) + k.stock
