"""The ask line names the number keys of the seats you may ask, never your own ("1-3" at seat
2 offered a key that only answers "That is you")."""

from __future__ import annotations

from gofish.engine import Game, Rules
from gofish.front.picker import Picker
from gofish.tui.widgets.ask_bar import ask_content, seat_keys


def test_seat_keys_are_short_and_skip_your_own():
    assert seat_keys([1, 2, 3]) == "2-4"
    assert seat_keys([0, 2]) == "1,3"
    assert seat_keys([0, 2, 3, 4]) == "1,3-5"
    assert seat_keys([0, 1]) == "1,2"
    assert seat_keys([4]) == "5"


def test_the_ask_line_offers_exactly_the_opponents_keys():
    """Three seats, you at the middle one: the line says "1,3", not "1-3"."""
    for seed in range(30):
        game = Game(Rules(), 3, seed)
        if game.to_act != 1:
            continue
        view = game.view(1)
        picker = Picker(("Ann", "Bob", "Cleo"))
        picker.start(view, None)
        session = type("S", (), {"over": False, "deal_over": False, "to_act": 1,
                                 "names": ("Ann", "Bob", "Cleo"), "rules": game.rules})()
        text = str(ask_content(session, picker, can_ask=True, handover=False))
        assert "1,3 or ↑↓" in text and "1-3" not in text, text
        break
    else:
        raise AssertionError("no deal with seat 2 to play first")
