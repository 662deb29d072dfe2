"""benchmarks/fit_weights.py: its duplicate games are fair, so a fitted edge is the weights'."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path

import pytest

from gofish.ai.hard import HARD, weights_for
from gofish.engine import preset

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "fit_weights.py"


@pytest.fixture(scope="module")
def fit():
    spec = importlib.util.spec_from_file_location("fit_weights", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [2, 3])
def test_hards_own_weights_score_exactly_a_fair_share(fit, players: int) -> None:
    """Each deal is played in every seating with the same seeds: Hard against Hard plays the
    very same game in each, so its sole wins add up to one game (none if the game is tied)."""
    rules = preset("standard")
    seeds = list(range(100_000, 100_006))
    shares = fit.run_chunk((rules.to_json(), weights_for(players).__dict__, players, seeds))
    assert all(s in (0.0, pytest.approx(1 / players)) for s in shares)
    if players == 2:  # 13 books between two: never a tie
        assert shares == pytest.approx([1 / players] * len(seeds))


def test_the_mix_is_measured_per_seed(fit) -> None:
    from concurrent.futures import ThreadPoolExecutor
    rules = preset("quick")
    seeds = list(range(100_000, 100_004))
    with ThreadPoolExecutor(1) as pool:
        mean, half = fit.measure([rules], HARD, 2, seeds, pool, ["random", "simple"])
    each = [fit.run_chunk((rules.to_json(), HARD.__dict__, 2, seeds, o, "hard"))
            for o in ("random", "simple")]
    assert mean == pytest.approx(sum(map(sum, each)) / 8)


def test_other_weights_play_other_games(fit) -> None:
    rules = preset("standard")
    seeds = list(range(100_000, 100_008))
    hard = fit.run_chunk((rules.to_json(), HARD.__dict__, 2, seeds))
    other = fit.run_chunk((rules.to_json(), replace(HARD, keep=0.0).__dict__, 2, seeds))
    assert hard != other


def test_unknown_weights_are_refused(fit, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        fit.main(["nerve=3"])
    assert "unknown weight 'nerve'" in capsys.readouterr().err
