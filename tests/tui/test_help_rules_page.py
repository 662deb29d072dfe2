"""The help screen says where every rule and its source text are written down, with the
command as the player can run it (docs/rules.md, printed by gofish rules)."""

from __future__ import annotations

from textual.widgets import Static

from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.help import HelpScreen

from .helpers import make_app


async def test_the_help_screen_says_where_the_rules_are(tmp_path) -> None:
    app = make_app(tmp_path, [SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "random")], command="/opt/gf/bin/gofish")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = str(app.screen.query_one("#help-rules-page", Static).render())
        assert "/opt/gf/bin/gofish rules prints them" in said and "docs/rules.md" in said
