"""Game.from_position: a chosen position plays on exactly as the game it was taken from."""

from __future__ import annotations

import random

import pytest

from gofish.engine import Ask, Game, RulesError, preset
from gofish.engine.cards import mask_cards


def _position_of(game: Game, *, record: bool = False) -> Game:
    return Game.from_position(
        game.rules,
        [list(game.hand_cards(s)) for s in range(game.players)],
        list(game.stock),
        [[r for r, _m in b] for b in game.books],
        game.turn,
        out=list(game.out),
        totals=list(game.totals),
        deal=game.deal,
        dealer=game.dealer,
        record=record,
    )


@pytest.mark.parametrize("name", ["standard", "quick", "classic", "kids"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_position_taken_mid_game_plays_on_the_same(name: str, players: int) -> None:
    rules = preset(name)
    for seed in range(20):
        game = Game(rules, players, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(1, 30)):
            if game.deal_over or game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
        if game.deal_over or game.over:
            continue
        copy = _position_of(game, record=True)
        assert _state(copy) == _state(game)
        while not (game.deal_over or game.over):
            assert copy.legal_actions() == game.legal_actions()
            action = rng.choice(game.legal_actions())
            assert copy.apply(action) == game.apply(action)
            assert _state(copy) == _state(game)


def _state(game: Game) -> dict:
    """The snapshot without the action count, books as each seat's ranks and the cards booked
    (under pairs, which suits made which pair is not part of a position)."""
    snap = game.snapshot()
    del snap["actions"]
    snap["booked"] = sorted(c for b in snap["books"] for book in b for c in book)
    snap["books"] = [sorted(r for r, _m in b) for b in game.books]
    return snap


def test_the_stock_is_drawn_from_its_end() -> None:
    rules = preset("standard")
    # seat 0: 2c; seat 1: 3c; the top of the stock (last) is the 2d: a lucky draw
    others = [c for c in range(52) if c not in (0, 4, 1)]
    game = Game.from_position(rules, [[0], [4]], others + [1], [[], []], 0, record=True)

    events = game.apply(Ask(1, 0))
    assert [e.kind for e in events][:3] == ["ask", "go-fish", "drew"]
    assert events[2].secret == (1,)
    assert game.turn == 0 and game.hands[0][0] == 0b0011


def test_pairs_books_take_the_free_suits() -> None:
    rules = preset("kids")
    hands = [[0], [4]]  # 2c, 3c
    books = [[0, 1], [2, 2]]  # seat 0: a pair of 2s and one of 3s; seat 1: both pairs of 4s
    used = {0, 4} | set(mask_cards(0, 0b0110)) | set(mask_cards(1, 0b0110)) \
        | set(mask_cards(2, 0b1111))
    stock = [c for c in range(52) if c not in used]
    game = Game.from_position(rules, hands, stock, books, 1)
    assert game.books[0] == [(0, 0b0110), (1, 0b0110)]  # the clubs are in hands: d and h
    assert game.books[1] == [(2, 0b0011), (2, 0b1100)]
    assert game.deal_scores() == (2, 2)
    with pytest.raises(RulesError, match="too many cards of rank 3"):
        Game.from_position(rules, hands, stock, [[0, 1, 1], [2, 2]], 1)


def _split(game: Game) -> tuple[list[list[int]], list[int]]:
    """Hands and stock of a dealt game with every ace moved to the stock."""
    hands = [[c for c in game.hand_cards(s) if c >> 2 != 12] for s in range(game.players)]
    stock = [c for c in game.stock if c >> 2 != 12] + [48, 49, 50, 51]
    return hands, stock


def test_impossible_positions_are_refused_with_the_reason() -> None:
    rules = preset("standard")
    hands, stock = _split(Game(rules, 2, 3))
    Game.from_position(rules, hands, stock, [[], []], 0)  # the position itself is fine
    cases = [
        (hands, stock + [hands[0][0]], "in two places"),
        (hands, stock[1:], "in no place"),
        (hands, stock + [52], "not a card"),
        ([hands[0] + [48, 49, 50, 51], hands[1]], stock[:-4], "whole book"),
    ]
    for h, s, why in cases:
        with pytest.raises(RulesError, match=why):
            Game.from_position(rules, h, s, [[], []], 0)
    with pytest.raises(RulesError, match="too many cards of rank A"):
        Game.from_position(rules, [hands[0] + [48], hands[1]], stock[:-4] + [49, 50, 51],
                           [[12], []], 0)


def test_the_turn_must_be_a_seat_in_the_game() -> None:
    game = Game(preset("standard"), 3, 1)
    hands = [list(game.hand_cards(s)) for s in range(3)]
    with pytest.raises(RulesError, match="turn"):
        Game.from_position(game.rules, hands, list(game.stock), [[], [], []], 3)
    with pytest.raises(RulesError, match="turn"):
        Game.from_position(game.rules, hands, list(game.stock), [[], [], []], 1,
                           out=[False, True, False])


def test_a_first_out_position_with_an_empty_hand_is_over() -> None:
    rules = preset("quick")
    stock = [c for c in range(52) if c not in (0, 1)]
    game = Game.from_position(rules, [[0, 1], []], stock, [[], []], 0)
    assert game.deal_over and game.over
