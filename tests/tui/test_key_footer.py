"""The key line fits 80 columns in every language: no key cut in half ("Выход" lost its last
letter at the table), the first keys and Quit always there."""

from __future__ import annotations

import pytest

from gofish.i18n import LANGUAGES, _, set_language
from gofish.tui.widgets.keys import Key, KeyFooter, fit

from .helpers import make_app, screen_text
from .scenes import mixed_seats, table_after


def test_fit_keeps_the_spacing_when_all_fit() -> None:
    keys = [Key("a", "a", "Alpha"), Key("b", "b", "Beta")]
    assert fit(keys, 80) == (keys, 2)


def test_fit_closes_up_then_drops_the_keys_before_the_last() -> None:
    keys = [Key(str(i), str(i), "x" * 10) for i in range(6)]  # 12 columns and a gap each
    assert fit(keys, 80) == (keys, 1)  # 2 apart: 83 columns; 1 apart: 77
    shown, gap = fit(keys, 71)
    assert gap == 1
    assert [k.key for k in shown] == ["0", "1", "2", "3", "5"]  # 64 columns
    assert [k.key for k in fit(keys, 60)[0]] == ["0", "1", "2", "5"]  # 51
    assert [k.key for k in fit(keys, 40)[0]] == ["0", "1", "5"]  # 38
    assert [k.key for k in fit(keys, 10)[0]] == ["0", "5"]  # never fewer than the first and last


@pytest.mark.parametrize("lang", LANGUAGES)
async def test_every_footer_fits_80_columns(tmp_path, lang: str) -> None:
    set_language(lang)
    app = make_app(tmp_path, mixed_seats(), seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_after(12)(pilot)
        footer = app.screen.query_one(KeyFooter)
        shown, _gap = fit(footer.keys(), 80)
        line = screen_text(app).rstrip("\n").splitlines()[-1]
        assert "…" not in line
        for key in shown:
            assert f"{key.shown} {key.description}" in line, (key, line)
        # the ask, the way back and the help come first; Quit is never cut
        assert [k.description for k in shown[:3]] == [_("Ask"), _("Back/menu"), _("Help")]
        assert shown[-1].description == _("Quit")
        assert line.rstrip().endswith(f"{shown[-1].shown} {_('Quit')}")


async def test_a_click_on_a_key_presses_it(tmp_path) -> None:
    from gofish.tui.screens.setup import SetupScreen

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        line = footer.render().plain
        x = line.index(_("New game"))
        await pilot.click(KeyFooter, offset=(x, 0))
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
