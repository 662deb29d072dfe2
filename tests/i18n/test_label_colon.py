"""A label and its value ("2 books: 5 K", "Your hand: ...") are written as the language writes
them: the table wrote ": " itself, so French lost its no-break space ("5 livres: 3 6 7")."""

from __future__ import annotations

import random

from textual.widgets import Static
from tui.helpers import make_app, screen_text

from gofish.engine import Rules
from gofish.i18n import set_language
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.table import TableScreen
from gofish.tui.screens.tutorial import TutorialScreen
from gofish.tui.widgets.seats import books_words


def test_a_seats_books_take_the_french_colon():
    set_language("fr")
    try:
        assert books_words((3, 11), pairs=False).plain == "2 livres\u00a0: 5 K"
    finally:
        set_language("en")
    assert books_words((3, 11), pairs=False).plain == "2 books: 5 K"


async def test_your_hand_line_takes_the_french_colon(tmp_path):
    set_language("fr")
    try:
        seats = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random")]
        app = make_app(tmp_path, seats, rules=Rules(), seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            session = app.session
            rng = random.Random(0)
            while not session.game.view(0).books[0]:  # play on until Alice has a book
                session.game.apply(rng.choice(session.game.legal_actions()))
            assert not session.over
            assert isinstance(app.screen, TableScreen)
            app.screen.drawing.show_hand(app.screen.my_view())
            await pilot.pause()
            title = app.screen.query_one("#handtitle", Static).render().plain
            assert "1 livre\u00a0: " in title, title
    finally:
        set_language("en")


async def test_the_guided_deal_says_its_books_with_the_french_colon(tmp_path):
    set_language("fr")
    try:
        app = make_app(tmp_path, None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("t")
            await pilot.pause()
            assert isinstance(app.screen, TutorialScreen)
            await pilot.press("k", "enter")  # the kings: a book
            await pilot.pause()
            assert "Votre main · 4 cartes · 1 livre\u00a0: K" in screen_text(app)
    finally:
        set_language("en")
