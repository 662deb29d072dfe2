"""benchmarks/compare.py and benchmarks/information.py: fair duplicate games, honest settings."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str):
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_variant_against_itself_wins_exactly_one_game_a_deal():
    """Hard against Hard, each deal both ways: the very same game twice, so each deal gives one
    sole win in Standard (13 books: no ties). A difference between variants is theirs."""
    compare = load("compare")
    shares = compare.chunk(("standard", 2, "hard", "hard", list(range(100_000, 100_004))))
    assert shares == [0.5] * 4


def test_settings_reach_the_player_and_unknown_ones_are_refused():
    from gofish.engine import preset

    compare = load("compare")
    p = compare.build("hard:reads_steadiness=0,held=0.5", 0, preset("quick"), 2, 1)
    assert p.reads_steadiness is False and p.weights.held == 0.5
    assert compare.build("expert:reads_looseness=0", 1, preset("quick"), 2, 1).reads_looseness \
        is False
    with pytest.raises(SystemExit, match="no weight or setting"):
        compare.build("hard:nonsense=1", 0, preset("quick"), 2, 1)


def test_the_seer_asks_only_for_what_the_other_hand_holds():
    """The yardstick that looks at the other hand never misses while a hit exists."""
    from gofish.engine import Ask, Game, preset

    info = load("information")
    game = Game(preset("standard"), 2, 7)
    seer = info.Seer(game.to_act, game, 1)
    other = 1 - game.to_act
    action = seer.choose(game.view(game.to_act, with_events=False))
    theirs = {c >> 2 for c in game.hand_cards(other)}
    mine = {c >> 2 for c in game.hand_cards(game.to_act)}
    assert isinstance(action, Ask)
    assert (action.rank in theirs) is bool(theirs & mine)


def test_the_steadiness_report_tells_a_steady_player_from_a_scattered_one():
    compare = load("compare")
    seeds = list(range(100_000, 100_004))
    steady = compare.steadiness("standard", "hoarder", seeds)
    scattered = compare.steadiness("standard", "random", seeds)
    assert steady and scattered
    assert min(steady) > max(scattered)
