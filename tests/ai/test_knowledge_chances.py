"""The tracker's card chances (the card option) and its recovery after a missed event."""

from __future__ import annotations

import random

import pytest

from gofish.ai.knowledge import Knowledge
from gofish.engine import Game, preset
from gofish.engine import events as ev

CARD_RULES = [
    preset("standard").replace(ask_for="card"),
    preset("standard").replace(ask_for="card", bluff_asks=True),
    preset("standard").replace(ask_for="card", draw_until_hit=True, lucky_draw=False),
]


def feed(k: Knowledge, game: Game, start: int, seat: int | None) -> int:
    for e in game.events[start:]:
        k.observe(e.for_seat(seat, game.rules.open_hands))
    return len(game.events)


@pytest.mark.parametrize("rules", CARD_RULES, ids=["card", "bluff", "until-hit"])
@pytest.mark.parametrize("seed", range(4))
def test_card_chance_never_rules_out_a_held_card_and_is_exact_where_it_can_be(rules, seed):
    players = 3 + seed % 2
    game = Game(rules, players, seed)
    k = Knowledge(0, rules, players)
    rng = random.Random(seed)
    fed = 0
    checked = 0
    while not game.over:
        fed = feed(k, game, fed, 0)
        est = k.estimate()
        mine = set(game.hand_cards(0))
        booked = {c for s in range(players) for r, m in game.books[s]
                  for c in range(r * 4, r * 4 + 4) if m >> (c & 3) & 1}
        for card in range(52):
            chances = [k.card_chance(est, s, card) for s in range(1, players)]
            assert all(0.0 <= p <= 1.0 for p in chances), (card, chances)
            holder = next((s for s in range(1, players) if card in game.hand_cards(s)), None)
            if card in mine or card in booked:
                assert chances == [0.0] * (players - 1), card  # where it is, we know
                assert k.card_chance(est, 0, card) == (1.0 if card in mine else 0.0)
                continue
            assert k.card_chance(est, 0, card) == 0.0  # not in our own hand: exact
            if holder is not None:
                assert chances[holder - 1] > 0.0, ("held card ruled out", card, holder)
                checked += 1
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 50


def test_card_chance_of_a_shown_card_is_one():
    rules = CARD_RULES[0]
    game = Game(rules, 3, 5)
    k = Knowledge(0, rules, 3)
    rng = random.Random(5)
    fed = 0
    found = 0
    while not game.over and found < 5:
        fed = feed(k, game, fed, 0)
        est = k.estimate()
        for s in (1, 2):
            for r in range(13):
                for suit in range(4):
                    if k.shown[s][r] >> suit & 1:
                        assert k.card_chance(est, s, r * 4 + suit) == 1.0
                        assert r * 4 + suit in game.hand_cards(s)
                        found += 1
        game.apply(rng.choice(game.legal_actions()))
    assert found, "no card was ever shown: the check saw nothing"


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("skip", [ev.DREW, ev.GAVE, ev.LUCKY])
def test_sync_after_a_missed_event_takes_the_view_as_the_truth(seed, skip):
    """A seat that missed one of its own card events (a dropped line over the network) is set
    right by the next view: counts, stock and its own hand, and no bound it keeps is
    impossible (what it believed of other hands may stay wrong until events correct it)."""
    rules = preset("standard").replace(lucky_draw=True)
    players = 2 + seed % 3
    game = Game(rules, players, seed)
    k = Knowledge(0, rules, players)
    rng = random.Random(seed)
    fed = 0
    missed = 0
    while not game.over:
        just_missed = False
        for e in game.events[fed:]:
            if e.kind == skip and 0 in (e.seat, e.target) and not missed:
                missed += 1
                just_missed = True
                continue
            k.observe(e.for_seat(0))
        fed = len(game.events)
        view = game.view(0)
        k.sync(0, view.hand, view.counts, view.stock)
        assert k.counts == list(game.counts) and k.stock == len(game.stock)
        for r in range(13):
            assert k.shown[0][r] == game.hands[0][r]
            assert k.minc[0][r] == bin(game.hands[0][r]).count("1")
        for s in range(players if just_missed else 0):  # no impossible bound is left
            assert sum(k.minc[s]) <= k.counts[s], s
            assert max(k.maxx[s]) <= k.anon(s), s
        est = k.estimate()
        assert min(est.floating) >= 0 and min(est.anon) >= 0
        game.apply(rng.choice(game.legal_actions()))
    if skip != ev.LUCKY:
        assert missed == 1


def test_sync_changes_nothing_when_nothing_was_missed():
    rules = preset("standard")
    game = Game(rules, 3, 2)
    k = Knowledge(0, rules, 3)
    rng = random.Random(2)
    fed = 0
    for _ in range(30):
        fed = feed(k, game, fed, 0)
        before = k.clone()
        est = k.estimate()
        view = game.view(0)
        k.sync(0, view.hand, view.counts, view.stock)
        for name in ("counts", "stock", "shown", "minc", "maxx", "nosuit"):
            assert getattr(k, name) == getattr(before, name), name
        assert k.estimate() is est  # the estimate was kept: nothing changed
        game.apply(rng.choice(game.legal_actions()))


def test_sync_loosens_an_impossible_bound():
    rules = preset("standard")
    k = Knowledge(0, rules, 3)
    k.counts = [3, 2, 2]
    k.minc[1][5] = 2
    k.minc[1][6] = 1  # three cards pinned in a hand of two: a missed event
    k.maxx[1][7] = 2
    k.sync(0, (0, 1, 2), (3, 2, 2), 40)
    assert sum(k.minc[1]) == 2 and k.minc[1][5] + k.minc[1][6] == 2
    assert k.maxx[1][7] == 0  # nothing of the hand is left unknown
    assert k.shown[0][0] == 0b0111 and k.minc[0][0] == 3


@pytest.mark.parametrize("seed", range(3))
def test_count_pmf_is_a_distribution_whose_mean_is_the_slots_chances(seed):
    rules = preset("standard")
    game = Game(rules, 4, seed)
    k = Knowledge(0, rules, 4)
    rng = random.Random(seed)
    fed = 0
    checked = 0
    while not game.over:
        fed = feed(k, game, fed, 0)
        est = k.estimate()
        for s in range(1, 4):
            for r in range(13):
                pmf = est.count_pmf(s, r)
                chances = est.slot_chances(s, r)
                assert len(pmf) == len(chances) + 1 == est.caps[s][r] + 1
                assert sum(pmf) == pytest.approx(1.0)
                assert min(pmf) >= 0.0
                mean = sum(n * q for n, q in enumerate(pmf))
                assert mean == pytest.approx(sum(chances))
                checked += len(chances) > 0
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 100


@pytest.mark.parametrize("scoring", ["books", "card-value"])
def test_deal_scores_count_books_or_their_card_values(scoring):
    from gofish.engine import RANK_VALUES

    rules = preset("standard").replace(scoring=scoring)
    k = Knowledge(None, rules, 3)
    k.observe(ev.Event(ev.DEAL))
    for s in range(3):
        k.observe(ev.Event(ev.DEALT, seat=s, count=8 if s == 1 else 7))
    k.observe(ev.Event(ev.BOOK, seat=1, rank=12, cards=(48, 49, 50, 51)))  # aces
    k.observe(ev.Event(ev.BOOK, seat=1, rank=0, cards=(0, 1, 2, 3)))  # twos
    k.observe(ev.Event(ev.BOOK, seat=2, rank=5, cards=(20, 21, 22, 23)))
    expected = ([0, 2, 1] if scoring == "books"
                else [0, RANK_VALUES[12] + RANK_VALUES[0], RANK_VALUES[5]])
    assert k.deal_scores() == expected
    assert k.counts == [7, 0, 3]  # the books' cards left the hands


def test_an_out_seat_is_marked_out_and_a_deal_over_adds_to_the_totals():
    rules = preset("standard").replace(match_target=30)
    k = Knowledge(None, rules, 3)
    k.observe(ev.Event(ev.OUT, seat=2))
    assert k.out == [False, False, True]
    k.observe(ev.Event(ev.DEAL_OVER, deal=0, scores=(3, 5, 1)))
    k.observe(ev.Event(ev.DEAL_OVER, deal=1, scores=(1, 0, 4)))
    assert k.totals == [4, 5, 5]
    k.observe(ev.Event(ev.DEAL))
    assert k.out == [False, False, False] and k.totals == [4, 5, 5]  # a new deal keeps totals


def test_an_ask_tells_the_table_the_asker_holds_the_rank():
    rules = preset("standard")
    k = Knowledge(None, rules, 3)
    k.observe(ev.Event(ev.DEAL))
    for s in range(3):
        k.observe(ev.Event(ev.DEALT, seat=s, count=7))
    assert not k.revealed(1, 5) and k.anon(1) == 7
    k.observe(ev.Event(ev.ASK, seat=1, target=2, rank=5))
    assert k.revealed(1, 5) and k.holds(1, 5) == 1 and k.anon(1) == 6
    assert all(k.quiet[1][r] < 1.0 for r in range(13) if r != 5) and k.quiet[1][5] == 1.0
    k.observe(ev.Event(ev.ASK, seat=1, target=2, rank=5))  # asking again pins nothing more
    assert k.holds(1, 5) == 1


@pytest.mark.parametrize("seed", range(3))
def test_draw_until_hit_pins_the_last_card_drawn_for_everyone(seed):
    """Fishing stopped before the stock ran out: the last card drawn is the rank asked for, and
    the table (which saw no card) knows it; the bounds stay true."""
    from test_knowledge import check_bounds

    rules = preset("standard").replace(draw_until_hit=True, lucky_draw=False)
    game = Game(rules, 3, seed)
    public = Knowledge(None, rules, 3)
    rng = random.Random(seed)
    fed = pins = 0
    while not game.over:
        for e in game.events[fed:]:
            public.observe(e.for_seat(None))
            if e.kind == ev.DREW and public.pinned is not None:
                a, r = public.pinned
                assert a == e.seat and public.holds(a, r) >= 1
                pins += 1
        fed = len(game.events)
        check_bounds(public, game)
        game.apply(rng.choice(game.legal_actions()))
    assert pins > 0


def test_a_book_under_pairs_limits_what_else_of_the_rank_the_hand_may_hold():
    rules = preset("standard").replace(pairs=True)
    k = Knowledge(None, rules, 3)
    k.observe(ev.Event(ev.DEAL))
    for s in range(3):
        k.observe(ev.Event(ev.DEALT, seat=s, count=7))
    assert k.maxx[1][5] == 7
    k.observe(ev.Event(ev.BOOK, seat=1, rank=5, cards=(20, 21)))  # a pair of sevens
    assert k.counts[1] == 5
    assert k.maxx[1][5] == rules.book_size - 1  # a third seven would have made another pair
    assert k.clone().seat is None and k.clone(2).seat == 2
    # seat 2 asks for fives (it holds one), is given two and lays them as a pair: the one it
    # asked with is still there, and a fourth five would have made a second pair
    k.observe(ev.Event(ev.ASK, seat=2, target=0, rank=3))
    k.observe(ev.Event(ev.GAVE, seat=2, target=0, rank=3, count=2, cards=(13, 14)))
    assert k.holds(2, 3) == 3
    k.observe(ev.Event(ev.BOOK, seat=2, rank=3, cards=(13, 14)))
    assert k.holds(2, 3) == 1 and k.maxx[2][3] == 0
