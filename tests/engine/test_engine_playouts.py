"""Seeded random playouts over the rule options and 2 to 6 seats, checked at every step.

Which combinations: every option of Rules is a factor (``FACTORS``: its values, the seat count
2 to 6, the deal with three fixed sizes, and match targets 0, 3 and 12). ``pairwise`` builds a
covering set from a fixed seed, greedily (AETG style: each new row is the best of 30 random
candidates, each grown from an uncovered pair), so that every value of every factor meets every
value of every other factor in at least one row; ``test_combinations_cover_every_pair`` checks
it. Every preset is played in full on top of that, at every seat count.

How: half the games take uniformly random choices from ``legal_actions()``; the other half
replay, step by step, the actions the engine's own fast path (``play_randomly`` on a game built
with ``record=False``) chose, so it is held to the same checks. At every step: the 52 cards are
all there once each; counts agree with hands; books have the right size and no hand holds one;
the legal actions are exactly those an independent reading of the rules allows (an ask only for
a held rank, only of an opponent holding cards) and each passes ``game.check``; random illegal
actions are refused and leave ``snapshot()`` unchanged; the game ends within ``STEP_BOUND``
actions a deal. At the end: the winners have the top score; replay, record=False replay and the
JSON round trip (json.dumps/loads) give the same snapshot; every event, whole and as each seat
sees it, survives Event.to_json/from_json.

The normal suite plays at least NORMAL_GAMES games, shared out so that each combination
plays about as many steps (``games_for``); ``--slow`` plays SLOW_GAMES more.
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections import Counter
from dataclasses import fields
from typing import Any

import pytest

from gofish.engine import (
    CHOICES,
    PRESETS,
    Ask,
    Draw,
    Event,
    Game,
    IllegalAction,
    NextDeal,
    Rules,
    cards_in_play,
)
from gofish.engine.cards import POPCOUNT
from gofish.engine.game import _shuffle

NORMAL_GAMES = 5_000
SLOW_GAMES = 100_000
STEP_BOUND = 5_000  # actions in one deal; random games end far sooner (see test_step_bound)
DECK = list(range(52))

FACTORS: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4, 5, 6),
    "deal": ("7-for-2", "7-for-2-3", "7-for-2-4", "fixed-1", "fixed-4", "fixed-8"),
    "first_player": CHOICES["first_player"],
    "lucky_draw": (False, True),
    "end": CHOICES["end"],
    "empty_hand": CHOICES["empty_hand"],
    "empty_stock": CHOICES["empty_stock"],
    "after_miss": CHOICES["after_miss"],
    "ask_for": CHOICES["ask_for"],
    "bluff_asks": (False, True),
    "draw_until_hit": (False, True),
    "scoring": CHOICES["scoring"],
    "match_target": (0, 3, 12),
    "open_hands": (False, True),
    "pairs": (False, True),
}


def pairwise(factors: dict[str, tuple[Any, ...]], seed: int = 2024) -> list[dict[str, Any]]:
    """A covering set of rows: every pair of values of two factors appears in some row."""
    names = list(factors)
    sizes = [len(factors[n]) for n in names]
    k = len(names)
    uncovered = {
        (i, a, j, b)
        for i in range(k) for j in range(i + 1, k)
        for a in range(sizes[i]) for b in range(sizes[j])
    }
    rng = random.Random(seed)

    def gain(row: list[int | None], f: int, v: int) -> int:
        return sum(
            ((f, v, g, row[g]) if f < g else (g, row[g], f, v)) in uncovered
            for g in range(k) if g != f and row[g] is not None
        )

    rows: list[list[int]] = []
    while uncovered:
        pool = sorted(uncovered)
        best: list[int] = []
        best_score = -1
        for _ in range(30):
            i, a, j, b = rng.choice(pool)
            row: list[int | None] = [None] * k
            row[i], row[j] = a, b
            rest = [f for f in range(k) if row[f] is None]
            rng.shuffle(rest)
            for f in rest:
                row[f] = max(range(sizes[f]), key=lambda v, f=f: (gain(row, f, v), rng.random()))
            full = [v for v in row if v is not None]
            score = sum(
                (x, full[x], y, full[y]) in uncovered for x in range(k) for y in range(x + 1, k)
            )
            if score > best_score:
                best, best_score = full, score
        rows.append(best)
        uncovered -= {(x, best[x], y, best[y]) for x in range(k) for y in range(x + 1, k)}
    return [{n: factors[n][v] for n, v in zip(names, row, strict=True)} for row in rows]


def rules_of(row: dict[str, Any]) -> tuple[Rules, int]:
    options = {n: v for n, v in row.items() if n != "players"}
    deal = options.pop("deal")
    if deal.startswith("fixed-"):
        options["deal"], options["deal_fixed"] = "fixed", int(deal.split("-")[1])
    else:
        options["deal"] = deal
    return Rules(**options), row["players"]


ROWS = pairwise(FACTORS)
CONFIGS: list[tuple[str, Rules, int]] = [
    (f"pairwise-{i:02d}", *rules_of(row)) for i, row in enumerate(ROWS)
] + [(f"{name}-{n}", rules, n) for name, rules in PRESETS.items() for n in range(2, 7)]
MIN_GAMES = 8


@functools.cache
def games_for(total: int) -> dict[str, int]:
    """Games per combination, so that each plays about as many steps as the others.

    Asking for cards with every book to lay makes games twenty times longer than a quick
    game; sharing out steps rather than games keeps the suite fast without starving any
    combination (each plays at least MIN_GAMES). Lengths come from a few fast-path games.
    """
    weights = {}
    for name, rules, players in CONFIGS:
        actions = sum(
            Game(rules, players, 10_000 + seed, record=False).play_randomly(random.Random(seed))
            for seed in range(6)
        )
        weights[name] = 6 / actions
    scale = total / sum(weights.values())
    return {name: max(MIN_GAMES, math.ceil(scale * w)) for name, w in weights.items()}


# ---------------------------------------------------------------- the checks


def key(action: Any) -> tuple[Any, ...]:
    """An action as a plain tuple, cheap to hash in bulk."""
    if isinstance(action, Ask):
        return (action.target, action.rank, action.suit)
    return (type(action).__name__,)


def expected_legal(game: Game) -> set[tuple[Any, ...]]:
    """The legal actions, read from rules.md independently of the engine's own code."""
    if game.over:
        return set()
    if game.deal_over:
        return {("NextDeal",)}
    seat = game.turn
    assert not game.out[seat], "an out seat never has the turn"
    hand = game.hands[seat]
    if not game.counts[seat]:
        assert game.stock, "an empty hand with no stock is out"
        return {("Draw",)}
    targets = [t for t in range(game.players) if t != seat and game.counts[t]]
    ranks = [r for r in range(13) if hand[r]]
    if game.rules.ask_for == "rank":
        return {(t, r, None) for t in targets for r in ranks}
    bluff = game.rules.bluff_asks
    return {
        (t, r, s) for t in targets for r in ranks for s in range(4)
        if bluff or not hand[r] >> s & 1
    }


def refused(game: Game, action: Any) -> None:
    for attempt in (game.check, game.apply):
        try:
            attempt(action)
        except IllegalAction:
            continue
        raise AssertionError(f"{action!r} was accepted")


def illegal_candidates(
    game: Game, rng: random.Random, legal: set[tuple[Any, ...]], k: int
) -> list[Any]:
    n = game.players
    out = []
    while len(out) < k:
        roll = rng.random()
        if roll < 0.1:
            action: Any = Draw()
        elif roll < 0.2:
            action = NextDeal()
        else:
            suit = rng.choice((None, None, 0, 1, 2, 3, 4))
            action = Ask(rng.randrange(-1, n + 1), rng.randrange(-1, 14), suit)
        if key(action) not in legal:
            out.append(action)
    return out


def check_state(game: Game) -> None:
    assert sorted(cards_in_play(game)) == DECK
    size = game.rules.book_size
    bits = POPCOUNT.__getitem__
    for seat in range(game.players):
        hand = game.hands[seat]
        assert game.counts[seat] == sum(map(bits, hand))
        assert max(map(bits, hand)) < size, "a book stays in a hand"
        assert all(bits(m) == size for _, m in game.books[seat])
        if game.out[seat]:
            assert not game.counts[seat] and not game.stock


def check_step(game: Game, rng: random.Random) -> list[Any]:
    """Every per-step check; returns the legal actions."""
    check_state(game)
    legal = game.legal_actions()
    legal_set = {key(a) for a in legal}
    assert len(legal_set) == len(legal)
    assert legal_set == expected_legal(game)
    assert bool(legal) == (not game.over)
    for action in legal:
        game.check(action)
    if game.over:
        return legal
    if len(game.actions) % 4 == 0:
        assert game.view(game.to_act, with_events=False).legal == tuple(legal)
    before = game.snapshot()
    events, actions = len(game.events), len(game.actions)
    for action in illegal_candidates(game, rng, legal_set, 2):
        refused(game, action)
    assert game.snapshot() == before
    assert (len(game.events), len(game.actions)) == (events, actions)
    return legal


def check_end(game: Game, seed: int, quick: Game | None, every_seat: bool) -> None:
    """End-of-game checks; ``every_seat`` also checks what each seat's events hide."""
    assert game.over and game.to_act is None and game.legal_actions() == []
    totals = game.scores()
    assert game.winners == tuple(s for s in range(game.players) if totals[s] == max(totals))
    assert sum(sum(d) for d in game.deal_history) == sum(totals)
    snap = game.snapshot()
    again = Game.replay(game.rules, game.players, seed, game.actions)
    assert again.snapshot() == snap
    assert again.events == game.events
    if quick is None:
        quick = Game.replay(game.rules, game.players, seed, game.actions, record=False)
    assert quick.snapshot() == snap and not quick.events
    data = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(data, record=False).snapshot() == snap
    open_hands = game.rules.open_hands
    if every_seat:
        for s in range(game.players):
            for e in game.events:
                seen = e.for_seat(s, open_hands)
                assert seen == (e if open_hands or e.seat == s else e.public())
    # every form a seat may see is an event or its public form; equal events have equal
    # JSON, so each distinct one makes the trip once
    distinct = list(dict.fromkeys([*game.events, *(e.public() for e in game.events)]))
    data = json.loads(json.dumps([e.to_json() for e in distinct]))
    assert [Event.from_json(d) for d in data] == distinct


def play_checked(rules: Rules, players: int, seed: int, *, fast: bool) -> Game:
    """One game checked at every step; ``fast``: replay the engine's own random playout."""
    rng = random.Random(seed * 7919 + 1)
    chosen: list[Any] | None = None
    quick = None
    if fast:
        quick = Game(rules, players, seed, record=False)
        quick.play_randomly(random.Random(seed), max_actions=STEP_BOUND * 60)
        assert quick.over, "the game ends within the bound"
        chosen = quick.actions
    game = Game(rules, players, seed)
    steps_this_deal = 0
    deal = game.deal
    while True:
        legal = check_step(game, rng)
        if game.over:
            break
        if chosen is None:
            action = legal[rng.randrange(len(legal))]
        else:
            action = chosen[len(game.actions)]
            assert action in legal, "play_randomly chose an illegal action"
        game.apply(action)
        if game.deal != deal:
            deal, steps_this_deal = game.deal, 0
        steps_this_deal += 1
        assert steps_this_deal <= STEP_BOUND, "the deal ends within the bound"
    if chosen is not None:
        assert len(game.actions) == len(chosen)
    check_end(game, seed, quick, every_seat=seed % 8 == 0)
    return game


def run_config(rules: Rules, players: int, seeds: range) -> None:
    for seed in seeds:
        play_checked(rules, players, seed, fast=seed % 2 == 1)


# ---------------------------------------------------------------- the tests


def test_factors_name_every_option() -> None:
    names = {f.name for f in fields(Rules)} - {"deal_fixed"}
    assert set(FACTORS) - {"players"} == names
    for name, values in CHOICES.items():
        played = {"fixed" if str(v).startswith("fixed-") else v for v in FACTORS[name]}
        assert played == set(values), name


def test_combinations_cover_every_pair() -> None:
    names = list(FACTORS)
    seen = {(a, row[a], b, row[b]) for row in ROWS for a in names for b in names if a != b}
    for a in names:
        for b in names:
            if a == b:
                continue
            for va in FACTORS[a]:
                for vb in FACTORS[b]:
                    assert (a, va, b, vb) in seen, (a, va, b, vb)
    assert len(ROWS) < 60  # a covering set, far fewer rows than the full product


def test_game_counts() -> None:
    normal, slow = games_for(NORMAL_GAMES), games_for(SLOW_GAMES)
    assert set(normal) == set(slow) == {c[0] for c in CONFIGS}
    assert sum(normal.values()) >= NORMAL_GAMES and sum(slow.values()) >= SLOW_GAMES
    assert min(normal.values()) >= MIN_GAMES


@pytest.mark.parametrize(("name", "rules", "players"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_random_playouts(name: str, rules: Rules, players: int) -> None:
    run_config(rules, players, range(games_for(NORMAL_GAMES)[name]))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "rules", "players"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_random_playouts_long(name: str, rules: Rules, players: int) -> None:
    start = games_for(NORMAL_GAMES)[name]
    run_config(rules, players, range(start, start + games_for(SLOW_GAMES)[name]))


def test_same_seed_same_game() -> None:
    for name, rules, players in CONFIGS[:: max(1, len(CONFIGS) // 12)]:
        a = Game(rules, players, 99, record=False)
        b = Game(rules, players, 99, record=False)
        a.play_randomly(random.Random(3))
        b.play_randomly(random.Random(3))
        assert a.snapshot() == b.snapshot(), name
        assert a.actions == b.actions
        c = Game(rules, players, 100, record=False)
        c.play_randomly(random.Random(3))
        assert c.snapshot() != a.snapshot(), name


def test_deal_shuffle_is_pythons_shuffle() -> None:
    # saved games rebuild their deal from the seed: the fast shuffle must not drift from it
    for seed in range(200):
        ours, theirs = list(range(52)), list(range(52))
        _shuffle(random.Random(seed), ours)
        random.Random(seed).shuffle(theirs)
        assert ours == theirs


def test_play_randomly_is_uniform_over_legal_actions() -> None:
    """The fast path's first choice, over many copies of one position, is uniform (chi-square)."""
    for rules, players, seed in ((PRESETS["standard"], 4, 11), (Rules(ask_for="card"), 3, 5)):
        start = Game(rules, players, seed, record=False)
        legal = start.legal_actions()
        draws = 60 * len(legal)
        rng = random.Random(1)
        counts: Counter[Any] = Counter()
        for _ in range(draws):
            game = Game(rules, players, seed, record=False)
            game.play_randomly(rng, max_actions=1)
            counts[game.actions[0]] += 1
        assert set(counts) == set(legal)
        expected = draws / len(legal)
        chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
        # 99.9th percentile of chi-square with len(legal) - 1 degrees of freedom, roughly
        dof = len(legal) - 1
        assert chi2 < dof + 4.4 * math.sqrt(2 * dof) + 10, (chi2, dof)


def test_step_bound() -> None:
    """Random deals end far inside STEP_BOUND: the longest of many is well under a tenth."""
    longest = 0
    for name, rules, players in CONFIGS:
        for seed in range(20):
            game = Game(rules.replace(match_target=0), players, seed, record=False)
            longest = max(longest, game.play_randomly(random.Random(seed)))
            assert game.over, name
    assert longest < STEP_BOUND / 10
