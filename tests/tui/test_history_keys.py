"""The history's key line names its first action, Enter (resume or read): the table's own
Enter binding, hidden, used to take its place."""

from __future__ import annotations

import pytest

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
