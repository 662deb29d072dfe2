"""The private parts of Textual this game leans on, pinned by tests that fail when they change.

``translate_bindings`` (i18n.py) is duck-typed so gettext never imports textual: if Textual
renamed ``_bindings`` or ``_merged_bindings`` it would quietly do nothing and the footers would
stay in English. ``GofishApp.forget_pace_notices`` reads ``_notifications`` and calls
``_unnotify``. Upgrading Textual (pinned in pyproject.toml) runs these first.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

from gofish.i18n import N_, set_language, translate_bindings


class _Keys(Screen):
    BINDINGS = [Binding("escape", "close", N_("Close"))]


def test_translate_bindings_finds_the_tables_it_rewrites():
    screen = _Keys()
    assert isinstance(screen._bindings.key_to_bindings, dict)
    assert isinstance(type(screen)._merged_bindings.key_to_bindings, dict)
    set_language("fr")
    translate_bindings(screen)
    [binding] = screen._bindings.key_to_bindings["escape"]
    assert binding.description == "Fermer"
    set_language("en")
    translate_bindings(screen)  # from the class's English, not from the French copy
    [binding] = screen._bindings.key_to_bindings["escape"]
    assert binding.description == "Close"


async def test_the_notices_can_be_listed_and_taken_back():
    app = App()
    async with app.run_test() as pilot:
        app.notify("one", timeout=30)
        app.notify("two", timeout=30)
        await pilot.pause()
        notices = list(app._notifications)
        assert [n.message for n in notices] == ["one", "two"]
        app._unnotify(notices[0], refresh=False)
        assert [n.message for n in app._notifications] == ["two"]
