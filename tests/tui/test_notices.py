"""Notices (Textual's toasts) at the table never hide what the player reads to play: the felt,
the hand, the ask line and the message line (nor the final move spelt out below the table)."""

from __future__ import annotations

import pytest
from textual.errors import NoWidget
from textual.geometry import Region
from textual.widgets._toast import Toast

from gofish.i18n import set_language
from gofish.tui.screens.game_over import FinalMoveScreen
from gofish.tui.screens.table import TableScreen

from .helpers import make_app
from .scenes import final_move, mixed_seats, table_after

LONG = ("Could not save the game: [Errno 28] No space left on device: "
        "'/home/ann/.local/share/gofish/20261129-120000-abcd.json'")


def visible(widget) -> Region:
    """Where the widget shows on screen (clipped by its containers)."""
    return widget.screen.find_widget(widget).visible_region


def laid_out(toast: Toast) -> bool:
    """A toast mounted and placed on screen (one just mounted is not in the layout yet)."""
    try:
        return bool(visible(toast).area)
    except NoWidget:
        return False


async def toasts(pilot, count: int) -> list[Toast]:
    for _ in range(100):
        shown = [t for t in pilot.app.screen.query(Toast) if laid_out(t)]
        if len(shown) >= count:
            return shown
        await pilot.pause(0.02)
    raise AssertionError(f"{count} notices were raised, {len(shown)} are shown")


def assert_uncovered(notices: list[Toast], widgets) -> None:
    for toast in notices:
        for widget in widgets:
            overlap = visible(toast).intersection(visible(widget))
            assert not overlap.area, f"a notice covers #{widget.id} at {overlap}"


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_notices_leave_the_table_lines_in_view(tmp_path, size) -> None:
    app = make_app(tmp_path, mixed_seats(), seed=21)
    async with app.run_test(size=size, notifications=True) as pilot:
        await table_after(12)(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.can_ask()
        app.notify(LONG, severity="error", markup=False)  # a long one, wrapped
        await pilot.press("plus")  # the pace's notice
        shown = await toasts(pilot, 2)
        lines = [screen.query_one(f"#{name}") for name in
                 ("topbar", "felt", "handtitle", "hand", "ask", "msg")]
        assert all(visible(w).area for w in lines)
        assert_uncovered(shown, lines)


async def test_notices_leave_the_final_move_in_view(tmp_path) -> None:
    app = make_app(tmp_path, mixed_seats(), seed=8)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await final_move(pilot)
        assert isinstance(app.screen, FinalMoveScreen)
        app.notify(LONG, severity="error", markup=False)
        shown = await toasts(pilot, 1)
        assert_uncovered(shown, [app.screen.query_one("#final")])


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"])
async def test_the_tutorial_notice_hides_neither_the_stock_count_nor_the_guide(tmp_path,
                                                                              lang) -> None:
    """In the tutorial a wrong key's notice stands beside the stock: not over its count (the
    French notice runs to two lines and hid "38" behind "3"), and pressed again and again, not
    a pile of notices down over the guide's words."""
    from gofish.tui.screens.tutorial import TutorialScreen
    from gofish.tui.widgets.stock import StockView

    set_language(lang)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.show_tutorial()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        await pilot.press("x", "x", "x")
        shown = await toasts(pilot, 1)
        await pilot.pause(0.1)
        shown = [t for t in screen.query(Toast) if laid_out(t)]
        stock = screen.query_one(StockView)
        line = stock.render().plain.splitlines()[1]  # "Stock  │▒▒▒│││ 38"
        box = stock.content_region
        count = Region(box.x, box.y + 1, len(line), 1)
        for toast in shown:
            assert not visible(toast).intersection(count).area, f"a notice covers {line!r}"
        assert_uncovered(shown, [screen.query_one(f"#tutorial-{name}") for name in
                                 ("bob", "guide", "said", "handtitle", "hand")])
