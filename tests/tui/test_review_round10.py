"""Review of round 10 (pace keys, pairs wording, local letters, joined seats, SIGTERM, level
lines): the defects found, each with the test that failed before its fix."""

from __future__ import annotations

import dataclasses

from textual.widgets import Select

from gofish.engine import preset
from gofish.names import rank_short
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.game_over import (
    NAME_WIDTH,
    PLACE_WIDTH,
    SCORE_WIDTH,
    FinalMoveScreen,
    GameOverScreen,
)
from gofish.tui.screens.setup import SetupScreen
from gofish.tui.screens.table import TableScreen

from .helpers import make_app, notices, screen_text

SIZE = (80, 24)


async def test_every_pair_is_listed_at_the_end_of_a_kids_game(tmp_path):
    # seed 5: Bob ends with 17 pairs, more than one line of the column holds
    seats = [SeatSpec("Ann", COMPUTER, "random"), SeatSpec("Bob", COMPUTER, "random")]
    app = make_app(tmp_path, seats, rules=preset("kids"), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(300):
            await pilot.pause()
            if isinstance(app.screen, FinalMoveScreen):
                await pilot.press("enter")
            if isinstance(app.screen, GameOverScreen):
                break
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        view = app.session.public_view()
        lines = screen.table(view).plain.splitlines()[1:]
        books_at = PLACE_WIDTH + NAME_WIDTH + SCORE_WIDTH + 1
        shown: dict[str, list[str]] = {}
        for line in lines:
            if line[:books_at].strip():
                name = line[PLACE_WIDTH:PLACE_WIDTH + NAME_WIDTH].split()[0]
                shown[name] = []
                # and the score stays in its own column, before the pairs
                score = line[PLACE_WIDTH + NAME_WIDTH:books_at].strip()
                assert score == str(view.deal_scores[app.session.names.index(name)])
            shown[name].extend(face.rstrip("♣♦♥♠") for face in line[books_at:].split())
        expected = {name: [rank_short(r) for r, _c in sorted(books)]
                    for name, books in zip(app.session.names, view.books, strict=True)}
        assert max(len(e) for e in expected.values()) > 14  # more than fit on one line
        assert shown == expected


async def test_many_presses_of_plus_or_minus_leave_one_pace_notice(tmp_path):
    seats = [SeatSpec("Ann"), SeatSpec("Bot", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=0)  # Ann plays first
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.can_ask()
        for _ in range(6):  # past the slow end
            await pilot.press("minus")
            await pilot.pause()
        assert notices(app) == ["Computer pace: slow (1.2 s a move), already the slowest"]
        for _ in range(6):  # and past the instant end
            await pilot.press("plus")
            await pilot.pause()
        assert app.pace == "instant"
        assert notices(app) == ["Computer pace: instant (no pause), already the fastest"]
        app.notify("Something else")  # other notices are not the pace's to take away
        await pilot.press("minus")
        await pilot.pause()
        assert notices(app) == ["Something else", "Computer pace: fast (0.3 s a move)"]


async def test_the_setup_names_pairs_not_books_under_the_pairs_option(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(100, 60)) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        text = screen_text(app)
        assert "all 13 books laid down" in text and "one point a book" in text
        setup.query_one("#preset", Select).value = "kids"
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "all 26 pairs laid down" in text and "one point a pair" in text
        assert "What a pair is worth." in text
        assert "book laid" not in text and "a book" not in text
        # the values themselves are untouched by the new labels
        assert setup.read_rules() == preset("kids")
        setup.query_one("#opt-pairs", Select).value = False  # by hand: books again
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "all 13 books laid down" in text and "What a book is worth." in text
        assert setup.query_one("#preset", Select).value == "custom"
        assert setup.read_rules() == dataclasses.replace(preset("kids"), pairs=False)
