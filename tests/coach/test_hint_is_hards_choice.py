"""The hint is Hard's own choice: never an ask the record proves will miss while another ask can
still find a card (at two seats Hard's weight on the rank held most of rated a sure miss
highest, and the hint then said "whatever you ask, you will fish" while other asks had 35%)."""

from __future__ import annotations

import random

import pytest

from gofish.ai import make_player
from gofish.coach import Coach
from gofish.coach.advice import NO_HIT
from gofish.engine import Ask, Game, Rules, preset


@pytest.mark.parametrize("players", [2, 3])
def test_no_hint_is_a_sure_miss_while_another_ask_can_hit(players: int) -> None:
    hinted = 0
    for seed in range(12):
        rules: Rules = preset("standard")
        game = Game(rules, players, seed)
        rng = random.Random(seed)
        coaches = [Coach(s, rules, players) for s in range(players)]
        seen = 0
        while not game.over:
            for e in game.events[seen:]:
                for c in coaches:
                    c.observe(e)
            seen = len(game.events)
            seat = game.to_act
            view = game.view(seat)
            coach = coaches[seat]
            hint = coach.hint(view)
            if hint is not None:
                assessed = coach.assess(view)
                choice = next(a for a in assessed if a.ask == hint.ask)
                if not all(a.sure_miss for a in assessed):
                    assert not choice.sure_miss, (seed, hint)
                    assert hint.reason.kind != NO_HIT, (seed, hint)
                hinted += 1
            game.apply(rng.choice(game.legal_actions()))
    assert hinted > 100


def test_the_hint_picks_what_hards_scoring_picks_on_the_coachs_odds() -> None:
    rules: Rules = preset("standard")
    for seed in range(6):
        game = Game(rules, 2, seed)
        rng = random.Random(seed)
        coach = Coach(0, rules, 2)
        hard = make_player("hard", 0, rules, 2, 0)
        hard.know.calibrated = True  # the coach's odds (hard.py's scoring, the same choice)
        hard.know.by_draw = hard.public.by_draw = False  # and its proofs of a miss
        seen = 0
        while not game.over:
            for e in game.events[seen:]:
                coach.observe(e)
                hard.observe(e.for_seat(0, rules.open_hands))
            seen = len(game.events)
            view = game.view(game.to_act)
            if view.seat == 0 and any(isinstance(a, Ask) for a in view.legal):
                hint = coach.hint(view)
                values = {a.ask: a.value for a in coach.assess(view)}
                # as good as Hard's choice (Hard breaks ties by its own random choice)
                assert round(values[hint.ask], 9) == round(values[hard.choose(view)], 9), seed
            game.apply(rng.choice(game.legal_actions()))
