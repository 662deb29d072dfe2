"""The seats panel keeps its width whatever the names."""

from __future__ import annotations

from gofish.engine import Game, Rules
from gofish.tui.render import SEAT_WIDTH, seat_line


def test_long_names_are_cut_to_fit_the_seats_panel():
    game = Game(Rules(), 3, seed=1)
    view = game.view(0)
    names = ["W" * 20, "Ｗide" * 5, "x"]
    for seat in range(3):
        for picked in (False, True):
            line = seat_line(view, seat, names, picked=picked, pickable=True, key=str(seat + 1))
            assert line.cell_length <= SEAT_WIDTH + 2
    # a short name is shown whole, a long one ends with an ellipsis
    assert "x" in seat_line(view, 2, names, picked=False, pickable=False, key="3").plain
    assert "…" in seat_line(view, 0, names, picked=False, pickable=False, key="1").plain
