"""Under open hands every card of an opponent is in sight: a seat listed its hand on one line
and cut it ("2♦ 3♦ 5♣ 7♠ 10♣ J♥ Q…"), hiding the cards a child was told to look at."""

from __future__ import annotations

from gofish.engine import preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.table import TableScreen

from .helpers import cards_shown, make_app, screen_text


async def test_an_open_hand_of_eight_cards_is_shown_whole_at_80_columns(tmp_path):
    seats = [SeatSpec("Ann"), SeatSpec("Ben", COMPUTER, "easy"), SeatSpec("Cat", COMPUTER, "easy")]
    app = make_app(tmp_path, seats, rules=preset("kids"), seed=8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for _ in range(40):
            if screen.can_ask():
                break
            await pilot.press("space")
            await pilot.pause()
        session = app.session
        big = max((1, 2), key=lambda s: session.view(0).counts[s])
        cards = session.game.hand_cards(big)
        assert len(cards) >= 8  # the seed's: a hand longer than a seat's line
        box = screen.query_one(f"#seat-{big}").region
        rows = screen_text(app).splitlines()[box.y:box.bottom]
        inside = "\n".join(row[box.x:box.right] for row in rows)
        assert cards_shown(inside, cards) == set(cards), inside
