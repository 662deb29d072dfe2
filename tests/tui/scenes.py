"""Every screen in a fixed, repeatable state: shared by the snapshot tests and
scripts/screenshots.py, so the README shows exactly what the tests check."""

from __future__ import annotations

import os
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from textual.widgets import Input

from gofish.engine import Rules, preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.repo import Store
from gofish.store.settings import Display, save_display
from gofish.tui.app import GofishApp
from gofish.tui.screens.table import TableScreen

from .helpers import confirm_pass, fixed_clock, humans, make_app

RunBefore = Callable[[object], Awaitable[None]]


async def no_blink(pilot) -> None:
    await pilot.pause()
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.pause()


def play_randomly(session, actions: int, seed: int = 0) -> None:
    """Move a session on by ``actions`` random legal actions (computers or humans alike)."""
    rng = random.Random(seed)
    for _ in range(actions):
        if session.over or session.deal_over:
            return
        # the legal actions a seat's view lists, without building the view (and its history)
        session.game.apply(rng.choice(session.game.legal_actions()))


def mixed_seats() -> list[SeatSpec]:
    return [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
            SeatSpec("Carol", COMPUTER, "random"), SeatSpec("Dave", COMPUTER, "random")]


def table_after(actions: int) -> RunBefore:
    async def run(pilot) -> None:
        app = pilot.app
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        # the computers who play before the first human have played (one pause is not always
        # enough on a loaded machine): the random moves start from the same deal everywhere
        for _ in range(200):
            if screen.can_ask() or app.session.over or app.screen is not screen:
                break
            await pilot.pause(0.01)
        play_randomly(app.session, actions)
        screen.advance()
        await pilot.pause()
        for _ in range(200):  # stop where a human is to ask
            if screen.can_ask() or app.session.over:
                break
            await pilot.press("space")
            await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
    return run


def no_color(make: Callable[[], GofishApp]) -> GofishApp:
    """An app made as under NO_COLOR=1 (Textual reads it when the app is made)."""
    before = os.environ.get("NO_COLOR")
    os.environ["NO_COLOR"] = "1"
    try:
        return make()
    finally:
        if before is None:
            del os.environ["NO_COLOR"]
        else:
            os.environ["NO_COLOR"] = before


async def a_miss(pilot) -> None:
    """Alice asks a player who has none: the "Go fish!" moment is on the table."""
    await pilot.pause()
    session = pilot.app.session
    view = session.view(0)
    miss = next((t, r) for t in (1, 2) for r in sorted({c >> 2 for c in view.hand})
                if not any(c >> 2 == r for c in session.game.hand_cards(t)))
    await pilot.press(str(miss[0] + 1), "234567890jqka"[miss[1]], "enter")
    await pilot.pause()


async def big_hand(pilot) -> None:
    """Alice holds 20 cards or more: the hand fans to fit 80 columns."""
    app = pilot.app
    await pilot.pause()
    rng = random.Random(0)
    session = app.session
    while len(session.view(0).hand) < 20 and not session.over:
        view = session.view(session.to_act)
        misses = [a for a in view.legal if getattr(a, "rank", None) is not None and not any(
            c >> 2 == a.rank for c in session.game.hand_cards(a.target))]
        session.game.apply(rng.choice(misses or list(view.legal)))
    app.screen.advance()
    await pilot.pause()
    for _ in range(50):
        if app.screen.can_ask():
            break
        await pilot.press("space")
        await pilot.pause()
    await pilot.press("right")
    await pilot.pause()


async def pass_screen(pilot) -> None:
    """The first player asks until their turn ends, hides their hand: the pass screen."""
    await pilot.pause()
    await confirm_pass(pilot)  # the first player is ready
    await pilot.pause()
    for _ in range(20):
        screen = pilot.app.screen
        if type(screen).__name__ == "PassScreen":
            break
        if screen.flow.stage == "handover":
            await pilot.press("enter")
        else:
            view = screen.my_view()
            target = next(o for o in range(view.players) if o != view.seat and view.counts[o])
            await pilot.press(str(target + 1), "23456789tjqka"[view.hand[0] >> 2], "enter")
        await pilot.pause()


async def final_move(pilot) -> None:
    """The end of the game: the table, and the move that ended it spelt out below."""
    await pilot.pause()
    play_randomly(pilot.app.session, 10_000)
    pilot.app.session.save()  # as the session does after each action
    pilot.app.screen.advance()
    await pilot.pause()


async def to_the_end(pilot) -> None:
    """Past the final move, to the results."""
    await final_move(pilot)
    await pilot.press("enter")
    await pilot.pause()


async def to_the_match_end(pilot) -> None:
    """Deal after deal to the end of a match: its results, deal by deal."""
    app = pilot.app
    while True:
        await final_move(pilot)
        await pilot.press("enter")  # past the final move, to the deal's results
        await pilot.pause()
        if app.session.over:
            return
        await pilot.press("enter")  # the next deal
        await pilot.pause()


def fill_history(tmp_path: Path) -> None:
    store = Store(tmp_path / "data", clock=fixed_clock)
    for i, seats in enumerate([humans("Alice", "Bob"), mixed_seats()]):
        record = store.new_game(preset("standard"), seats, seed=i)
        game = record.to_game()
        rng = random.Random(i)
        for _ in range(40 if i else 10_000):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
        # distinct times, so the history's order (newest first) is the same on every run
        moment = fixed_clock() + timedelta(minutes=i)
        with store.lock(record.id):
            store.save(record.updated_with(game, clock=lambda moment=moment: moment))
    bad = store.root / "20261128-101010-dead.json"
    bad.write_text('{"schema": 1, "id": "trunc')
    bad.chmod(0o600)  # as gofish writes its files (a wider mode is warned about at start)
    stamp = fixed_clock().timestamp() - 86400
    os.utime(bad, (stamp, stamp))


async def history(pilot) -> None:
    await pilot.pause()
    pilot.app.show_history()
    await pilot.pause()


async def statistics(pilot) -> None:
    await history(pilot)
    await pilot.press("s")
    await pilot.pause()


async def help_screen(pilot) -> None:
    await pilot.pause()
    await pilot.press("enter", "question_mark")
    await pilot.pause()


async def help_end(pilot) -> None:
    """The end of the help: what each computer level does."""
    await help_screen(pilot)
    await pilot.press("end")
    await pilot.pause()


def then_press(run: RunBefore, *keys: str) -> RunBefore:
    """A scene, then keys: the table with the memory shown (M), a hint (I)."""
    async def go(pilot) -> None:
        await run(pilot)
        await pilot.press(*keys)
        await pilot.pause()
    return go


async def sure_miss_word(pilot) -> None:
    """Alice plays misses until an ask of hers is sure to miss, chooses it and presses Enter:
    the word before it, waiting for a second Enter."""
    from gofish.coach import Coach

    app = pilot.app
    await pilot.pause()
    screen = app.screen
    session = app.session
    for _ in range(40):
        for _ in range(200):
            if screen.can_ask():
                break
            await pilot.press("space")
            await pilot.pause()
        view = session.view(0)
        coach = Coach.from_view(view)
        sure = [a for a in view.legal if getattr(a, "rank", None) is not None
                and coach.sure_miss(view, a)]
        if sure:
            await pilot.press(str(sure[0].target + 1), "234567890jqka"[sure[0].rank], "enter")
            await pilot.pause()
            return
        await a_miss(pilot)
    raise AssertionError("no sure miss came up")


def with_display(make: Callable[[Path], GofishApp], display: Display) -> Callable[[Path], GofishApp]:
    """The app as it starts for a player who chose ``display`` in the settings (remembered in
    the data folder's preferences, read when the app is made)."""
    def made(tmp_path: Path) -> GofishApp:
        save_display(display, tmp_path / "data")
        return make(tmp_path)
    return made


FOUR_COLOURS = Display(four_colours=True)
HIGH_CONTRAST = Display(high_contrast=True)
BOTH = Display(four_colours=True, high_contrast=True)


async def settings_screen(pilot) -> None:
    """The start view's S: the settings."""
    await pilot.pause()
    await pilot.press("s")
    await pilot.pause()


async def review(pilot) -> None:
    """A finished game stepped through (R at the results), a few moves in."""
    await to_the_end(pilot)
    await pilot.press("r")
    await pilot.pause()
    await pilot.press("right", "right", "right")
    await pilot.pause()


async def game_log(pilot) -> None:
    """A finished game's log, read from the history (L)."""
    await history(pilot)
    await pilot.press("down", "l")
    await pilot.pause()


async def delete_question(pilot) -> None:
    """Delete (D) in the history: the question before it."""
    await history(pilot)
    await pilot.press("d")
    await pilot.pause()


async def tutorial(pilot) -> None:
    """The guided deal (T on the start view), its first step."""
    await pilot.pause()
    await pilot.press("t")
    await pilot.pause()


async def notices_over_table(pilot) -> None:
    """The table under a notice of each kind (a pace change, a warning, an error)."""
    await table_after(12)(pilot)
    app = pilot.app
    app.notify("Fast", timeout=60)
    app.notify("Your saved games are not private", severity="warning", timeout=60)
    app.notify("Could not save the game: disk full", severity="error", timeout=60)
    await pilot.pause()


async def setup_wrong(pilot) -> None:
    """The setup refusing to start: a name left empty and a seed that is no number, marked."""
    await no_blink(pilot)
    screen = pilot.app.screen
    screen.query_one("#name-0", Input).value = ""
    screen.query_one("#seed", Input).value = "x"
    await pilot.press("ctrl+s")
    await no_blink(pilot)


async def setup_open_list(pilot) -> None:
    """The setup with a list open (the second seat's kind)."""
    await no_blink(pilot)
    pilot.app.screen.query_one("#kind-1").focus()
    await pilot.press("enter")
    await no_blink(pilot)


@dataclass(frozen=True)
class Scene:
    name: str
    make: Callable[[Path], GofishApp]
    run_before: RunBefore | None = None
    size: tuple[int, int] = (80, 24)


def played_before(tmp_path: Path, seats: list[SeatSpec], rules: Rules, games: int) -> None:
    """Finished games of these seats in the history: the game over's record counts them."""
    store = Store(tmp_path / "data", clock=fixed_clock)
    for seed in range(100, 100 + games):
        record = store.new_game(rules, seats, seed)
        game = record.to_game()
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        with store.lock(record.id):
            store.save(record.updated_with(game, clock=fixed_clock))


def _game_over(tmp_path: Path, **kw) -> GofishApp:
    played_before(tmp_path, mixed_seats(), Rules(), 3)
    return make_app(tmp_path, mixed_seats(), seed=8, **kw)


def _with_history(tmp_path: Path) -> GofishApp:
    fill_history(tmp_path)
    return make_app(tmp_path, None)


SCENES = [
    Scene("menu", lambda p: make_app(p, None), no_blink),
    Scene("setup", lambda p: make_app(p, None, start="new"), no_blink),
    Scene("table", lambda p: make_app(p, mixed_seats(), seed=21), table_after(12)),
    Scene("table-large", lambda p: make_app(p, mixed_seats(), seed=21), table_after(12),
          (120, 40)),
    Scene("table-memory", lambda p: make_app(p, mixed_seats(), seed=21),
          then_press(table_after(12), "m")),
    Scene("table-memory-large", lambda p: make_app(p, mixed_seats(), seed=21),
          then_press(table_after(12), "m"), (120, 40)),
    Scene("table-hint", lambda p: make_app(p, mixed_seats(), seed=21),
          then_press(table_after(12), "i")),
    Scene("table-sure-miss", lambda p: make_app(p, mixed_seats()[:3], seed=2), sure_miss_word),
    Scene("table-nocolor", lambda p: no_color(lambda: make_app(p, mixed_seats(), seed=21)),
          table_after(12)),
    Scene("table-moment", lambda p: make_app(p, mixed_seats()[:3], seed=2, moment_seconds=60),
          a_miss),
    Scene("table-big-hand", lambda p: make_app(p, [SeatSpec("Alice"),
                                                   SeatSpec("Bob", COMPUTER, "random")], seed=6),
          big_hand),
    # five opponents at 80 columns: compact seats, each a narrow pile with its count
    Scene("table-six-seats", lambda p: make_app(p, [SeatSpec("Alice")] + [
        SeatSpec(n, COMPUTER, "random") for n in ("Bob", "Carol", "Dave", "Evelyn", "Frank")],
        seed=21), table_after(12)),
    Scene("table-ascii", lambda p: make_app(p, mixed_seats(), seed=21, ascii=True),
          table_after(12)),
    Scene("table-kids", lambda p: make_app(p, humans("Ann", "Ben", "Cat"),
                                           rules=preset("kids"), seed=4), table_after(6)),
    Scene("pass-the-device", lambda p: make_app(p, humans("Alice", "Bob", "Carol"), seed=5),
          pass_screen),
    Scene("final-move", lambda p: make_app(p, mixed_seats(), seed=8), final_move),
    Scene("game-over", _game_over, to_the_end),
    Scene("game-over-ascii", lambda p: _game_over(p, ascii=True), to_the_end),
    Scene("game-over-match", lambda p: make_app(p, mixed_seats()[:3], seed=8,
                                                rules=Rules(match_target=20, end="first-out")),
          to_the_end),
    Scene("game-over-match-end",
          lambda p: make_app(p, mixed_seats()[:3], seed=8, rules=Rules(match_target=12)),
          to_the_match_end),
    Scene("history-unreadable", _with_history, history),
    Scene("statistics", _with_history, statistics),
    # with a computer, so the keys that pace the computers are listed too
    Scene("help", lambda p: make_app(p, [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random")],
                                     seed=1), help_screen),
    Scene("help-computers", lambda p: make_app(p, [SeatSpec("Alice"),
                                                   SeatSpec("Bob", COMPUTER, "random")], seed=1),
          help_end),
    Scene("too-small", lambda p: make_app(p, None), None, (60, 20)),
    Scene("settings", lambda p: make_app(p, None), settings_screen),
    # the display settings (accessibility: docs/accessibility.md)
    Scene("table-four-colours", with_display(lambda p: make_app(p, mixed_seats(), seed=21),
                                             FOUR_COLOURS), table_after(12)),
    Scene("table-high-contrast", with_display(lambda p: make_app(p, mixed_seats(), seed=21),
                                              HIGH_CONTRAST), table_after(12)),
    Scene("settings-high-contrast", with_display(lambda p: make_app(p, None), BOTH),
          settings_screen),
]

# Screens the snapshots above leave out, for the checks that go over every screen (the
# high-contrast theme's contrast, NO_COLOR): the review, a game's log, a question, the guided
# deal, notices of each kind, the setup's marked fields and an open list.
MORE_SCENES = [
    Scene("review", _game_over, review),
    Scene("game-log", _with_history, game_log),
    Scene("delete-question", _with_history, delete_question),
    Scene("tutorial", lambda p: make_app(p, None), tutorial),
    Scene("notices", lambda p: make_app(p, mixed_seats(), seed=21), notices_over_table),
    Scene("setup-wrong", lambda p: make_app(p, None, start="new"), setup_wrong),
    Scene("setup-open-list", lambda p: make_app(p, None, start="new"), setup_open_list),
]
