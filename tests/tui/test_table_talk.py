"""Moves that concern you are paced so they can be read, and any key ends the wait; the ask
and its answer are said at the seats; five opponents sit at 80 columns as card piles."""

from __future__ import annotations

from dataclasses import dataclass, field

from gofish.engine import events as ev
from gofish.front.pace import CONCERNS_YOU, SECONDS, pause_after
from gofish.front.speech import concerns, last_exchange
from gofish.names import rank_short
from gofish.seats import COMPUTER, SeatSpec
from gofish.session import TableSession
from gofish.tui.screens.help import HelpScreen
from gofish.tui.screens.table import TableScreen
from gofish.tui.widgets.seats import SeatBox

from .helpers import make_app
from .scenes import mixed_seats, table_after
from .test_table_moments import ask_a_miss

NAMES = ["Alice", "Bob", "Carol"]


def words(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- what is said


def test_an_ask_and_go_fish_as_said() -> None:
    said = last_exchange([ev.Event(ev.ASK, seat=1, target=2, rank=7),
                          ev.Event(ev.GO_FISH, seat=1, target=2),
                          ev.Event(ev.DREW, seat=1, count=1)], NAMES)
    assert said is not None
    assert (said.said_by(1), said.said_by(2), said.said_by(0)) == (
        "Carol, any nines?", "Go fish!", "")


def test_an_ask_answered_with_cards_names_them() -> None:
    said = last_exchange([ev.Event(ev.ASK, seat=2, target=0, rank=7),
                          ev.Event(ev.GAVE, seat=2, target=0, rank=7, count=2,
                                   cards=(30, 29))], NAMES)
    assert said is not None
    assert said.said_by(2) == "Alice, any nines?"
    assert said.said_by(0) == "Here: 2 nines"  # the suits handed over stay unsaid, as in the log
    one = last_exchange([ev.Event(ev.ASK, seat=2, target=0, rank=7, suit=1),
                         ev.Event(ev.GAVE, seat=2, target=0, rank=7, count=1, cards=(29,))], NAMES)
    assert one is not None
    assert (one.question, one.answer) == ("Alice, the nine of diamonds?",
                                          "Here: the nine of diamonds")


def test_the_last_ask_wins_and_a_new_deal_ends_the_talk() -> None:
    events = [ev.Event(ev.ASK, seat=1, target=2, rank=7), ev.Event(ev.GO_FISH, seat=1, target=2),
              ev.Event(ev.ASK, seat=2, target=1, rank=3)]
    said = last_exchange(events, NAMES)
    assert said is not None and said.asker == 2 and said.answer == ""
    assert last_exchange(events + [ev.Event(ev.DEAL, seat=0, target=1)], NAMES) is None


def test_what_concerns_you() -> None:
    you = frozenset({0})
    assert concerns([ev.Event(ev.ASK, seat=1, target=0, rank=3)], you)  # asked
    assert concerns([ev.Event(ev.LUCKY, seat=0, cards=(4,))], you)
    assert concerns([ev.Event(ev.BOOK, seat=0, rank=1)], you)
    assert not concerns([ev.Event(ev.ASK, seat=1, target=2, rank=3),
                         ev.Event(ev.BOOK, seat=1, rank=3)], you)  # two others
    assert not concerns([ev.Event(ev.ASK, seat=0, target=2, rank=3),
                         ev.Event(ev.GO_FISH, seat=0, target=2)], you)  # your own miss


def test_a_move_that_concerns_you_stays_up_longer_at_every_pace_but_instant() -> None:
    assert pause_after(SECONDS["normal"], True) == SECONDS["normal"] * CONCERNS_YOU >= 1.5
    for seconds in SECONDS.values():
        assert pause_after(seconds, False) == seconds
        assert pause_after(seconds, True) > seconds or seconds == 0


# ---------------------------------------------------------------- the pace at the table


@dataclass
class FakeTimer:
    delay: float
    callback: object
    events: int = 0  # how long the game's history was when the wait was set
    stopped: bool = False

    def stop(self) -> None:
        self.stopped = True


@dataclass
class Clock:
    """Stands in for the screen's timers: records each wait instead of waiting."""

    session: TableSession | None = None
    timers: list[FakeTimer] = field(default_factory=list)

    def __call__(self, delay, callback=None, *args, **kwargs) -> FakeTimer:
        timer = FakeTimer(delay, callback, self.session.event_count if self.session else 0)
        self.timers.append(timer)
        return timer


def three_seats() -> list[SeatSpec]:
    return [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
            SeatSpec("Carol", COMPUTER, "random")]


def concerned_alice(events) -> bool:
    """Alice was asked, or drew luckily, or laid a book (read from the events themselves)."""
    return any((e.kind == ev.ASK and e.target == 0)
               or (e.kind in (ev.LUCKY, ev.BOOK) and e.seat == 0) for e in events)


async def fake_clock(pilot, screen: TableScreen) -> Clock:
    """Past the computers that play before Alice, then the waits recorded, not waited."""
    while not screen.can_ask():
        await pilot.press("space")
        await pilot.pause()
    clock = Clock(screen.session)
    screen.set_timer = clock  # type: ignore[method-assign]
    return clock


async def until_a_computer_waits(pilot, screen: TableScreen) -> None:
    while not isinstance(screen._timer, FakeTimer):
        assert screen.can_ask()
        await ask_a_miss(pilot, screen)


async def test_moves_that_concern_you_wait_longer_at_the_default_pace(tmp_path) -> None:
    app = make_app(tmp_path, three_seats(), seed=3, computer_delay=None)
    assert app.computer_delay == SECONDS["normal"]  # the default pace
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        clock = await fake_clock(pilot, screen)
        session = app.session
        seen = {True: 0, False: 0}
        for _ in range(60):
            if session.over:
                break
            start, waits = session.event_count, len(clock.timers)
            if screen.can_ask():
                await ask_a_miss(pilot, screen)
            else:
                clock.timers[-1].callback()  # the wait is over: the computer moves
                await pilot.pause()
            # the wait set since (none if Alice plays on), as long as the move before it says
            assert len(clock.timers) - waits <= 1, "a computer moved without its wait"
            for timer in clock.timers[waits:]:
                moved = concerned_alice(session.events_for(None, start)[:timer.events - start])
                assert timer.events > start, "a wait set with no move before it"
                assert timer.delay == (1.5 if moved else 0.6), (timer.delay, moved)
                seen[moved] += 1
                start = timer.events
        assert seen[True] and seen[False], seen


async def test_one_wait_for_the_computer_that_plays_first(tmp_path, monkeypatch) -> None:
    """The table advances twice as it opens (mount, then resume): each set a wait for the
    computer that plays first, a key stopped only the last, and the other one moved a
    computer later without that computer's own wait."""
    clock = Clock()
    monkeypatch.setattr(TableScreen, "set_timer",
                        lambda self, delay, callback=None, *a, **kw: clock(delay, callback))
    app = make_app(tmp_path, three_seats(), seed=3, computer_delay=None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and app.session.computer_to_act()
        waits = [t for t in clock.timers if t.callback == screen.computer_step]
        assert waits and len([t for t in waits if not t.stopped]) == 1, waits


async def test_any_key_ends_the_wait_and_does_nothing_else(tmp_path) -> None:
    app = make_app(tmp_path, three_seats(), seed=3, computer_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        clock = await fake_clock(pilot, screen)
        session = app.session
        typed: list[str] = []
        picker_key = screen.flow.picker.key
        screen.flow.picker.key = lambda ch: typed.append(ch) or picker_key(ch)  # type: ignore
        for key in ("enter", "x", "3"):
            await until_a_computer_waits(pilot, screen)
            waiting, before = clock.timers[-1], session.action_count
            typed.clear()
            await pilot.press(key)
            await pilot.pause()
            assert waiting.stopped
            assert session.action_count == before + 1  # one computer move, no more
            assert not typed  # and the key chose nothing at the table
            while not screen.can_ask():
                await pilot.press("space")
                await pilot.pause()


async def test_keys_of_their_own_do_not_end_the_wait(tmp_path) -> None:
    app = make_app(tmp_path, three_seats(), seed=3, computer_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        clock = await fake_clock(pilot, screen)
        await until_a_computer_waits(pilot, screen)
        before = app.session.action_count
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.session.action_count == before and not clock.timers[-1].stopped


# ---------------------------------------------------------------- said at the seats


async def check_said_at_seats(tmp_path, size) -> None:
    app = make_app(tmp_path, mixed_seats(), seed=21)
    async with app.run_test(size=size) as pilot:
        await table_after(12)(pilot)
        screen = app.screen
        session = app.session
        said = last_exchange(session.events_for(0), session.names)
        assert said is not None and said.asker != 0 and said.answer
        for seat, text in ((said.asker, said.question), (said.asked, said.answer)):
            if seat == 0:
                continue  # your own words: the log and the message line say them
            box = next(b for b in screen.query(SeatBox) if b.display and b.seat == seat)
            assert f"“{text}”" in words(box.render().plain), (seat, text, size)
        for box in screen.query(SeatBox):
            if box.display and box.seat not in (said.asker, said.asked):
                assert "“" not in box.render().plain


async def test_the_ask_and_answer_at_the_seats_80x24(tmp_path) -> None:
    await check_said_at_seats(tmp_path, (80, 24))


async def test_the_ask_and_answer_at_the_seats_120x36(tmp_path) -> None:
    await check_said_at_seats(tmp_path, (120, 36))


# ---------------------------------------------------------------- five opponents at 80 columns


async def test_five_opponents_sit_at_80_columns_as_piles(tmp_path) -> None:
    seats = [SeatSpec("Alice")] + [SeatSpec(n, COMPUTER, "random")
                                   for n in ("Bob", "Carol", "Dave", "Evelyn", "Frank")]
    app = make_app(tmp_path, seats, seed=21)
    async with app.run_test(size=(80, 24)) as pilot:
        await table_after(12)(pilot)
        view = app.session.view(0)
        log = app.screen.query_one("#logbox")
        boxes = [b for b in app.screen.query(SeatBox) if b.display]
        assert sorted(b.seat for b in boxes) == [1, 2, 3, 4, 5]
        for box in boxes:
            assert box.region.width >= 7 and box.region.right <= log.region.x
            lines = box.render().plain.splitlines()
            assert lines[0].strip().startswith(str(box.seat + 1))
            assert "╭─╮" in lines[1] and "▒" in lines[2]  # a card back,
            assert lines[2].rstrip().endswith(str(view.counts[box.seat]))  # its count
            if view.books[box.seat]:  # and the books as small stacks (or their ranks)
                ranks = " ".join(rank_short(r) for r, _c in sorted(view.books[box.seat]))
                assert any("╘═╛" in line for line in lines) or \
                    any(line.strip() == ranks for line in lines), lines
            assert all(len(line) <= box.size.width for line in lines)


async def test_the_words_follow_a_game_moved_on_outside_the_screen(tmp_path) -> None:
    """However the game moved on (a resumed save, the last move of a game), the seats say the
    last ask of the record, not one heard earlier."""
    from .scenes import play_randomly

    app = make_app(tmp_path, mixed_seats(), seed=21, computer_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = app.session
        screen = app.screen
        checked = 0
        for actions in (9, 5):
            play_randomly(session, actions, seed=actions)
            screen.refresh_table()
            await pilot.pause()
            said = last_exchange(session.events_for(None), session.names)
            assert said is not None
            for seat in (said.asker, said.asked):
                box = next((b for b in screen.query(SeatBox) if b.display and b.seat == seat),
                           None)
                if box is not None and said.said_by(seat):
                    assert f"“{said.said_by(seat)}”" in words(box.render().plain)
                    checked += 1
        assert checked >= 2
