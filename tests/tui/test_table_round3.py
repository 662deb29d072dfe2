"""The table's small untruths (issue 29): each says at the table what the game holds."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.table import TableScreen

from .helpers import make_app, screen_text

SIZE = (80, 24)


def seat_text(app, screen, seat: int) -> str:
    box = screen.query_one(f"#seat-{seat}").region
    rows = screen_text(app).splitlines()[box.y:box.bottom]
    return "\n".join(row[box.x:box.right] for row in rows)


@pytest.mark.parametrize("opponents", [1, 5])  # a wide seat, and a narrow one (5 at 80)
async def test_a_seat_with_no_cards_says_so_not_a_bare_zero(tmp_path, opponents):
    seats = [SeatSpec("Ann"), *[SeatSpec(n, COMPUTER, "easy")
                                for n in ("Ben", "Cat", "Dan", "Eve", "Fay")[:opponents]]]
    app = make_app(tmp_path, seats, seed=8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        box = screen.query_one("#seat-1")
        before = seat_text(app, screen, 1)
        assert str(box.state.count) in before  # the control: a pile shows its count
        box.show(replace(box.state, count=0))
        await pilot.pause()
        text = seat_text(app, screen, 1)
        assert "(no cards)" in " ".join(text.split()), text
        assert not any(word == "0" for word in text.split()), text


async def test_the_final_move_leaves_a_hand_that_still_holds_cards_in_sight(tmp_path):
    """Under first out a deal ends with cards in hand: the final move's panel, docked at the
    bottom, covered the hand they were in."""
    from gofish.engine import preset
    from gofish.tui.screens.game_over import FinalMoveScreen

    from .helpers import cards_shown
    from .scenes import play_randomly

    seats = [SeatSpec("Ann"), SeatSpec("Ben", COMPUTER, "random"),
             SeatSpec("Cat", COMPUTER, "random")]
    app = make_app(tmp_path, seats, rules=preset("quick"), seed=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        play_randomly(app.session, 10_000)
        app.session.save()
        app.screen.advance()
        await pilot.pause()
        assert isinstance(app.screen, FinalMoveScreen)
        hand = app.session.view(0).hand
        assert len(hand) >= 5  # the seed's: the deal ended with Ann holding cards
        await pilot.pause()
        text = screen_text(app)
        assert "Final move:" in text
        assert cards_shown(text, hand) == set(hand), text


def enter_says(app) -> list[str]:
    """What the key line says Enter does (nothing: no Enter on it), as drawn."""
    from gofish.tui.widgets.keys import KeyFooter

    line = screen_text(app).rstrip("\n").splitlines()[-1]
    footer = app.screen.query_one(KeyFooter)
    keys = [k for k in footer.keys() if k.key == "enter"]  # noqa: SIM118 - not a dict
    assert all(f"{k.shown} {k.description}" in line for k in keys), line  # drawn as it is
    return [k.description for k in keys]


async def test_the_key_line_offers_ask_only_when_enter_asks(tmp_path):
    """It offered "Ask" while the computers played (Enter there only ends the wait for one
    move) and at "Press Enter to draw" (Enter draws: test below)."""
    seats = [SeatSpec("Ann"), SeatSpec("Ben", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=8, computer_delay=60)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for _ in range(50):
            if screen.can_ask():
                break
            await pilot.press("space")
            await pilot.pause()
        assert screen.can_ask() and enter_says(app) == ["Ask"]  # the control: it asks here
        view = screen.my_view()
        miss = next(r for r in sorted({c >> 2 for c in view.hand})
                    if not any(c >> 2 == r for c in app.session.game.hand_cards(1)))
        await pilot.press("2", "23456789tjqka"[miss], "enter")
        await pilot.pause()
        if app.session.to_act == 0:  # a lucky draw: ask again, a sure miss this time
            await pilot.press("enter")
            await pilot.pause()
        assert app.session.to_act == 1 and screen._timer is not None  # Ben's move on show
        assert enter_says(app) == [], enter_says(app)


async def test_the_key_line_says_draw_where_enter_draws(tmp_path):
    import random

    from gofish.engine import Draw

    seats = [SeatSpec("Ann"), SeatSpec("Ben", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game = app.session.game

        def to_a_draw(play) -> list:
            """Random moves on from here until Ann's hand is empty and she draws, if ever."""
            rng, moves = random.Random(play), []
            trial = type(game).from_json(game.to_json())
            while not trial.deal_over:
                if trial.to_act == 0 and trial.legal_actions() == [Draw()]:
                    return moves
                moves.append(rng.choice(trial.legal_actions()))
                trial.apply(moves[-1])
            return []

        moves = next(m for m in map(to_a_draw, range(200)) if m)
        for move in moves:
            game.apply(move)
        assert game.to_act == 0 and game.legal_actions() == [Draw()]
        app.screen.advance()
        await pilot.pause()
        assert "Press Enter to draw" in screen_text(app)
        assert enter_says(app) == ["Draw"], enter_says(app)
        await pilot.press("enter")
        await pilot.pause()
        assert game.actions[-1] == Draw()
