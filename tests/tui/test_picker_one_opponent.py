"""With one opponent there is nobody else to choose: the ask line offers the ranks, and a digit
that is a rank you hold is that rank ("2" asks for twos), while "opponent key, rank key, Enter"
still asks for that rank."""

from __future__ import annotations

from gofish.engine import Ask, Game, Rules
from gofish.front.picker import READY, Picker
from gofish.i18n import _
from gofish.names import OF, rank_word

from .helpers import confirm_pass, humans, make_app
from .test_ask_line_words import ask_line
from .test_picker import key_of


def two_seats(seed: int):
    game = Game(Rules(), 2, seed)
    seat = game.to_act
    view = game.view(seat)
    picker = Picker(("Alice", "Bob"))
    picker.start(view, 0)
    return seat, view, picker


def digit_ranks(view) -> list[int]:
    return sorted({c >> 2 for c in view.hand if 0 <= c >> 2 <= 7})  # twos to nines


def test_a_held_digit_is_a_rank_when_there_is_one_opponent():
    twos_at_seat_two = 0  # "2" is both Bob's number and twos: the case that was swallowed
    for seed in range(40):
        seat, view, picker = two_seats(seed)
        other = 1 - seat
        assert picker.target == other  # the only one, chosen
        for rank in digit_ranks(view):
            picker.start(view, 0)
            picker.key(key_of(rank))
            assert (picker.rank, picker.step) == (rank, READY), (seed, rank)
            assert picker.confirm().action == Ask(other, rank)
            twos_at_seat_two += rank == 0 and other == 1
    assert twos_at_seat_two > 0


def test_opponent_key_rank_key_enter_still_asks_for_that_rank():
    for seed in range(20):
        seat, view, picker = two_seats(seed)
        other = 1 - seat
        for rank in sorted({c >> 2 for c in view.hand}):
            picker.start(view, 0)
            picker.key(str(other + 1))
            picker.key(key_of(rank))
            assert picker.confirm().action == Ask(other, rank), (seed, rank)


async def test_the_ask_line_offers_the_ranks_not_someone_else(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await confirm_pass(pilot)
        await pilot.pause()
        line = ask_line(app)
        assert "Someone else" not in line and _("Whom? 1-{n} or ↑↓").format(n=2) not in line
        assert "A 2-9" in line, line


def test_opponent_number_then_a_rank_not_held_asks_nothing():
    """"2 9 Enter" at a two-seat table where "2" is both Bob's number and a rank you hold:
    without nines the nine is refused and Enter sends nothing, never an ask for twos that
    was never meant (the "2" read as twos must not stand)."""
    nine = 7
    found = 0
    for seed in range(200):
        seat, view, picker = two_seats(seed)
        other = 1 - seat
        ranks = {c >> 2 for c in view.hand}
        digit = str(other + 1)
        if other + 1 < 2 or (other + 1 - 2) not in ranks or nine in ranks:
            continue
        found += 1
        picker.start(view, 0)
        picker.key(digit)
        out = picker.key("9")
        assert out.message == _("You have no {rank}: you may only ask for a rank you hold."
                                ).format(rank=rank_word(nine, role=OF)), seed
        assert picker.confirm().action is None, seed
    assert found > 0


def test_with_one_opponent_a_step_back_from_nothing_chosen_is_no_step():
    """The only opponent is chosen for you, so undoing it changes nothing on screen: Esc then
    goes straight to the menu (not a first press that seems to do nothing)."""
    seat, view, picker = two_seats(3)
    assert picker.rank is None
    assert picker.back() is False
    rank = sorted({c >> 2 for c in view.hand})[0]
    picker.choose_rank(rank)
    assert picker.back() is True and picker.rank is None
    assert picker.back() is False
