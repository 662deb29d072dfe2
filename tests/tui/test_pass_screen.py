"""The pass screen's own moments: a long recap, and the key that hands the device over."""

from __future__ import annotations

import random

from textual.containers import VerticalScroll

from gofish.narrate import since_last_turn, story
from gofish.seats import COMPUTER, SeatSpec
from gofish.tui.screens import pass_device
from gofish.tui.screens.pass_device import PassScreen

from .helpers import make_app, screen_text
from .test_table_defects import wait

SIZE = (80, 24)
SEATS = [SeatSpec("Alice"), SeatSpec("Bob"),
         *[SeatSpec(n, COMPUTER, "random") for n in ("Cy", "Di", "Ed", "Flo")]]


def long_recap(session, seat: int = 1, least: int = 13) -> list[str]:
    """Play on (the engine alone) until ``seat`` is to act with a recap of ``least`` lines."""
    rng = random.Random(3)
    game = session.game
    best = 0
    while not game.over:
        if game.to_act == seat and not game.deal_over:
            public = since_last_turn(session.events_for(None), seat)
            lines = [line.text for line in story(public, session.names, seat, False)]
            best = max(best, len(lines))
            if len(lines) >= least:
                return lines
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no long recap in this game ({best})")


async def test_a_long_recap_opens_at_what_came_right_after_the_players_turn(tmp_path):
    """Over 11 lines the recap scrolls: it opened scrolled to its end, hiding what happened
    right after the player's own turn (what they most need to know)."""
    app = make_app(tmp_path, SEATS, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        lines = long_recap(app.session)
        app.push_screen(PassScreen(app.session, 1, lambda seat: None))
        await pilot.pause()
        recap = app.screen.query_one("#recap", VerticalScroll)
        await wait(pilot, lambda: recap.max_scroll_y > 0)  # laid out: it does not all fit
        for _ in range(3):
            await pilot.pause()  # what was asked to happen after the layout has happened
        assert recap.scroll_y == 0
        text = screen_text(app)
        assert lines[0] in text and lines[-1][:30] not in text
        await pilot.press("end")  # and the rest is a key away
        await pilot.pause()
        assert lines[-1][:30] in screen_text(app)


class Clock:
    """The pass screen's clock, moved on by the test alone."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


async def test_the_incoming_players_key_held_down_never_hands_over(tmp_path, monkeypatch):
    """A held key sends itself again and again; its first press came after a quiet moment,
    so it handed over at once (the README says a held key never does). A terminal shows no
    release: a press counts once no repeat has followed it for a moment (1.25 pass guards:
    0.75 s, past the usual auto-repeat delays, X11's 660 ms among them)."""
    clock = Clock()
    monkeypatch.setattr(pass_device, "time", clock)
    app = make_app(tmp_path, SEATS[:2], seed=2, pass_guard=0.6)
    async with app.run_test(size=SIZE) as pilot:
        await wait(pilot, lambda: isinstance(app.screen, PassScreen))
        passing = app.screen
        key = passing.confirm_key
        clock.now += 1.0  # the screen has been up a while: quiet
        await pilot.press(key)  # the key goes down...
        clock.now += 0.5  # ...and repeats once the keyboard's repeat delay is over
        for _ in range(10):
            await pilot.press(key)
            clock.now += 0.04
        clock.now += 5.0  # let go; a long quiet moment
        for _ in range(10):
            await pilot.pause(0.02)
        assert app.screen is passing
        assert f"Press {key.upper()} once, on its own." in screen_text(app)
        await pilot.press(key)  # a fresh press (the control: a press that stands alone)...
        clock.now += 0.5
        for _ in range(5):
            await pilot.pause(0.02)
        assert app.screen is passing  # ...not yet: a repeat could still follow it
        clock.now += 0.3  # no repeat came
        await wait(pilot, lambda: app.screen is not passing)
        assert app.screen.viewer == passing.seat

