"""The hint calls an ask "the best bet you have" only when no other ask is likelier: at two
seats Hard (whose choice the hint gives) may ask for the rank it holds most of instead, and then
the hint says that, not a claim about the odds that is false. The same for an ask that would
complete a book: the likeliest is "the best bet", another says that the others are likelier."""

from __future__ import annotations

from gofish.ai import LEVEL_CLASSES, tell
from gofish.coach.advice import BOOK_CHANCE, BOOK_WORTH, CHANCE, HELD_MOST, WEIGHED, Coach
from gofish.coach.words import reason_text
from gofish.engine import Ask, Game, preset
from gofish.i18n import _


def test_best_bet_only_for_the_likeliest_ask():
    rules = preset("standard")
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
                likeliest = max(a.chance for a in coach.assess(view))
                kind = hint.reason.kind
                kinds[kind] = kinds.get(kind, 0) + 1
                text = reason_text(hint.reason, ("Ann", "Bob"))
                if kind in (CHANCE, BOOK_CHANCE):
                    assert hint.chance >= likeliest - 0.05, (seed, text, likeliest)
                if kind in (HELD_MOST, WEIGHED, BOOK_WORTH):
                    assert hint.chance < likeliest - 0.05
                    assert _("the best bet") not in text
                if kind == HELD_MOST:
                    assert hint.reason.held >= 2
                    assert view.stock > 6  # late in the deal nothing is kept out of sight
            game.apply(seats[s].choose(game.view(s, with_events=False)))
    # the position kinds this checks all came up
    assert all(kinds.get(k, 0) for k in (CHANCE, HELD_MOST, BOOK_CHANCE, BOOK_WORTH)), kinds
