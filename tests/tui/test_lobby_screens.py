"""The lobby and the opener's waiting screen in the app (Pilot), against a table server run in
the test's own loop on the app's data folder."""

from __future__ import annotations

import asyncio
import time

import pytest
from textual.widgets import Input

from gofish.net.server import serve_tables
from gofish.store.server_folder import ServerFolder
from gofish.tui.screens.lobby import LobbyScreen
from gofish.tui.screens.setup import SetupScreen
from gofish.tui.screens.waiting import WaitingScreen

from .helpers import make_app, screen_text


async def wait(pilot, check, timeout: float = 20.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        await pilot.pause(0.02)


@pytest.fixture
async def server(tmp_path):
    folder = ServerFolder(tmp_path / "data")
    task = asyncio.get_running_loop().create_task(
        serve_tables(folder, delay=0.0, say=lambda text: None))
    deadline = time.monotonic() + 20
    while not folder.socket_path.exists():
        assert not task.done() and time.monotonic() < deadline
        await asyncio.sleep(0.01)
    yield folder
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_the_opener_is_shown_the_code_of_each_seat_kept_for_a_friend(tmp_path, server):
    app = make_app(tmp_path / "data", None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await wait(pilot, lambda: isinstance(app.screen, LobbyScreen), what="the lobby")
        await pilot.press("h")
        await wait(pilot, lambda: isinstance(app.screen, SetupScreen)
                   and app.screen.query("#name-1"), what="the host's setup")
        setup = app.screen
        setup.query_one("#name-0", Input).value = "Ann"
        setup.query_one("#name-1", Input).value = "Bea"
        setup.query_one("#kind-1").value = "human"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await wait(pilot, lambda: isinstance(app.screen, WaitingScreen)
                   and "kept for Bea" in screen_text(app), what="Bea's code")
        text = screen_text(app)
        code = app.shared.link.place.code.partition("-")[0]
        line = next(line for line in text.splitlines() if "kept for Bea" in line)
        assert f"{code}-" in line  # the table's code and the seat's own key
        assert "Friends join from gofish" in text and code in text
