"""Shared helpers for the computer-player tests: rule sets covering every option, and playouts."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from gofish.ai import make_player, tell
from gofish.engine import CHOICES, PRESETS, Game, Rules


def rule_sets(count: int, seed: int = 0) -> list[Rules]:
    """The presets, then ``count`` random combinations of every option of rules.md."""
    rng = random.Random(seed)
    found = list(PRESETS.values())
    # one variation per option value, so each value is sure to be played
    for name, values in CHOICES.items():
        for value in values:
            found.append(Rules().replace(**{name: value}))
    for flag in ("lucky_draw", "bluff_asks", "draw_until_hit", "open_hands", "pairs"):
        found.append(Rules().replace(**{flag: not getattr(Rules(), flag)}))
    found.append(Rules(ask_for="card", bluff_asks=True))
    found.append(Rules(ask_for="card", draw_until_hit=True, lucky_draw=False))
    found.append(Rules(draw_until_hit=True, lucky_draw=False))
    found.append(Rules(match_target=8))
    while len(found) < len(PRESETS) + count:
        options = {name: rng.choice(values) for name, values in CHOICES.items()}
        options.update({flag: rng.random() < 0.5 for flag in
                        ("lucky_draw", "bluff_asks", "draw_until_hit", "open_hands", "pairs")})
        options["deal_fixed"] = rng.choice((3, 5, 7))
        options["match_target"] = rng.choice((0, 0, 0, 6))
        found.append(Rules(**options))
    return found


def players_for(rules: Rules, rng: random.Random) -> int:
    for _ in range(20):
        n = rng.randint(2, 6)
        try:
            rules.check_players(n)
            return n
        except ValueError:
            continue
    return 2


def playout(rules: Rules, players: int, seed: int, levels: list[str],
            on_step: Callable[[Game, list], None] | None = None,
            max_actions: int = 3000) -> Iterator[tuple[Game, int, object]]:
    """Play a game with the given levels; yield (game, seat, player) before each decision."""
    game = Game(rules, players, seed)
    seats = [make_player(levels[s % len(levels)], s, rules, players, seed * 7 + s)
             for s in range(players)]
    fed = 0
    for _ in range(max_actions):
        tell(seats, game.events[fed:], rules.open_hands)
        fed = len(game.events)
        if on_step is not None:
            on_step(game, seats)
        if game.over:
            return
        seat = game.to_act
        yield game, seat, seats[seat]
        view = game.view(seat, with_events=False)
        action = seats[seat].choose(view)
        assert action in view.legal, (action, view.legal)
        game.apply(action)


def play_to_end(rules: Rules, players: int, seed: int, levels: list[str]) -> Game:
    """A whole game by the given levels (every action checked legal); the finished game."""
    last = None
    for step in playout(rules, players, seed, levels):
        last = step[0]
    assert last is not None and last.over
    return last
