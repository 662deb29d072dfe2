"""The coach at the table: the memory beside it (M), a hint with its reason (I), a word before
an ask the record proves will miss. Always the viewer's own, never another seat's."""

from __future__ import annotations

from dataclasses import replace

from gofish.coach import Coach
from gofish.engine import preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.settings import read_preferences
from gofish.tui.screens.table import TableScreen
from gofish.tui.widgets.log import LogView
from gofish.tui.widgets.memory import MemoryPanel

from .helpers import confirm_pass, humans, make_app

SIZE = (80, 24)


def seats() -> list[SeatSpec]:
    return [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
            SeatSpec("Carol", COMPUTER, "random")]


def rank_key(rank: int) -> str:
    return "234567890jqka"[rank]


def fresh_memory(screen: TableScreen):
    """The memory a coach told the viewer's whole history would give: the panel must match."""
    view = screen.session.view(screen.viewer)
    return Coach.from_view(view).memory(view)


async def to_my_turn(pilot, screen: TableScreen) -> None:
    for _ in range(100):
        if screen.can_ask():
            return
        await pilot.press("space")
        await pilot.pause()
    raise AssertionError("never the human's turn")


async def ask_a_miss(pilot, screen: TableScreen) -> None:
    session = screen.session
    view = screen.my_view()
    t, r = next((t, r) for t in range(view.players) if t != view.seat and view.counts[t]
                for r in sorted({c >> 2 for c in view.hand})
                if not any(c >> 2 == r for c in session.game.hand_cards(t)))
    await pilot.press(str(t + 1), rank_key(r), "enter")
    await pilot.pause()


async def test_m_shows_the_memory_in_the_logs_place_at_80_columns_and_remembers(tmp_path):
    app = make_app(tmp_path, seats(), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one("#memory", MemoryPanel)
        log = screen.query_one("#logbox", LogView)
        assert not panel.display and log.display  # off by default under the standard rules
        await pilot.press("m")
        await pilot.pause()
        assert panel.display and not log.display
        assert panel.region.width >= 24 and panel.region.right <= 80
        assert screen.query_one("#felt").region.width >= 50
        assert read_preferences(app.store.root)["table_memory"] is True
        await to_my_turn(pilot, screen)
        await ask_a_miss(pilot, screen)
        await to_my_turn(pilot, screen)
        assert panel.memory == fresh_memory(screen)  # updated after every event
        await pilot.press("m")
        await pilot.pause()
        assert not panel.display and log.display
        assert read_preferences(app.store.root)["table_memory"] is False
    app = make_app(tmp_path, seats(), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
    app = make_app(tmp_path, seats(), seed=3)
    async with app.run_test(size=SIZE) as pilot:  # the next table remembers
        await pilot.pause()
        assert app.screen.query_one("#memory", MemoryPanel).display


async def test_the_memory_sits_beside_the_log_on_a_large_terminal(tmp_path):
    app = make_app(tmp_path, [*seats(), SeatSpec("Dave", COMPUTER, "random")], seed=2)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await pilot.press("m")
        await pilot.pause()
        screen = app.screen
        panel = screen.query_one("#memory", MemoryPanel)
        log = screen.query_one("#logbox", LogView)
        assert panel.display and log.display
        assert panel.region.right <= log.region.x
        assert screen.query_one("#felt").region.width >= 50
        # the seats at the table's ends leave the stock its whole width
        assert screen.query_one("#seat-left").display  # the seats at the ends are there
        assert screen.query_one("#centre").region.width >= screen.query_one("#stock").region.width


async def test_the_kids_preset_turns_the_memory_on_but_open_hands_keep_the_log(tmp_path):
    app = make_app(tmp_path, [SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "easy")],
                   rules=preset("kids"), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.show_memory  # on by default under Kids
        # but its hands are open: every card is in sight, and the log keeps its place
        assert not screen.query_one("#memory", MemoryPanel).display
        assert screen.query_one("#logbox", LogView).display
        await pilot.press("m")
        await pilot.pause()
        assert "every card is in sight" in str(screen.message)
        assert not screen.query_one("#memory", MemoryPanel).display
    app = make_app(tmp_path / "other", [SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "easy")],
                   rules=replace(preset("kids"), open_hands=False), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app.screen.show_memory  # no longer the Kids preset: off by default


async def test_pass_and_play_shows_only_the_seat_on_screen_and_hides_it_when_passing(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_pass(pilot)
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen)
        await pilot.press("m")
        await pilot.pause()
        panel = table.query_one("#memory", MemoryPanel)
        first = table.viewer
        assert panel.display and panel.memory == fresh_memory(table)
        seen_pass = False
        for _ in range(30):  # the first player asks until the turn ends and the pass screen
            screen = app.screen
            if type(screen).__name__ == "PassScreen":
                seen_pass = True
                assert table.viewer is None and not panel.display
                await confirm_pass(pilot)
                await pilot.pause()
                break
            if table.flow.stage == "handover":
                await pilot.press("enter")
            else:
                await ask_a_miss(pilot, table)
            await pilot.pause()
        assert seen_pass
        assert table.viewer is not None and table.viewer != first
        assert panel.display and panel.memory == fresh_memory(table)
        assert all(o.seat != table.viewer for o in panel.memory.opponents)


def asks_since(session, seat: int, start: int):
    from gofish.engine import events as ev

    return [e for e in session.events_for(seat, start) if e.kind == ev.ASK and e.seat == seat]


async def test_i_says_the_hint_and_its_reason_and_enter_makes_that_ask(tmp_path):
    from gofish.coach.words import hint_text

    app = make_app(tmp_path, seats(), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = app.session
        await to_my_turn(pilot, screen)
        view = session.view(0)
        hint = Coach.from_view(view).hint(view)
        assert hint is not None
        await pilot.press("i")
        await pilot.pause()
        assert str(screen.message) == hint_text(hint, session.names)
        assert (screen.flow.picker.target, screen.flow.picker.rank) == (hint.ask.target, hint.ask.rank)
        before = session.event_count
        await pilot.press("enter")
        await pilot.pause()
        if session.action_count == 0 or not asks_since(session, 0, before):
            await pilot.press("enter")  # the hint was a sure miss (every ask is): confirmed
            await pilot.pause()
        asked = asks_since(session, 0, before)[0]
        assert (asked.target, asked.rank) == (hint.ask.target, hint.ask.rank)


async def test_i_does_nothing_when_it_is_not_your_turn(tmp_path):
    app = make_app(tmp_path, seats(), seed=2, computer_delay=30)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(50):
            if app.session.computer_to_act():
                break
            await ask_a_miss(pilot, screen)
        assert app.session.computer_to_act()
        message = screen.message
        await pilot.press("i")
        await pilot.pause()
        assert screen.message == message and screen.flow.picker.rank is None


async def find_sure_miss(pilot, screen: TableScreen):
    """Play misses until Alice may make an ask the record proves will miss; that ask."""
    session = screen.session
    for _ in range(40):
        await to_my_turn(pilot, screen)
        view = session.view(0)
        coach = Coach.from_view(view)
        for ask in view.legal:
            if getattr(ask, "rank", None) is not None and coach.sure_miss(view, ask):
                return ask
        await ask_a_miss(pilot, screen)
    raise AssertionError("no sure miss came up")


async def test_a_sure_miss_gets_a_word_and_a_second_enter_sends_it(tmp_path):
    from gofish.coach.words import reason_text

    app = make_app(tmp_path, seats(), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = app.session
        ask = await find_sure_miss(pilot, screen)
        view = session.view(0)
        reason = reason_text(Coach.from_view(view).miss_reason(view, ask), session.names)
        before = session.event_count
        await pilot.press(str(ask.target + 1), rank_key(ask.rank), "enter")
        await pilot.pause()
        assert not asks_since(session, 0, before)  # nothing sent
        assert reason in str(screen.message) and "Enter again" in str(screen.message)
        await pilot.press("right")  # a different choice: the word is gone
        await pilot.pause()
        assert screen.flow.chosen_ask() != ask and reason not in str(screen.message)
        await pilot.press(str(ask.target + 1), rank_key(ask.rank), "enter")
        await pilot.pause()
        assert not asks_since(session, 0, before)  # back to the sure miss: warned again
        assert reason in str(screen.message)
        await pilot.press(rank_key(ask.rank))  # the same ask chosen again keeps the word
        await pilot.press("enter")
        await pilot.pause()
        asked = asks_since(session, 0, before)[0]
        assert (asked.target, asked.rank) == (ask.target, ask.rank)


async def test_a_sure_miss_is_not_sent_by_the_same_enter_pressed_twice(tmp_path):
    """The second Enter sends a sure miss all the same; a double Enter sent it too, before
    the word was read."""
    app = make_app(tmp_path, seats(), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = app.session
        ask = await find_sure_miss(pilot, screen)
        app.pass_guard = 5.0  # from here on, a moment's quiet as a player has
        before = session.event_count
        await pilot.press(str(ask.target + 1), rank_key(ask.rank), "enter", "enter")
        await pilot.pause()
        assert not asks_since(session, 0, before)  # the word is up; nothing sent
        assert "Enter again" in str(screen.message)
        screen.flow.guard_from -= 10  # the word read
        await pilot.press("enter")
        await pilot.pause()
        asked = asks_since(session, 0, before)[0]
        assert (asked.target, asked.rank) == (ask.target, ask.rank)


async def test_the_word_before_a_sure_miss_can_be_turned_off(tmp_path):
    from gofish.store.settings import save_preferences

    app = make_app(tmp_path, seats(), seed=2)
    save_preferences({"warn_sure_miss": False}, app.store.root)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        session = app.session
        ask = await find_sure_miss(pilot, screen)
        before = session.event_count
        await pilot.press(str(ask.target + 1), rank_key(ask.rank), "enter")
        await pilot.pause()
        assert asks_since(session, 0, before)


def test_the_coach_keys_never_hand_the_device_over():
    """Mia and Ivan leaving the table may press M or I by reflex: their pass key is another."""
    from gofish.tui.screens.pass_device import confirm_key

    assert confirm_key("Mia") not in ("m", "i")
    assert confirm_key("Ivan") not in ("i",)
    assert confirm_key("Mim") not in ("m", "i")


async def test_a_hint_too_long_for_the_message_line_is_said_in_full_in_a_notice(tmp_path):
    """At 80 columns the reason was cut ('...a hit brings a book nearer, and…'), and a hint is
    not in the log, where a cut message can be read whole."""
    from gofish.coach.words import hint_text
    from gofish.tui.widgets.message import MessageLine

    from .helpers import notices

    two = [SeatSpec("Alice"), SeatSpec("Bartholomew Fairweat", COMPUTER, "random")]
    app = make_app(tmp_path, two, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await to_my_turn(pilot, screen)
        view = app.session.view(0)
        hint = Coach.from_view(view).hint(view)
        text = hint_text(hint, app.session.names)
        await pilot.press("i")
        await pilot.pause()
        line = screen.query_one("#msg", MessageLine)
        shown = line.render().plain
        assert shown.rstrip().endswith("…")  # the message line cuts it
        assert text in notices(app)
        await pilot.press("enter")  # the ask made: its hint is not left over the next turns
        await pilot.pause()
        assert text not in notices(app)
    roomy = make_app(tmp_path / "roomy", two, seed=2)
    async with roomy.run_test(size=(120, 36)) as pilot:  # it fits: no notice
        await pilot.pause()
        await to_my_turn(pilot, roomy.screen)
        await pilot.press("i")
        await pilot.pause()
        assert not notices(roomy)


async def test_under_pairs_the_hint_says_pair_as_the_log_does(tmp_path):
    """The hint read "A hit makes you a book of nines" while the log said "a pair of fives"."""
    from gofish.coach.words import hint_text

    rules = preset("standard").replace(pairs=True)
    app = make_app(tmp_path, seats(), rules=rules, seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        await to_my_turn(pilot, screen)
        await pilot.press("i")
        await pilot.pause()
        said = str(screen.message)
        view = app.session.view(0)
        hint = Coach.from_view(view).hint(view)
        assert said == hint_text(hint, app.session.names, pairs=True)
        assert hint.reason.kind == "book-chance"  # the sentence that named a book
        assert "pair" in said and "book" not in said, said
