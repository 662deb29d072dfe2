"""The message line under the hand has two rows: a part of it that does not fit is cut with
"…" at its end, never in the middle of a word with nothing to say so ("... Cleo a pioché une")."""

from __future__ import annotations

import pytest
from textual.content import Content

from gofish.i18n import set_language
from gofish.names import set_ascii
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.widgets.message import fit_lines

from .helpers import make_app, screen_text

SEATS = [SeatSpec("Ann"), SeatSpec("Bartholomew_Mountba", COMPUTER, "easy"),
         SeatSpec("Cleo", COMPUTER, "easy")]


def test_two_parts_each_get_a_row_and_a_cut_is_marked():
    taken = Content("Bob took 8♠ from you.")
    said = Content("Cleo vous a demandé les dix. Vous avez dit « Va pêcher ! » Cleo a pioché "
                   "une carte.")
    rows = fit_lines(Content("\n").join([taken, said]), 60, 2).plain.split("\n")
    assert rows[0] == "Bob took 8♠ from you."
    assert rows[1].endswith("…") and len(rows[1]) <= 60
    assert said.plain.startswith(rows[1][:-1].rstrip())


def test_one_part_wraps_over_both_rows_and_is_marked_only_when_cut():
    text = Content("word " * 20)  # 100 columns
    assert fit_lines(text, 60, 2).plain.split("\n")[1].rstrip() == "word " * 7 + "word"  # no mark
    rows = fit_lines(Content("word " * 30), 60, 2).plain.split("\n")
    assert len(rows) == 2 and rows[1].endswith("…") and len(rows[1]) <= 60


def test_ascii_marks_a_cut_with_three_dots():
    set_ascii(True)
    try:
        rows = fit_lines(Content("a b\n" + "word " * 30), 40, 2).plain.split("\n")
    finally:
        set_ascii(False)
    assert rows[0] == "a b" and rows[1].endswith("...") and len(rows[1]) <= 40


@pytest.fixture
def french():
    set_language("fr")
    yield
    set_language("en")


async def test_the_table_cuts_a_long_french_message_with_a_mark(tmp_path, french):
    app = make_app(tmp_path, SEATS, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        full = screen.message.plain
        region = screen.query_one("#msg").region
        rows = screen_text(app).splitlines()[region.y:region.y + region.height]
        shown = [row[region.x + 1:region.right - 1].rstrip() for row in rows]  # padding 0 1
        taken, said = full.split("\n")
        assert len(shown) == 2 and shown[0] == taken
        assert shown[1] != said and shown[1].endswith("…"), shown  # too long for its row: cut
        assert said.startswith(shown[1][:-1].rstrip())


def test_a_styled_part_cut_short_keeps_its_style_on_the_mark():
    warning = Content.styled("word " * 30, "bold")  # a word said in bold: the sure-miss word
    fitted = fit_lines(warning, 40, 2)
    rows = fitted.plain.split("\n")
    assert rows[1].endswith("…")
    mark_at = len(fitted.plain) - 1
    assert any(span.start <= mark_at < span.end and span.style == "bold"
               for span in fitted.spans)


def test_the_message_line_keeps_guillemets_with_their_words():
    """'...Bartholomew Smithson a dit «' ended the first row, 'Va pêcher ! »' began the next:
    the line broke at the no-break spaces of French typography."""
    said = ("Vous avez demandé les dix à Bartholomew Smithson. Bartholomew Smithson a dit "
            "«\u00a0Va pêcher\u202f!\u00a0» Vous avez pioché 5♣.")
    for width in range(30, 81):
        rows = fit_lines(Content(said), width, 3).plain.split("\n")
        for row in rows:
            bare = row.rstrip(" \u00a0\u202f")
            assert not bare.endswith("«"), (width, rows)
            assert not row.lstrip(" \u00a0\u202f").startswith(("!", "»")), (width, rows)
