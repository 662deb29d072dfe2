"""The setup's fields: a wrong name stays readable, its mark goes when fixed, focus is visible."""

from __future__ import annotations

from gofish.tui.screens.setup import SetupScreen

from .helpers import make_app, screen_text


async def test_an_empty_name_is_marked_readably_and_focused(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#name-0")
        name.value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert name.has_class("-wrong")
        assert app.focused is name  # the fix can be typed at once
        # the field keeps its one line for text (a border drew it as an empty bar)
        assert name.content_region.height == 1
        assert "name must be 1 to" in screen_text(app)


async def test_the_mark_and_its_line_go_as_soon_as_the_name_is_fixed(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#name-0")
        name.value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("Z", "o", "e")
        await pilot.pause()
        assert name.value == "Zoe"
        assert not name.has_class("-wrong")
        assert "name must be" not in screen_text(app)


async def test_a_name_fixed_into_another_problem_gets_that_reason(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = app.screen.query_one("#name-0")
        name.value = ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        name.value = app.screen.query_one("#name-1").value.upper()  # pasted: one change
        await pilot.pause()
        assert [w.id for w in app.screen.query(".seat-name.-wrong")] == ["name-1"]
        assert "same name" in screen_text(app)
        assert "name must be" not in screen_text(app)


async def test_the_focused_field_shows_without_colour(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.query_one("#opt-deal").focus()
        await pilot.pause()
        labels = list(app.screen.query(".opt-label"))
        reversed_labels = [label for label in labels if label.rich_style.reverse]
        assert len(reversed_labels) == 1
        assert reversed_labels[0].parent is app.screen.query_one("#opt-deal").parent
        app.screen.query_one("#name-1").focus()
        await pilot.pause()
        assert not any(label.rich_style.reverse for label in app.screen.query(".opt-label"))
        nums = [n for n in app.screen.query(".seat-num") if n.rich_style.reverse]
        assert [str(n.render()) for n in nums] == ["2"]
