"""A narrow seat (six at 80 columns: 7 columns of text) folded a name in what was said there
mid-word ("Barthol" over "omew, a…"): a word longer than the line is cut with an ellipsis,
never folded."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from textual.content import Content

from gofish.i18n import _, pgettext
from gofish.tui.widgets.seats import fit_rows

NAMES = ("Bartholomew", "Christabel", "Evangeline", "Maximilian")


def said(name: str) -> str:
    question = _("{name}, any {rank}?").format(name=name, rank="eights")
    return pgettext("words said at a seat", "“{said}”").format(said=question)


@pytest.mark.parametrize("width", [5, 6, 7, 8, 9])
@pytest.mark.parametrize("name", NAMES)
def test_a_long_name_is_cut_with_an_ellipsis_never_folded(name, width):
    text = said(name)
    lines = [line.plain for line in fit_rows(Content(text), width, 3)]
    assert all(cell_len(line) <= width for line in lines), lines
    words = text.split()
    for line in lines:
        for word in line.split():
            whole = word in words
            cut = word.endswith("…") and any(w.startswith(word[:-1]) for w in words)
            assert whole or cut, (word, lines)
    assert lines[0].startswith("“" + name[:2]), lines  # the name starts the bubble


def test_words_that_fit_are_left_whole_and_styles_kept():
    content = Content.assemble(("“Bob,", "bold"), " any six?”")
    lines = fit_rows(content, 7, 3)
    assert [line.plain for line in lines] == ["“Bob,", "any", "six?”"]
    assert lines[0].spans  # the bold name keeps its style
    eights = fit_rows(Content("“Bob, any eights?”"), 7, 3)
    assert [line.plain for line in eights] == ["“Bob,", "any", "eights…"]


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"], indirect=True)
@pytest.mark.parametrize("width", [7, 8, 9, 12])
def test_out_fits_a_narrow_seat_in_whole_words(lang, width):
    """'  вне игры' is wider than a narrow seat: Textual folded it wherever the width fell."""
    from gofish.tui.widgets.seats import out_lines

    lines = [line.plain for line in out_lines(width)]
    assert 1 <= len(lines) <= 2
    assert all(cell_len(line) <= width - 1 for line in lines), lines
    assert " ".join(line.strip() for line in lines).split() == _("out").split() or \
        lines[-1].endswith("…")
