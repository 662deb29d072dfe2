"""What just happened, at a glance: new cards marked, a card taken from you named, "Go fish!" as
a moment that never blocks a key; and a resize that keeps the game and the choices."""

from __future__ import annotations

from textual.widgets import Static

from gofish.engine import events as ev
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens.table import TableScreen
from gofish.tui.widgets.hand import HandView

from .helpers import make_app

SIZE = (80, 24)


def seats() -> list[SeatSpec]:
    return [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
            SeatSpec("Carol", COMPUTER, "random")]


def rank_key(rank: int) -> str:
    return "234567890jqka"[rank]


async def ask_a_miss(pilot, screen: TableScreen) -> None:
    session = screen.session
    view = screen.my_view()
    t, r = next((t, r) for t in range(view.players) if t != view.seat and view.counts[t]
                for r in sorted({c >> 2 for c in view.hand})
                if not any(c >> 2 == r for c in session.game.hand_cards(t)))
    await pilot.press(str(t + 1), rank_key(r), "enter")
    await pilot.pause()


async def test_go_fish_is_a_moment_that_never_blocks_a_key(tmp_path):
    app = make_app(tmp_path, seats(), seed=2, moment_seconds=30, computer_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        while not screen.can_ask():
            await pilot.press("space")
            await pilot.pause()
        await ask_a_miss(pilot, screen)
        bubble = screen.query_one("#moment", Static)
        assert bubble.display and "Go fish!" in str(bubble.render())
        assert app.session.computer_to_act()  # the computer waits its pace: the bubble is up
        before = app.session.action_count
        await pilot.press("space")  # and a key goes through at once
        await pilot.pause()
        assert app.session.action_count > before


async def test_drawn_cards_are_marked_until_the_next_ask_and_taken_cards_named(tmp_path):
    app = make_app(tmp_path, seats(), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = app.session
        taken_seen = marked_seen = False
        for _ in range(60):
            await pilot.pause()
            if session.over:
                break
            if not screen.can_ask():
                await pilot.press("space")
                continue
            hand = screen.query_one(HandView)
            new = screen.flow.new_cards(screen.my_view())
            drew = [c for e in session.events_for(0) if e.kind == ev.DREW and e.seat == 0
                    for c in e.secret]
            if drew and new:
                assert new <= set(screen.my_view().hand)
                assert hand.new == new and "*" in str(screen.query_one("#handtitle").render())
                marked_seen = True
            taken = [e for e in session.events_for(0) if e.kind == ev.GAVE and e.target == 0]
            said = str(screen.query_one("#msg", Static).render())
            if taken and "from you" in said:
                from gofish.names import card_label
                assert any(card_label(c) in said for e in taken for c in e.cards)
                taken_seen = True
            if marked_seen and taken_seen:
                break
            view = screen.my_view()
            if not view.hand:
                await pilot.press("enter")
                continue
            await ask_a_miss(pilot, screen)
        assert marked_seen and taken_seen


async def test_a_resize_keeps_the_game_and_the_choices(tmp_path):
    seats4 = seats() + [SeatSpec("Dave", COMPUTER, "random")]
    app = make_app(tmp_path, seats4, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        view = screen.my_view()
        rank = view.hand[0] >> 2
        await pilot.press("3", rank_key(rank))
        await pilot.pause()
        state = (screen.flow.picker.target, screen.flow.picker.rank, screen.flow.stage, app.session.action_count)
        assert state[:2] == (2, rank)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen.has_class("-wide") and screen.has_class("-tall")
        assert screen.query_one(HandView).size.height == 6  # bigger faces
        assert screen.query_one("#seat-left").display  # seats around the table
        assert (screen.flow.picker.target, screen.flow.picker.rank, screen.flow.stage, app.session.action_count) == state
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.has_class("-wide")
        assert not screen.query_one("#seat-left").display
        assert (screen.flow.picker.target, screen.flow.picker.rank, screen.flow.stage, app.session.action_count) == state
        before = app.session.event_count
        await pilot.press("enter")  # the choice made before the resizes is asked
        await pilot.pause()
        asked = next(e for e in app.session.events_for(None, before) if e.kind == ev.ASK)
        assert (asked.target, asked.rank) == (2, rank)


async def test_clicks_on_a_card_and_on_a_seat_choose_them(tmp_path):
    app = make_app(tmp_path, seats(), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        while not screen.can_ask():
            await pilot.press("space")
            await pilot.pause()
        hand = screen.query_one(HandView)
        first = min(c >> 2 for c in screen.my_view().hand)
        await pilot.click(HandView, offset=(hand.styles.padding.left + 1, 2))
        await pilot.pause()
        assert screen.flow.picker.rank == first
        box = screen.query_one("#seat-2")
        await pilot.click("#seat-2", offset=(3, 2))
        await pilot.pause()
        assert box.display and screen.flow.picker.target == 2
