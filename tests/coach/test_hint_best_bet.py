"""The hint calls an ask "the best bet you have" only when no other ask is likelier: at two
seats Hard (whose choice the hint gives) may ask for the rank it holds most of instead, and then
the hint says that, not a claim about the odds that is false. The same for an ask that would
complete a book: the likeliest is "the best bet", another says that the others are likelier."""

from __future__ import annotations

import pytest

from gofish.ai import LEVEL_CLASSES, tell
from gofish.coach.advice import BOOK_CHANCE, BOOK_WORTH, CHANCE, HELD_MOST, WEIGHED, Coach
from gofish.coach.words import reason_text
from gofish.engine import Ask, Game, preset
from gofish.i18n import _


@pytest.mark.parametrize("pairs", [False, True], ids=["books", "pairs"])
def test_best_bet_only_for_the_likeliest_ask(pairs: bool):
    rules = preset("standard").replace(pairs=pairs)
    kinds: dict[str, int] = {}
    for seed in range(12):
        game = Game(rules, 2, seed)
        seats = [LEVEL_CLASSES["hard"](0, rules, 2, seed), LEVEL_CLASSES["random"](1, rules, 2,
                                                                                    seed)]
        coach = Coach(0, rules, 2)
        fed = 0
        while not game.over:
            new = game.events[fed:]
            tell(seats, new, False)
            for e in new:
                coach.observe(e.for_seat(0))
            fed = len(game.events)
            s = game.to_act
            view = game.view(s)
            if s == 0 and any(isinstance(a, Ask) for a in view.legal):
                hint = coach.hint(view)
                assert hint is not None
                assessed = coach.assess(view)
                likeliest = max(a.chance for a in assessed)
                # the likeliest ask that would lay a book (every ask, under pairs)
                need = rules.book_size - 1
                books = [a.chance for a in assessed
                         if coach.knowledge.minc[0][a.ask.rank] >= need]
                kind = hint.reason.kind
                kinds[kind] = kinds.get(kind, 0) + 1
                text = reason_text(hint.reason, ("Ann", "Bob"))
                if kind in (CHANCE, BOOK_CHANCE):
                    assert hint.chance >= likeliest - 0.05, (seed, text, likeliest)
                if kind == BOOK_WORTH:  # "none would gain as much": no likelier book
                    assert hint.chance >= max(books) - 0.05, (seed, text, books)
                if kind in (HELD_MOST, WEIGHED, BOOK_WORTH):
                    assert hint.chance < likeliest - 0.05
                    assert _("the best bet") not in text
                if kind == HELD_MOST:
                    assert hint.reason.held >= 2
                    assert view.stock > 6  # late in the deal nothing is kept out of sight
            game.apply(seats[s].choose(game.view(s, with_events=False)))
    # the position kinds this checks all came up
    seen = (BOOK_CHANCE,) if pairs else (CHANCE, HELD_MOST, BOOK_CHANCE, BOOK_WORTH)
    assert all(kinds.get(k, 0) for k in seen), kinds


def test_odds_alone_never_say_no_chance(monkeypatch):
    """"No chance" is the record's word (a sure miss): where the odds sink to nothing (a rank
    passed up over and over, the stock empty), the chance shown is the least one, not none."""
    rules = preset("standard")
    game = Game(rules, 2, 3)
    seat = game.to_act
    coach = Coach(seat, rules, 2)
    for e in game.events:
        coach.observe(e.for_seat(seat))
    view = game.view(seat)
    monkeypatch.setattr(coach.player, "hit_chances", lambda asks: [0.0] * len(asks))
    assessed = coach.assess(view)
    assert assessed
    for a in assessed:
        assert a.chance == (0.0 if a.sure_miss else 0.01), a
