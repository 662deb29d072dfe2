"""Every level plays whole games under every rules option, legally and reproducibly."""

from __future__ import annotations

import random

import pytest
from ai_support import play_to_end, players_for, playout, rule_sets

from gofish.ai import LEVEL_CLASSES, expert, make_player
from gofish.engine import Game, Rules, preset
from gofish.seats import LEVELS

RULES = rule_sets(12, seed=5)


def play_all(rules: Rules, seed: int) -> Game:
    rng = random.Random(seed)
    n = players_for(rules, rng)
    levels = list(LEVELS)
    rng.shuffle(levels)
    return play_to_end(rules, n, seed, levels)


def test_every_level_is_registered() -> None:
    assert set(LEVEL_CLASSES) == set(LEVELS)
    with pytest.raises(ValueError, match="unknown computer level"):
        make_player("grandmaster", 0, Rules(), 2, 0)


@pytest.mark.parametrize("index", range(0, len(RULES), 3))
def test_whole_games_under_the_options(index: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "PLAYOUTS", 30)
    play_all(RULES[index], seed=index)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(RULES)))
def test_whole_games_under_every_option(index: int) -> None:
    for seed in range(3):
        play_all(RULES[index], seed=100 * index + seed)


@pytest.mark.parametrize("level", LEVELS)
def test_the_same_seed_and_events_give_the_same_game(level: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "PLAYOUTS", 30)
    rules = preset("quick")
    games = []
    for _ in range(2):
        game = play_to_end(rules, 3, 8, [level, "medium", "hard"])
        games.append([a.to_json() for a in game.actions])
    assert games[0] == games[1]


def test_a_player_made_mid_game_catches_up_from_the_events() -> None:
    """A resumed game replays the seat's events into a new player: it judges as the old one."""
    rules = preset("standard")
    for game, seat, player in playout(rules, 4, 12, ["hard", "random", "random", "random"]):
        view = game.view(seat, with_events=False)
        if seat == 0 and len(game.actions) > 30 and len(view.legal) > 1:
            late = make_player("hard", 0, rules, 4, seed=1)
            for e in game.events:
                late.observe(e.for_seat(0))
            asks = list(view.legal)
            assert late.score_asks(view, asks) == player.score_asks(view, asks)
            assert late.know.minc == player.know.minc and late.know.maxx == player.know.maxx
            return
    pytest.fail("no position reached")
