"""I at the table, two players: after a hit the hint is an ask that can still find a card, not
the rank just taken (which the table then warned was a sure miss, and the hint itself called
"whatever you ask, you will fish" while other asks had about one chance in three)."""

from __future__ import annotations

from gofish.i18n import _
from gofish.tui.screens.table import TableScreen

from .helpers import confirm_pass, humans, make_app, notices, screen_text

SIZE = (80, 24)


def rank_key(rank: int) -> str:
    return "234567890jqka"[rank]


async def test_after_a_hit_the_hint_is_not_the_rank_just_taken(tmp_path):
    app = make_app(tmp_path, humans("Alice", "Bob"), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await confirm_pass(pilot)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.can_ask()
        view = screen.my_view()
        other = 1 - view.seat
        theirs = {c >> 2 for c in screen.session.game.hand_cards(other)}
        taken = next(r for r in sorted({c >> 2 for c in view.hand}) if r in theirs)
        await pilot.press(rank_key(taken), "enter")  # a hit: the turn goes on
        await pilot.pause()
        assert screen.can_ask() and not any(c >> 2 == taken
                                            for c in screen.session.game.hand_cards(other))
        await pilot.press("i")
        await pilot.pause()
        hinted = screen.flow.picker.rank
        assert hinted is not None and hinted != taken
        text = screen_text(app)
        assert _("No ask can find a card this time: whatever you ask, you will fish.") \
            not in text
        before = screen.session.action_count
        await pilot.press("enter")  # the hint's ask goes at once: no word about a sure miss
        await pilot.pause()
        assert screen.session.action_count > before, (screen_text(app), notices(app))
