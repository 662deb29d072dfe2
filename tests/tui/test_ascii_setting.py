"""ASCII only as a setting (S, then A): a forced SSH command takes no flags, so a player whose
terminal cannot draw the suits or the frames chooses it on the settings screen, where it holds
at once and at every start; --ascii still wins for its run, and a TERM that cannot draw
(vt100, vt220, the Linux console) starts in ASCII until the player chooses."""

from __future__ import annotations

import pytest
from textual.scrollbar import ScrollBar, ScrollBarRender

from gofish.names import ascii_mode, set_ascii
from gofish.store.settings import Preferences, read_preferences, save_preferences
from gofish.tui import launch
from gofish.tui.screens.settings import SettingsScreen
from gofish.tui.terminals import lacks_glyphs

from .helpers import make_app, screen_text

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def ascii_off():
    yield
    set_ascii(False)
    ScrollBar.renderer = ScrollBarRender


@pytest.mark.parametrize("term", ["vt100", "vt102", "vt220", "vt52", "vt100-am", "vt220-8bit",
                                  "linux", "linux-16color", "cons25", "sun", "ansi", "pcansi"])
def test_terminals_that_cannot_draw(term) -> None:
    assert lacks_glyphs(term)


@pytest.mark.parametrize("term", ["xterm", "xterm-256color", "screen", "screen-256color",
                                  "tmux-256color", "rxvt-unicode-256color", "vte-256color",
                                  "alacritty", "xterm-kitty", "st-256color", "putty", "dumb",
                                  "", None])
def test_terminals_that_draw(term) -> None:
    assert not lacks_glyphs(term)


@pytest.mark.parametrize(("term", "driver", "expected"), [
    ("vt100", "", True), ("linux", "", True), ("xterm-256color", "", False),
    # a browser's page draws everything, whatever TERM gofish serve was started under
    ("linux", "textual_serve.drivers.web_driver:WebDriver", False)])
def test_launch_asks_for_ascii_where_the_terminal_cannot_draw(monkeypatch, term, driver,
                                                              expected) -> None:
    monkeypatch.setenv("TERM", term)
    monkeypatch.setenv("TEXTUAL_DRIVER", driver)
    assert launch.terminal_ascii() is expected


def data(tmp_path) -> str:
    return str(tmp_path / "data")


@pytest.mark.parametrize(("flag", "chosen", "terminal", "expected"), [
    (False, None, False, False),
    (False, None, True, True),  # vt100 and the like: ASCII by default
    (False, False, True, False),  # the player's choice overrides the terminal's default...
    (False, True, False, True),  # ...either way
    (True, False, False, True),  # --ascii wins for its run
])
def test_ascii_at_start(tmp_path, flag, chosen, terminal, expected) -> None:
    if chosen is not None:
        save_preferences({"ascii": chosen}, data(tmp_path))
    app = make_app(tmp_path, None, ascii=flag, terminal_ascii=terminal)
    assert ascii_mode() is expected
    assert app.preferences.ascii is chosen


def test_an_edited_preference_that_is_not_true_or_false_is_not_chosen() -> None:
    assert Preferences.of({"ascii": "yes"}).ascii is None
    assert Preferences.of({"ascii": False}).ascii is False


async def test_the_setting_draws_at_once_and_holds_at_the_next_start(tmp_path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        before = screen_text(app)
        assert "ASCII only (A): off" in before and "♠" in before  # the sample's suits
        await pilot.press("a")
        await pilot.pause()
        text = screen_text(app)
        assert ascii_mode() and text.isascii(), text
        assert "ASCII only (A): on" in text and "Cards as 10h and Qs" in text
        assert "As" in text  # the sample's ace of spades, as ASCII writes it
        await pilot.press("escape")  # the start view beneath, in ASCII too
        await pilot.pause()
        text = screen_text(app)
        assert "New game (N)" in text and text.isascii(), text
    assert read_preferences(data(tmp_path))["ascii"] is True

    set_ascii(False)
    again = make_app(tmp_path, None)  # the next start: no flag, a terminal that draws
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert ascii_mode()
        assert screen_text(again).isascii()


async def test_turned_off_on_a_terminal_that_cannot_draw_it_stays_off(tmp_path) -> None:
    app = make_app(tmp_path, None, terminal_ascii=True)
    assert ascii_mode()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("down", "down")  # the ASCII line: why it is on
        await pilot.pause()
        assert "On by default on this terminal (TERM=" in screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        text = screen_text(app)
        assert not ascii_mode() and "ASCII only (A): off" in text and "♠" in text
        assert "On by default" not in text
    assert read_preferences(data(tmp_path))["ascii"] is False
    make_app(tmp_path, None, terminal_ascii=True)
    assert not ascii_mode()


async def test_under_the_ascii_flag_the_setting_says_the_flag_wins_at_start(tmp_path) -> None:
    app = make_app(tmp_path, None, ascii=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("a")  # off for this run, at once: the player asked
        await pilot.pause()
        text = screen_text(app)
        assert not ascii_mode() and "--ascii was given" in text
    make_app(tmp_path, None, ascii=True)
    assert ascii_mode()  # the flag, at its next start
    make_app(tmp_path, None)
    assert not ascii_mode()  # without it, the setting
