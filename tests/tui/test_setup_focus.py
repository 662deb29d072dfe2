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


async def test_a_seat_added_from_a_name_takes_the_keys_for_its_own_name(tmp_path):
    """Ctrl+N rebuilt the rows and the focus went with them: typing went nowhere."""
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, "n")
        await pilot.press("ctrl+n")
        await pilot.pause()
        await pilot.pause()
        assert app.focused is screen.query_one("#name-2", Input)
        await pilot.press("Z", "o", "e")
        await pilot.pause()
        assert screen.query_one("#name-2", Input).value == "Zoe"
        await pilot.press("ctrl+d")  # the focused seat goes: the last one left takes the keys
        await pilot.pause()
        await pilot.pause()
        assert app.focused is screen.query_one("#name-1", Input)


async def test_a_field_whose_row_stays_keeps_the_keys_and_the_add_button_too(tmp_path):
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, "n")
        await pilot.press("tab")  # the first seat's kind
        await pilot.pause()
        assert app.focused.id == "kind-0"
        await pilot.press("ctrl+n")  # from a seat's field: the new seat's name
        await pilot.pause()
        await pilot.pause()
        assert app.focused.id == "name-2"
        screen.query_one("#kind-0").focus()
        await pilot.press("ctrl+d")
        await pilot.pause()
        await pilot.pause()
        assert app.focused.id == "kind-0" and len(screen.query(".seat-row")) == 2
        add = screen.query_one("#add")
        add.focus()
        await pilot.pause()
        await pilot.press("enter")  # the button, pressed again and again, keeps the keys
        await pilot.pause()
        await pilot.pause()
        assert app.focused is add and len(screen.query(".seat-row")) == 3


async def test_the_key_line_keeps_the_screens_order_with_a_name_focused(tmp_path):
    """A text field binds Ctrl+D itself, and the key line put "^d Remove seat" first."""
    from gofish.tui.widgets.keys import KeyFooter

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(pilot, "n")
        assert isinstance(app.focused, Input)
        shown = screen.query_one(KeyFooter).keys()
        assert [k.key for k in shown] == ["ctrl+s", "ctrl+n", "ctrl+d", "escape", "ctrl+q"]
