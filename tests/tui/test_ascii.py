"""--ascii: nothing but ASCII in what the game says, the catalogs' typography included."""

from __future__ import annotations

import pytest

from gofish.i18n import _, ascii_text, set_language
from gofish.names import set_ascii
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.table import TableScreen

from .helpers import make_app, screen_text


def test_typography_folds_to_ascii() -> None:
    """Letters of other scripts stay: only punctuation, spaces and arrows change."""
    folded = ascii_text("You said “Go fish!”\u00a0… 1-4 or ↑↓, ←→ — it’s «ça»")
    assert folded == 'You said "Go fish!" ... 1-4 or Up/Down, Left/Right - it\'s "ça"'


def test_french_guillemets_fold_to_quotes_without_their_spaces() -> None:
    """« Va pêcher ! » had become " Va pêcher ! ": the spaces belong to the guillemets."""
    folded = ascii_text("Bob a dit «\u00a0Va pêcher\u202f!\u00a0» « Alice, as-tu les rois ? »")
    assert folded == 'Bob a dit "Va pêcher !" "Alice, as-tu les rois ?"'


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_messages_are_ascii_in_ascii_mode_only(lang: str) -> None:
    set_language(lang)
    try:
        set_ascii(True)
        said = _("Which rank? {keys} or ←→")
        assert "←" not in said and "Left/Right" in said
        set_ascii(False)
        assert "←→" in _("Which rank? {keys} or ←→")
    finally:
        set_ascii(False)
        set_language("en")


async def test_the_table_in_ascii_mode_is_ascii(tmp_path) -> None:
    seats = [SeatSpec("Ann"), SeatSpec("Bot", COMPUTER, "random"), SeatSpec("Cy", COMPUTER, "easy")]
    app = make_app(tmp_path, seats, seed=21, ascii=True)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TableScreen)
            text = screen_text(app)
            assert '"Go fish!"' in text or "gave" in text  # the log has something to say
            assert text.isascii()  # Textual's frame too (every scene: test_ascii_screens.py)
    finally:
        set_ascii(False)
