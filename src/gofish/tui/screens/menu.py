"""The start view: one key continues the most recent unfinished game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from gofish.i18n import _

TITLE_ART = r"""
  __ _  ___  / _(_)___| |__
 / _` |/ _ \| |_| / __| '_ \
| (_| | (_) |  _| \__ \ | | |
 \__, |\___/|_| |_|___/_| |_|
 |___/
"""


class MenuScreen(Screen):
    BINDINGS = [
        Binding("c", "continue", _("Continue")),
        Binding("n", "new", _("New game")),
        Binding("h", "history", _("History")),
        Binding("question_mark,f1", "help", _("Help")),
        Binding("q,escape", "quit", _("Quit")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu"):
            yield Static(TITLE_ART.strip("\n"), id="art", markup=False)
            yield Static(Content.styled(_("Go Fish for the terminal"), "bold"), id="tagline")
            with Center(), Vertical(id="menu-buttons"):
                yield Button(_("Continue (C)"), id="continue", variant="primary")
                yield Button(_("New game (N)"), id="new")
                yield Button(_("History (H)"), id="history")
                yield Button(_("Help (?)"), id="help")
                yield Button(_("Quit (Q)"), id="quit")
            yield Static(id="continue-info", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_continue()

    def on_screen_resume(self) -> None:
        self.refresh_continue()

    def refresh_continue(self) -> None:
        latest = self.app.latest_unfinished()
        button = self.query_one("#continue", Button)
        info = self.query_one("#continue-info", Static)
        if latest is None:
            button.disabled = True
            info.update(_("No unfinished game. Press N for a new one."))
            self.query_one("#new", Button).focus()
        else:
            button.disabled = False
            info.update(_("Continue: {desc}").format(desc=latest[1]))
            button.focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        getattr(self, f"action_{event.button.id}")()

    def action_continue(self) -> None:
        latest = self.app.latest_unfinished()
        if latest is None:
            self.notify(_("There is no unfinished game to continue."))
            return
        self.app.resume_game(latest[0])

    def action_new(self) -> None:
        self.app.show_setup()

    def action_history(self) -> None:
        self.app.show_history()

    def action_help(self) -> None:
        self.app.show_general_help()

    def action_quit(self) -> None:
        self.app.exit()
