"""Ctrl+C does not quit a Textual app: Textual says which key does, in English whatever the
language ("Press ctrl+q to quit the app" under --lang fr). It is said in the player's words."""

from __future__ import annotations

import pytest

from gofish.i18n import LANGUAGES, _

from .helpers import make_app


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
async def test_ctrl_c_says_how_to_quit_in_the_language_in_force(tmp_path, lang):
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        for _press in range(2):
            await pilot.press("ctrl+c")
            await pilot.pause()
        said = [(n.title, n.message) for n in app._notifications]
        assert said == [(_("Do you want to quit?"),
                         _("Press {key} to quit gofish.").format(key="Ctrl+Q"))], said
        assert app.is_running  # it only says so
        if lang != "en":
            assert "Press" not in said[0][1] and "quit the app" not in said[0][1]
