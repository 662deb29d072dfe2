"""Pass the device: a full, opaque screen that shows no card, names who plays next and recaps
what happened since their last turn."""

from __future__ import annotations

import time
from collections.abc import Callable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Static

from gofish.front.keyboard import latin_letter
from gofish.front.picker import RANK_KEYS, SUIT_KEYS
from gofish.i18n import N_, _
from gofish.names import local_rank
from gofish.narrate import since_last_turn, story
from gofish.session import TableSession
from gofish.tui.game_app import game_app
from gofish.tui.render import bullet
from gofish.tui.screens.table import TableScreen
from gofish.tui.widgets.keys import KeyFooter

# Keys the player leaving the table may press by reflex: never the one that hands it over.
# The table's own letter keys (M memory, I hint) are read from its bindings.
TABLE_KEYS = (set(RANK_KEYS) | set(SUIT_KEYS) | set("0123456789")
              | {k for b in TableScreen.BINDINGS if isinstance(b, Binding)
                 for k in b.key.split(",") if len(k) == 1})
FALLBACK_KEYS = "gouywxzfbnpe"
# after the press, the quiet that shows the key was not held, in pass guards: 0.75 s by default,
# past the usual auto-repeat delays (X11 660 ms, Windows and GNOME 500 ms, macOS less)
HELD_AFTER = 1.25
SETTLE_EVERY = 0.05  # seconds between two looks at that quiet


def confirm_key(name: str) -> str:
    """The incoming player's own key: the first letter of their name that does nothing at the
    table (Bob: B, Alice: L), else a letter that does nothing there either."""
    for ch in name.lower() + FALLBACK_KEYS:
        if "a" <= ch <= "z" and ch not in TABLE_KEYS and local_rank(ch) is None:
            return ch
    return "g"


class PassScreen(Screen):
    """Shown between two human players; the table beneath holds no hand while it is up."""

    BINDINGS = [
        Binding("escape", "menu", N_("Menu")),
    ]

    def __init__(self, session: TableSession, seat: int, on_ready: Callable[[int], None]) -> None:
        super().__init__()
        self.session = session
        self.seat = seat
        self.on_ready = on_ready
        self.shown_at = time.monotonic()
        self.last_key = self.shown_at
        self.confirm_key = confirm_key(session.names[seat])
        self.pending = False  # the key was pressed after a quiet moment: handed over unless
        # another key follows it soon

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
                # Content: the name is shown literally, never read as markup. Not focusable:
                # a focused button would take the Enter the last player presses by reflex.
                ready = Button(Content(_("{name}: press {key} when you hold the device").format(
                    name=name, key=self.confirm_key.upper())), id="ready", variant="primary")
                ready.can_focus = False
                yield ready
            yield Static("", id="pass-hint")
        yield KeyFooter()

    def recap(self) -> Content:
        """Public events only: anyone may be looking at this screen."""
        s = self.session
        public = since_last_turn(s.events_for(None), self.seat)
        lines = story(public, s.names, self.seat, s.rules.pairs)
        if not lines:
            return Content(_("Nothing yet: this is the first turn."))
        return Content("\n").join(Content(bullet() + line.text) for line in lines)

    def on_mount(self) -> None:
        # the recap opens at its top: what happened right after the player's own turn (it
        # opened at its end, which hid that once it was over 11 lines; the arrows scroll it)
        self.shown_at = self.last_key = time.monotonic()

    def on_key(self, event: events.Key) -> None:
        """Only the incoming player's key, pressed on its own, hands the device over: after a
        quiet moment (a burst of keys is the last player's) and followed by none (a terminal
        shows no key's release, and a key held down sends itself again once the keyboard's
        repeat delay is over: the hand-over waits past it, and a repeat calls it off)."""
        now = time.monotonic()
        guard = game_app(self).pass_guard
        quiet = now - self.last_key >= guard
        self.last_key = now
        pending, self.pending = self.pending, False  # any key calls a pending one off
        if latin_letter((event.character or "").lower()) != self.confirm_key:
            return
        event.stop()
        if quiet and not pending and guard <= 0:
            self.action_ready()  # no guard (tests): at once
        elif quiet and not pending:
            self.pending = True
            self.set_timer(SETTLE_EVERY, self._settle)
        else:
            self.query_one("#pass-hint", Static).update(Content.styled(
                _("Press {key} once, on its own.").format(key=self.confirm_key.upper()), "bold"))

    def _settle(self) -> None:
        """Hand over once the press has stood alone long enough; look again until then."""
        if not self.pending or not self.is_current:
            self.pending = False
            return
        if time.monotonic() - self.last_key >= game_app(self).pass_guard * HELD_AFTER:
            self.pending = False
            self.action_ready()
        else:
            self.set_timer(SETTLE_EVERY, self._settle)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_ready()  # a click is deliberate

    def action_ready(self) -> None:
        self.app.pop_screen()
        self.on_ready(self.seat)

    def action_menu(self) -> None:
        game_app(self).go_menu()
