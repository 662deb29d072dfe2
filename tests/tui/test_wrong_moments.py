"""Keys at the wrong moment, odd names and a failing disk: the table stays sound."""

from __future__ import annotations

from gofish.engine import events as ev
from gofish.engine import preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.errors import StoreError
from gofish.tui.screens.game_over import FinalMoveScreen, GameOverScreen
from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.pass_device import PassScreen
from gofish.tui.screens.table import TableScreen

from .helpers import cards_shown, confirm_pass, humans, make_app, notices, screen_text, settled_text

SIZE = (80, 24)
QUICK = preset("quick")


async def until(pilot, check, steps: int = 300) -> None:
    for _ in range(steps):
        await pilot.pause()
        if check():
            return
        if isinstance(pilot.app.screen, TableScreen):
            await pilot.press("space")
    raise AssertionError("never reached")


async def end_a_turn(pilot) -> TableScreen:
    """Alice (seat 0 or whoever is first) asks until her turn ends at the hand-over step."""
    app = pilot.app
    for _ in range(60):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, PassScreen):
            await confirm_pass(pilot)
            continue
        if screen.flow.stage == "handover":
            return screen
        view = screen.my_view()
        target = next(o for o in range(view.players) if o != view.seat and view.counts[o])
        if screen.flow.stage != "target":
            await pilot.press("backspace")
        await pilot.press(str(target + 1), "23456789tjqka"[view.hand[0] >> 2], "enter")
    raise AssertionError("no hand-over")


async def test_a_double_enter_at_the_hand_over_does_not_reveal_the_next_hand(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3, pass_guard=5.0)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.last_key -= 10  # the first player's own pass screen: already long up
        screen = await end_a_turn(pilot)
        screen.flow.guard_from -= 10  # the player has seen how the turn ended
        hand = screen.my_view().hand
        assert cards_shown(screen_text(app), hand) == set(hand)  # the control: up, and seen
        await pilot.press("enter", "enter")  # one for the hand-over, one too many
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        session = app.session
        every = {c for seat in range(session.game.players)
                 for c in session.game.hand_cards(seat)}
        assert not cards_shown(screen_text(app), every)  # no hand, as label nor as face


async def test_a_double_enter_on_the_ask_that_ends_a_turn_leaves_its_end_in_view(tmp_path):
    """The hand stays up after its turn so its player sees how the turn ended; the Enter that
    asked, pressed twice by reflex, took it away at once."""
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3, pass_guard=5.0)
    async with app.run_test(size=SIZE) as pilot:
        app.screen.last_key -= 10
        screen = await end_a_turn(pilot)  # its last Enter ended the turn just now
        hand = screen_text(app)
        cards = screen.my_view().hand
        await pilot.press("enter")  # the same Enter, twice
        await pilot.pause()
        assert app.screen is screen and screen.flow.stage == "handover"
        assert cards_shown(screen_text(app), cards) == set(cards) and screen_text(app) == hand
        screen.flow.guard_from -= 10  # a moment later, on purpose
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)


async def test_escape_from_a_deal_over_then_enter_does_not_play_a_closed_game(tmp_path):
    seats = [SeatSpec(n, COMPUTER, "random") for n in ("Ann", "Bob")]
    app = make_app(tmp_path, seats, rules=QUICK.replace(match_target=50), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, FinalMoveScreen))
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        actions = app.session.action_count
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not any(isinstance(s, (GameOverScreen, TableScreen)) for s in app.screen_stack)
        await pilot.press("enter")  # on the menu now: opens whatever is highlighted, no crash
        await pilot.pause()
        assert app.is_running
    info = app.store.games()[0]
    assert info.summary.actions == actions


async def test_markup_in_names_on_the_pass_screen(tmp_path):
    app = make_app(tmp_path, [SeatSpec("[red]Al"), SeatSpec("Bo[/]")], seed=1)
    async with app.run_test(size=SIZE) as pilot:
        text = await settled_text(pilot)
        assert isinstance(app.screen, PassScreen)
        assert "[red]Al" in text or "Bo[/]" in text


async def test_a_failed_save_is_reported_and_the_table_moves_on(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_pass(pilot)
        await pilot.pause()

        def broken(*args):
            raise StoreError("disk full")

        app.store.save = app.store.append = broken  # the whole file, or a journal line
        screen = await end_a_turn(pilot)
        assert screen.flow.stage == "handover"  # the turn ended although its save failed
        assert "Could not save the game: disk full" in notices(app)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)


async def test_enter_during_a_computers_turn_does_not_ask_later(tmp_path):
    seats = [SeatSpec("Alice"), SeatSpec("Rob", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=4, computer_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(30):
            if app.session.computer_to_act():
                break
            view = screen.my_view()
            await pilot.press("23456789tjqka"[view.hand[0] >> 2], "enter")
            await pilot.pause()
        assert app.session.computer_to_act()
        before, events_before = app.session.action_count, app.session.event_count
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        # Enter on a computer's wait ends the wait (one computer move for each) but never asks:
        # not then, and not once the turn has come back to Alice
        assert before < app.session.action_count <= before + 3
        assert not [e for e in app.session.events_for(0, events_before)
                    if e.kind == ev.ASK and e.seat == 0]


async def test_the_key_line_says_enter_hides_the_hand_at_a_hand_over(tmp_path):
    """'Your turn is over. Press Enter, then pass the device': the key line said '⏎ Ask'."""
    from gofish.tui.widgets.keys import KeyFooter

    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await end_a_turn(pilot)
        await pilot.pause()
        footer = screen.query_one(KeyFooter).keys()
        keys = [(k.key, k.description) for k in footer]
        assert keys[0] == ("enter", "Hide hand") and ("enter", "Ask") not in keys
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PassScreen)
        await confirm_pass(pilot)
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter).keys()
        keys = [(k.key, k.description) for k in footer]
        assert keys[0] == ("enter", "Ask")  # Bob's turn: Enter asks again
