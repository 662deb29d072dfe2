"""The history's key line names its first action, Enter (resume or read): the table's own
Enter binding, hidden, used to take its place."""

from __future__ import annotations

import pytest

from gofish.engine import preset
from gofish.i18n import LANGUAGES, _
from gofish.tui.screens.history import HistoryScreen
from gofish.tui.widgets.keys import KeyFooter, fit

from .helpers import make_app, screen_text
from .test_history_columns import finished_game


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
async def test_enter_is_in_the_history_key_line_and_it_fits(tmp_path, lang):
    finished_game(tmp_path)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        keys = app.screen.query_one(KeyFooter).keys()
        assert keys[0].key == "enter" and keys[0].description == _("Resume/read")
        shown, _gap = fit(keys, 80)
        line = screen_text(app).rstrip("\n").splitlines()[-1]
        for key in shown:
            assert f"{key.shown} {key.description}" in line, (key, line)
        assert shown[0] == keys[0] and shown[-1].description == _("Quit")
        await pilot.press("enter")  # a finished game: its log
        await pilot.pause()
        assert type(app.screen).__name__ == "LogScreen"


async def test_deleting_a_game_open_elsewhere_says_it_cannot_and_keeps_it(tmp_path):
    """The refusal was the lock's bare reason ('this game is open in another gofish ...'),
    a lower-case fragment that did not say what had not been done."""
    from gofish.seats import SeatSpec
    from gofish.store.repo import Store

    from .helpers import fixed_clock, notices

    store = Store(tmp_path / "data", clock=fixed_clock)
    record = store.new_game(preset("standard"), [SeatSpec("Ann"), SeatSpec("Bob")], seed=3)
    app = make_app(tmp_path, None)
    with store.lock(record.id):  # as another gofish holds it
        store.save(record)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("h")
            await pilot.pause()
            await pilot.press("d")
            await pilot.pause()
            await pilot.press("y")
            await pilot.pause()
            said = notices(app)
            assert any(n.startswith("Cannot delete Ann, Bob: this game is open in another gofish")
                       for n in said), said
    assert [g.id for g in store.games()] == [record.id]
