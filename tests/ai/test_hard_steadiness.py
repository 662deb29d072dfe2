"""Hard reads how an opponent picks its asks: one who keeps asking for the same rank (the rank
it holds most of) never finds a rank of ours it has not heard of, so there Hard asks for what it
holds most of and keeps the rest out of sight; against one who asks any rank of its hand, hiding
does not pay and Hard goes for the likeliest catch (benchmarks/README.md, the gauntlet)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gofish.ai.hard import HardPlayer
from gofish.engine import Ask, preset
from gofish.engine import events as ev
from gofish.engine.cards import parse_rank

QUICK = preset("quick")


def after(asks: list[str], hand: tuple[int, ...] = (0, 4, 8, 12, 16, 20, 24)) -> HardPlayer:
    """Seat 0 (Hard) has seen seat 1 ask it for these ranks in turn, each a "Go fish"."""
    p = HardPlayer(0, QUICK, 2, seed=1)
    p.observe(ev.Event(ev.DEAL))
    p.observe(ev.Event(ev.DEALT, seat=0, count=7, secret=hand))
    p.observe(ev.Event(ev.DEALT, seat=1, count=7))
    for name in asks:
        r = parse_rank(name)
        p.observe(ev.Event(ev.ASK, seat=1, target=0, rank=r))
        p.observe(ev.Event(ev.GO_FISH, seat=1, target=0, rank=r))
        p.observe(ev.Event(ev.DREW, seat=1, count=1))
    return p


def test_an_opponent_who_keeps_asking_for_one_rank_reads_as_steady():
    assert after(["9"] * 8).steadiness() == 1.0


def test_an_opponent_who_asks_a_new_rank_each_time_reads_as_scattered():
    assert after(["9", "T", "J", "Q", "K", "A", "9", "T"]).steadiness() == 0.0


def test_with_nothing_seen_hard_leans_to_steady():
    """The prior (two asks at a rate of 0.5) starts the reading at 2/3: the held weight
    mostly on, as in the second round, until the asks say otherwise."""
    assert after([]).steadiness() == pytest.approx(2 / 3)


def test_a_sure_hit_says_nothing_about_how_it_picks():
    """Asking back a rank the table knows we hold is what every watching player does: it
    neither counts as a repeat nor breaks one."""
    p = after(["9", "9", "9"])
    before = (p.plain[1], p.again[1])
    two = parse_rank("2")  # Hard (seat 0) asks seat 1 for twos and misses: the table knows
    p.observe(ev.Event(ev.ASK, seat=0, target=1, rank=two))
    p.observe(ev.Event(ev.GO_FISH, seat=0, target=1, rank=two))
    p.observe(ev.Event(ev.DREW, seat=0, count=1, secret=(36,)))
    p.observe(ev.Event(ev.ASK, seat=1, target=0, rank=two))  # asked back: a sure hit
    assert (p.plain[1], p.again[1]) == before
    assert p.last[1] == parse_rank("9")


def test_a_rank_it_no_longer_holds_cannot_be_asked_again():
    """After a rank is handed over it is not a chance to repeat it."""
    p = after(["9"])
    nine = parse_rank("9")
    p.observe(ev.Event(ev.ASK, seat=0, target=1, rank=nine))
    p.observe(ev.Event(ev.GAVE, seat=0, target=1, rank=nine, cards=(33,)))
    p.observe(ev.Event(ev.ASK, seat=1, target=0, rank=parse_rank("T")))
    assert p.plain[1] == 0


def test_steadiness_sets_the_worth_of_asking_for_what_we_hold_most_of():
    """Hard holds a pair of fives and single cards. The worth of the pair over a single card
    grows by a whole card (``held``, 1 at two seats, times one card more) from a scattered
    asker to a steady one; nothing else in the two positions differs for our ranks."""
    hand = (0, 4, 8, 12, 13, 20, 24)  # 2 3 4 5 5 7 8
    lead = {}
    for name, history in (("steady", ["9"] * 8), ("scattered", ["9", "T", "J", "Q", "K", "A",
                                                               "9", "T"])):
        p = after(history, hand)
        asks = [Ask(1, r) for r in sorted({c >> 2 for c in hand})]
        view = SimpleNamespace(seat=0, hand=hand, counts=(7, 15), stock=52 - 7 - 15, hands=())
        scores = dict(zip((a.rank for a in asks), p.score_asks(view, asks), strict=True))
        lead[name] = scores[3] - max(v for r, v in scores.items() if r != 3)
    assert p.weights.held == 1.0
    assert lead["steady"] - lead["scattered"] == pytest.approx(1.0, abs=0.15)
