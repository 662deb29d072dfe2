"""The join app (Pilot): waiting for players, then a whole game played by keys at a remote seat."""

from __future__ import annotations

import asyncio
import time

from net_support import make_host

from gofish.engine import RANKS, preset
from gofish.net.client import RemoteSession
from gofish.net.plan import parse_seats
from gofish.store.repo import Store
from gofish.tui.join_app import joined_app
from gofish.tui.screens.waiting import WaitingScreen


async def wait(pilot, check, timeout: float = 10.0, what: str = "") -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        await pilot.pause(0.01)


def text_of(app) -> str:
    return "\n".join(str(w.render()) for w in app.screen.query("Static"))


def rank_key(rank: int) -> str:
    label = RANKS[rank]
    return {"10": "t"}.get(label, label.lower())


async def test_a_remote_seat_waits_then_plays_a_game_by_keys(tmp_path):
    from gofish.tui.screens.game_over import FinalMoveScreen, GameOverScreen, final_move
    from gofish.tui.screens.table import TableScreen

    host = make_host(tmp_path)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,human,computer:easy"), preset("standard"),
                            seed=12)
    app = joined_app("127.0.0.1", port, table.code, "Ann", data_dir=str(tmp_path / "ann"))
    app.pass_guard = 0.0  # a test's keys come in a burst: no moment of quiet to wait for
    from gofish.store.settings import save_preferences

    save_preferences({"warn_sure_miss": False}, app.store.root)  # one Enter, one ask
    s: RemoteSession = app.shared.remote
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: s.lobby is not None, what="the lobby")
        await pilot.pause(0.05)
        assert isinstance(app.screen, WaitingScreen)
        waiting = text_of(app)
        assert table.code in waiting and "1. Ann" in waiting and "free" in waiting
        assert "Carol" in waiting and "computer (easy)" in waiting

        await host.start(table, fill="easy")  # the host gives the free seat to a computer
        await wait(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
        screen = app.screen
        assert screen.viewer == 0 and s.human_seats == [0]
        asks = 0
        for _ in range(400):
            await wait(pilot, lambda: s.over or (s.to_act == 0 and not s.pending), 20,
                       "Ann's turn")
            if s.over:
                break
            await pilot.pause(0.01)
            view = s.view(0)
            assert f"Your hand, Ann · {len(view.hand)} card" in text_of(app)
            if not view.hand:
                await pilot.press("enter")
            else:
                if screen.flow.stage == "target":
                    target = next(t for t in (1, 2) if view.counts[t])
                    await pilot.press(str(target + 1))
                await pilot.press(rank_key(view.hand[0] >> 2))
                before = s.event_count
                await pilot.press("enter")
                assert s.pending or s.event_count > before
                asks += 1
            await wait(pilot, lambda: not s.pending, 10, "the host's answer")
        assert s.over and asks > 3
        await wait(pilot, lambda: isinstance(app.screen, FinalMoveScreen), what="final move")
        move = final_move(s, 0)
        assert move and move[0].text[:30] in " ".join(text_of(app).split())
        await pilot.press("enter")
        await wait(pilot, lambda: isinstance(app.screen, GameOverScreen), what="game over")
        winners = [s.names[w] for w in s.winners]
        assert any(name in text_of(app) for name in winners)
    await host.close()
    record, game = Store(tmp_path / "host").load_game(table.record.game_id)
    assert record.finished and game.winners == s.winners
    assert len(record.actions) == s.action_count


async def test_the_app_leaves_with_a_way_back(tmp_path):
    host = make_host(tmp_path)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,computer:easy"), preset("standard"), seed=1)
    app = joined_app("127.0.0.1", port, table.code, "Ann", data_dir=str(tmp_path / "ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: app.shared.remote.started, what="the game")
        await pilot.press("ctrl+q")
    # with the folder the seat's secret is in: the command works as printed, from anywhere
    assert f"gofish --data-dir {tmp_path / 'ann'} join 127.0.0.1:{port} {table.code} --name Ann" \
        in app.exit_message
    await asyncio.sleep(0.05)
    assert table.status(0) == "away"
    await host.close()


async def test_esc_at_a_joined_table_asks_before_leaving(tmp_path):
    from gofish.tui.screens.confirm import ConfirmScreen
    from gofish.tui.screens.table import TableScreen

    host = make_host(tmp_path)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,computer:easy"), preset("standard"), seed=1)
    app = joined_app("127.0.0.1", port, table.code, "Ann", data_dir=str(tmp_path / "ann"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, TableScreen), what="the table")
        await pilot.press("escape")
        await wait(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        assert f"join 127.0.0.1:{port} {table.code} --name Ann" in text_of(app)
        await pilot.press("n")  # a stray Esc costs nothing: still seated, still playing
        await wait(pilot, lambda: isinstance(app.screen, TableScreen), what="the table again")
        assert app.is_running and table.status(0) == "here"
        await pilot.press("escape")
        await wait(pilot, lambda: isinstance(app.screen, ConfirmScreen), what="the question")
        await pilot.press("y")
        await wait(pilot, lambda: not app.is_running, what="the app to leave")
    assert f"join 127.0.0.1:{port} {table.code} --name Ann" in app.exit_message
    await asyncio.sleep(0.05)
    assert table.status(0) == "away"
    await host.close()
