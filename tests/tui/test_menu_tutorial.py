"""The start view offers the guided deal first, the first time gofish runs, and by T always."""

from __future__ import annotations

from textual.widgets import OptionList

from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.tutorial import TutorialScreen

from .helpers import make_app, screen_text


async def test_the_first_run_offers_the_tutorial_on_enter_and_later_runs_do_not(tmp_path):
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one("#menu-options", OptionList)
        assert options.get_option_at_index(options.highlighted).id == "tutorial"
        assert "guided deal" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TutorialScreen)
    again = make_app(tmp_path, None)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = again.screen.query_one("#menu-options", OptionList)
        assert options.get_option_at_index(options.highlighted).id == "new"
        assert "guided deal" not in screen_text(again)
        await pilot.press("t")  # always there
        await pilot.pause()
        assert isinstance(again.screen, TutorialScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(again.screen, MenuScreen)
