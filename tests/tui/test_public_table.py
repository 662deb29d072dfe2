"""With no seat watching (only computers play), the table draws the public view: seat 0 is a
seat like the others, never "(you)", and with open hands its cards are shown like theirs."""

from __future__ import annotations

from gofish.engine import preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.table import TableScreen

from .helpers import make_app

SIZE = (100, 30)


async def test_a_table_nobody_watches_shows_seat_zero_as_any_other(tmp_path) -> None:
    seats = [SeatSpec(n, COMPUTER, "random") for n in ("Ann", "Bob", "Cy")]
    rules = preset("standard").replace(open_hands=True)
    app = make_app(tmp_path, seats, rules=rules, seed=6, computer_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer is None
        view = table.session.public_view()
        states = [table.drawing.seat_state(view, seat) for seat in range(3)]
        assert [st.name for st in states] == ["Ann", "Bob", "Cy"]
        assert all(st.open_cards for st in states)  # seat 0's cards were hidden before
        assert not any(st.you for st in states)
