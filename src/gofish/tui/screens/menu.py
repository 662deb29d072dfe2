"""The start view: one key continues the most recent unfinished game."""

from __future__ import annotations

import contextlib

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gofish.front.keyboard import with_twins
from gofish.i18n import (
    LANGUAGE_NAMES,
    LANGUAGES,
    N_,
    _,
    language,
    ngettext,
    set_language,
)
from gofish.store import Unreadable
from gofish.store.errors import StoreError
from gofish.store.settings import read_preferences, save_preferences
from gofish.tui.bindings import translate_bindings
from gofish.tui.game_app import game_app
from gofish.tui.widgets.keys import KeyFooter

# figlet's standard font, centred as one block (not line by line) so its columns line up
TITLE_ART = r"""
              __ _     _
  __ _  ___  / _(_)___| |__
 / _` |/ _ \| |_| / __| '_ \
| (_| | (_) |  _| \__ \ | | |
 \__, |\___/|_| |_|___/_| |_|
 |___/
"""


class MenuScreen(Screen):
    BINDINGS = [
        Binding(with_twins("c"), "continue", N_("Continue")),
        Binding(with_twins("n"), "new", N_("New game")),
        Binding(with_twins("p"), "play_others", N_("Play with others"), show=False),  # listed
        Binding(with_twins("t"), "tutorial", N_("Learn to play"), show=False),  # the list names it
        Binding(with_twins("h"), "history", N_("History")),
        Binding("question_mark,f1", "help", N_("Help")),
        Binding(with_twins("q"), "quit", N_("Quit")),
        # Esc is "back" by reflex (it is, on every other screen): here it says which key quits
        Binding("escape", "not_quit", "", show=False),
        Binding(with_twins("l"), "language", N_("Language")),
        Binding(with_twins("s"), "display_settings", N_("Settings"), show=False),  # the list names it
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            with Center():
                yield Static(TITLE_ART.strip("\n"), id="art", markup=False)
            yield Static(Content.styled(_("Go Fish for the terminal"), "bold"), id="tagline")
            with Center():
                yield OptionList(
                    Option(_("Continue (C)"), id="continue"),
                    Option(_("New game (N)"), id="new"),
                    Option(_("Play with others (P)"), id="play_others"),
                    Option(_("Learn to play (T)"), id="tutorial"),
                    Option(_("History (H)"), id="history"),
                    Option(_("Help (?)"), id="help"),
                    Option(_("Settings (S)"), id="display_settings"),
                    Option(_("Quit (Q)"), id="quit"),
                    id="menu-options", markup=False,
                )
            yield Static(id="continue-info", markup=False)
        yield KeyFooter()

    offer_tutorial = False

    def on_mount(self) -> None:
        self.offer_tutorial = self.first_run()
        self.refresh_continue()

    def on_screen_resume(self) -> None:
        self.refresh_continue()

    def refresh_continue(self) -> None:
        options = self.query_one("#menu-options", OptionList)
        info = self.query_one("#continue-info", Static)
        try:
            latest = game_app(self).latest_unfinished()
        except StoreError as e:  # say why, rather than "no unfinished game"
            options.disable_option("continue")
            options.highlighted = 1
            info.update(_("Cannot read the saved games: {why}").format(why=e))
        else:
            self.show_continue(options, info, latest)
        options.focus()

    def show_continue(self, options: OptionList, info: Static,
                      latest: tuple[str, str] | None) -> None:
        if latest is None:
            options.disable_option("continue")
            options.highlighted = 1
            info.update(self.none_to_continue())
            if self.offer_tutorial:
                # the first time gofish runs, the guided deal is what Enter starts
                options.highlighted = options.get_option_index("tutorial")
                info.update(_("New to Go Fish? Enter (or T): a short guided deal. N: a game."))
        else:
            options.enable_option("continue")
            options.highlighted = 0
            info.update(_("Continue: {desc}").format(desc=latest[1]))

    def none_to_continue(self) -> str:
        """"No unfinished game", unless saves are there that cannot be read (another user's,
        a newer gofish's): then how many, and why the latest cannot."""
        try:
            entries = game_app(self).store.list()
        except StoreError:
            entries = []
        unread = [e for e in entries if isinstance(e, Unreadable) and not e.damaged]
        if not unread:
            return _("No unfinished game. Press N for a new one.")
        return ngettext("{n} saved game cannot be read: {why}. Press N for a new one.",
                        "{n} saved games cannot be read (the latest: {why}). Press N for a "
                        "new one.", len(unread)).format(n=len(unread), why=unread[0].reason)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        getattr(self, f"action_{event.option.id}")()

    def action_continue(self) -> None:
        try:
            latest = game_app(self).latest_unfinished()
        except StoreError as e:
            self.notify(_("Cannot read the saved games: {why}").format(why=e),
                        severity="error", markup=False, timeout=10)
            return
        if latest is None:
            self.notify(_("There is no unfinished game to continue."))
            return
        game_app(self).resume_game(latest[0])

    def first_run(self) -> bool:
        """True once: the tutorial is offered first the first time the start view shows."""
        root = game_app(self).store.root
        if read_preferences(root).get("tutorial_offered"):
            return False
        with contextlib.suppress(OSError, StoreError):  # offered again next time, at worst
            save_preferences({"tutorial_offered": True}, root)
        try:
            return not game_app(self).store.list()  # someone with games here is not new to gofish
        except StoreError:
            return False

    def action_tutorial(self) -> None:
        self.offer_tutorial = False
        game_app(self).show_tutorial()

    def action_new(self) -> None:
        game_app(self).show_setup()

    def action_play_others(self) -> None:
        game_app(self).shared.show_lobby()

    def action_history(self) -> None:
        game_app(self).show_history()

    def action_help(self) -> None:
        game_app(self).show_general_help()

    def action_display_settings(self) -> None:
        game_app(self).show_settings()

    def action_language(self) -> None:
        """The next language, at once and for next time (saved in the settings)."""
        code = LANGUAGES[(LANGUAGES.index(language()) + 1) % len(LANGUAGES)]
        set_language(code)
        with contextlib.suppress(OSError, StoreError):  # it still holds for this session
            save_preferences({"language": code}, game_app(self).store.root)
        translate_bindings(self.app)
        translate_bindings(self)
        self.refresh(recompose=True)
        self.call_after_refresh(self.refresh_continue)
        self.notify(LANGUAGE_NAMES[code], timeout=2)

    def action_quit(self) -> None:
        self.app.exit()

    def action_not_quit(self) -> None:
        game_app(self).notify_once(
            _("Esc does not quit: this is the start view. Q quits (Ctrl+Q anywhere)."), 4)
