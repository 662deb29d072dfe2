"""The settings screen has the one-line key footer of every other screen, fitting 80 columns in
every language; and no screen of gofish composes Textual's stock Footer any more."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.widgets import Footer

import gofish.tui
from gofish.i18n import LANGUAGES, _
from gofish.tui.screens.settings import SettingsScreen
from gofish.tui.widgets.keys import KeyFooter, fit

from .helpers import make_app, screen_text


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
async def test_the_settings_key_line_fits(tmp_path, lang) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert not app.screen.query(Footer)
        keys = app.screen.query_one(KeyFooter).keys()
        assert fit(keys, 80)[0] == keys
        assert [k.description for k in keys][:4] == [_("Card colours"), _("High contrast"),
                                                      _("ASCII"), _("Back")]
        line = screen_text(app).rstrip("\n").splitlines()[-1]
        for key in keys:
            assert f"{key.shown} {key.description}" in line, (key, line)


def test_no_screen_imports_the_stock_footer() -> None:
    root = Path(gofish.tui.__file__).parent
    users = []
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "textual.widgets" and \
                    any(alias.name == "Footer" for alias in node.names):
                users.append(path.name)
    assert users == []
