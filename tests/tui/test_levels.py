"""What each computer level is, where a player reads it: every level described in the help, and
the setup's line on the level a seat is set to, which follows the selection."""

from __future__ import annotations

import pytest
from textual.widgets import Select, Static

from gofish.engine import preset
from gofish.front.levels import LEVEL_HELP, LEVEL_HELP_PAIRS, LEVEL_HINTS, level_help, level_hint
from gofish.i18n import _, set_language
from gofish.seats import LEVEL_TITLES, LEVELS
from gofish.tui.screens.help import HelpScreen
from gofish.tui.screens.setup import SetupScreen

from .helpers import make_app, screen_text

WIDE = (330, 80)  # the whole help on one screen, each description on one line


def test_every_level_and_no_other_has_its_words():
    assert set(LEVEL_HELP) == set(LEVELS)
    assert set(LEVEL_HINTS) == set(LEVELS)
    assert set(LEVEL_HELP_PAIRS) <= set(LEVELS)
    assert len({*LEVEL_HELP.values()}) == len(LEVELS)  # no level shares another's words
    assert len({*LEVEL_HINTS.values()}) == len(LEVELS)


def level_lines(text: str) -> dict[str, str]:
    """The help's "Computer players" section: level title -> the rest of its line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == _("Computer players"))
    found = {}
    for line in lines[start + 1:]:
        title, _sep, rest = line.strip().partition("  ")
        if not rest:
            break
        found[title] = rest.strip()
    return found


@pytest.mark.parametrize(("rules", "pairs"), [(preset("standard"), False),
                                              (preset("kids"), True)])
async def test_the_help_describes_every_level(tmp_path, rules, pairs):
    app = make_app(tmp_path, None)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        app.push_screen(HelpScreen(rules, 3))
        await pilot.pause()
        found = level_lines(screen_text(app))
    assert list(found) == [_(LEVEL_TITLES[level]) for level in LEVELS]
    for level in LEVELS:
        assert found[_(LEVEL_TITLES[level])] == level_help(level, pairs=pairs)
    book = "a book" in found[_(LEVEL_TITLES["hard"])]
    assert book is not pairs  # under the pairs option the help speaks of pairs


async def test_the_menus_help_has_the_levels_too(tmp_path):
    app = make_app(tmp_path, None)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert set(level_lines(screen_text(app))) == {_(LEVEL_TITLES[lv]) for lv in LEVELS}


def hint(app) -> str:
    return f"{app.screen.query_one('#level-hint', Static).render()}"


def said(name: str, level: str) -> str:
    return f"{name} ({_(LEVEL_TITLES[level])}): {level_hint(level)}"


async def choose(pilot, seat: int, moves: int) -> None:
    """Open seat ``seat``'s kind list by keys, move ``moves`` down (up if negative), take it."""
    pilot.app.screen.query_one(f"#kind-{seat}", Select).focus()
    await pilot.pause()
    await pilot.press("enter", *(["down"] * moves if moves > 0 else ["up"] * -moves), "enter")
    await pilot.pause()


async def test_the_setup_line_follows_the_level_chosen(tmp_path):
    app = make_app(tmp_path, None, start="new")  # Alice human, Bob hard
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert hint(app) == said("Bob", "hard")
        assert said("Bob", "hard") in screen_text(app)  # seen at 80x24 without scrolling
        await choose(pilot, 1, -2)  # hard -> easy
        assert hint(app) == said("Bob", "easy")
        await choose(pilot, 1, 3)  # easy -> expert
        assert hint(app) == said("Bob", "expert")
        assert said("Bob", "expert") in screen_text(app)
        await choose(pilot, 0, 1)  # Alice: human -> random, and she is described now
        assert hint(app) == said("Alice", "random")
        app.screen.query_one("#name-0").value = "Ann"  # the line names its seat as typed
        await pilot.pause()
        assert hint(app) == said("Ann", "random")
        await choose(pilot, 0, -1)  # Ann human again: the other computer is described
        assert hint(app) == said("Bob", "expert")
        app.screen.query_one("#name-0").focus()  # a human seat's focus leaves the line be
        await pilot.pause()
        assert hint(app) == said("Bob", "expert")
        await pilot.press("ctrl+n")  # a new seat (a hard computer) is described
        await pilot.pause()
        assert hint(app) == said("Alice", "hard")  # the first free default name
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert hint(app) == said("Bob", "expert")
        await choose(pilot, 1, -5)  # expert -> human: no computer, nothing to describe
        assert hint(app) == ""


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"])
async def test_the_setup_line_fits_one_line_at_80_columns(tmp_path, lang):
    set_language(lang)
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        kind = app.screen.query_one("#kind-1", Select)
        line = app.screen.query_one("#level-hint", Static)
        for level in LEVELS:
            kind.value = f"computer:{level}"
            await pilot.pause()
            assert hint(app) == _("{name} ({level}): {description}").format(
                name="Bob", level=_(LEVEL_TITLES[level]), description=level_hint(level))
            assert line.size.height == 1, f"{lang} {level}: {hint(app)!r} wraps"
