"""Who plays after a miss when the seat to the left is out, and what counts as a seat number."""

from __future__ import annotations

import enum

from test_engine_rules import position, rank

from gofish.engine import Ask, preset
from gofish.engine import events as ev

STANDARD = preset("standard")


def test_after_a_miss_an_out_seat_is_passed_over():
    game = position(["7h 8c", "", "9d 9s"], "Kc 2d ...", turn=0, out=(1,))
    events = game.apply(Ask(2, rank("7")))
    assert game.to_act == 2  # seat 1, to the left, is out of the game
    assert [e.seat for e in events if e.kind == ev.TURN] == [2]  # never handed to seat 1


def test_after_a_miss_the_seat_to_the_left_plays_when_it_is_in():
    game = position(["7h 8c", "4d", "9d 9s"], "Kc 2d ...", turn=0)
    events = game.apply(Ask(2, rank("7")))
    assert ev.GO_FISH in [e.kind for e in events]
    assert game.to_act == 1


class Seat(enum.IntEnum):
    BOB = 1


def test_a_seat_number_may_be_any_int_but_not_a_bool():
    game = position(["7h 8c", "7d 4c", "9d 9s"], "Kc 2d ...", turn=0)
    events = game.apply(Ask(Seat.BOB, rank("7")))
    assert events[1].kind == ev.GAVE and game.to_act == 0
