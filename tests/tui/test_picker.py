"""The ask picker without Textual: "opponent key, rank key, Enter" asks that opponent for that
rank from any state; a new ask never carries the old rank; Enter with nothing chosen sends
nothing and says what to choose."""

from __future__ import annotations

import subprocess
import sys

from gofish.engine import Ask, Draw, Game, Rules
from gofish.front.picker import RANK, READY, SUIT, WHOM, Picker

NAMES = ("Alice", "Bob", "Carol", "Dave")


def key_of(rank: int) -> str:
    return "234567890jqka"[rank]


def setup(players: int = 4, seed: int = 1, rules: Rules | None = None):
    game = Game(rules or Rules(), players, seed)
    seat = game.to_act
    view = game.view(seat)
    picker = Picker(NAMES[:players], ask_for_card=(rules or Rules()).ask_for == "card")
    picker.start(view, 0)
    return game, seat, view, picker


def typed(picker: Picker, keys: str):
    out = None
    for k in keys:
        if k in "↑↓←→":
            {"↑": lambda: picker.cycle_target(-1), "↓": lambda: picker.cycle_target(1),
             "←": lambda: picker.cycle_rank(-1), "→": lambda: picker.cycle_rank(1)}[k]()
        else:
            out = picker.key(k)
    return out


def test_the_picker_and_the_card_drawings_do_not_import_textual():
    code = ("import sys, gofish.front.picker, gofish.tui.cards; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_opponent_rank_enter_from_every_state():
    game, seat, view, picker = setup()
    opponents = [o for o in range(4) if o != seat]
    ranks = sorted({c >> 2 for c in view.hand})
    # every state the picker can be left in, then the documented sequence (only a digit
    # typed as an opponent makes the next digit a rank: "3 9" is Carol, nines), from where
    # the ask line offers the opponents' keys
    first = str(opponents[0] + 1)
    prefixes = ["", "1234" + key_of(ranks[0]), first + key_of(ranks[0]), key_of(ranks[-1]), "9",
                "k", "↓", "↓→", "→", first + "↓", first + key_of(ranks[0]) + "↑", "←↑"]
    for prefix in prefixes:
        for target in opponents:
            for rank in ranks:
                picker.start(view, 0)
                typed(picker, prefix)
                if picker.step == RANK and picker.rank is None:
                    # the line asks for the rank alone (an opponent chosen by an arrow): a
                    # digit held is that rank, as the line says; Backspace offers the seats
                    assert picker.back() and picker.step == WHOM
                typed(picker, str(target + 1) + key_of(rank))
                out = picker.confirm()
                assert out.action == Ask(target, rank), (prefix, target, rank, picker)


def test_a_new_ask_clears_the_rank_and_keeps_the_opponent():
    game, seat, view, picker = setup()
    rank = view.hand[0] >> 2
    target = next(o for o in range(4) if o != seat)
    typed(picker, str(target + 1) + key_of(rank))
    assert picker.step == READY
    picker.update(view, 0)  # a redraw: nothing changes
    assert (picker.target, picker.rank) == (target, rank)
    picker.update(view, 1)  # an action happened: a new ask
    assert picker.target == target and picker.rank is None and picker.step == WHOM
    out = picker.confirm()
    assert out.action is None and "Choose a rank" in out.message and picker.step == RANK


def test_enter_with_nothing_chosen_says_whom():
    game, seat, view, picker = setup()
    out = picker.confirm()
    assert out.action is None and "Choose whom to ask" in out.message


def test_a_digit_after_the_opponent_is_a_rank_and_an_opponent_after_the_rank():
    game, seat, view, picker = setup()
    held_digits = sorted({c >> 2 for c in view.hand if c >> 2 <= 7})
    assert held_digits, "the seed deals a rank 2-9"
    target = next(o for o in range(4) if o != seat)
    typed(picker, str(target + 1) + key_of(held_digits[0]))
    assert (picker.step, picker.rank) == (READY, held_digits[0])
    other = next(o for o in range(4) if o not in (seat, target))
    typed(picker, str(other + 1))  # the rank is kept; the next digit is a rank again
    assert (picker.target, picker.step, picker.rank) == (other, RANK, held_digits[0])
    assert picker.confirm().action == Ask(other, held_digits[0])


def test_a_digit_not_held_in_the_rank_step_is_an_opponent_if_one_sits_there():
    game, seat, view, picker = setup()
    held = {c >> 2 for c in view.hand}
    target = next(o for o in range(4) if o != seat)
    other = next(o for o in range(4) if o not in (seat, target) and (o + 1) - 2 not in held
                 and o + 1 >= 2)
    typed(picker, str(target + 1) + str(other + 1))
    assert picker.target == other and picker.step == RANK


def test_a_rank_not_held_is_refused_with_a_reason():
    game, seat, view, picker = setup()
    held = {c >> 2 for c in view.hand}
    missing = next(r for r in range(8, 13) if r not in held)
    out = typed(picker, key_of(missing))
    assert "you may only ask for a rank you hold" in out.message and picker.rank is None


def test_ask_for_a_card_needs_a_suit():
    rules = Rules(ask_for="card")
    game, seat, view, picker = setup(rules=rules)
    rank = view.hand[0] >> 2
    held_suits = {c & 3 for c in view.hand if c >> 2 == rank}
    suit = next(s for s in range(4) if s not in held_suits)
    target = next(o for o in range(4) if o != seat)
    typed(picker, str(target + 1) + key_of(rank))
    assert picker.step == SUIT
    out = picker.confirm()
    assert out.action is None and "Choose a suit" in out.message
    typed(picker, "cdhs"[suit])
    assert picker.confirm().action == Ask(target, rank, suit)


def test_an_empty_hand_draws():
    game, seat, view, picker = setup()
    empty = view.__class__(**{**view.__dict__, "hand": ()})
    picker.start(empty, 3)
    assert picker.key("2").handled is False
    assert picker.confirm().action == Draw()


def test_back_undoes_a_step_at_a_time():
    game, seat, view, picker = setup()
    rank = view.hand[0] >> 2
    target = next(o for o in range(4) if o != seat)
    typed(picker, str(target + 1) + key_of(rank))
    assert picker.back() and picker.rank is None and picker.step == RANK
    assert picker.back() and picker.step == WHOM
    assert not picker.back()


def seat_and_rank_digit(view, seat: int):
    """An opponent whose number is also a rank the seat holds ("3": Carol, or threes)."""
    held = {c >> 2 for c in view.hand}
    return next(((o, o - 1) for o in range(view.players)
                 if o != seat and o >= 1 and o - 1 in held), None)


def test_where_the_line_asks_for_a_rank_a_digit_held_is_that_rank():
    """Bob chosen by an arrow (or kept, after Enter asked for the rank): the line reads "What do
    you ask Bob for? A 2-9 0 J Q K", and "3" chose Carol instead of asking for threes."""
    found = 0
    for seed in range(60):
        game, seat, view, picker = setup(seed=seed)
        both = seat_and_rank_digit(view, seat)
        if both is None:
            continue
        other, rank = both
        target = next(o for o in range(4) if o not in (seat, other))
        for how in ("arrow", "enter"):
            picker.start(view, 0)
            if how == "arrow":
                while picker.target != target:
                    picker.cycle_target(1)
            else:
                picker.choose_target(target)
                picker.start(view, 1)  # a new ask after a hit: the opponent kept
                assert "Choose a rank" in picker.confirm().message
            assert picker.step == RANK and picker.rank is None
            typed(picker, str(other + 1))
            assert (picker.target, picker.rank) == (target, rank), (seed, how)
            assert picker.confirm().action == Ask(target, rank)
        found += 1
    assert found > 5


def test_your_own_number_is_a_rank_you_hold_once_an_opponent_is_chosen():
    """After a hit the opponent stays chosen; "4" at seat 4 answered "That is you" where the
    only thing it can mean is fours."""
    found = 0
    for seed in range(60):
        game, seat, view, picker = setup(seed=seed)
        held = {c >> 2 for c in view.hand}
        if seat < 1 or seat - 1 not in held:
            continue
        target = next(o for o in range(4) if o != seat)
        picker.choose_target(target)
        picker.start(view, 1)
        out = typed(picker, str(seat + 1))
        assert not out.message and (picker.target, picker.rank) == (target, seat - 1)
        found += 1
    assert found > 2



def test_the_digit_one_past_the_table_is_no_seat():
    """5 at four seats (3 at two...) was never pressed by a test, so a picker that looked seat
    5 up among four (an IndexError, or the wrong seat chosen) went unseen. With nothing
    chosen it is no seat, and chooses nobody; right after an opponent's digit it is a rank."""
    for players in (2, 3, 4, 5):
        game, seat, view, picker = setup(players)
        past = str(players + 1)
        rank = players - 1  # the digit's rank: "3" is threes (rank 1), "6" sixes (rank 4)
        held = rank in {c >> 2 for c in view.hand}
        kept = picker.target  # one opponent: chosen already
        out = typed(picker, past)
        if kept is not None and held:  # the line asks for the rank alone: threes
            assert (picker.target, picker.rank) == (kept, rank), (players, picker)
        else:
            assert out.message == f"There is no seat {past}.", (players, out)
            assert (picker.target, picker.rank) == (kept, None)
        opponent = next(o for o in range(players) if o != seat)
        picker.start(view, 0)
        typed(picker, str(opponent + 1) + past)  # "2 5": that opponent, fives
        assert picker.target == opponent
        assert picker.rank == (rank if held else None), (players, picker)
