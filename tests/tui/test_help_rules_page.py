"""The help screen says where every rule and its source text are written down, with the
command as the player can run it (docs/rules.md, printed by gofish rules)."""

from __future__ import annotations

from textual.widgets import Static

from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.help import HelpScreen

from .helpers import make_app, screen_text


async def test_the_help_screen_says_where_the_rules_are(tmp_path) -> None:
    app = make_app(tmp_path, [SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "random")], command="/opt/gf/bin/gofish")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        said = str(app.screen.query_one("#help-rules-page", Static).render())
        assert "/opt/gf/bin/gofish rules prints them" in said and "docs/rules.md" in said


async def test_wrapped_help_lines_stay_beside_their_key_or_option(tmp_path) -> None:
    """At 80 columns a long line of the keys, the options or the summary wrapped to the left
    edge, where its second row read as a line of its own ("to the menu (the game is saved)")."""
    app = make_app(tmp_path, [SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "random")])
    async with app.run_test(size=(80, 120)) as pilot:
        await pilot.pause()
        await pilot.press("enter", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
    lines = text.splitlines()

    def continued_at(row: str, column: int) -> bool:
        return row[:column].isspace() and not row[column].isspace()

    esc = next(i for i, line in enumerate(lines) if line.startswith(" Esc "))
    assert continued_at(lines[esc + 1], 25) and "the game is saved" in lines[esc + 1]
    cards = next(i for i, line in enumerate(lines) if line.startswith(" Cards dealt"))
    assert continued_at(lines[cards + 1], 17) and "with." in lines[cards + 1]
    turn = next(i for i, line in enumerate(lines) if "On your turn" in line)
    assert continued_at(lines[turn + 1], 3) and "of that rank" in lines[turn + 1]


def test_under_card_asks_the_rules_say_what_a_hit_does() -> None:
    """The help said what a rank ask that finds its cards does ("They give you all their
    cards of that rank, and you ask again"), and under card asks only how to ask."""
    from gofish.engine import Rules
    from gofish.rules_text import summary

    rank = " ".join(summary(Rules(), 3))
    assert "They give you all their cards of that rank, and you ask again." in rank
    card = " ".join(summary(Rules(ask_for="card"), 3))
    assert "If they have it, they give it to you, and you ask again." in card, card
    assert "If they have none" not in card  # a card is had or not: not "none" of it
    assert "If they do not have it: Go Fish! Draw from the stock." in card
