"""Snapshots of every screen at 80x24 (the table also at 120x36 and in ASCII mode).

Seeds and the clock are fixed, cursors do not blink, and times show in UTC.
Plain ``def`` tests, as pytest-textual-snapshot wants.
"""

from __future__ import annotations

import os
import random
import time

import pytest
from textual.widgets import Input

from gofish.engine import Rules, preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.repo import Store
from gofish.tui.screens.table import TableScreen

from .helpers import fixed_clock, humans, make_app


@pytest.fixture(autouse=True)
def _utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


async def no_blink(pilot) -> None:
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def play_randomly(session, actions: int, seed: int = 0) -> None:
    """Move a session on by ``actions`` random legal actions (computers or humans alike)."""
    rng = random.Random(seed)
    for _ in range(actions):
        if session.over or session.deal_over:
            return
        seat = session.to_act
        view = session.view(seat)
        session.game.apply(rng.choice(view.legal))


def mixed_seats() -> list[SeatSpec]:
    return [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
            SeatSpec("Carol", COMPUTER, "random"), SeatSpec("Dave", COMPUTER, "random")]


def table_after(actions: int):
    async def run(pilot) -> None:
        app = pilot.app
        await pilot.pause()
        play_randomly(app.session, actions)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.advance()
        await pilot.pause()
        # stop where a human is to ask
        for _ in range(200):
            if screen.can_ask() or app.session.over:
                break
            await pilot.press("space")
            await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
    return run


def test_menu(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path, None), terminal_size=(80, 24), run_before=no_blink)


def test_setup(snap_compare, tmp_path):
    app = make_app(tmp_path, None, start="new")
    assert snap_compare(app, terminal_size=(80, 24), run_before=no_blink)


def test_table(snap_compare, tmp_path):
    app = make_app(tmp_path, mixed_seats(), seed=21)
    assert snap_compare(app, terminal_size=(80, 24), run_before=table_after(12))


def test_table_large(snap_compare, tmp_path):
    app = make_app(tmp_path, mixed_seats(), seed=21)
    assert snap_compare(app, terminal_size=(120, 36), run_before=table_after(12))


def test_table_ascii(snap_compare, tmp_path):
    app = make_app(tmp_path, mixed_seats(), seed=21, ascii=True)
    assert snap_compare(app, terminal_size=(80, 24), run_before=table_after(12))


def test_table_kids_open_hands(snap_compare, tmp_path):
    app = make_app(tmp_path, humans("Ann", "Ben", "Cat"), rules=preset("kids"), seed=4)
    assert snap_compare(app, terminal_size=(80, 24), run_before=table_after(6))


def test_pass_the_device(snap_compare, tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob", "Carol"), seed=5)

    async def run(pilot) -> None:
        await pilot.pause()
        await pilot.press("enter")  # Alice is ready
        await pilot.pause()
        screen = pilot.app.screen
        view = screen.my_view()
        target = next(o for o in range(view.players) if o != view.seat)
        await pilot.press(str(target + 1))
        rank = view.hand[0] >> 2
        await pilot.press("23456789tjqka"[rank], "enter")
        await pilot.pause()
        for _ in range(6):
            if type(pilot.app.screen).__name__ == "PassScreen":
                break
            await pilot.press("enter")
            await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_game_over(snap_compare, tmp_path):
    app = make_app(tmp_path, mixed_seats(), seed=8)

    async def run(pilot) -> None:
        await pilot.pause()
        play_randomly(pilot.app.session, 10_000)
        pilot.app.screen.advance()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_game_over_match(snap_compare, tmp_path):
    rules = Rules(match_target=20, end="first-out")
    app = make_app(tmp_path, mixed_seats()[:3], rules=rules, seed=8)

    async def run(pilot) -> None:
        await pilot.pause()
        play_randomly(pilot.app.session, 10_000)
        pilot.app.screen.advance()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def fill_history(tmp_path) -> None:
    store = Store(tmp_path / "data", clock=fixed_clock)
    for i, seats in enumerate([humans("Alice", "Bob"), mixed_seats()]):
        record = store.new_game(preset("standard"), seats, seed=i)
        game = record.to_game()
        rng = random.Random(i)
        for _ in range(40 if i else 10_000):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
        with store.lock(record.id):
            store.save(record.updated_with(game, clock=fixed_clock))
    bad = store.root / "20261128-101010-dead.json"
    bad.write_text('{"schema": 1, "id": "trunc')
    stamp = fixed_clock().timestamp() - 86400
    os.utime(bad, (stamp, stamp))


def test_history_with_an_unreadable_file(snap_compare, tmp_path):
    fill_history(tmp_path)
    app = make_app(tmp_path, None)

    async def run(pilot) -> None:
        await pilot.pause()
        pilot.app.show_history()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_statistics(snap_compare, tmp_path):
    fill_history(tmp_path)
    app = make_app(tmp_path, None)

    async def run(pilot) -> None:
        await pilot.pause()
        pilot.app.show_history()
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_help(snap_compare, tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=1)

    async def run(pilot) -> None:
        await pilot.pause()
        await pilot.press("enter", "question_mark")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_too_small(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path, None), terminal_size=(60, 20))
