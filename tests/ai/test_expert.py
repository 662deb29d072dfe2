"""What Expert does differently from Hard, and that it is stronger for it."""

from __future__ import annotations

import pytest
from ai_support import play_to_end, playout

from gofish.ai import expert, make_player
from gofish.ai.hard import HARD
from gofish.engine import Ask, preset


def test_two_seats_weigh_books_over_the_turn_more_seats_keep_hards_weights() -> None:
    rules = preset("standard")
    assert make_player("expert", 0, rules, 2, 1).weights.keep < HARD.keep
    assert make_player("expert", 0, rules, 4, 1).weights == HARD
    assert make_player("hard", 0, rules, 2, 1).weights == HARD


def test_expert_fishes_for_a_book_where_hard_takes_the_likelier_hit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions of a Hard game where the two disagree: Expert's ask has the better chance of a
    book, Hard's the better chance of a hit (which keeps the turn)."""
    monkeypatch.setattr(expert, "LATE_STOCK", -1)  # the weights alone, without the late search
    rules = preset("standard")
    seen = 0
    for seed in range(6):
        shadow = make_player("expert", 0, rules, 2, seed)
        fed = 0
        for game, seat, hard in playout(rules, 2, seed, ["hard", "hard"]):
            for e in game.events[fed:]:
                shadow.observe(e.for_seat(0))
            fed = len(game.events)
            view = game.view(seat, with_events=False)
            asks = [a for a in view.legal if isinstance(a, Ask)]
            if seat != 0 or len(asks) < 2:
                continue
            mine, theirs = shadow.score_asks(view, asks), hard.score_asks(view, asks)
            e_best = max(range(len(asks)), key=mine.__getitem__)
            h_best = max(range(len(asks)), key=theirs.__getitem__)
            if asks[e_best].rank == asks[h_best].rank:
                continue
            est = shadow.know.estimate()
            e_hit, _, e_book = shadow._rank_terms(est, 1, asks[e_best].rank)
            h_hit, _, h_book = shadow._rank_terms(est, 1, asks[h_best].rank)
            assert e_book * e_hit + shadow._lucky(est, asks[e_best].rank, None) \
                >= h_book * h_hit - 1e-9
            assert h_hit >= e_hit - 1e-9
            seen += 1
    assert seen >= 10


@pytest.mark.slow
def test_expert_beats_hard_at_two_seats(monkeypatch: pytest.MonkeyPatch) -> None:
    """1,000 deals, each played with the seats both ways; benchmarks/ai.py plays 10,000."""
    monkeypatch.setattr(expert, "LATE_STOCK", -1)  # the search is too slow for a test
    rules = preset("standard")
    points = 0.0
    for seed in range(1000):
        for seat in (0, 1):
            levels = ["expert", "hard"] if seat == 0 else ["hard", "expert"]
            winners = play_to_end(rules, 2, seed, levels).winners
            points += (seat in winners) / len(winners)
    assert points / 2000 > 0.52
