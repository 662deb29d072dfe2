"""Esc on the start view is "back" by reflex: it never quits there, it says which key does."""

from __future__ import annotations

from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.table import TableScreen

from .helpers import make_app, notices
from .scenes import mixed_seats

SIZE = (80, 24)


def quit_notices(app) -> list[str]:
    return [n for n in notices(app) if "Q" in n and "Esc" in n]


async def test_esc_on_the_start_view_says_how_to_quit_and_does_not_quit(tmp_path):
    app = make_app(tmp_path, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        for _ in range(4):  # a run of reflexive presses, quicker than any "twice to quit"
            await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and app.return_code is None
        assert isinstance(app.screen, MenuScreen)
        assert len(quit_notices(app)) == 1, notices(app)  # said once, not a pile of toasts
        await pilot.press("q")  # the documented key still quits
        await pilot.pause()
        assert not app.is_running


async def test_esc_from_the_table_then_esc_again_leaves_the_app_open(tmp_path):
    app = make_app(tmp_path, mixed_seats())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.is_running
        assert isinstance(app.screen, MenuScreen)
        assert quit_notices(app)
