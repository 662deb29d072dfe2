"""--ascii: every character of every scene at 80x24 is ASCII, Textual's own drawing included
(borders, buttons, scrollbars, the Select arrow, notices), read off the whole screen."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import pytest
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widgets import Select

from gofish.engine import Rules, preset
from gofish.names import set_ascii
from gofish.tui.ascii_glyphs import to_ascii

from .helpers import humans, make_app, screen_text
from .scenes import (
    _game_over,
    fill_history,
    final_move,
    help_screen,
    history,
    mixed_seats,
    no_blink,
    pass_screen,
    sure_miss_word,
    table_after,
    to_the_end,
    to_the_match_end,
)

SIZE = (80, 24)


Step = Callable[[object], Awaitable[None]]


@dataclass(frozen=True)
class AsciiScene:
    """An app and the scenes it goes through: after each step the screen is read, and must
    show its word (an empty or failed screen is not "all ASCII")."""

    name: str
    make: Callable
    steps: list[tuple[Step | None, str]]
    size: tuple[int, int] = SIZE


def app(**kw) -> Callable:
    return lambda tmp_path, seats=None: make_app(tmp_path, seats, ascii=True, **kw)


def seated(seats, **kw) -> Callable:
    return lambda tmp_path: make_app(tmp_path, seats, ascii=True, **kw)


def with_history(tmp_path):
    fill_history(tmp_path)
    return make_app(tmp_path, None, ascii=True)


async def open_select(pilot) -> None:
    await no_blink(pilot)
    pilot.app.screen.query_one("#preset", Select).focus()
    await pilot.press("enter")
    await pilot.pause()


async def with_notices(pilot) -> None:
    await table_after(12)(pilot)
    pilot.app.notify("Could not save the game: [Errno 28] No space left on device",
                     severity="error", markup=False)
    await pilot.press("plus")
    for _ in range(100):
        if len(pilot.app.screen.query("Toast")) >= 2:
            break
        await pilot.pause(0.02)
    await pilot.pause()


def keys(*pressed: str, before=None) -> Callable:
    async def run(pilot) -> None:
        if before is not None:
            await before(pilot)
        else:
            await pilot.pause()
        for key in pressed:
            await pilot.press(key)
            await pilot.pause()
    return run


SCENES = [
    AsciiScene("menu-help-tutorial", app(), [(no_blink, "New game"),
                                             (keys("question_mark"), "Keys"),
                                             (keys("escape", "t"), "press K")]),
    AsciiScene("setup", app(start="new"), [(no_blink, "Players"), (open_select, "Classic")]),
    AsciiScene("table", seated(mixed_seats(), seed=21), [
        (table_after(12), "Your turn"), (keys("m"), "What the table showed"),
        (keys("m", "i"), "ask for them back"),
        (with_notices, "No space left")]),
    AsciiScene("table-sure-miss", seated(mixed_seats()[:3], seed=2),
               [(sure_miss_word, "Enter")]),
    AsciiScene("pass-the-device", seated(humans("Alice", "Bob", "Carol"), seed=5),
               [(pass_screen, "Pass the device")]),
    AsciiScene("game-over-review", lambda p: _game_over(p, ascii=True), [
        (final_move, "Final move"), (keys("enter"), "Play again (A)"), (keys("r"), "Review - move")]),
    AsciiScene("game-over-match", seated(mixed_seats()[:3], seed=8,
                                         rules=Rules(match_target=20, end="first-out")),
               [(to_the_end, "Deal")]),
    AsciiScene("game-over-match-end", seated(mixed_seats()[:3], seed=8,
                                             rules=Rules(match_target=12)),
               [(to_the_match_end, "Play again")]),
    AsciiScene("history", with_history, [
        (history, "unreadable"), (keys("d"), "This cannot"),
        (keys("n", "down", "l"), "Log of"), (keys("escape", "s"), "Win rate")]),
    AsciiScene("help", seated(mixed_seats()[:2], seed=1), [
        (help_screen, "Keys"), (keys("end"), "Computer players")]),
    AsciiScene("too-small", app(), [(None, "80")], (60, 20)),
]


@pytest.fixture
def ascii_off():
    yield
    set_ascii(False)
    ScrollBar.renderer = ScrollBarRender


def non_ascii(text: str) -> list[str]:
    return [f"{line!r}" for line in text.splitlines() if not line.isascii()]


def test_the_stand_ins_keep_every_cell() -> None:
    drawn = "┏━┓┃▁▔▊▎▼◀→…—╭─╮│╰╯█▄▀▌▐░«»\u00a0"
    plain = to_ascii(drawn)
    assert plain.isascii() and len(plain) == len(drawn)
    assert to_ascii("┌─┐│└┘") == "+-+|++" and to_ascii("Привет, Zoë") == "Привет, Zoë"


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.name)
async def test_every_character_of_the_scene_is_ascii(tmp_path, scene: AsciiScene,
                                                     ascii_off) -> None:
    game = scene.make(tmp_path)
    async with game.run_test(size=scene.size, notifications=True) as pilot:
        for step, shows in scene.steps:
            await (step or no_blink)(pilot)
            await pilot.pause()
            text = screen_text(game)
            assert shows in text, text
            assert text.isascii(), "\n".join(non_ascii(text))


async def _joined(tmp_path, seats: str, then: Callable | None, shows: str) -> None:
    from gofish.net.host import Host
    from gofish.net.plan import parse_seats
    from gofish.store.repo import Store
    from gofish.tui.join_app import joined_app

    host = Host(Store(tmp_path / "host"), delay=0.0, threaded_saves=False)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats(seats), preset("standard"), seed=1)
    joined = joined_app("127.0.0.1", port, table.code, "Ann", data_dir=str(tmp_path / "ann"),
                     ascii=True)
    try:
        async with joined.run_test(size=SIZE, notifications=True) as pilot:
            deadline = time.monotonic() + 10
            while shows not in screen_text(joined):
                assert time.monotonic() < deadline, screen_text(joined)
                await pilot.pause(0.02)
            if then is not None:
                await then(pilot)
            text = screen_text(joined)
            assert text.isascii(), "\n".join(non_ascii(text))
    finally:
        await host.close()


async def test_the_joined_seat_waiting_is_ascii(tmp_path, ascii_off) -> None:
    await _joined(tmp_path, "human,human", None, "free")


async def test_the_joined_table_and_leaving_it_are_ascii(tmp_path, ascii_off) -> None:
    async def leave(pilot) -> None:
        text = screen_text(pilot.app)
        assert text.isascii(), "\n".join(non_ascii(text))
        await pilot.press("escape")
        for _ in range(100):
            if "Leave the table?" in screen_text(pilot.app):
                return
            await pilot.pause(0.02)
        raise AssertionError(screen_text(pilot.app))
    await _joined(tmp_path, "human,computer:easy", leave, "Ask")


def test_an_ascii_scrollbar_shows_its_thumb_in_whole_cells() -> None:
    """No eighth-block ends; the thumb is reversed cells, which NO_COLOR keeps."""
    from gofish.tui.ascii_glyphs import AsciiScrollBarRender

    bar = AsciiScrollBarRender.render_bar(size=10, virtual_size=50, window_size=20,
                                          position=7).segments
    cells = [s for s in bar if s.text]
    assert len(cells) == 10 and all(s.text == " " for s in cells)
    thumb = [i for i, s in enumerate(cells) if s.style and s.style.reverse]
    assert len(thumb) == 4 and thumb == list(range(thumb[0], thumb[0] + 4))


async def test_ascii_switched_on_while_running_redraws_the_screen(tmp_path, ascii_off) -> None:
    """For a setting that changes it while gofish runs: the screen (the start view, which
    nothing else redraws) is drawn again in ASCII, and back."""
    game = make_app(tmp_path, None)
    async with game.run_test(size=SIZE) as pilot:
        await no_blink(pilot)
        assert not screen_text(game).isascii()
        game.use_ascii(True)
        await pilot.pause()
        text = screen_text(game)
        assert "New game" in text and text.isascii(), "\n".join(non_ascii(text))
        game.use_ascii(False)
        await pilot.pause()
        assert not screen_text(game).isascii()
