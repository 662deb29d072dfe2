"""A seat's view holds what that seat may know, and nothing more.

The main test reshuffles every card hidden from one seat (the other hands and the stock), keeping
each hand's size and every card that seat has seen (its own hand, books, any card an event showed
it) in place, and rewrites the other seats' secret events to match. The seat's view, its filtered
events included, must not change; the view of a seat whose hand did change must, so the
reshuffle is real. Open hands show every hand to everyone.
"""

from __future__ import annotations

import copy
import random

from gofish.engine import Event, Game, Rules, preset
from gofish.engine import events as ev
from gofish.engine.game import _MASK_CARDS

RULES = [
    preset("standard"),
    preset("quick"),
    preset("classic"),
    preset("kids"),
    Rules(ask_for="card", bluff_asks=True, draw_until_hit=True),
    Rules(empty_hand="draw-hand", after_miss="asked-player", pairs=True, match_target=8),
    Rules(end="first-out", deal="fixed", deal_fixed=3, open_hands=True),
]


def seen_by(game: Game, seat: int) -> set[int]:
    """Every card whose place ``seat`` knows or has been shown."""
    open_hands = game.rules.open_hands
    seen = set(game.hand_cards(seat))
    for e in game.events:
        mine = e.for_seat(seat, open_hands)
        seen.update(mine.cards)
        seen.update(mine.secret)
    for books in game.books:
        for r, m in books:
            seen.update(_MASK_CARDS[r][m])
    if open_hands:
        for s in range(game.players):
            seen.update(game.hand_cards(s))
    return seen


def reshuffled(game: Game, seat: int, rng: random.Random) -> tuple[Game, set[int]]:
    """A copy of ``game`` with the cards hidden from ``seat`` dealt out again at random.

    Returns the copy and the seats whose hands changed.
    """
    seen = seen_by(game, seat)
    hidden = [c for s in range(game.players) if s != seat for c in game.hand_cards(s)
              if c not in seen]
    hidden += [c for c in game.stock if c not in seen]
    moved = hidden[:]
    rng.shuffle(moved)
    mapping = dict(zip(hidden, moved, strict=True))

    def swap(cards: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(mapping.get(c, c) for c in cards)

    other = copy.copy(game)
    other.hands = [h[:] for h in game.hands]
    changed = set()
    for s in range(game.players):
        if s == seat:
            continue
        new = swap(game.hand_cards(s))
        mask = [0] * 13
        for c in new:
            mask[c >> 2] |= 1 << (c & 3)
        if mask != game.hands[s]:
            changed.add(s)
        other.hands[s] = mask
    other.stock = list(swap(tuple(game.stock)))
    other.events = [
        e._replace(cards=swap(e.cards), secret=swap(e.secret)) if e.cards or e.secret else e
        for e in game.events
    ]
    other.counts = game.counts[:]
    return other, changed


def test_a_view_does_not_change_when_hidden_cards_do() -> None:
    rng = random.Random(8)
    checked = moved = 0
    for i, rules in enumerate(RULES * 4):
        players = 2 + i % 5
        game = Game(rules, players, seed=i)
        play = random.Random(i)
        while True:
            # about eight moments a game, the end included
            if game.over or rng.random() < 8 / (20 + 15 * players):
                for seat in range(players):
                    before = game.view(seat)
                    other, changed = reshuffled(game, seat, rng)
                    assert other.view(seat) == before
                    for s in changed:
                        assert (other.view(s, with_events=False).hand
                                != game.view(s, with_events=False).hand)
                    assert other.view(seat).events == tuple(
                        e.for_seat(seat, rules.open_hands) for e in other.events
                    )
                    checked += 1
                    moved += bool(changed)
            if game.over:
                break
            game.apply(play.choice(game.legal_actions()))
    assert checked > 500
    assert moved > checked // 3  # most reshuffles really moved cards between hands


def test_views_hide_other_hands_and_their_secrets() -> None:
    game = Game(preset("standard"), 4, seed=3)
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    for seat in range(4):
        view = game.view(seat)
        assert view.hand == game.hand_cards(seat)
        assert all(h is None for s, h in enumerate(view.hands) if s != seat)
        assert view.hands[seat] == view.hand
        assert view.counts == tuple(game.counts)
        for e in view.events:
            assert not e.secret or e.seat == seat
        dealt = [e for e in view.events if e.kind == ev.DEALT]
        assert [bool(e.secret) for e in dealt] == [e.seat == seat for e in dealt]
        assert view.legal == ()  # the game is over
    assert any(e.secret for e in game.events if e.seat != 0)  # there were secrets to hide


def test_open_hands_shows_all_hands_and_secrets() -> None:
    for rules in (preset("kids"), preset("standard").replace(open_hands=True)):
        game = Game(rules, 3, seed=4)
        rng = random.Random(4)
        for _ in range(15):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
        for seat in range(3):
            view = game.view(seat)
            assert view.hands == tuple(game.hand_cards(s) for s in range(3))
            assert view.events == tuple(game.events)
            # hidden from an open-handed seat: only the order of the stock
            seen = seen_by(game, seat)
            assert {c for s in range(3) for c in game.hand_cards(s)} <= seen


def test_to_act_sees_its_legal_actions_and_others_none() -> None:
    game = Game(preset("standard"), 3, seed=5)
    for seat in range(3):
        view = game.view(seat)
        if seat == game.to_act:
            assert view.my_turn and view.legal == tuple(game.legal_actions())
        else:
            assert not view.my_turn and view.legal == ()
    assert isinstance(game.view(0, with_events=False).events, tuple)
    assert game.view(0, with_events=False).events == ()


def test_event_for_seat_hides_only_others_secrets() -> None:
    drew = Event(ev.DREW, seat=1, count=1, secret=(7,))
    assert drew.for_seat(1) == drew
    assert drew.for_seat(0).secret == () and drew.for_seat(0).count == 1
    assert drew.for_seat(None) == drew.public() == drew._replace(secret=())
    assert drew.for_seat(0, open_hands=True) == drew
