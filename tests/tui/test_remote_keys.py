"""A seat joined to a table hosted elsewhere (``gofish join``) offers only the keys that do
something there: the host plays and paces the computers, keeps the history, starts new games."""

from __future__ import annotations

import time

from textual.widgets import Button, Static

from gofish.engine import preset
from gofish.front.choice import SetupChoice
from gofish.net.host import Host
from gofish.net.plan import parse_seats
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.repo import Store
from gofish.tui.app import GofishApp
from gofish.tui.join_app import joined_app
from gofish.tui.screens.game_over import GameOverScreen
from gofish.tui.screens.table import TableScreen

from .helpers import fixed_clock, screen_text, static_text
from .scenes import to_the_end

SIZE = (80, 24)


def footer(app) -> str:
    """The bottom line; empty while the screen has not drawn yet."""
    lines = screen_text(app).rstrip().splitlines()
    return lines[-1] if lines else ""


async def wait(pilot, check, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.01)


async def test_a_joined_seat_has_no_skip_pace_or_menu_key(tmp_path):
    host = Host(Store(tmp_path / "host"), delay=0.0, threaded_saves=False)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,computer:easy"), preset("standard"), seed=1)
    app = joined_app("127.0.0.1", port, table.code, "Ann", data_dir=str(tmp_path / "ann"))
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.screen.is_mounted)
            await wait(pilot, lambda: "Help" in footer(app))  # the footer is drawn
            keys = footer(app)
            assert "Ask" in keys and "Help" in keys and "Back/leave" in keys
            assert "Skip ahead" not in keys and "Pace" not in keys and "menu" not in keys
            bound = {b.binding.action for b in app.screen.active_bindings.values()}
            assert "skip" not in bound and "pace(1)" not in bound
            app.screen.action_help()
            await pilot.pause()
            # the whole help, scrolled out of sight or not
            help_text = "\n".join(static_text(w) for w in app.screen.query(Static))
            assert "choose the rank to ask for" in help_text
            assert "skip ahead" not in help_text and "faster, slower" not in help_text
            # Esc and Ctrl+Q leave the table: there is no menu here, the game is the host's
            assert "back to the menu" not in help_text and "the game is saved" not in help_text
            assert help_text.count("leave the table (you can take your seat again)") == 2
    finally:
        await host.close()


async def test_a_joined_seats_game_over_offers_no_new_game_or_history(tmp_path, monkeypatch):
    from gofish.session import Session

    seats = [SeatSpec("Ann"), SeatSpec("Bot", COMPUTER, "random")]
    choice = SetupChoice(tuple(seats), preset("quick"), 3)
    for remote in (False, True):
        app = GofishApp(data_dir=str(tmp_path / str(remote)), clock=fixed_clock, choice=choice,
                        computer_delay=0, pass_guard=0)
        # the game as a shared table's (watched): a whole game ends at once
        monkeypatch.setattr(Session, "remote", property(lambda self, r=remote: r))
        async with app.run_test(size=SIZE) as pilot:
            await to_the_end(pilot)
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            keys = footer(app)
            buttons = {b.id for b in app.screen.query(Button)}
            if remote:
                assert "Play again" not in keys and "History" not in keys and "Review" not in keys
                assert "esc Leave" in keys and buttons == {"menu"}
                assert "Leave (Esc)" in screen_text(app)
                await pilot.press("a")
                await pilot.pause()
                assert isinstance(app.screen, GameOverScreen)  # no new game started here
            else:
                assert "Play again" in keys and "History" in keys and "esc Menu" in keys
                assert buttons == {"again", "review", "history", "menu"}
