"""benchmarks/styles.py: each outside style plays as its docstring says.

Each test sets a style a hand and the events its seat heard, and checks the ask it makes
against the words that describe it (so a style that fell back on chance, forgot what it was
told to remember, or remembered what it should forget, fails here).
"""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from gofish.engine import Ask, Event, Game, preset
from gofish.engine import events as ev

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"
ME, OPP, THIRD = 0, 1, 2


def load_styles():
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location("styles", BENCH / "styles.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["styles"] = module
    spec.loader.exec_module(module)
    return module


styles = load_styles()


def card(rank: int, suit: int = 0) -> int:
    return rank * 4 + suit


def hand_of(*ranks: int) -> tuple[int, ...]:
    """Cards of these ranks (a rank named twice is two cards of it)."""
    seen: Counter[int] = Counter()
    cards = []
    for r in ranks:
        cards.append(card(r, seen[r]))
        seen[r] += 1
    return tuple(sorted(cards))


def ask_of(name: str, ranks: tuple[int, ...], events: list[Event] = (), players: int = 2,
           seed: int = 0, counts: tuple[int, ...] | None = None):
    """The ask the style ``name`` in seat 0 makes holding ``ranks`` after ``events``."""
    rules = preset("standard")
    style = styles.STYLE_CLASSES[name](ME, rules, players, seed)
    style.observe(Event(ev.DEAL, seat=0, target=0))
    for e in events:
        style.observe(e)
    hand = hand_of(*ranks)
    view = Game(rules, players, 1).view(ME, with_events=False)
    counts = counts or (len(hand),) + (7,) * (players - 1)
    legal = tuple(Ask(t, r, None) for t in range(1, players) for r in sorted({c >> 2 for c in hand}))
    view = replace(view, hand=hand, counts=counts, legal=legal)
    action = style.choose(view)
    assert action in legal
    return action, style, view


def asked(seat: int, rank: int, target: int = ME) -> Event:
    return Event(ev.ASK, seat=seat, target=target, rank=rank)


def go_fish(seat: int, target: int, rank: int) -> Event:
    return Event(ev.GO_FISH, seat=seat, target=target, rank=rank)


# ---------------------------------------------------------------- systematic

def test_systematic_asks_back_every_rank_it_was_asked_the_earliest_first() -> None:
    heard = [asked(OPP, 9), go_fish(OPP, ME, 9), asked(OPP, 4), go_fish(OPP, ME, 4)]
    # it remembers both asks (not just the last) and asks the earlier one back first
    for seed in range(20):
        action, _, _ = ask_of("systematic", (2, 4, 9, 11, 11), heard, seed=seed)
        assert action.rank == 9


def test_systematic_forgets_a_rank_once_asked_back_or_refused() -> None:
    heard = [asked(OPP, 9), go_fish(OPP, ME, 9), asked(OPP, 4), go_fish(OPP, ME, 4),
             asked(ME, 9, OPP), go_fish(ME, OPP, 9),  # asked back: forgotten
             ]
    for seed in range(20):
        assert ask_of("systematic", (2, 4, 9, 11, 11), heard, seed=seed)[0].rank == 4
    # the one who asked for fours refuses them: forgotten, but the seat now asking remembered
    refused = heard + [asked(THIRD, 4, OPP), go_fish(THIRD, OPP, 4)]
    for seed in range(20):
        action = ask_of("systematic", (2, 4, 9, 11, 11), refused, players=3, seed=seed)[0]
        assert (action.target, action.rank) == (THIRD, 4)


def test_systematic_falls_back_on_the_rank_held_most_one_time_in_three_else_in_order() -> None:
    picks = Counter(ask_of("systematic", (2, 6, 6, 6, 9), seed=seed)[0].rank
                    for seed in range(600))
    assert set(picks) == {2, 6}  # the lowest rank first, or the rank held most of: never 9
    # the most-held rank a third of the time by its own choice, plus never when it is the lowest
    assert 0.27 < picks[6] / 600 < 0.40


def test_systematic_goes_round_its_ranks_in_order(monkeypatch) -> None:
    monkeypatch.setattr(styles.SystematicStyle, "MOST", 0.0)  # the system alone
    action, style, view = ask_of("systematic", (2, 5, 9, 9))
    order = [action.rank]
    for _ in range(6):
        for e in (asked(ME, action.rank, OPP), go_fish(ME, OPP, action.rank)):
            style.observe(e)
        action = style.choose(view)
        order.append(action.rank)
    assert order == [2, 5, 9, 2, 5, 9, 2]


# ---------------------------------------------------------------- cycler

def test_cycler_asks_its_ranks_in_turn_whatever_was_said() -> None:
    mine = (3, 3, 7, 12)
    said = [asked(OPP, 12), go_fish(OPP, ME, 12)]  # it does not ask back
    action, style, view = ask_of("cycler", mine, said)
    seen = [action.rank]
    for _ in range(4):
        for e in (asked(ME, action.rank, OPP), go_fish(ME, OPP, action.rank)):
            style.observe(e)
        action = style.choose(view)
        seen.append(action.rank)
    assert seen == [3, 7, 12, 3, 7]
    # after an ask for a rank it no longer holds: the next above it
    assert ask_of("cycler", (1, 5, 10), [asked(ME, 6, OPP)])[0].rank == 10


# ---------------------------------------------------------------- echo

def test_echo_asks_back_the_latest_of_the_last_three_asks_made_of_it() -> None:
    heard = [asked(OPP, r) for r in (2, 3, 4, 5)]  # 2 is beyond its memory of three
    assert ask_of("echo", (2, 3, 11, 11), heard)[0].rank == 3
    assert ask_of("echo", (2, 11, 11), heard)[0].rank == 11  # 2 forgotten: the most held
    assert ask_of("echo", (2, 3, 4, 11, 11), heard)[0].rank == 4


def test_echo_asks_the_asker_and_never_what_that_seat_just_refused() -> None:
    heard = [asked(THIRD, 8), asked(OPP, 3, THIRD), go_fish(OPP, THIRD, 3)]
    action = ask_of("echo", (3, 8, 8), heard, players=3)[0]
    assert (action.target, action.rank) == (THIRD, 8)
    refused = heard + [asked(ME, 8, THIRD), go_fish(ME, THIRD, 8)]
    action = ask_of("echo", (3, 8, 8), refused, players=3)[0]
    assert (action.target, action.rank) != (THIRD, 8)
    drew = refused + [Event(ev.DREW, seat=THIRD, count=1)]  # it drew since: may hold one now
    assert ask_of("echo", (8, 8), drew, players=3)[0] in {Ask(THIRD, 8, None), Ask(OPP, 8, None)}


# ---------------------------------------------------------------- elephant

def test_elephant_takes_the_latest_sure_hit_and_skips_refusals() -> None:
    said = [asked(OPP, 4), go_fish(OPP, ME, 4), asked(OPP, 9), go_fish(OPP, ME, 9)]
    assert ask_of("elephant", (4, 9, 10, 10), said)[0].rank == 9  # the latest seen first
    refused = [asked(ME, 10, OPP), go_fish(ME, OPP, 10)]
    assert ask_of("elephant", (2, 10, 10), refused)[0].rank == 2  # not the tens just refused
    later = refused + [Event(ev.DREW, seat=OPP, count=1)]
    assert ask_of("elephant", (2, 10, 10), later)[0].rank == 10  # drawn since: the most held
    # a seat handed a rank holds it until it gives it up
    handed = [asked(OPP, 6), Event(ev.GAVE, seat=OPP, target=ME, rank=6, count=1,
                                   cards=(card(6),))]
    assert ask_of("elephant", (3, 3, 6), handed)[0].rank == 6


# ---------------------------------------------------------------- hider

def test_hider_fishes_with_its_singles_and_shows_its_pairs_last() -> None:
    for seed in range(10):
        assert ask_of("hider", (2, 2, 5, 8, 8, 8, 11), seed=seed)[0].rank == 5
        assert ask_of("hider", (2, 2, 8, 8, 8), seed=seed)[0].rank == 2
    said = [asked(OPP, 8), go_fish(OPP, ME, 8)]
    assert ask_of("hider", (2, 2, 5, 8, 8, 8), said)[0].rank == 8  # a sure hit first


@pytest.mark.parametrize("name", styles.STYLES)
def test_every_style_plays_whole_games_legally(name: str) -> None:
    """Each style finishes games against Hard at two and four seats, Standard and Quick."""
    from gofish.ai import HardPlayer, tell

    for rules_name, players in (("standard", 2), ("quick", 2), ("standard", 4)):
        rules = preset(rules_name)
        game = Game(rules, players, 5)
        seats = [styles.STYLE_CLASSES[name](s, rules, players, s) if s else
                 HardPlayer(s, rules, players, s) for s in range(players)]
        fed = 0
        while not game.over:
            assert len(game.actions) < 3000, "a game that does not end"
            tell(seats, game.events[fed:], False)
            fed = len(game.events)
            view = game.view(game.to_act, with_events=False)
            action = seats[game.to_act].choose(view)
            assert action in view.legal
            game.apply(action)
