"""Pilot tests for the table's traps (issue 12): red suits in your own hand, the documented keys
asking the wrong player, Enter re-asking a rank just taken, and the hand-over showing the next
hand to the wrong person."""

from __future__ import annotations

import time
from dataclasses import replace

from textual.geometry import Region
from textual.widgets import Static

from gofish.engine import RANKS, preset
from gofish.engine import events as ev
from gofish.front import flow as flow_module
from gofish.net.client import RemoteSession
from gofish.net.plan import parse_seats
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.settings import save_preferences
from gofish.tui.join_app import joined_app
from gofish.tui.screens import pass_device
from gofish.tui.screens.pass_device import PassScreen
from gofish.tui.screens.table import TableScreen

from .helpers import humans, make_app

SIZE = (80, 24)


def rank_key(rank: int) -> str:
    label = RANKS[rank]
    return {"10": "0"}.get(label, label.lower())


async def wait(pilot, check, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await pilot.pause(0.01)


def is_red(style) -> bool:
    if style.color is None or style.reverse:
        return False
    r, g, b = style.color.get_truecolor()
    return r > 150 and g < 120 and b < 120


def hand_segments(screen) -> list:
    hand = screen.query_one("#hand")
    region = Region(0, 0, hand.size.width, hand.size.height)
    return [seg for strip in hand.render_lines(region) for seg in strip if seg.text.strip()]


def check_red_suits(screen) -> int:
    """Every heart and diamond in the hand is drawn in red ink (never reversed); returns how many."""
    reds = 0
    for seg in hand_segments(screen):
        for ch in seg.text:
            if ch in "♥♦":
                assert is_red(seg.style), f"{seg.text!r} is not red: {seg.style}"
                reds += 1
            elif ch in "♣♠":
                assert not is_red(seg.style), f"{seg.text!r} is red"
    return reds


async def test_red_suits_stay_red_in_your_hand_in_every_state(tmp_path):
    seats = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
             SeatSpec("Carol", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=21)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):  # the computers may still be playing up to Alice's turn
            await pilot.pause(0.02)
            if isinstance(app.screen, TableScreen) and app.screen.can_ask():
                break
        screen = app.screen
        for _ in range(200):  # Carol plays first: one pause is not always enough under load
            if screen.can_ask():
                break
            await pilot.pause(0.01)
        assert isinstance(screen, TableScreen) and screen.can_ask()
        assert check_red_suits(screen) > 0  # nothing chosen yet, your turn
        view = screen.my_view()
        red = next(c >> 2 for c in view.hand if c & 3 in (1, 2))
        await pilot.press("2", rank_key(red))  # a red rank chosen: highlighted, still red
        await pilot.pause()
        assert screen.flow.picker.rank == red
        assert check_red_suits(screen) > 0


async def ask_each_turn(app, pilot, session, me: int, turns: int, on_turn=None) -> int:
    """At each of ``me``'s turns type "opponent, rank, Enter", choosing another opponent than
    the turn before; check the ask that went out. Returns the number of asks checked."""
    last = None
    checked = 0
    for _ in range(3000):
        await pilot.pause()
        if session.over or checked >= turns:
            break
        screen = app.screen
        if on_turn is not None and await on_turn(screen):
            continue
        if not isinstance(screen, TableScreen) or not screen.can_ask():
            if isinstance(screen, TableScreen) and session.computer_to_act():
                await pilot.press("space")
            continue
        view = screen.my_view()
        if not view.hand:
            await pilot.press("enter")
            continue
        targets = [o for o in range(view.players) if o != view.seat and view.counts[o]]
        target = next((t for t in targets if t != last), targets[0])
        rank = max({c >> 2 for c in view.hand})
        before = session.event_count
        await pilot.press(str(target + 1), rank_key(rank), "enter")
        await wait(pilot, lambda before=before: session.event_count > before)
        asked = next(e for e in session.events_for(None, before) if e.kind == ev.ASK)
        assert (asked.seat, asked.target, asked.rank) == (view.seat, target, rank), \
            f"typed {target + 1} {rank_key(rank)} Enter at ask {checked + 1}"
        last = target
        checked += 1
    return checked


async def test_opponent_rank_enter_asks_that_opponent_every_turn_with_one_human(tmp_path):
    seats = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
             SeatSpec("Carol", COMPUTER, "random"), SeatSpec("Dave", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=3)
    # the promise is one Enter: the word before a sure miss (a second Enter) is off here
    save_preferences({"warn_sure_miss": False}, app.store.root)
    async with app.run_test(size=SIZE) as pilot:
        assert await ask_each_turn(app, pilot, app.session, 0, 8) == 8


async def test_opponent_rank_enter_asks_that_opponent_every_turn_pass_and_play(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob", "Carol"), seed=3)
    # the promise is one Enter: the word before a sure miss (a second Enter) is off here
    save_preferences({"warn_sure_miss": False}, app.store.root)

    async def hand_over(screen) -> bool:
        if isinstance(screen, PassScreen):
            await pilot_.press(getattr(screen, "confirm_key", "enter"))
            return True
        if isinstance(screen, TableScreen) and screen.flow.stage == "handover":
            await pilot_.press("enter")
            return True
        return False

    async with app.run_test(size=SIZE) as pilot_:
        assert await ask_each_turn(app, pilot_, app.session, 0, 8, hand_over) == 8


async def test_opponent_rank_enter_asks_that_opponent_every_turn_at_a_joined_seat(tmp_path):
    from gofish.net.host import Host
    from gofish.store.repo import Store

    host = Host(Store(tmp_path / "host"), delay=0.0, threaded_saves=False)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,computer:random,computer:random"),
                            preset("standard"), seed=5)
    app = joined_app("127.0.0.1", port, table.code, "Ann", data_dir=str(tmp_path / "ann"))
    s: RemoteSession = app.shared.remote
    try:
        async with app.run_test(size=SIZE) as pilot:
            await wait(pilot, lambda: s.lobby is not None)
            await host.start(table)
            await wait(pilot, lambda: isinstance(app.screen, TableScreen))

            async def settle(screen) -> bool:
                if s.pending or s.to_act != 0:
                    await pilot.pause(0.02)
                    return True
                return False

            assert await ask_each_turn(app, pilot, s, 0, 6, settle) == 6
    finally:
        await host.close()


async def test_after_a_hit_enter_alone_asks_nothing_and_says_what_to_choose(tmp_path):
    seats = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
             SeatSpec("Carol", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        hits = 0
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if session.over or hits >= 3:
                break
            if not isinstance(screen, TableScreen) or not screen.can_ask():
                await pilot.press("space")
                continue
            view = screen.my_view()
            if not view.hand:
                await pilot.press("enter")
                continue
            mine = {c >> 2 for c in view.hand}
            # look behind the screen for a sure hit (the test's privilege, not the player's)
            sure = [(t, r) for t in range(view.players) if t != view.seat
                    for r in sorted(mine) if any(c >> 2 == r for c in session.game.hand_cards(t))]
            if not sure:
                t = next(o for o in range(view.players) if o != view.seat and view.counts[o])
                await pilot.press(str(t + 1), rank_key(min(mine)), "enter")
                continue
            t, r = sure[0]
            await pilot.press(str(t + 1), rank_key(r), "enter")
            await pilot.pause()
            if session.to_act != view.seat or not screen.can_ask() or not screen.my_view().hand:
                continue
            hits += 1
            assert screen.flow.picker.rank is None, "the rank just taken is still chosen"
            before = session.event_count
            await pilot.press("enter")
            await pilot.pause()
            assert session.event_count == before, "Enter alone asked again"
            said = str(screen.query_one("#msg", Static).render())
            assert "Choose a rank" in said
        assert hits >= 1


class QuietClock:
    """The pass screen's clock, moved on by the test: a quiet moment is a step of this clock,
    not a real pause, and a burst of keys is a burst however slowly a loaded machine sends it.
    Each reading is a tenth of a second after the last, so keys in a burst come that far apart
    (a fast hand mashing keys; a held key repeats faster still)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        self.now += 0.1
        return self.now

    async def wait(self, pilot, seconds: float) -> None:
        self.now += seconds
        await pilot.pause()


async def three_at_hand_over(app, pilot, clock: QuietClock) -> TableScreen:
    """Alice asks and misses: her hand is still up, waiting for her Enter."""
    session = app.session
    for _ in range(50):
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, PassScreen):
            await clock.wait(pilot, 0.7)  # the game's first hand-over (no hand is up yet)
            await pilot.press(screen.confirm_key)
            await wait(pilot, lambda passing=screen: app.screen is not passing)  # none after
            continue
        assert isinstance(screen, TableScreen)
        if screen.flow.stage == "handover":
            return screen
        view = screen.my_view()
        mine = {c >> 2 for c in view.hand}
        miss = next((t, r) for t in range(view.players) if t != view.seat for r in mine
                    if not any(c >> 2 == r for c in session.game.hand_cards(t)))
        await pilot.press(str(miss[0] + 1), rank_key(miss[1]), "enter")
    raise AssertionError("no hand-over")


async def test_a_double_enter_never_shows_the_next_hand(tmp_path, monkeypatch):
    clock = QuietClock()
    monkeypatch.setattr(pass_device, "time", clock)
    monkeypatch.setattr(flow_module, "time", clock)  # the hand-over's Enter waits a moment too
    app = make_app(tmp_path, humans("Alice", "Bob", "Carol"), seed=5, pass_guard=0.6)
    async with app.run_test(size=SIZE) as pilot:
        screen = await three_at_hand_over(app, pilot, clock)
        outgoing = screen.viewer
        incoming = app.session.to_act
        top = str(screen.query_one("#topbar", Static).render())
        # the old hand is up: the bar must not announce the next player yet
        assert app.session.names[incoming] not in top, top
        await clock.wait(pilot, 0.7)  # how the turn ended, seen
        await pilot.press("enter")
        await pilot.pause()
        passing = app.screen
        assert isinstance(passing, PassScreen)
        await clock.wait(pilot, 0.8)
        for key in ("enter", "enter", "space", str(incoming + 1), "backspace"):
            await pilot.press(key)  # reflexes: none of them hands the device over
            await clock.wait(pilot, 0.7)
            assert app.screen is passing, key
        assert passing.confirm_key not in ("enter", "space")
        assert passing.confirm_key.upper() in str(passing.query_one("#ready").render())
        # keys in a burst (a key held down, or mashed after another) never confirm
        await pilot.press("enter", *[passing.confirm_key] * 8)
        await pilot.pause()
        assert app.screen is passing
        await clock.wait(pilot, 0.7)  # a quiet moment, then a fresh press, and none after it
        await pilot.press(passing.confirm_key)
        await wait(pilot, lambda: app.screen is not passing)
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer == incoming != outgoing


async def test_the_hand_line_fits_its_row_with_a_long_name_many_books_and_new_cards(tmp_path):
    """'Your hand, <20 letters> · 14 cards · 6 books: ... · * new since your last turn' ran
    past 80 columns and was cut mid-word ('* nouvelles depuis votre dernier' in French)."""
    seats = [SeatSpec("Bartholomew Fairweat"), SeatSpec("Bob", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        view = screen.my_view()
        books = tuple((r, ()) for r in range(6))
        view = replace(view, books=(books, *view.books[1:]))
        screen.flow.new_cards = lambda _view: frozenset(view.hand[:1])  # a card came since
        screen.drawing.show_hand(view)
        await pilot.pause()
        row = screen.query_one("#handtitle", Static)
        text = row.render().plain
        assert "Bartholomew Fairweat" in text and "6 books: 2 3 4 5 6 7" in text
        assert "* new since" not in text  # no room for it: the marks on the cards stay
        assert len(text) <= row.content_size.width
        await pilot.resize_terminal(100, 30)  # room again: the legend is back
        await pilot.pause()
        screen.drawing.show_hand(replace(view, books=((), *view.books[1:])))
        await pilot.pause()
        assert row.render().plain.endswith("· * new since your last turn")
