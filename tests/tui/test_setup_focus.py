"""The setup opens with the first seat's name taking the keys (it opened with nothing focused, so
typing after N went nowhere), and the key that opened it, pressed twice by reflex, types nothing."""

from __future__ import annotations

from textual.widgets import Input

from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.setup import SetupScreen
from gofish.tui.screens.table import TableScreen

from .helpers import make_app


async def open_setup(pilot, *keys: str) -> SetupScreen:
    await pilot.pause()
    await pilot.press(*keys)
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, SetupScreen)
    return screen


async def test_n_opens_the_setup_ready_to_type_the_first_name(tmp_path):
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, "n")
        name = screen.query_one("#name-0", Input)
        assert app.focused is name
        await pilot.press("Z", "o", "e")  # the remembered name is selected: typing replaces it
        await pilot.pause()
        assert name.value == "Zoe"


async def test_n_pressed_twice_types_nothing_into_the_name(tmp_path):
    app = make_app(tmp_path, None, pass_guard=5.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, "n", "n")
        name = screen.query_one("#name-0", Input)
        assert app.focused is name
        assert name.value == "Alice"
        screen.shown_at -= 10  # a moment later, the player types on purpose
        await pilot.press("Z", "o", "e")
        await pilot.pause()
        assert name.value == "Zoe"


async def test_the_setups_keys_work_with_the_name_focused(tmp_path):
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, "n")
        assert isinstance(app.focused, Input)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert len(screen.query(".seat-row")) == 3
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert len(screen.query(".seat-row")) == 2
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await open_setup(pilot, "n")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
