"""Late in a two-seat deal the turn is what counts: with a few stock cards left nearly every
rank still in play is split between the two hands, so the player on turn hits ask after ask,
and a rank kept out of sight has no later to be safe for (benchmarks/README.md, round four)."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest

from gofish.ai.hard import HardPlayer
from gofish.engine import Ask, preset
from gofish.engine import events as ev
from gofish.engine.cards import parse_rank

HAND = (0, 4, 8, 12, 13, 20, 24)  # 2 3 4 5 5 7 8: a pair of fives, the rest single
BOOKED = "TJQKA6"  # laid down by the opponent


def late_position(rules_name: str) -> tuple[HardPlayer, list[Ask], SimpleNamespace]:
    """Hard (seat 0) holds HAND; the opponent laid six books, kept asking for nines (a steady
    asker, against whom Hard asks for what it holds most of) and now holds 16 cards; 5 are left
    in the stock."""
    p = HardPlayer(0, preset(rules_name), 2, seed=1)
    p.observe(ev.Event(ev.DEAL))
    p.observe(ev.Event(ev.DEALT, seat=0, count=7, secret=HAND))
    p.observe(ev.Event(ev.DEALT, seat=1, count=7))
    nine = parse_rank("9")
    for _ in range(8):
        p.observe(ev.Event(ev.ASK, seat=1, target=0, rank=nine))
        p.observe(ev.Event(ev.GO_FISH, seat=1, target=0, rank=nine))
        p.observe(ev.Event(ev.DREW, seat=1, count=1))
    for name in BOOKED:
        r = parse_rank(name)
        p.observe(ev.Event(ev.DREW, seat=1, count=4))
        p.observe(ev.Event(ev.BOOK, seat=1, rank=r, cards=tuple(r * 4 + s for s in range(4))))
    p.observe(ev.Event(ev.DREW, seat=1, count=1))  # 7 + 8 + 24 + 1 - 24: 16 cards; stock 5
    asks = [Ask(1, r) for r in sorted({c >> 2 for c in HAND})]
    view = SimpleNamespace(seat=0, hand=HAND, counts=(7, 16), stock=5, hands=())
    return p, asks, view


def choice(p: HardPlayer, asks: list[Ask], view: SimpleNamespace) -> Ask:
    """Hard's pick among ``asks`` (no sure hit among them, so its best score)."""
    scores = p.score_asks(view, asks)
    return asks[max(range(len(asks)), key=scores.__getitem__)]


def test_late_at_two_seats_hard_asks_for_the_likeliest_hit_not_the_pair() -> None:
    for rules_name in ("standard", "quick"):
        p, asks, view = late_position(rules_name)
        assert p.steadiness() == 1.0
        p.score_asks(view, asks)
        chances = dict(zip(asks, p.hit_chances(asks), strict=True))
        five = Ask(1, parse_rank("5"))
        # two fives are unseen, three of each single: the singles are likelier to hit
        assert chances[five] < min(v for a, v in chances.items() if a != five)
        late = choice(p, asks, view)
        assert late != five and chances[late] == max(chances.values())
        # the same position read as early in the deal: the steady asker makes the pair worth
        # keeping to itself and asking for
        p.weights = replace(p.weights, late=-1)
        assert choice(p, asks, view) == five


def test_three_seats_and_more_are_never_late() -> None:
    """The split of every rank between two hands holds at two seats only."""
    assert HardPlayer(0, preset("standard"), 3, seed=1).weights.late == -1
    assert HardPlayer(0, preset("standard"), 2, seed=1).weights.late == 6


def test_the_late_rule_starts_at_six_stock_cards() -> None:
    p, asks, view = late_position("standard")
    five = Ask(1, parse_rank("5"))
    assert choice(p, asks, SimpleNamespace(**{**vars(view), "stock": 7})) == five
    assert p._keep == p.weights.keep == 0.25
    assert choice(p, asks, SimpleNamespace(**{**vars(view), "stock": 6})) != five
    assert p._keep == p.weights.keep_late == 3.0


def test_late_the_turn_is_worth_keep_late_in_every_ask() -> None:
    """Each ask's worth grows by the change in ``keep_late`` times its chance of keeping the
    turn: a hit, or a miss and a lucky draw."""
    p, asks, view = late_position("standard")
    p.weights = replace(p.weights, keep_late=0.25)
    low = p.score_asks(view, asks)
    p.weights = replace(p.weights, keep_late=3.0)
    high = p.score_asks(view, asks)
    est = p.know.estimate()
    for a, lo, hi, ph in zip(asks, low, high, p.hit_chances(asks), strict=True):
        kept = ph + (1 - ph) * p._lucky(est, a.rank, None)
        assert kept > 0.3
        assert hi - lo == pytest.approx(2.75 * kept)
