"""The computers' pace: picked in the setup and remembered, stepped with + and - at the table,
and never in the way of GOFISH_DELAY or a pause the caller gives (tests run at 0)."""

from __future__ import annotations

import json

from textual.widgets import Select

from gofish.front.choice import SetupChoice, default_choice
from gofish.front.pace import PACES, SECONDS, nearest_pace, step_pace
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.settings import LAST_SETUP, SETTINGS_DIR
from gofish.tui.app import GofishApp
from gofish.tui.screens.setup import SetupScreen
from gofish.tui.screens.table import TableScreen

from .helpers import confirm_pass, fixed_clock, humans, make_app, notices, screen_text

SIZE = (80, 24)
BOT_FIRST = 1  # with Ann and a computer, this seed has the computer play first


def saved_pace(tmp_path) -> str:
    path = tmp_path / "data" / SETTINGS_DIR / LAST_SETUP
    return json.loads(path.read_text(encoding="utf-8"))["pace"]


def remember(tmp_path, pace: str) -> None:
    """A last setup saved by an earlier session, with this pace."""
    choice = default_choice()
    app = GofishApp(data_dir=str(tmp_path / "data"))
    app.save_last_setup(SetupChoice(choice.seats, choice.rules, None, pace))


def footer(app) -> str:
    return screen_text(app).rstrip().splitlines()[-1]


def test_paces_step_and_stop_at_either_end():
    assert PACES[0] == "instant" and SECONDS["normal"] == 0.6  # today's default stays normal
    assert step_pace("normal", 1) == "fast" and step_pace("normal", -1) == "slow"
    assert step_pace("instant", 1) == "instant" and step_pace("slow", -1) == "slow"
    assert [nearest_pace(s) for s in (0, 0.2, 0.5, 0.6, 5)] == [
        "instant", "fast", "normal", "normal", "slow"]


def test_a_remembered_pace_is_used_unless_a_pause_is_given(tmp_path):
    remember(tmp_path, "slow")
    assert GofishApp(data_dir=str(tmp_path / "data")).computer_delay == 1.2
    assert make_app(tmp_path, None, computer_delay=0).computer_delay == 0
    assert make_app(tmp_path, None, computer_delay=0.25).computer_delay == 0.25


def test_an_old_or_edited_settings_file_gives_the_normal_pace(tmp_path):
    remember(tmp_path, "slow")
    path = tmp_path / "data" / SETTINGS_DIR / LAST_SETUP
    data = json.loads(path.read_text())
    del data["pace"]  # a last setup from before the pace existed
    path.write_text(json.dumps(data))
    assert GofishApp(data_dir=str(tmp_path / "data")).pace == "normal"
    data["pace"] = "warp"
    path.write_text(json.dumps(data))
    app = GofishApp(data_dir=str(tmp_path / "data"))
    assert app.pace == "normal" and app.load_last_setup().seats == default_choice().seats


async def test_the_setup_picks_the_pace_and_remembers_it(tmp_path):
    app = GofishApp(data_dir=str(tmp_path / "data"), clock=fixed_clock, start="new",
                    computer_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Computer pace" in screen_text(app)
        pace = app.screen.query_one("#pace", Select)
        assert pace.value == "normal"
        pace.value = "slow"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        # picked in the setup: the player's word wins over the pause the app was given
        assert app.pace == "slow" and app.computer_delay == 1.2
        await pilot.press("ctrl+q")
    assert saved_pace(tmp_path) == "slow"

    again = GofishApp(data_dir=str(tmp_path / "data"), clock=fixed_clock, start="new")
    async with again.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert again.screen.query_one("#pace", Select).value == "slow"
        assert again.computer_delay == 1.2


async def test_an_untouched_setup_keeps_the_pause_the_app_was_given(tmp_path):
    remember(tmp_path, "slow")
    app = make_app(tmp_path, None, start="new")  # computer_delay=0, as every test
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.computer_delay == 0  # GOFISH_DELAY=0 keeps tests and CI instant


async def test_plus_and_minus_at_the_table_step_the_pace_with_a_notice(tmp_path):
    seats = [SeatSpec("Ann"), SeatSpec("Bot", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=0)  # Ann plays first; paused at 0 (an override)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen) and app.screen.can_ask()
        # + and - are in the help, not the footer: with M and I the footer must still fit 80
        # columns, Quit included
        assert "Skip ahead" in footer(app) and footer(app).rstrip().endswith("^q Quit")
        await pilot.press("minus")  # from the pace in force (instant), one step slower
        await pilot.pause()
        assert app.pace == "fast" and app.computer_delay == 0.3
        assert notices(app) == ["Computer pace: fast (0.3 s a move)"]
        assert saved_pace(tmp_path) == "fast"
        await pilot.press("minus", "minus", "minus")
        await pilot.pause()
        assert app.pace == "slow" and saved_pace(tmp_path) == "slow"
        for _ in range(5):
            await pilot.press("plus")
        await pilot.pause()
        assert app.pace == "instant" and app.computer_delay == 0
        assert notices(app)[-1] == "Computer pace: instant (no pause), already the fastest"
        assert app.screen.flow.stage in ("target", "rank")  # the keys did not touch the ask


async def test_a_faster_pace_applies_to_the_computer_already_waiting(tmp_path):
    seats = [SeatSpec("Ann"), SeatSpec("Bot", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=BOT_FIRST, computer_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        assert session.computer_to_act() and session.action_count == 0
        await pilot.press("plus", "plus", "plus")  # from 30 s (slow) to instant
        for _ in range(50):
            await pilot.pause(0.02)
            if session.action_count:
                break
        assert app.pace == "instant" and session.action_count > 0


async def test_a_table_of_humans_has_no_pace_or_skip_key(tmp_path):
    app = make_app(tmp_path, humans("Ann", "Ben"), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_pass(pilot)  # Ann is ready
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert "Pace" not in footer(app) and "Skip ahead" not in footer(app)
        await pilot.press("plus")
        await pilot.pause()
        assert app.pace == "normal" and not notices(app)
