"""Each seat's lines stay inside its column, with a blank column before the next seat: a
books line that filled its column ran into the next seat's ("2 livres : 3 4 6 livres : 2 5")."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from gofish.i18n import set_language
from gofish.tui.widgets.seats import SeatBox

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
