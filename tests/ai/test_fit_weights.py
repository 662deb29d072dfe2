"""benchmarks/fit_weights.py: its duplicate games are fair, so a fitted edge is the weights'."""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path

import pytest

from gofish.ai.hard import HARD
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
    """Each deal is played in every seating with the same seeds: Hard against Hard is a draw."""
    rules = preset("standard")
    shares = fit.run_chunk((rules.to_json(), HARD.__dict__, players, [100_000, 100_001]))
    assert shares == pytest.approx([1 / players] * 2)


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
