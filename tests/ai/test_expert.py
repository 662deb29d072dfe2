"""Expert's information-set search: what it plays out, how much, and that it stays sound."""

from __future__ import annotations

import random

import pytest
from ai_support import play_to_end

from gofish.ai import expert, make_player, tell
from gofish.ai.expert import _significant, _still_in
from gofish.ai.search import outcome, play_out
from gofish.engine import Ask, Game, preset
from gofish.engine.game import cards_in_play


def late_position(rules, seed: int) -> tuple[Game, list]:
    """A two-seat game of Hard players, stopped at the first late decision with a choice."""
    game = Game(rules, 2, seed)
    seats = [make_player("hard", s, rules, 2, seed + s) for s in range(2)]
    fed = 0
    while not game.over:
        tell(seats, game.events[fed:], rules.open_hands)
        fed = len(game.events)
        view = game.view(game.to_act, with_events=False)
        asks = [a for a in view.legal if isinstance(a, Ask)]
        if view.stock <= expert.LATE_STOCK and len({a.rank for a in asks}) >= 3:
            return game, game.events[:fed]
        game.apply(seats[game.to_act].choose(view))
    raise AssertionError("no late decision")


def test_a_close_late_decision_plays_hundreds_of_sampled_deals() -> None:
    """Every searched decision plays a round of deals for each candidate; the close ones go on
    to hundreds, within the budget; a candidate not ahead of Hard's choice drops out."""
    rules = preset("standard")
    used = []
    for seed in range(12):
        game, events = late_position(rules, seed)
        seat = game.to_act
        player = make_player("expert", seat, rules, 2, 1)
        for e in events:
            player.observe(e.for_seat(seat))
        action = player.choose(game.view(seat, with_events=False))
        assert action in game.legal_actions()
        if player.searched:
            assert 2 * expert.BATCH <= player.playouts <= expert.PLAYOUTS
            used.append(player.playouts)
    assert len(used) >= 3
    assert max(used) >= 300  # "many hundreds" where the choice is close


def test_a_candidate_not_ahead_of_hards_choice_is_played_no_further() -> None:
    hard = [0.0, 1.0] * 10
    behind = [0.0, 0.0] * 10
    ahead = [1.0, 1.0] * 10
    level = hard[:]
    assert _still_in([hard, behind, ahead, level], [0, 1, 2, 3]) == [0, 2]


def test_a_sure_hit_or_a_clear_choice_is_not_searched() -> None:
    rules = preset("standard")
    game = Game(rules, 2, 3)
    seats = [make_player("expert", s, rules, 2, s) for s in range(2)]
    tell(seats, game.events, False)
    seat = game.to_act
    seats[seat].choose(game.view(seat, with_events=False))
    assert seats[seat].searched == 0  # early in the deal: Hard's estimate


def test_playouts_follow_the_rules_to_the_end_of_the_deal() -> None:
    rng = random.Random(4)
    for name in ("standard", "quick", "classic", "kids"):
        rules = preset(name)
        for seed in range(10):
            game = Game(rules, 2 + seed % 4, seed)
            copy = Game.from_position(rules, [list(game.hand_cards(s)) for s in
                                              range(game.players)], list(game.stock),
                                      [[r for r, _m in b] for b in game.books], game.turn)
            play_out(copy, [0] * game.players, [0] * game.players, rng)
            assert copy.deal_over
            assert sorted(cards_in_play(copy)) == list(range(52))
            scores = copy.totals
            value = outcome(copy, 0)
            if scores[0] > max(scores[1:]):
                assert value >= 1.0  # a sole win, and a lead
            elif scores[0] < max(scores[1:]):
                assert value < 0.0  # a loss, and a deficit
            else:
                assert 0.0 < value < 1.0  # a shared win is less than a win


def test_the_search_overrules_hards_choice_only_by_a_clear_margin() -> None:
    base = [0.0, 1.0] * 50
    assert _significant([base, base[:]]) == 0  # no gain
    assert _significant([base, [x + 0.02 for x in base[1:]] + [0.0]]) == 0  # noise
    assert _significant([[0.0] * 100, [0.5] * 100, [1.0] * 100]) == 2  # the clearest gain


def test_the_same_seed_and_events_give_the_same_search() -> None:
    rules = preset("quick")
    game, events = late_position(rules, 5)
    seat = game.to_act
    choices = set()
    for _ in range(2):
        player = make_player("expert", seat, rules, 2, 77)
        for e in events:
            player.observe(e.for_seat(seat))
        choices.add(player.choose(game.view(seat, with_events=False)))
    assert len(choices) == 1


@pytest.mark.slow
def test_expert_is_not_weaker_than_hard_at_two_seats() -> None:
    """300 deals, each played with the seats both ways (benchmarks/gauntlet.py plays more)."""
    rules = preset("standard")
    points = 0.0
    for seed in range(300):
        for seat in (0, 1):
            levels = ["expert", "hard"] if seat == 0 else ["hard", "expert"]
            winners = play_to_end(rules, 2, seed, levels).winners
            points += (seat in winners) / len(winners)
    assert points / 600 > 0.46


def test_imagined_deals_never_put_a_whole_book_in_a_hand() -> None:
    """Under pairs two cards of a rank are a book: not even the loosest sample may deal them
    to one hand (the engine would refuse the position)."""
    from gofish.engine import Rules
    rules = Rules(pairs=True)
    for seed in range(6):
        game = Game(rules, 3, seed)
        seats = [make_player("hard", s, rules, 3, s) for s in range(3)]
        player = make_player("expert", 0, rules, 3, seed)
        fed = 0
        for _ in range(12):
            if game.over or game.deal_over:
                break
            tell(seats, game.events[fed:], False)
            for e in game.events[fed:]:
                player.observe(e.for_seat(0))
            fed = len(game.events)
            game.apply(seats[game.to_act].choose(game.view(game.to_act, with_events=False)))
        rng = random.Random(seed)
        for strictness in (2, 1, 0):
            for _ in range(20):
                world = player._try_sample(rng, strictness)
                if world is not None:
                    assert all(bin(m).count("1") < 2 for hand in world[0] for m in hand)
