"""Longer words (French, Russian) keep to their place: each seat's lines stay inside its
column, with a blank column before the next seat (a books line that filled its column ran into
the next seat's: "2 livres : 3 4 6 livres : 2 5"), the memory panel keeps off the screen's edge,
and the statistics write numbers as the language does."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from gofish.i18n import set_language
from gofish.tui.widgets.memory import MemoryPanel
from gofish.tui.widgets.seats import SeatBox

from .helpers import screen_text
from .scenes import SCENES

SHOWN = {s.name: s for s in SCENES if s.name in ("final-move", "table-memory", "table-six-seats")}
CASES = [(name, lang) for name in sorted(SHOWN) for lang in ("en", "fr", "ru")]


@pytest.fixture
def language():
    yield set_language
    set_language("en")


@pytest.mark.parametrize(("name", "lang"), CASES, ids=[f"{n}-{lang}" for n, lang in CASES])
async def test_seat_lines_leave_a_gap_before_the_next_seat(tmp_path, language, name, lang):
    scene = SHOWN[name]
    language(lang)
    app = scene.make(tmp_path)
    async with app.run_test(size=scene.size) as pilot:
        if scene.run_before is not None:
            await scene.run_before(pilot)
        await pilot.pause()
        table = next(s for s in app.screen_stack if s.query(SeatBox))
        boxes = [b for b in table.query(SeatBox) if b.display and b.state is not None]
        assert boxes
        for box in boxes:
            width = box.content_size.width
            for line in str(box.render()).splitlines():
                assert cell_len(line.rstrip()) <= width - 1, (box.state.name, width, line)


MEMORY = [s for s in SCENES if s.name == "table-memory"][0]


@pytest.mark.parametrize("lang", ["en", "fr", "ru"])
async def test_the_memory_panel_keeps_off_the_screens_last_column(tmp_path, language, lang):
    """Its stylesheet's padding lost the widget's own right margin: French 'a : 5 5 5 7 10 10
    Q Q Q' filled the screen's last column, where the last Q was cut to look like '('."""
    language(lang)
    app = MEMORY.make(tmp_path)
    async with app.run_test(size=MEMORY.size) as pilot:
        await MEMORY.run_before(pilot)
        await pilot.pause()
        panel = app.screen.query_one(MemoryPanel)
        width = app.size.width
        assert panel.display and panel.region.right == width
        rows = screen_text(app).splitlines()[panel.region.y:panel.region.bottom]
        assert all(row[width - 1:].strip() == "" for row in rows), rows
        assert any(row[width - 3:].strip() for row in rows), "a line reaches the margin"


def test_a_memory_line_that_wraps_goes_on_indented_under_itself():
    from textual.content import Content

    from gofish.tui.widgets.memory import hanging

    lines = [line.plain for line in hanging(Content("  a\u00a0: 5 5 5 7 10 10 Q Q Q"), 24)]
    assert lines == ["  a\u00a0: 5 5 5 7 10 10 Q Q", "    Q"]


async def test_the_french_statistics_screen_writes_french_numbers(tmp_path, language):
    from textual.widgets import DataTable

    scene = next(s for s in SCENES if s.name == "statistics")
    language("fr")
    app = scene.make(tmp_path)
    async with app.run_test(size=scene.size) as pilot:
        await scene.run_before(pilot)
        await pilot.pause()
        table = app.screen.query_one("#stats-table", DataTable)
        cells = [str(c) for row in range(table.row_count) for c in table.get_row_at(row)]
        assert any(c.endswith("\u202f%") for c in cells), cells
        assert any("," in c for c in cells) and not any(c.endswith("0%") for c in cells), cells


SAID = [("fr", "Go fish!"), ("fr", "Carol, any twos?"), ("ru", "Go fish!"),
        ("ru", "Carol, any twos?")]


@pytest.mark.parametrize(("lang", "said"), SAID)
def test_guillemets_stay_with_their_words_at_any_width(language, lang, said):
    """A narrow seat (six at 80 columns) wrapped « Va pêcher ! » with its » alone on the last
    line: the no-break spaces held the words together, but a held run longer than the line
    was folded at the width, wherever that fell."""
    from gofish.i18n import _, pgettext
    from gofish.tui.widgets.seats import wrap_keeping_spaces

    language(lang)
    quoted = pgettext("words said at a seat", "“{said}”").format(said=_(said))
    for width in range(4, 20):
        lines = [line.plain for line in wrap_keeping_spaces(quoted, width)]
        assert all(cell_len(line) <= width for line in lines), (width, lines)
        assert "".join(lines).replace(" ", "").replace("\u00a0", "").replace("\u202f", "") \
            == quoted.replace(" ", "").replace("\u00a0", "").replace("\u202f", ""), lines
        for line in lines:
            bare = line.strip(" \u00a0\u202f")
            assert not bare.startswith("»") and not bare.endswith("«"), (width, lines)
            assert bare not in ("!", "?", "!»", "?»"), (width, lines)


@pytest.mark.parametrize("name", ["table-six-seats", "table-sure-miss"])
async def test_the_french_log_keeps_guillemets_with_their_words(tmp_path, language, name):
    """The log broke lines at no-break spaces too: 'Dave a dit «' ended a line."""
    scene = next(s for s in SCENES if s.name == name)
    language("fr")
    app = scene.make(tmp_path)
    async with app.run_test(size=scene.size) as pilot:
        await scene.run_before(pilot)
        await pilot.pause()
        log = app.screen.query_one("#logbox")
        rows = screen_text(app).splitlines()[log.region.y:log.region.bottom]
        cells = [row[log.region.x:log.region.right].strip(" │▁▇█▂▃▄▅▆") for row in rows]
        assert any("«" in c for c in cells), cells
        assert not any(c.endswith("«") or c.startswith("»") for c in cells), cells
