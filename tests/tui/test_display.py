"""The display settings: the four-colour deck and the high-contrast theme, chosen on the
settings screen, remembered, drawn on the table; suits told apart without colour; the four inks
apart in 16 colours."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from rich.color import ColorSystem

from gofish.names import set_ascii, suit_symbol
from gofish.store.settings import (
    Display,
    preferences_path,
    read_display,
    read_preferences,
    save_display,
)
from gofish.tui.cards import ASCII, UNICODE, hand_rows, set_inks
from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.settings import SettingsScreen
from gofish.tui.theme import DEFAULT_THEME, HIGH_CONTRAST

from .contrast import coloured, drawn_rows
from .helpers import check_only_own_cards_shown, make_app, screen_text
from .scenes import FOUR_COLOURS, mixed_seats, no_color, table_after, with_display

SIGNS = "♣♦♥♠"  # suit numbers 0-3: clubs, diamonds, hearts, spades


@pytest.fixture(autouse=True)
def _plain():
    """The inks (reset for every test by tests/conftest.py) and --ascii are module state."""
    yield
    set_inks(four_colours=False)
    set_ascii(False)


def test_display_preferences_round_trip_and_junk(tmp_path: Path) -> None:
    data = tmp_path / "data"
    assert read_display(data) == Display()  # nothing saved yet
    save_display(Display(four_colours=True, high_contrast=True), data)
    assert read_display(data) == Display(four_colours=True, high_contrast=True)
    prefs = read_preferences(data)
    prefs.update(four_colour_deck="yes", high_contrast=1)  # edited by hand: not "true"
    preferences_path(data).write_text(json.dumps(prefs))
    assert read_display(data) == Display()


def sign_inks(app) -> dict[str, set[str]]:
    """Each suit sign on screen and the inks it is drawn in (as #rrggbb)."""
    found: dict[str, set[str]] = {}
    for row in drawn_rows(app):
        for seg in row:
            for sign in set(seg.text) & set(SIGNS):
                found.setdefault(sign, set()).add(seg.style.color.triplet.hex)
    return found


async def test_the_settings_screen_changes_and_remembers(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        text = screen_text(app)
        assert "Card colours (C): two" in text and "High contrast (H): off" in text
        assert sign_inks(app)["♦"] == sign_inks(app)["♥"]  # the sample: red diamonds
        await pilot.press("c")
        await pilot.pause()
        text = screen_text(app)
        assert "Card colours (C): four" in text and "diamonds blue" in text
        inks = sign_inks(app)
        assert len({ink for sign in SIGNS for ink in inks[sign]}) == 4, inks
        await pilot.press("h")
        await pilot.pause()
        assert app.theme == HIGH_CONTRAST and "High contrast (H): on" in screen_text(app)
        assert read_display(app.store.root) == Display(four_colours=True, high_contrast=True)
        await pilot.press("enter")  # Enter toggles the highlighted line (H left it on its own)
        await pilot.pause()
        assert app.theme == DEFAULT_THEME
        await pilot.press("h", "escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)

    again = make_app(tmp_path, mixed_seats(), seed=21)  # the next start, into a game
    async with again.run_test(size=(80, 24)) as pilot:
        await table_after(12)(pilot)
        assert again.theme == HIGH_CONTRAST
        inks = sign_inks(again)
        assert inks["♦"] != inks["♥"] and inks["♣"] != inks["♠"], inks


async def test_a_setting_that_cannot_be_saved_still_holds(tmp_path: Path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        settings = app.store.root / "settings"
        (settings / "preferences.json").unlink()  # the start view saved one: a folder instead
        (settings / "preferences.json").mkdir()
        await pilot.press("s", "h")
        await pilot.pause()
        assert app.theme == HIGH_CONTRAST
        assert any("Could not remember the setting" in n.message for n in app._notifications)


@pytest.mark.parametrize("four, apart", [(True, 4), (False, 2)])
async def test_four_inks_stay_apart_in_16_colours(tmp_path: Path, four: bool,
                                                 apart: int) -> None:
    """As a 16-colour terminal gets them (Rich's downgrade, what Textual's driver does there):
    four inks, none the background's. Two colours give two: the check tells them apart."""
    make = with_display(lambda p: make_app(p, mixed_seats(), seed=21), Display(four_colours=four))
    app = make(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_after(12)(pilot)
        standard: dict[str, int] = {}
        backgrounds = set()
        for row in drawn_rows(app):
            for seg in row:
                if seg.style and seg.style.bgcolor:
                    backgrounds.add(seg.style.bgcolor.downgrade(ColorSystem.STANDARD).number)
                for sign in set(seg.text) & set(SIGNS):
                    number = seg.style.color.downgrade(ColorSystem.STANDARD).number
                    assert standard.setdefault(sign, number) == number, (sign, seg)
        assert set(standard) == set(SIGNS), f"all four suits are on this table: {standard}"
        assert len(set(standard.values())) == apart, standard
        screen_black = app.screen.styles.background.rich_color.downgrade(ColorSystem.STANDARD)
        assert screen_black.number not in standard.values()
    if four:  # red, bright blue, bright green, and the text's own white
        assert (standard["♥"], standard["♦"], standard["♣"]) == (1, 12, 10)


@pytest.mark.parametrize("glyphs, ascii", [(UNICODE, False), (ASCII, True)])
def test_every_card_shows_its_suit_in_every_layout(glyphs, ascii: bool) -> None:
    """Colour is never the only cue: however the hand is squeezed (whole faces, fanned, one
    card per rank listing its suits), each card's suit sign or letter is drawn once."""
    set_ascii(ascii)
    rng = random.Random(5)
    for size in (1, 5, 13, 20, 30, 52):
        hand = rng.sample(range(52), size)
        for width in (30, 50, 78, 118):
            rows = hand_rows(hand, width, glyphs=glyphs, label=lambda r: "x",
                             suit=suit_symbol)
            text = "\n".join("".join(s.text for s in row) for row in rows)
            for suit in range(4):
                sign = suit_symbol(suit)
                assert text.count(sign) == sum(1 for c in hand if c & 3 == suit), \
                    (size, width, sign, text)


async def test_no_color_and_ascii_keep_the_suits(tmp_path: Path) -> None:
    """Four colours chosen, NO_COLOR and --ascii: no ink tells the suits apart, the letters
    on every face still do (the player's own cards are all found, rank over suit)."""
    make = with_display(lambda p: make_app(p, mixed_seats(), seed=21, ascii=True), FOUR_COLOURS)
    app = no_color(lambda: make(tmp_path))
    async with app.run_test(size=(80, 24)) as pilot:
        await table_after(12)(pilot)
        hand = app.session.view(0).hand
        check_only_own_cards_shown(screen_text(app), hand, range(52))
        assert not coloured(app)
