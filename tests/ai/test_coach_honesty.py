"""The coach is honest like the computers: moving the cards its seat cannot see (consistently
with everything the seat was told) changes nothing it shows, neither the table memory, nor the
hint and its reason, nor any ask's chance or sure miss. The twins are test_honesty's."""

from __future__ import annotations

import random

from ai_support import rule_sets
from test_honesty import one_position, twin

from gofish.coach import Coach
from gofish.coach.words import hint_text
from gofish.engine import Ask, Game

NAMES = ["Ann", "Bob", "Carol", "Dave", "Eve", "Fay"]


def shown(game: Game, seat: int, events) -> tuple:
    """Everything the coach tells the seat, as plain values."""
    view = game.view(seat, with_events=False)
    coach = Coach.from_view(view, events)
    hint = coach.hint(view)
    asks = [a for a in view.legal if isinstance(a, Ask)]
    return (coach.memory(view), hint, hint and hint_text(hint, NAMES),
            [(a.ask, round(a.chance, 12), a.sure_hit, a.sure_miss) for a in coach.assess(view)],
            [coach.miss_reason(view, a) for a in asks])


def test_hidden_cards_change_nothing_the_coach_shows() -> None:
    rng = random.Random(15)
    checked = differ = 0
    for i, rules in enumerate(rule_sets(6, seed=11)[::2]):
        for pick in (3, 9, 20):
            found = one_position(rules, 300 + i, pick)
            if found is None:
                continue
            game, seat, events = found
            other = twin(game, seat, events, rng)
            if other is None:
                continue
            first = shown(game, seat, events)
            assert first == shown(other, seat, events), (rules, pick)
            checked += 1
            differ += other.stock != game.stock or any(
                game.hands[s] != other.hands[s] for s in range(game.players))
    assert checked >= 12
    assert differ >= checked * 3 // 4


def test_the_coach_filters_events_itself() -> None:
    """Given the unfiltered events (hidden cards in them), it shows the same as from the
    seat's own: it never reads more than the seat may see."""
    rng = random.Random(3)
    for seed in range(6):
        rules = rule_sets(6, seed=11)[seed]
        found = one_position(rules, 500 + seed, 12)
        if found is None:
            continue
        game, seat, events = found
        assert shown(game, seat, game.events) == shown(game, seat, events)
        other = twin(game, seat, events, rng)
        if other is not None:
            assert shown(other, seat, other.events) == shown(game, seat, game.events)
