"""The review of a finished game: refused before the end, every move replayed, each ask of the
reviewed seat marked as it looked from that seat at the time, turning points and the summary."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from coach_support import finish, rigged

from gofish.coach import Coach
from gofish.coach.review import MIN_SWING, Unfinished, review_game, review_record, standing
from gofish.coach.words import mark_text, review_summary
from gofish.engine import Ask, Game, Rules, preset
from gofish.engine.cards import parse_rank
from gofish.seats import COMPUTER, SeatSpec

NAMES = ["Ann", "Bob", "Carol"]


def random_game(rules: Rules, players: int, seed: int) -> Game:
    game = Game(rules, players, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_an_unfinished_game_is_refused() -> None:
    game = random_game(Rules(), 3, 4)
    with pytest.raises(Unfinished):
        review_game(game.rules, 3, 4, game.actions[:-1], 0)
    record = SimpleNamespace(finished=False, rules=game.rules, seats=(SeatSpec("A"),) * 3,
                             seed=4, actions=tuple(game.actions))
    with pytest.raises(Unfinished):
        review_record(record)  # the record's own word is enough: nothing is replayed


@pytest.mark.parametrize("rules", [Rules(), preset("kids"), Rules(ask_for="card"),
                                   Rules(scoring="card-value", draw_until_hit=True)])
def test_every_move_is_replayed_and_every_ask_of_the_seat_marked(rules: Rules) -> None:
    game = random_game(rules, 3, 7)
    review = review_game(rules, 3, 7, game.actions, 1)
    assert len(review.moves) == len(game.actions) + 1
    assert review.moves[-1].after.hands == tuple(game.hand_cards(s) for s in range(3))
    assert review.moves[-1].after.scores == game.scores() == review.scores
    assert review.winners == game.winners
    asks_made = [m for m in review.moves[1:] if m.seat == 1 and isinstance(m.action, Ask)]
    assert review.asks == len(asks_made) > 0
    assert all(m.mark is not None for m in asks_made)
    assert all(m.mark is None for m in review.moves if m not in asks_made)
    for m in asks_made:
        assert 0.0 <= m.mark.chance <= 1.0 and 0.0 <= m.mark.best_chance <= 1.0
        assert m.mark.hit == any(e.kind == "gave" for e in m.events)
        if m.mark.sure_miss:
            assert not m.mark.hit
        if m.mark.chance == 1.0:
            assert m.mark.hit  # a sure hit never misses: the coach's proofs hold
    total = sum(m.swing for m in review.moves)
    assert total == pytest.approx(review.moves[-1].after.standing - review.moves[0].after.standing)


def test_marks_are_what_the_seat_could_see_at_the_time() -> None:
    """Each mark equals a fresh coach's judgement from the seat's view at that moment."""
    rules = Rules()
    game = random_game(rules, 3, 11)
    review = review_game(rules, 3, 11, game.actions, 0)
    replay = Game(rules, 3, 11)
    for move in review.moves[1:]:
        if move.mark is not None:
            view = replay.view(0)
            coach = Coach.from_view(view)
            judged = {a.ask: a for a in coach.assess(view)}
            assert move.mark.chance == judged[move.action].chance
            best = coach.best(list(judged.values()))
            assert move.mark.best == best.ask
        replay.apply(move.action)


def test_turning_points_are_the_largest_swings() -> None:
    game = random_game(Rules(), 4, 3)
    review = review_game(game.rules, 4, 3, game.actions, 2)
    swings = sorted((abs(m.swing) for m in review.moves), reverse=True)
    assert review.turning and len(review.turning) <= 3
    assert list(review.turning) == sorted(review.turning)
    chosen = sorted((abs(review.moves[n].swing) for n in review.turning), reverse=True)
    assert chosen == swings[:len(chosen)]
    assert all(abs(review.moves[n].swing) >= MIN_SWING for n in review.turning)


def expected_turning(rules: Rules, players: int, seed: int, actions, seat: int) -> list[int]:
    """The turning points worked out here, from the engine's public face alone (scores and
    hand sizes), as coach/review.py's docstring defines them: a seat's standing is its books
    plus a quarter of a book a card in hand, less the same of its best rival; a turning point
    is one of the three largest swings of it, of half a book or more, in game order."""
    game = Game(rules, players, seed)

    def standing_now() -> float:
        share = [score + len(game.hand_cards(s)) / 4 for s, score in enumerate(game.scores())]
        return share[seat] - max(share[s] for s in range(players) if s != seat)

    swings = []
    before = standing_now()
    for number, action in enumerate(actions, 1):
        game.apply(action)
        after = standing_now()
        swings.append((number, after - before))
        before = after
    big = sorted((m for m in swings if abs(m[1]) >= 0.5), key=lambda m: (-abs(m[1]), m[0]))
    return sorted(number for number, _swing in big[:3])


@pytest.mark.parametrize("players, seed, seat", [(4, 3, 2), (2, 5, 0), (3, 11, 1), (5, 8, 4)])
def test_turning_points_are_worked_out_apart_from_the_review(players, seed, seat) -> None:
    """The test above takes its swings from the review itself: a review that judged the
    standing wrongly (a mutant comparing with the weakest rival, not the best) agreed with
    itself. These are worked out from the engine, without the review's code."""
    game = random_game(Rules(), players, seed)
    review = review_game(game.rules, players, seed, game.actions, seat)
    expected = expected_turning(game.rules, players, seed, game.actions, seat)
    assert expected  # the control: these games have turning points to find
    assert list(review.turning) == expected


def test_standing_counts_books_and_cards_toward_books() -> None:
    game = Game(Rules(), 2, 1)
    # at the deal: 7 cards each, no books: level
    assert standing(game, 0) == pytest.approx(0.0)
    game.apply(game.legal_actions()[0])
    b = standing(game, 0)
    hands = [sum(bin(m).count("1") for m in game.hands[s]) for s in range(2)]
    books = game.scores()
    assert b == pytest.approx(books[0] + hands[0] / 4 - books[1] - hands[1] / 4)


def test_a_sure_hit_left_on_the_table_is_counted_and_said(monkeypatch) -> None:
    game = rigged(monkeypatch, ["2c 3c 4c 5c Jh", "9c 9d 8h Qc Kd", "Jc Jd 6h 7h 8c"],
                  draws="6c 10c 10d", keep=True)
    game.apply(Ask(1, parse_rank("2")))
    game.apply(Ask(2, parse_rank("9")))
    game.apply(Ask(1, parse_rank("J")))
    game.apply(Ask(1, parse_rank("J")))  # Ann asks Bob, who just said "Go fish" to jacks
    finish(game)
    review = review_game(game.rules, 3, game.seed, game.actions, 0)
    mark = review.moves[4].mark
    assert mark is not None and mark.sure_miss and mark.sure_hit_left and not mark.is_best
    assert mark.best == Ask(2, parse_rank("J")) and mark.best_chance == 1.0
    assert mark_text(mark, NAMES) == (
        "Your ask was sure to miss: the record proved it. The coach would have asked Carol for "
        "jacks (sure). Carol asked for jacks 1 turn ago and has not given any away: Carol holds "
        "at least one.")
    assert review.sure_hits_left >= 1 and review.sure_misses >= 1
    text = review_summary(review)
    assert "sure hit" in text and "sure to miss" in text


def test_the_record_names_the_first_human_seat() -> None:
    game = random_game(Rules(), 3, 5)
    seats = (SeatSpec("Bob", COMPUTER, "easy"), SeatSpec("Ann"), SeatSpec("Cy", COMPUTER, "hard"))
    record = SimpleNamespace(finished=True, rules=game.rules, seats=seats, seed=5,
                             actions=tuple(game.actions))
    assert review_record(record).seat == 1
    assert review_record(record, 2).seat == 2


def every_rule_set() -> list[Rules]:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "ai"))
    from ai_support import rule_sets

    return rule_sets(6, seed=11)


def test_every_rule_set_reviews_and_its_proofs_hold() -> None:
    """Matches, empty hands, card asks, bluffs, draw until hit, pairs: the review runs, and
    whatever the coach called sure to hit found cards, whatever it called sure to miss did not."""
    sure_hits = sure_misses = 0
    for i, rules in enumerate(every_rule_set()):
        players = 2 + i % 4
        game = random_game(rules, players, 40 + i)
        review = review_game(rules, players, 40 + i, game.actions, i % players)
        assert len(review.moves) == len(game.actions) + 1
        for mark in review.marks:
            if mark.chance == 1.0:
                sure_hits += 1
                assert mark.hit, rules
            if mark.sure_miss:
                sure_misses += 1
                assert not mark.hit, rules
    assert sure_hits >= 20 and sure_misses >= 20


def test_a_sure_miss_counts_against_you_only_when_another_ask_might_have_hit() -> None:
    """Late in a deal every ask can be sure to miss: asking then is no mistake, and the summary
    does not count it; a sure miss beside an ask that might have hit is counted and said so."""
    from dataclasses import replace

    from gofish.coach.review import AskMark, Move, Review

    forced = AskMark(chance=0.0, best=Ask(1, 3), best_chance=0.0, is_best=True,
                     sure_hit_left=False, sure_miss=True, hit=False)
    avoidable = replace(forced, best=Ask(1, 5), best_chance=0.3, is_best=False)
    fair = replace(forced, chance=0.4, best_chance=0.4, sure_miss=False, hit=True)

    def review(*marks: AskMark) -> Review:
        moves = tuple(Move(i + 1, 0, m.best, (), None, 0.0, m) for i, m in enumerate(marks))
        return Review(0, 2, Rules(), moves, (), (0,), (1, 0))

    assert review(forced, forced, fair).sure_misses == 0
    assert "sure to miss" not in review_summary(review(forced, forced, fair))
    mixed = review(forced, avoidable, fair)
    assert mixed.sure_misses == 1
    assert "1 ask was sure to miss while another might have hit." in review_summary(mixed)
