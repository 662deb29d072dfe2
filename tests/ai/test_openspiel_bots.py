"""benchmarks/openspiel_bots.py: OpenSpiel's go_fish kept in step with our game (skipped where
open-spiel is not installed: it is never a dependency of gofish)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str):
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("table", ["2-standard", "2-quick", "4-standard"])
def test_openspiels_state_follows_ours_through_whole_games(table: str) -> None:
    bots, gauntlet = load("openspiel_bots"), load("gauntlet")
    assert bots.available() is None
    before = bots.OpenSpielSeat.desynced
    for seed in range(4):
        for at in range(gauntlet.TABLES[table][1]):
            gauntlet.play(table, "hard", "openspiel-random", seed, at)
    assert bots.OpenSpielSeat.desynced == before  # every deal, ask and draw was OpenSpiel's too


def test_the_seat_asks_what_openspiel_chose() -> None:
    """OpenSpiel's player 0 is the seat our game lets play first; its ask comes back as ours."""
    from gofish.engine import Game, preset

    bots = load("openspiel_bots")
    game = Game(preset("standard"), 2, 3)
    seat = bots.OpenSpielSeat("openspiel-random", game.to_act, game, 1)
    action = seat.choose(game.view(game.to_act, with_events=False))
    assert action in game.view(game.to_act, with_events=False).legal
    assert seat.state.current_player() == 0 and not seat.lost
    assert seat._os(game.to_act) == 0
