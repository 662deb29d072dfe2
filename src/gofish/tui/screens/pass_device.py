"""Pass the device: a full, opaque screen that shows no card, names who plays next and recaps
what happened since their last turn."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from gofish.i18n import N_, _
from gofish.narrate import since_last_turn, story
from gofish.session import Session
from gofish.tui.render import bullet


class PassScreen(Screen):
    """Shown between two human players; the table beneath holds no hand while it is up."""

    BINDINGS = [
        Binding("enter", "ready", N_("I am ready")),
        Binding("escape", "menu", N_("Menu")),
    ]

    def __init__(self, session: Session, seat: int, on_ready: Callable[[int], None]) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.on_ready = on_ready
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        s = self.session
        name = s.names[self.seat]
        with Vertical(id="pass"):
            yield Static(Content.styled(_("Pass the device to {name}").format(name=name),
                                        "bold reverse"), id="pass-title")
            yield Static(_("Everyone else, look away. No cards are shown on this screen."),
                         id="pass-note", markup=False)
            yield Static(Content.styled(_("Since your last turn:"), "bold"), id="recap-title")
            with VerticalScroll(id="recap"):
                yield Static(self.recap(), id="recap-text")
            with Center():
                # Content: the name is shown literally, never read as markup
                yield Button(Content(_("{name}: I am ready (Enter)").format(name=name)),
                             id="ready", variant="primary")
        yield Footer()

    def recap(self) -> Content:
        """Public events only: anyone may be looking at this screen."""
        s = self.session
        public = since_last_turn(s.events_for(None), self.seat)
        lines = story(public, s.names, self.seat, s.rules.pairs)
        if not lines:
            return Content(_("Nothing yet: this is the first turn."))
        return Content("\n").join(Content(bullet() + line.text) for line in lines)

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()
        self.query_one("#recap", VerticalScroll).scroll_end(animate=False)
        self.query_one("#ready", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        # an Enter meant for the hand-over step before (a double press) must not reveal the
        # next hand to the player who just finished: ignore "ready" for a moment
        if time.monotonic() - self.shown_at < getattr(self.app, "pass_guard", 0.0):
            return
        self.app.pop_screen()
        self.on_ready(self.seat)

    def action_menu(self) -> None:
        self.app.go_menu()
