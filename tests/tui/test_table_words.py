"""The words the table uses must match the game in front of the player: pairs (not books)
under the Kids option, and the rank keys as the player types them when local letters are on."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from textual.widgets import Static

from gofish.engine import Game, preset
from gofish.i18n import set_language
from gofish.names import set_local_letters
from gofish.rules_text import describe, summary
from gofish.tui.screens.game_over import FinalMoveScreen, GameOverScreen
from gofish.tui.screens.help import HelpScreen
from gofish.tui.screens.table import TableScreen
from gofish.tui.widgets.seats import SeatBox, books_words

from .helpers import confirm_pass, humans, make_app, static_text
from .scenes import play_randomly

SIZE = (80, 24)
KIDS = preset("kids")


@pytest.fixture
def local_letters():
    set_local_letters(True)
    yield
    set_local_letters(False)


def seats_panel(app) -> str:
    """Every seat's box and the hand's title (your own books are in front of you)."""
    boxes = [str(box.render()) for box in app.screen.query(SeatBox) if box.display]
    return "\n".join(boxes + [str(app.screen.query_one("#handtitle", Static).render())])


async def test_the_kids_table_counts_pairs_not_books(tmp_path):
    app = make_app(tmp_path, humans("Ann", "Ben", "Cat"), rules=KIDS, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        play_randomly(app.session, 12)
        app.screen.advance()
        await pilot.pause()
        view = app.session.public_view()
        assert any(view.books), "pairs are laid from the deal on"
        panel = seats_panel(app)
        assert "book" not in panel.lower()
        for seat, books in enumerate(view.books):
            n = len(books)
            expected = "no pairs" if not n else f"{n} pair" + ("s" if n > 1 else "") + ":"
            assert expected in panel, (seat, panel)


async def test_the_kids_game_over_heads_its_column_pairs(tmp_path):
    app = make_app(tmp_path, humans("Ann", "Ben"), rules=KIDS, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        play_randomly(app.session, 10_000)
        app.screen.advance()
        await pilot.pause()
        assert isinstance(app.screen, FinalMoveScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        table = str(app.screen.query_one("#over-table", Static).render())
        header = next(line for line in table.splitlines() if line.startswith("Place"))
        assert "Pairs" in header and "Books" not in table


COUNTS = (0, 1, 2, 5)  # seats holding this many pairs, in a made-up view


def pairs_lines(lang: str) -> list[str]:
    """Each seat's line of the seats panel, in ``lang``, for seats holding COUNTS pairs."""
    view = Game(KIDS, players=len(COUNTS), seed=1).view(0)
    view = replace(view, books=tuple(tuple((r, ()) for r in range(n)) for n in COUNTS))
    set_language(lang)
    try:
        return [books_words(tuple(r for r, _c in view.books[seat]), True).plain.strip()
                for seat in range(len(COUNTS))]
    finally:
        set_language("en")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["no pairs", "1 pair: 2", "2 pairs: 2 3", "5 pairs: 2 3 4 5 6"]),
    ("fr", ["aucune paire", "1 paire\u00a0: 2", "2 paires\u00a0: 2 3",
            "5 paires\u00a0: 2 3 4 5 6"]),  # French: a no-break space before the colon
    ("ru", ["нет пар", "1 пара: 2", "2 пары: 2 3", "5 пар: 2 3 4 5 6"]),
    ("id", ["belum ada pasangan", "1 pasangan: 2", "2 pasangan: 2 3", "5 pasangan: 2 3 4 5 6"]),
])
def test_pairs_are_counted_with_each_languages_plural_forms(lang, expected):
    assert pairs_lines(lang) == expected


def test_the_kids_rules_in_words_speak_of_pairs():
    said = " ".join(summary(KIDS, 3))
    assert "every pair is down" in said and "keep your pairs" in said
    assert "Each pair scores one point" in said
    values = {line.field: line.value for line in describe(KIDS)}
    assert values["end"] == "all 26 pairs laid down" and values["scoring"] == "one point a pair"
    standard = " ".join(summary(preset("standard"), 3))
    assert "every book is down" in standard and "pair" not in standard


async def rank_stage(pilot) -> TableScreen:
    await pilot.pause()
    await confirm_pass(pilot)  # the first player is ready
    await pilot.pause()
    screen = pilot.app.screen
    view = screen.my_view()
    target = next(o for o in range(view.players) if o != view.seat)
    if screen.flow.stage != "target":
        await pilot.press("backspace")
    await pilot.press(str(target + 1))
    await pilot.pause()
    assert screen.flow.stage == "rank"
    return screen


def ask_hint(app) -> str:
    return str(app.screen.query_one("#ask", Static).render())


@pytest.mark.parametrize(("lang", "letters"), [("en", "A 2-9 0 J Q K"),
                                               ("fr", "A 2-9 0 V D R"),
                                               ("ru", "Т 2-9 0 В Д К")])
async def test_the_rank_hint_shows_the_keys_in_force(tmp_path, local_letters, lang, letters):
    set_language(lang)
    try:
        app = make_app(tmp_path, humans("Alice", "Bob"), seed=1)
        async with app.run_test(size=SIZE) as pilot:
            screen = await rank_stage(pilot)
            assert letters in ask_hint(app)
            # every letter the hint shows picks its rank: the hint names real keys
            shown = letters.split()
            held = sorted({c >> 2 for c in screen.my_view().hand if c >> 2 >= 9})
            assert held, "the seed deals Alice a court card or an ace"
            for rank in held:
                key = {12: shown[0], 9: shown[3], 10: shown[4], 11: shown[5]}[rank]
                await pilot.press(key.lower())
                await pilot.pause()
                assert screen.flow.picker.rank == rank, (key, rank)
            app.screen.action_help()
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            keys = "\n".join(static_text(w) for w in app.screen.query(Static))
            # the same keys as the hint: no Latin T for the ten beside a Russian ace Т
            assert f"{letters}, ← →" in keys
    finally:
        set_language("en")


async def test_without_local_letters_the_hint_is_the_usual_one(tmp_path):
    set_language("fr")
    try:
        app = make_app(tmp_path, humans("Alice", "Bob"), seed=1)
        async with app.run_test(size=SIZE) as pilot:
            await rank_stage(pilot)
            assert re.search(r"A 2-9 0 J Q K", ask_hint(app))
    finally:
        set_language("en")
