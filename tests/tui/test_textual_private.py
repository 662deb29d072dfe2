"""The private Textual attributes gofish (and its test set-up) relies on, pinned: Textual 8.2.8
has no public way to take back one notification (only ``clear_notifications``, which would drop every other
toast too) nor to change the description of a node's bindings, so gofish uses
``App._notifications`` / ``App._unnotify`` (one pace notice at a time) and
``DOMNode._bindings`` / ``_merged_bindings`` (key descriptions in the player's language).
If a Textual upgrade changes any of them, these tests fail here, not silently at the table.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.notifications import Notification
from textual.screen import Screen

from gofish.i18n import N_, set_language
from gofish.tui.bindings import translate_bindings


class Bare(App):
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"))]


class Keys(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", N_("Menu"))]


async def test_one_notification_can_be_taken_back_and_the_others_stay() -> None:
    app = Bare()
    async with app.run_test() as pilot:
        app.notify("keep me")
        app.notify("take me back")
        await pilot.pause()
        shown = list(app._notifications)
        assert all(isinstance(n, Notification) for n in shown)
        assert [n.message for n in shown] == ["keep me", "take me back"]
        app._unnotify(shown[1], refresh=False)
        assert [n.message for n in app._notifications] == ["keep me"]


async def test_a_nodes_bindings_are_its_own_copy_of_the_classs() -> None:
    app = Bare()
    async with app.run_test() as pilot:
        screen = Keys()
        table = screen._bindings.key_to_bindings
        originals = type(screen)._merged_bindings.key_to_bindings
        assert isinstance(table, dict) and table is not originals
        assert [b.description for b in table["escape"]] == ["Menu"]
        try:
            set_language("fr")
            translate_bindings(screen)
            await app.push_screen(screen)
            await pilot.pause()
            assert [b.description for b in screen._bindings.key_to_bindings["escape"]] \
                == ["Menu"]  # (the same word in French) ...
            assert [b.description for b in originals["escape"]] == ["Menu"]
            translate_bindings(app)
            assert [b.description for b in app._bindings.key_to_bindings["ctrl+q"]] \
                == ["Quitter"]  # ... and the class's own table is never changed
            assert [b.description for b in Bare._merged_bindings.key_to_bindings["ctrl+q"]] \
                == ["Quit"]
            footer_words = {b.description for _n, b, _e, _t in app.active_bindings.values()}
            assert "Quitter" in footer_words  # what the footer reads is the translated copy
        finally:
            set_language("en")


async def test_the_pilots_idle_wait_reads_the_step_the_tests_set() -> None:
    """tests/conftest.py shortens ``textual._wait``'s steps (SLEEP_GRANULARITY, SLEEP_IDLE):
    the names must still be the ones ``wait_for_idle`` reads at each call, or the suite's
    Pilot tests silently go back to 20 ms a step (twice the wall time)."""
    import inspect
    import time

    import textual._wait as wait

    assert wait.SLEEP_GRANULARITY == 1 / 200
    assert wait.SLEEP_IDLE == wait.SLEEP_GRANULARITY / 20
    body = inspect.getsource(wait.wait_for_idle)
    assert "sleep(SLEEP_GRANULARITY)" in body and "< SLEEP_IDLE" in body
    started = time.monotonic()
    await wait.wait_for_idle(0)
    assert time.monotonic() - started < 0.5  # an idle process: one short step, not a second


def test_ctrl_c_is_textuals_help_quit() -> None:
    """tui/quit_hint.py replaces the action Textual binds Ctrl+C to (its English notice):
    under another name the override would be silently left out."""
    bound = {b.key: b.action for b in App.BINDINGS if isinstance(b, Binding)}
    assert bound.get("ctrl+c") == "help_quit" and hasattr(App, "action_help_quit")
