"""The join waiting screen (gofish join, before the game) has the same one-line key footer as
every other screen, and it fits 80 columns in every language."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from textual.widgets import Footer

from gofish.front.place import Place
from gofish.i18n import LANGUAGES, _
from gofish.tui.screens.waiting import WaitingScreen
from gofish.tui.widgets.keys import KeyFooter, fit

from .helpers import make_app, screen_text


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
async def test_the_waiting_screen_has_the_key_line_and_it_fits(tmp_path, lang) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(WaitingScreen(SimpleNamespace(lobby=None),
                                      Place("ABCDEF", "192.0.2.1:7777", "Ann")))
        await pilot.pause()
        assert isinstance(app.screen, WaitingScreen)
        assert not app.screen.query(Footer)  # Textual's stock footer: gone
        footer = app.screen.query_one(KeyFooter)
        keys = footer.keys()
        shown, _gap = fit(keys, 80)
        assert shown == keys  # every key fits, none dropped
        assert [k.description for k in keys][:1] == [_("Leave")]
        line = screen_text(app).rstrip("\n").splitlines()[-1]
        assert "…" not in line
        for key in keys:
            assert f"{key.shown} {key.description}" in line, (key, line)


@pytest.mark.parametrize("lang", ["fr", "ru"], indirect=True)
async def test_the_waiting_screen_names_a_computers_level_in_the_language(tmp_path, lang) -> None:
    from gofish.seats import level_title

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lobby = {"seats": [{"name": "Carol", "kind": "computer", "level": "easy"}]}
        waiting = WaitingScreen(SimpleNamespace(lobby=lobby),
                                Place("ABCDEF", "192.0.2.1:7777", "Ann"))
        app.push_screen(waiting)
        await pilot.pause()
        waiting.show()
        await pilot.pause()
        assert level_title("easy") != "easy"
        assert _("computer ({level})").format(level=level_title("easy")) in screen_text(app)
