"""The TUI meeting a troubled data folder: a damaged save, a folder it cannot use."""

from __future__ import annotations

from textual.widgets import OptionList

from gofish.engine import Rules
from gofish.seats import SeatSpec
from gofish.store import Store
from gofish.tui.app import GofishApp
from gofish.tui.screens.menu import MenuScreen

from .helpers import fixed_clock, notices, screen_text, settled_text

SIZE = (80, 24)


def saved_game(root, first: str = "Ann") -> str:
    """An unfinished game of Ann (or ``first``) and Bo, saved after a few moves."""
    store = Store(root, clock=fixed_clock)
    record = store.new_game(Rules(), (SeatSpec(first), SeatSpec("Bo")), 5)
    game = record.to_game()
    with store.lock(record.id):
        for _move in range(4):
            game.apply(game.legal_actions()[0])
        store.save(record.updated_with(game, clock=fixed_clock))
    return record.id


async def test_continue_moves_a_save_with_a_damaged_body_aside(tmp_path):
    root = tmp_path / "data"
    game_id = saved_game(root)
    path = root / f"{game_id}.json"
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1][:-5] + b"#" + lines[1][-4:]  # the header intact, the body not JSON
    path.write_bytes(b"\n".join(lines))
    app = GofishApp(data_dir=str(root), clock=fixed_clock, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # the header alone looked fine, and Continue offered the game until it was opened:
        # an unfinished game is checked whole before it is offered, and moved aside
        assert "Continue: " not in screen_text(app)
        options = app.screen.query_one("#menu-options", OptionList)
        assert options.get_option("continue").disabled
        await pilot.press("c")
        await pilot.pause()
        assert app.session is None and isinstance(app.screen, MenuScreen)
        await pilot.press("h")
        await pilot.pause()
        assert game_id in screen_text(app) and "not JSON" in screen_text(app)
    assert not path.exists() and (root / "damaged" / path.name).exists()


async def test_saves_that_cannot_be_read_are_named_with_their_reason(tmp_path, monkeypatch):
    """Another user's 0600 saves (tests run as root, so open is made to refuse them): the
    start view said "No unfinished game" as if there were none."""
    import errno
    import os

    root = tmp_path / "data"
    game_id = saved_game(root)
    saved_game(root, "Cy")
    real_open = os.open

    def refusing(path, flags, *args, **kwargs):
        if str(path).endswith(".json") and os.path.dirname(str(path)) == str(root):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing)
    app = GofishApp(data_dir=str(root), clock=fixed_clock, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = " ".join(screen_text(app).split())  # the path may wrap
        assert "No unfinished game." not in text
        assert "2 saved games cannot be read" in text and "Permission denied" in text, text
        assert app.screen.query_one("#menu-options", OptionList).get_option(
            "continue").disabled
    assert (root / f"{game_id}.json").exists()  # left where they are, not moved aside


async def test_an_unusable_data_folder_is_named_with_its_reason(tmp_path):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file where the data folder should be\n")
    app = GofishApp(data_dir=str(not_a_folder), clock=fixed_clock, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = " ".join((await settled_text(pilot)).split())  # the path may wrap
        assert "Cannot read the saved games: " in text and "is not a folder" in text
        assert "No unfinished game" not in text
        await pilot.press("c")  # disabled, and says why if pressed anyway
        await pilot.pause()
        app.screen.action_continue()
        await pilot.pause()
        assert notices(app)[-1] == f"Cannot read the saved games: {not_a_folder} is not a folder"
    app = GofishApp(data_dir=str(not_a_folder), clock=fixed_clock, computer_delay=0,
                    start="resume")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert notices(app) == [f"Cannot read the saved games: {not_a_folder} is not a folder"]
    assert not_a_folder.read_text() == "a file where the data folder should be\n"


FAMILY = "👩\u200d👩\u200d👧"  # one picture of three, joined by ZWJs (setup accepts it)


async def test_a_name_joined_by_zwj_shows_whole_on_the_start_view_and_in_the_history(tmp_path):
    """The table showed 👩‍👩‍👧 whole, the start view and the history with U+FFFD where the
    joiners were: two sanitisers with two rules (store's plain, the network's clean)."""
    root = tmp_path / "data"
    saved_game(root, FAMILY)
    app = GofishApp(data_dir=str(root), clock=fixed_clock, computer_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.latest_unfinished()[1].startswith(f"{FAMILY}, Bo")
        assert "\ufffd" not in screen_text(app)
        await pilot.press("h")
        await pilot.pause()
        assert type(app.screen).__name__ == "HistoryScreen"
        rows = [str(cell) for row in app.screen.query_one("DataTable").ordered_rows
                for cell in app.screen.query_one("DataTable").get_row(row.key)]
        assert any(FAMILY in cell for cell in rows), rows
        assert not any("\ufffd" in cell for cell in rows), rows


async def test_a_game_open_elsewhere_is_refused_once_in_words_that_say_what_can_be_done(tmp_path):
    """The refusal began in lower case ('this game is open in another gofish ...'), offered
    'you can view it read-only' (which C and Enter do not give), and each C stacked one more."""
    root = tmp_path / "data"
    game_id = saved_game(root)
    holder = Store(root, clock=fixed_clock)
    with holder.lock(game_id):  # as another gofish holds it
        app = GofishApp(data_dir=str(root), clock=fixed_clock, computer_delay=0)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            for _ in range(3):
                await pilot.press("c")
                await pilot.pause()
            said = notices(app)
            assert len(said) == 1, said
            [refusal] = said
            assert refusal.startswith(f"Cannot resume {game_id}: this game is open in another "
                                      "gofish (process "), refusal
            assert "read-only" not in refusal and "L in the history reads its log" in refusal
            assert app.session is None and isinstance(app.screen, MenuScreen)
            await pilot.press("h")  # what it offers is there: the log, read-only
            await pilot.pause()
            await pilot.press("l")
            await pilot.pause()
            assert type(app.screen).__name__ == "LogScreen"
