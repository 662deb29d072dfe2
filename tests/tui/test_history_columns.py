"""The history's columns cut a long entry with a visible mark ("…", or "..." under --ascii),
never mid-word with nothing to show that something is missing."""

from __future__ import annotations

import random

import pytest

from gofish.engine import preset
from gofish.names import set_ascii
from gofish.store.repo import Store
from gofish.tui.render import clip

from .helpers import fixed_clock, humans, make_app, screen_text

SIZE = (80, 24)
NAMES = ("Bartholomew", "Maximiliana", "Christopher")


def finished_game(tmp_path) -> list[str]:
    """A finished game of three long names; its winners."""
    store = Store(tmp_path / "data", clock=fixed_clock)
    record = store.new_game(preset("standard"), humans(*NAMES), seed=3)
    game = record.to_game()
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    with store.lock(record.id):
        store.save(record.updated_with(game, clock=fixed_clock))
    return [NAMES[i] for i in game.winners]


def history_row(text: str) -> str:
    return next(line for line in text.splitlines() if "Bartholomew" in line)


@pytest.mark.parametrize("ascii_on", [False, True])
async def test_a_long_status_and_player_list_are_cut_with_a_mark(tmp_path, ascii_on):
    winners = finished_game(tmp_path)
    app = make_app(tmp_path, None, ascii=ascii_on)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.show_history()
            await pilot.pause()
            row = history_row(screen_text(app))
    finally:
        set_ascii(False)
    mark = "..." if ascii_on else "…"
    status = "won by " + ", ".join(winners)
    assert len(status) > 17  # the column's width: this one must be cut
    # the cut keeps the start of the status and says it was cut
    assert status[:9] in row
    assert row.count(mark) == 2, row  # the players and the status, each cut once
    assert "Bartholomew, Maximiliana" in row
    assert "Christopher" not in row  # cut, and the cut shown by the mark after it
    if ascii_on:
        assert row.isascii()


def test_clip_fits_the_width_in_cells_and_marks_a_cut():
    assert clip("short", 10) == "short"
    assert clip("exactly10!", 10) == "exactly10!"
    assert clip("won by Maximiliana", 17) == "won by Maximilia…"
    assert clip("won by Maximiliana, Bob", 17) == "won by Maximilia…"
    assert clip("дай мне двойки", 8) == "дай мне…"
    # wide characters count as two cells
    assert clip("名前名前名前", 7) == "名前名…"
    set_ascii(True)
    try:
        assert clip("won by Maximiliana", 17) == "won by Maximil..."
    finally:
        set_ascii(False)
