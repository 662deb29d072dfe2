"""Counts the engine reports: how many actions ``play_randomly`` took, how many cards a DREW
event says were drawn."""

from __future__ import annotations

import random

import pytest
from test_engine_rules import cards, position, rank

from gofish.engine import Ask, Draw, Game, Rules, preset
from gofish.engine import events as ev

STANDARD = preset("standard")
RULES = {
    "standard": STANDARD,
    "until-hit": STANDARD.replace(draw_until_hit=True),
    "draw-hand": STANDARD.replace(empty_hand="draw-hand"),
    "card": STANDARD.replace(ask_for="card"),
    "kids": preset("kids"),
    "match": STANDARD.replace(match_target=20),
}


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("bound", [0, 1, 2, 5, 17])
def test_play_randomly_takes_exactly_the_actions_it_is_allowed(name, bound):
    rules = RULES[name]
    game = Game(rules, 3, seed=bound + 100)
    taken = game.play_randomly(random.Random(bound), max_actions=bound)
    assert taken == bound == len(game.actions)
    assert not game.over
    again = game.play_randomly(random.Random(bound), max_actions=bound)
    assert again == len(game.actions) - bound
    assert again == bound or (game.over and again < bound)
    # what it did replays through the checked path to the same game
    same = Game.replay(rules, 3, bound + 100, list(game.actions))
    assert same.snapshot() == game.snapshot()


@pytest.mark.parametrize("name", sorted(RULES))
def test_play_randomly_to_the_end_counts_every_action(name):
    rules = RULES[name]
    game = Game(rules, 4, seed=3)
    taken = game.play_randomly(random.Random(3))
    assert game.over
    assert taken == len(game.actions) > 10
    assert game.play_randomly(random.Random(3), max_actions=5) == 0  # over: nothing to take


def test_play_randomly_with_a_bound_past_the_end_stops_at_the_end():
    full = Game(STANDARD, 2, seed=9)
    n = full.play_randomly(random.Random(9))
    game = Game(STANDARD, 2, seed=9)
    assert game.play_randomly(random.Random(9), max_actions=n + 1) == n
    assert game.over and game.snapshot() == full.snapshot()
    game = Game(STANDARD, 2, seed=9)
    assert game.play_randomly(random.Random(9), max_actions=n - 1) == n - 1
    assert not game.over


def drew_events(game: Game) -> list[ev.Event]:
    return [e for e in game.events if e.kind == ev.DREW]


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("seed", range(6))
def test_every_drew_event_counts_its_cards(name, seed):
    rules = RULES[name]
    game = Game(rules, 2 + seed % 5, seed=seed)
    rng = random.Random(seed)
    while not game.over:
        before = [game.counts[s] for s in range(game.players)]
        stock = len(game.stock)
        events = game.apply(rng.choice(game.legal_actions()))
        if game.deal_over or any(e.kind == ev.DEAL for e in events):
            continue
        drawn = [e for e in events if e.kind == ev.DREW]
        for e in drawn:
            assert e.count == len(e.secret) >= 1, e
            assert len(set(e.secret)) == e.count
            hidden = e.for_seat((e.seat + 1) % game.players)
            assert hidden.secret == () and hidden.count == e.count
        assert sum(e.count for e in drawn) == stock - len(game.stock)
        for e in drawn:  # the drawn cards are in the drawer's hand or laid in a book
            assert game.counts[e.seat] >= before[e.seat] - 4 * 13
    assert drew_events(game), "no draw in a whole game: the check saw nothing"


def test_go_fish_draws_one_card_and_says_one():
    game = position(["7h 8c", "9d 9s"], "Kc 2d ...")
    events = game.apply(Ask(1, rank("7")))
    [drew] = [e for e in events if e.kind == ev.DREW]
    assert drew.seat == 0 and drew.count == 1 and drew.secret == tuple(cards("Kc"))


def test_draw_until_hit_counts_every_card_drawn():
    rules = STANDARD.replace(draw_until_hit=True)
    game = position(["7h 8c", "9d 9s"], "Kc 2d 7s 4h ...", rules=rules)
    events = game.apply(Ask(1, rank("7")))
    [drew] = [e for e in events if e.kind == ev.DREW]
    assert drew.count == 3 and drew.secret == tuple(cards("Kc 2d 7s"))
    assert game.counts[0] == 5


@pytest.mark.parametrize("stock, expected", [("Kc 2d 3s 4h 5c 6d ...", 5), ("Kc 2d 3s", 3)])
def test_an_empty_hand_drawing_a_hand_counts_what_the_stock_had(stock, expected):
    rules: Rules = STANDARD.replace(empty_hand="draw-hand")
    hands = ["", "9d 9s"] if stock.endswith("...") else ["", "9d 9s", ""]
    kwargs = {} if stock.endswith("...") else {"rest_to": 2}
    game = position(hands, stock, rules=rules, **kwargs)
    events = game.apply(Draw())
    [drew] = [e for e in events if e.kind == ev.DREW]
    assert drew.count == expected == len(drew.secret)
    assert drew.secret == tuple(cards(stock.replace("...", "")))[:expected]


def test_books_laid_counts_every_book_event_over_a_match() -> None:
    import random as _random

    from gofish.engine import PRESETS, Game
    from gofish.engine import events as _ev

    for name, rules in PRESETS.items():
        for players in (2, 4, 6):
            rules = rules.replace(match_target=min(rules.most_points, 40))
            game = Game(rules, players, seed=players)
            rng = _random.Random(players)
            while not game.over:
                game.apply(rng.choice(game.legal_actions()))
                laid = [0] * players
                for e in game.events:
                    if e.kind == _ev.BOOK:
                        laid[e.seat] += 1
                assert game.books_laid() == laid, name
            assert game.deal > 0 or rules.match_target == 0
