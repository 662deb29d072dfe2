"""The setup's fields: a wrong name stays readable, its mark goes when fixed, focus is visible."""

from __future__ import annotations

from textual.widgets import Input

from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.setup import SetupScreen

from .helpers import make_app, notices, screen_text


async def try_start(pilot, app, field_id: str, value: str):
    """Type ``value`` into the setup's field ``field_id`` and press Ctrl+S; the field."""
    field = app.screen.query_one(f"#{field_id}")
    field.value = value
    await pilot.press("ctrl+s")
    await pilot.pause()
    return field


async def test_an_empty_name_is_marked_readably_and_focused(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = await try_start(pilot, app, "name-0", "")
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
        name = await try_start(pilot, app, "name-0", "")
        await pilot.press("Z", "o", "e")
        await pilot.pause()
        assert name.value == "Zoe"
        assert not name.has_class("-wrong")
        assert "name must be" not in screen_text(app)


async def test_a_name_fixed_into_another_problem_gets_that_reason(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        name = await try_start(pilot, app, "name-0", "")
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


async def test_choosing_kids_makes_the_computers_easy_and_slow_and_the_player_may_change(
        tmp_path):
    from textual.widgets import Select

    from gofish.front.choice import SetupChoice
    from gofish.seats import COMPUTER, SeatSpec
    from gofish.tui.screens.table import TableScreen

    app = make_app(tmp_path, None, start="new")
    app.save_last_setup(SetupChoice((SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "hard"),
                                     SeatSpec("Cy", COMPUTER, "expert"), SeatSpec("Di")),
                                    preset_rules("standard"), None, "fast"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        kinds = [screen.query_one(f"#kind-{i}", Select) for i in range(4)]
        assert [k.value for k in kinds][1:3] == ["computer:hard", "computer:expert"]
        screen.query_one("#preset", Select).value = "kids"
        await pilot.pause()
        await pilot.pause()
        assert [k.value for k in kinds] == ["human", "computer:easy", "computer:easy", "human"]
        assert screen.query_one("#pace", Select).value == "slow"
        kinds[1].value = "computer:medium"  # the player's word after the preset's
        screen.query_one("#pace", Select).value = "normal"
        await pilot.pause()
        assert screen.query_one("#preset", Select).value == "kids"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert [s.level for s in app.session.seats][1:3] == ["medium", "easy"]
        assert app.pace == "normal"
        assert app.session.rules.preset_name() == "kids"


async def test_a_setup_that_opens_on_kids_leaves_the_levels_as_they_were(tmp_path):
    from textual.widgets import Select

    from gofish.front.choice import SetupChoice
    from gofish.seats import COMPUTER, SeatSpec

    app = make_app(tmp_path, None, start="new")
    app.save_last_setup(SetupChoice((SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "hard")),
                                    preset_rules("kids"), None, "fast"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one("#preset", Select).value == "kids"
        assert app.screen.query_one("#kind-1", Select).value == "computer:hard"
        assert app.screen.query_one("#pace", Select).value == "fast"


def preset_rules(name: str):
    from gofish.engine import preset

    return preset(name)


async def test_a_match_target_no_match_can_reach_is_refused_with_its_reason(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # one point a book: 50 deals score at most 650
        target = await try_start(pilot, app, "opt-match_target", "651")
        assert isinstance(app.screen, SetupScreen)  # the game did not start
        reason = str(app.screen.query_one("#rules-error").render())
        assert "651 cannot be reached" in reason and "650" in reason
        target.value = "650"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)


async def test_a_refused_option_or_seed_loses_its_mark_once_it_is_fixed(tmp_path):
    """'651 cannot be reached' stayed under the options, the field marked, after the value
    was fixed, until Start was pressed again (a name's mark went as it was typed)."""
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        target = await try_start(pilot, app, "opt-match_target", "651")
        error = app.screen.query_one("#rules-error")
        assert "651 cannot be reached" in str(error.render()) and target.has_class("-wrong")
        target.value = "700"  # still out of reach: its own reason now
        await pilot.pause()
        assert "700 cannot be reached" in str(error.render()) and target.has_class("-wrong")
        target.value = "650"
        await pilot.pause()
        assert str(error.render()) == "" and not target.has_class("-wrong")
        assert isinstance(app.screen, SetupScreen)  # nothing started by it
        seed = await try_start(pilot, app, "seed", "12x")
        seed_error = app.screen.query_one("#seed-error")
        assert str(seed_error.render()) == "The seed must be a whole number."
        seed.value = "12"
        await pilot.pause()
        assert str(seed_error.render()) == ""


async def test_ctrl_d_removes_a_seat_while_a_name_is_being_typed(tmp_path):
    """Ctrl+D is the setup's Remove seat; a name field took it for its own 'delete right', and
    as focusing a name selects it, the name went and the seat stayed."""
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        assert len(screen.query(".seat-row")) == 3
        name = screen.query_one("#name-0")
        name.focus()
        await pilot.pause()
        before = name.value
        await pilot.press("ctrl+d")
        await pilot.pause()
        assert len(screen.query(".seat-row")) == 2
        assert screen.query_one("#name-0").value == before == "Alice"


async def test_a_wrong_option_far_down_the_page_takes_the_keys_and_the_notice_says_why(tmp_path):
    """'Match to' 9999 refused: the notice said only 'Please fix the marked field', with the
    field and its reason ('match_target: expected...') out of sight at the foot of the page."""
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        field = await try_start(pilot, app, "opt-match_target", "9999")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.focused is field and field.has_class("-wrong")
        assert app.screen.query_one("#setup").region.contains_region(field.region)
        said = " ".join(notices(app))
        assert "Please fix the marked field." in said
        assert "Match to: expected 0 to 1000, got 9999" in said
        assert "match_target" not in said + screen_text(app)


async def test_a_seed_that_is_no_number_takes_the_keys(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seed = await try_start(pilot, app, "seed", "12x")  # pasted past the field's filter
        await pilot.pause()
        assert app.focused is seed
        assert app.screen.query_one("#setup").region.contains_region(seed.region)
        assert any("The seed must be a whole number." in n for n in notices(app))



async def test_what_was_typed_is_kept_after_esc_for_the_next_setup(tmp_path):
    """Bad input loses nothing: Esc back to the menu, and the setup opened again shows the
    seats, names (an empty one too), levels and seed as they were left."""
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+n")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name-0").value = "Zoe"
        screen.query_one("#name-1").value = ""
        screen.query_one("#kind-2").value = "computer:hard"
        screen.query_one("#seed", Input).value = "42"
        await pilot.pause()
        typed = screen.read_seats()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        app.show_setup()
        await pilot.pause()
        again = app.screen
        assert isinstance(again, SetupScreen) and again is not screen
        assert again.read_seats() == typed
        assert [s.name for s in typed][:2] == ["Zoe", ""] and typed[2].level == "hard"
        assert again.query_one("#seed", Input).value == "42"
