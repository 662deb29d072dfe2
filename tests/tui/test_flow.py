"""Pilot tests of whole flows: played by keys, checking the screen after every step."""

from __future__ import annotations

import contextlib

from rich.cells import cell_len

from gofish.engine import RANKS, preset
from gofish.engine import events as ev
from gofish.names import card_label
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.settings import save_preferences
from gofish.tui.app import GofishApp
from gofish.tui.screens.game_over import FinalMoveScreen, GameOverScreen
from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.pass_device import PassScreen
from gofish.tui.screens.setup import SetupScreen
from gofish.tui.screens.table import TableScreen
from gofish.tui.screens.too_small import TooSmallScreen

from .helpers import (
    CARD_FACE,
    cards_shown,
    check_only_own_cards_shown,
    confirm_pass,
    fixed_clock,
    humans,
    make_app,
    screen_text,
    settled_text,
)

SIZE = (80, 24)


class Interrupt(Exception):
    """Stop a scripted game part-way."""


def rank_key(rank: int) -> str:
    label = RANKS[rank]
    return {"10": "0"}.get(label, label.lower())


def public_cards(session) -> set[int]:
    """Cards shown to everybody at some point (lucky draws and cards handed over)."""
    shown: set[int] = set()
    for e in session.events_for(None):
        if e.kind in (ev.LUCKY, ev.GAVE):
            shown.update(e.cards)
    return shown


def hidden_from(session, seat: int) -> set[int]:
    game = session.game
    cards = set()
    for other in range(game.players):
        if other != seat:
            cards.update(game.hand_cards(other))
    cards.update(game.stock)
    return cards - public_cards(session)


def unseen(session) -> set[int]:
    """The cards nobody at the table may see: every hand and the stock, less what was shown."""
    game = session.game
    cards = set(game.stock)
    for seat in range(game.players):
        cards.update(game.hand_cards(seat))
    return cards - public_cards(session)


def check_nothing_hidden_shown(app: GofishApp) -> None:
    """No card that is not the viewer's own on screen. Where no hand is shown (the pass screen,
    the table between two players) no hidden card at all, as a label ("7♥") or as a face the
    table draws (its rank above its suit: a regular expression for labels saw none of those;
    test_the_hidden_card_check_sees_card_faces is the control)."""
    text = screen_text(app)
    screen = app.screen
    if isinstance(screen, PassScreen) or isinstance(screen, TableScreen) and screen.viewer is None:
        leaked = cards_shown(text, unseen(screen.session))
        where = "on the interstitial" if isinstance(screen, PassScreen) else "with no viewer"
        assert not leaked, f"cards visible {where}: {sorted(map(card_label, leaked))}\n{text}"
        return
    if isinstance(screen, TableScreen):
        session = screen.session
        own = session.view(screen.viewer).hand
        check_only_own_cards_shown(text, own, hidden_from(session, screen.viewer))


async def play_by_keys(app: GofishApp, pilot, *, on_step=None, max_steps: int = 3000) -> list:
    """Play every human turn with keys until the game-over screen; return the screens seen."""
    seen = []
    for _ in range(max_steps):
        await pilot.pause()
        screen = app.screen
        seen.append((type(screen).__name__, getattr(screen, "session", None) and
                     screen.session.to_act))
        if on_step:
            on_step(app)
        if isinstance(screen, GameOverScreen):
            return seen
        if isinstance(screen, FinalMoveScreen):  # the move that ended it, until Enter
            await pilot.press("enter")
            continue
        if isinstance(screen, PassScreen):
            await confirm_pass(pilot)
            continue
        if not isinstance(screen, TableScreen):
            raise AssertionError(f"unexpected screen {screen!r}")
        if screen.flow.stage == "handover":
            await pilot.press("enter")
            continue
        if not screen.can_ask():
            await pilot.press("space")
            continue
        view = screen.my_view()
        if not view.hand:
            await pilot.press("enter")
            continue
        targets = [o for o in range(view.players) if o != view.seat and view.counts[o]]
        target = max(targets, key=lambda o: view.counts[o])
        ranks = sorted({c >> 2 for c in view.hand}, key=lambda r: -sum(
            1 for c in view.hand if c >> 2 == r))
        keys = []  # one ask in one press: the screen is checked between asks, as before
        if screen.flow.stage == "target" or screen.flow.picker.target != target:
            if screen.flow.stage != "target":
                keys.append("backspace")
            keys.append(str(target + 1))
        keys.append(rank_key(ranks[0]))
        if screen.session.rules.ask_for == "card":
            held = {c & 3 for c in view.hand if c >> 2 == ranks[0]}
            suit = next(s for s in range(4) if s not in held)
            keys.append("cdhs"[suit])
        await pilot.press(*keys, "enter")
    raise AssertionError("the game did not end")


QUICK = preset("quick")


async def test_the_hidden_card_check_sees_card_faces(tmp_path):
    """The control of check_nothing_hidden_shown on the screens that show no hand: a hand
    drawn there with the table's own code is caught, where the label pattern (CARD_FACE)
    alone sees none of its cards; and on the table that shows it, the same cards are found."""
    import pytest

    from gofish.tui.widgets.hand import HandView

    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        passing = app.screen
        assert isinstance(passing, PassScreen)
        check_nothing_hidden_shown(app)  # nothing shown: it passes
        hand = passing.session.view(passing.seat).hand
        leak = HandView(id="leak")
        await passing.query_one("#pass").mount(leak)
        leak.show(tuple(hand), chosen=None, new=frozenset(), clickable=False)
        await pilot.pause()
        text = screen_text(app)
        assert not CARD_FACE.search(text)  # what the old check saw: nothing
        assert cards_shown(text, hand) == set(hand)
        with pytest.raises(AssertionError, match="on the interstitial"):
            check_nothing_hidden_shown(app)
        await leak.remove()
        await confirm_pass(pilot)
        await pilot.pause()
        table = app.screen
        assert isinstance(table, TableScreen) and table.viewer == passing.seat
        check_nothing_hidden_shown(app)  # the hand up, found whole (check_only_own_cards_shown)
        table.flow.viewer = None  # a table between two players, with a hand drawn on it
        table.query_one("#hand", HandView).show(tuple(hand), chosen=None, new=frozenset(),
                                                clickable=False)
        await pilot.pause()
        with pytest.raises(AssertionError, match="with no viewer"):
            check_nothing_hidden_shown(app)


async def test_two_humans_play_to_game_over_by_keys(tmp_path):
    """A whole Standard game, every step checked for cards that should be hidden."""
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(app, pilot, on_step=check_nothing_hidden_shown)
        session = app.screen.session
        assert session.over
        text = await settled_text(pilot)
        winners = [session.names[w] for w in session.winners]
        assert any(w in text for w in winners)
        assert "wins" in text or "share" in text
        # the saved file says finished
        info = app.store.games()[0]
        assert info.finished


async def test_pass_and_play_never_shows_another_seats_cards(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob", "Carol"), rules=QUICK, seed=11)
    checks = []

    def step(app):
        check_nothing_hidden_shown(app)
        checks.append(type(app.screen).__name__)

    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(app, pilot, on_step=step)
    assert checks.count("PassScreen") >= 3
    assert checks.count("TableScreen") > 10


async def test_interstitial_exactly_when_the_next_human_changes(tmp_path):
    seats = [SeatSpec("Alice"), SeatSpec("Bot", COMPUTER, "random"), SeatSpec("Bea")]
    app = make_app(tmp_path, seats, rules=QUICK, seed=5)
    save_preferences({"warn_sure_miss": False}, app.store.root)  # one Enter an ask
    async with app.run_test(size=SIZE) as pilot:
        last_viewer = None
        for _ in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, FinalMoveScreen):
                await pilot.press("enter")
                continue
            if isinstance(screen, PassScreen):
                # only ever for a human who is not the one on screen
                assert screen.session.is_human(screen.seat)
                assert screen.seat == screen.session.to_act
                assert screen.seat != last_viewer
                await confirm_pass(pilot)
                continue
            assert isinstance(screen, TableScreen)
            s = screen.session
            if screen.flow.stage == "handover":
                assert s.is_human(s.to_act) and s.to_act != screen.viewer
                await pilot.press("enter")
                continue
            if screen.can_ask():
                last_viewer = screen.viewer
                # a human to act who is on screen: no interstitial was needed
                assert s.to_act == screen.viewer
                view = screen.my_view()
                if not view.hand:
                    await pilot.press("enter")
                    continue
                target = next(o for o in range(view.players)
                              if o != view.seat and view.counts[o])
                back = [] if screen.flow.stage == "target" else ["backspace"]
                await pilot.press(*back, str(target + 1), rank_key(view.hand[0] >> 2), "enter")
            else:
                await pilot.press("space")
        assert isinstance(app.screen, GameOverScreen)


async def test_one_human_with_computers_has_no_interstitial(tmp_path):
    seats = [SeatSpec("Alice"), SeatSpec("Rob", COMPUTER, "random"),
             SeatSpec("Ray", COMPUTER, "random")]
    app = make_app(tmp_path, seats, seed=8)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_by_keys(app, pilot, on_step=check_nothing_hidden_shown)
    assert not any(name == "PassScreen" for name, _ in seen)
    assert app.store.games()[0].finished


async def test_open_hands_has_no_interstitial(tmp_path):
    app = make_app(tmp_path, humans("Ann", "Ben"), rules=preset("kids"), seed=2)
    async with app.run_test(size=SIZE) as pilot:
        seen = await play_by_keys(app, pilot)
    assert not any(name == "PassScreen" for name, _ in seen)


async def test_card_option_game_by_keys(tmp_path):
    rules = QUICK.replace(ask_for="card")
    app = make_app(tmp_path, humans("Ann", "Ben"), rules=rules, seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await play_by_keys(app, pilot, on_step=check_nothing_hidden_shown)
        assert app.screen.session.over


async def test_quit_in_the_middle_and_resume_to_the_same_state(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), rules=QUICK, seed=9)
    async with app.run_test(size=SIZE) as pilot:
        steps = 0

        def stop_after(app):
            nonlocal steps
            steps += 1
            if steps == 12:
                raise Interrupt

        with contextlib.suppress(Interrupt):
            await play_by_keys(app, pilot, on_step=stop_after)
        session = app.session
        snapshot = session.game.snapshot()
        game_id = session.game_id
        assert snapshot["actions"] > 0
        await pilot.press("ctrl+q")
    assert "gofish resume" in app.exit_message and game_id in app.exit_message

    again = GofishApp(data_dir=str(tmp_path / "data"), computer_delay=0, clock=fixed_clock, pass_guard=0,
                      start="resume")
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.session is not None
        assert again.session.game_id == game_id
        assert again.session.game.snapshot() == snapshot
        await play_by_keys(again, pilot)
        assert again.session.over


async def test_resume_key_on_the_menu_continues_the_latest_game(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=9)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_id = app.session.game_id
        await confirm_pass(pilot)  # Alice is ready
        await pilot.press("escape")  # back to the menu: the game is saved
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert game_id in [app.latest_unfinished()[0]]
        await pilot.press("c")
        await pilot.pause()
        assert app.session is not None and app.session.game_id == game_id


async def test_markup_in_names_is_shown_literally(tmp_path):
    seats = [SeatSpec("[bold]Ann"), SeatSpec("[@click=app.quit]B")]
    app = make_app(tmp_path, seats, seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "[bold]Ann" in text or "[@click=app.quit]B" in text
        await confirm_pass(pilot)
        await pilot.pause()
        text = screen_text(app)
        assert "[bold]Ann" in text and "[@click=app.quit]B" in text
        # no cell of the screen carries the name's click action, and a click on the name (where
        # it is drawn) does nothing
        width, height = app.size
        actions = {str(app.screen.get_style_at(x, y).meta.get("@click", ""))
                   for x in range(width) for y in range(height)}
        assert not [a for a in actions if "quit" in a], actions
        spots = [(cell_len(line[:i]), y) for y, line in enumerate(text.splitlines())
                 for i in [line.find("[@click=app.quit]B")] if i >= 0]
        assert spots
        for x, y in spots:
            await pilot.click(offset=(x + 1, y))
            await pilot.pause()
        assert app.is_running and isinstance(app.screen, TableScreen)


async def test_too_small_terminal_says_so(tmp_path):
    app = make_app(tmp_path, None)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80x24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def centred(text: str) -> bool:
    """Every written line has as much room on its left as on its right (give or take the odd
    cell of the block in the screen and of the line in the block)."""
    width = max(cell_len(line) for line in text.splitlines())
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    return all(abs((len(line) - len(line.lstrip())) - (width - cell_len(line))) <= 2
               for line in lines)


async def test_too_small_on_the_start_view_promises_no_saved_game(tmp_path):
    """No game is in play on the start view (or the history): none is said to be saved."""
    app = make_app(tmp_path, None)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert centred(text), text
        assert "Ctrl+Q quits" in text and "saved" not in text


async def test_a_terminal_shrunk_mid_game_says_it_is_too_small(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(70, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        text = screen_text(app)
        assert "It is 70x24 now" in text and "your game is saved" in text
        assert centred(text), text
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not isinstance(app.screen, TooSmallScreen)


async def test_rank_key_not_held_says_why(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_pass(pilot)
        await pilot.pause()
        screen = app.screen
        held = {c >> 2 for c in screen.my_view().hand}
        # not the two: after the opponent's key, "2" would choose seat 2 again
        missing = next(r for r in range(1, 13) if r not in held)
        before = screen.session.action_count
        opponent = 1 - screen.viewer
        await pilot.press(str(opponent + 1), rank_key(missing))
        await pilot.pause()
        assert "you may only ask for a rank you hold" in screen_text(app)
        assert screen.session.action_count == before


async def test_setup_refuses_duplicate_names_and_marks_the_field(tmp_path):
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        name = app.screen.query_one("#name-1")
        name.value = " alice "
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert name.has_class("-wrong")
        assert "same name" in screen_text(app)
        name.value = "Bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, (TableScreen, PassScreen))


async def test_a_match_of_computers_goes_deal_after_deal_to_the_end(tmp_path):
    seats = [SeatSpec(n, COMPUTER, "random") for n in ("Ann", "Bob", "Cy")]
    rules = QUICK.replace(match_target=6)
    app = make_app(tmp_path, seats, rules=rules, seed=6)
    deals_seen = 0
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(200):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                if screen.session.over:
                    break
                deals_seen += 1
                assert "Next deal" in await settled_text(pilot)
                await pilot.press("enter")
            elif isinstance(screen, FinalMoveScreen):
                await pilot.press("enter")
            else:
                assert isinstance(screen, TableScreen)
                assert screen.viewer is None
                check_nothing_hidden_shown(app)
                await pilot.press("space")
        session = app.screen.session
        assert session.over and deals_seen >= 1
        assert max(session.scores()) >= 6
        text = await settled_text(pilot)
        assert "wins" in text or "share" in text


async def test_resume_of_an_unknown_id_says_so_on_the_menu(tmp_path):
    """`gofish resume NOSUCH` crashed: the menu was asked to refresh before it was built."""
    from gofish.tui.screens.menu import MenuScreen

    from .helpers import notices

    app = make_app(tmp_path, None, start="resume", game_id="20990101-000000-dead")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MenuScreen)
        assert any("Cannot resume 20990101-000000-dead" in n for n in notices(app))
        assert "New game (N)" in screen_text(app)
