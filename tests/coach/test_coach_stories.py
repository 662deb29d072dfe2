"""The coach on small rigged deals, each a story a player could follow: what the table memory
shows, the hint and its reason, and the asks the record proves will miss."""

from __future__ import annotations

import pytest
from coach_support import rigged

from gofish.coach import Coach
from gofish.coach import evidence as why
from gofish.coach.advice import NO_HIT, SEEN
from gofish.coach.words import hint_text, reason_text
from gofish.engine import Ask, Game, Rules, parse_card, preset
from gofish.engine.cards import parse_rank

NAMES = ["Ann", "Bob", "Carol"]
J, NINE, TWO = parse_rank("J"), parse_rank("9"), parse_rank("2")


def ask(game: Game, target: int, rank: str, suit: str | None = None) -> None:
    s = None if suit is None else "cdhs".index(suit)
    game.apply(Ask(target, parse_rank(rank), s))


def coach_of(game: Game, seat: int) -> tuple[Coach, object]:
    view = game.view(seat)
    return Coach.from_view(view), view


@pytest.fixture
def three(monkeypatch) -> Game:
    """Ann fishes for twos; Bob asks Carol for nines and fishes; Carol asks Bob for jacks."""
    game = rigged(monkeypatch, ["2c 3c 4c 5c Jh", "9c 9d 8h Qc Kd", "Jc Jd 6h 7h 8c"],
                  draws="6c 10c 10d")
    ask(game, 1, "2")
    assert game.to_act == 1
    ask(game, 2, "9")
    assert game.to_act == 2
    ask(game, 1, "J")
    assert game.to_act == 0
    return game


def test_memory_shows_asked_ranks_and_go_fish_until_a_draw(three: Game) -> None:
    coach, view = coach_of(three, 0)
    memory = coach.memory(view)
    bob, carol = memory.of(1), memory.of(2)
    assert bob.holds == ((NINE, 1),)  # he asked for nines
    assert bob.lacks == (J,)  # he said "Go fish" to jacks and has not drawn since
    assert TWO not in bob.lacks  # he drew after saying "Go fish" to twos
    assert carol.holds == ((J, 1),)
    assert carol.lacks == ()  # she drew after saying "Go fish" to nines
    assert (bob.cards, carol.cards) == (6, 6)
    assert memory.of(1).took == () and not memory.open_hands


def test_the_hint_is_the_sure_hit_and_says_why(three: Game) -> None:
    coach, view = coach_of(three, 0)
    hint = coach.hint(view)
    assert hint is not None
    assert hint.ask == Ask(2, J) and hint.sure and hint.chance == 1.0
    assert hint.reason.kind == why.ASKED and hint.reason.turns == 1
    assert hint_text(hint, NAMES) == ("Ask Carol for jacks. Carol asked for jacks 1 turn ago and "
                                      "has not given any away: Carol holds at least one.")


def test_a_sure_miss_is_seen_with_its_reason(three: Game) -> None:
    coach, view = coach_of(three, 0)
    assert coach.sure_miss(view, Ask(1, J))
    assert not coach.sure_miss(view, Ask(1, TWO))  # Bob drew since: he might have one now
    assert not coach.sure_miss(view, Ask(2, J))
    reason = coach.miss_reason(view, Ask(1, J))
    assert reason is not None and reason.kind == why.SAID_GO_FISH
    assert reason_text(reason, NAMES) == (
        "Bob had no jacks 1 turn ago and has drawn no card since: a sure miss.")
    assert coach.miss_reason(view, Ask(2, J)) is None


def test_the_memory_forgets_a_go_fish_once_the_seat_draws(three: Game) -> None:
    ask(three, 1, "2")  # Ann fishes again (Bob said no twos before; he drew since)
    assert three.to_act == 1
    coach, view = coach_of(three, 0)
    assert coach.memory(view).of(1).lacks == (TWO, J)
    three.apply(Ask(2, parse_rank("Q")))  # Bob asks Carol for queens, fishes and draws
    coach, view = coach_of(three, 0)
    assert coach.memory(view).of(1).lacks == ()


def test_cards_taken_from_you_are_remembered_until_given_on_or_booked(monkeypatch) -> None:
    game = rigged(monkeypatch, ["9h 2c 3c 4c 5c", "9c 9d 8h Qc Kd", "Jc Jd 6h 7h 9s"],
                  draws="6c 10c 10d")
    ask(game, 1, "2")  # Ann fishes
    ask(game, 0, "9")  # Bob takes Ann's nine
    coach, view = coach_of(game, 0)
    bob = coach.memory(view).of(1)
    # he asked for nines (one at least) and took one more: two at least (he has three)
    assert bob.took == (parse_card("9h"),) and bob.holds == ((NINE, 2),)
    ask(game, 2, "Q")  # Bob fishes (10c), Carol's turn
    ask(game, 1, "9")  # Carol asks Bob for nines: Bob hands all three over; she lays a book
    assert game.books[2]
    coach, view = coach_of(game, 0)
    bob, carol = coach.memory(view).of(1), coach.memory(view).of(2)
    assert bob.took == () and carol.took == ()
    assert bob.lacks_cards == ()  # single cards only matter when asking for cards
    assert NINE not in bob.lacks  # booked: not worth remembering
    assert all(r != NINE for r, _n in carol.holds + bob.holds)


def test_a_lucky_draw_shows_the_card(monkeypatch) -> None:
    game = rigged(monkeypatch, ["2c 3c 4c 5c 6c", "9c 9d 8h Qc Kd"], draws="2d 7d")
    ask(game, 1, "2")  # "Go fish", and Ann draws the two of diamonds: lucky, she asks again
    assert game.to_act == 0
    coach, view = coach_of(game, 1)
    assert coach.memory(view).of(0).holds == ((TWO, 2),)  # she asked, then showed another
    ask(game, 1, "3")
    coach, view = coach_of(game, 1)
    hint = coach.hint(view)
    assert hint is None or hint.ask.target == 0  # only Ann to ask
    bob_view_asks = [a for a in view.legal if isinstance(a, Ask)]
    assert all(a.rank != TWO for a in bob_view_asks)  # Bob holds no two to ask for


def test_ask_for_them_back(monkeypatch) -> None:
    game = rigged(monkeypatch, ["2c 3c 4c 5c 6c", "9c 9d 8h Qc 2h"], draws="7d 8c 2d 10c")
    ask(game, 1, "3")  # Ann fishes (7d)
    ask(game, 0, "2")  # Bob takes Ann's two of clubs, then fishes for queens (8c)
    ask(game, 0, "Q")
    ask(game, 1, "4")  # Ann fishes and draws the two of diamonds
    ask(game, 0, "9")  # Bob fishes (10c)
    assert game.to_act == 0
    coach, view = coach_of(game, 0)
    memory = coach.memory(view)
    assert memory.of(1).holds[0] == (TWO, 2) and memory.of(1).took == (parse_card("2c"),)
    hint = coach.hint(view)
    assert hint is not None and hint.sure and hint.ask == Ask(1, TWO)
    assert hint.reason.kind == why.TOOK_YOURS
    assert reason_text(hint.reason, NAMES) == (
        "Bob took your twos 3 turns ago and has not given them away: ask for them back!")
    # from Bob's side, Ann gave the two of clubs away and drew since: under the rank option
    # that single card is no news worth showing
    coach, view = coach_of(game, 1)
    assert coach.memory(view).of(0).lacks_cards == ()


def test_card_asks_know_single_cards(monkeypatch) -> None:
    rules = Rules(ask_for="card")
    game = rigged(monkeypatch, ["2c 3c 4c 5c 6c", "9c 9d 8h Qc 5h"], draws="7d 7c 8c",
                  rules=rules)
    ask(game, 1, "2", "d")  # Ann asks Bob for the two of diamonds: "Go fish", draws 7d
    assert game.to_act == 1
    coach, view = coach_of(game, 0)
    bob = coach.memory(view).of(1)
    assert parse_card("2d") in bob.lacks_cards and bob.lacks == ()
    ask(game, 0, "5", "d")  # Bob asks Ann for the five of diamonds: a miss; he draws 7c
    coach, view = coach_of(game, 0)
    assert coach.memory(view).of(1).lacks_cards == ()  # he drew: any card may be back
    # Ann holds the five of clubs, so asking for it is a bluff, sure to miss
    assert coach.sure_miss(view, Ask(1, parse_rank("5"), 0))
    assert coach.miss_reason(view, Ask(1, parse_rank("5"), 0)).kind == "bluff"


def test_open_hands_are_seen_not_remembered(monkeypatch) -> None:
    game = rigged(monkeypatch, ["2c 3c 4c", "2d 9d 8h"], rules=preset("kids"))
    coach, view = coach_of(game, 0)
    hint = coach.hint(view)
    assert hint is not None and hint.ask == Ask(1, TWO) and hint.reason.kind == SEEN
    assert coach.sure_miss(view, Ask(1, parse_rank("3")))
    assert coach.memory(view).open_hands


def test_when_every_ask_misses_the_hint_says_so(monkeypatch) -> None:
    game = rigged(monkeypatch, ["2c 3c 4c", "5d 9d 8h"], rules=preset("kids"))
    coach, view = coach_of(game, 0)
    hint = coach.hint(view)
    assert hint is not None and not hint.sure and hint.reason.kind == NO_HIT
    assert "you will fish" in hint_text(hint, NAMES)


def test_a_coach_refuses_another_seats_view(three: Game) -> None:
    coach, _view = coach_of(three, 0)
    with pytest.raises(ValueError):
        coach.memory(three.view(1))


def test_no_hint_when_it_is_not_your_turn(three: Game) -> None:
    coach, view = coach_of(three, 1)
    assert coach.hint(view) is None


def test_cards_given_to_someone_else_are_not_listed_one_by_one(monkeypatch) -> None:
    game = rigged(monkeypatch, ["2c 3c 4c 5c 6c", "9c 9d 8h Qc Kd", "9h Jd 6h 7h 8c"],
                  draws="10c 10d 10h 10s Jc")
    ask(game, 1, "2")  # Ann fishes (10c)
    ask(game, 2, "8")  # Bob takes Carol's eight, then fishes for queens (10d)
    ask(game, 2, "Q")
    ask(game, 1, "9")  # Carol takes Bob's two nines, then fishes for sevens (10h)
    ask(game, 1, "7")
    coach, view = coach_of(game, 0)
    assert NINE in coach.memory(view).of(1).lacks  # Bob gave his nines away
    ask(game, 1, "3")  # Ann fishes (10s)
    ask(game, 0, "8")  # Bob fishes (Jc): any card may be a nine again
    assert game.to_act == 2
    coach, view = coach_of(game, 0)
    bob = coach.memory(view).of(1)
    assert NINE not in bob.lacks
    assert bob.lacks_cards == ()  # the nine of clubs and of diamonds are Carol's: no news
    assert coach.memory(view).of(2).holds[-1] == (NINE, 3)


def test_no_word_before_a_sure_miss_when_every_ask_is_one() -> None:
    """The table stops an ask the record proves will miss (a second Enter sends it), but where
    every legal ask is as sure to miss, late in a deal, there is nothing better to ask: no word.
    Checked on every decision of 12 two-seat games played to the end."""
    import random

    from gofish.engine import Game

    forced = mixed = 0
    for seed in range(12):
        game = Game(Rules(), 2, seed)
        rng = random.Random(seed)
        while not game.over:
            seat = game.to_act
            view = game.view(seat)
            asks = [a for a in view.legal if isinstance(a, Ask)]
            if asks:
                coach = Coach.from_view(view)
                sure = [a for a in asks if coach.sure_miss(view, a)]
                if sure and len(sure) == len(asks):
                    forced += 1
                    assert all(coach.warn_reason(view, a) is None for a in asks)
                elif sure:
                    mixed += 1
                    for a in sure:
                        assert coach.warn_reason(view, a) == coach.miss_reason(view, a) is not None
                assert all(coach.warn_reason(view, a) is None for a in asks if a not in sure)
            game.apply(rng.choice(game.legal_actions()))
    assert forced >= 3 and mixed >= 3, (forced, mixed)
