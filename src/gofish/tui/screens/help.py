"""The rules in force for this game, in words generated from its rules value, and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from gofish.engine import Rules
from gofish.i18n import _
from gofish.rules_text import describe, summary
from gofish.tui.render import bullet

KEYS = [
    ("1-6, ↑ ↓", "choose the opponent to ask"),
    ("A 2-9 0/T J Q K, ← →", "choose the rank to ask for"),
    ("C D H S", "choose the suit (when asking for a card)"),
    ("Enter", "ask (or draw, with an empty hand); confirm"),
    ("Backspace", "go back a step"),
    ("Space", "skip ahead through the computers' turns"),
    ("PgUp PgDn", "scroll the log"),
    ("? F1", "this help"),
    ("Esc", "back to the menu (the game is saved)"),
    ("Ctrl+Q", "quit (the game is saved)"),
]


class HelpScreen(Screen):
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", _("Close"))]

    def __init__(self, rules: Rules, players: int) -> None:
        super().__init__()
        self.rules = rules
        self.players = players

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Content.styled(_("How to play"), "bold reverse"))
            yield Static(Content("\n").join(Content(bullet() + t)
                                            for t in summary(self.rules, self.players)))
            yield Static(Content.styled(_("Keys"), "bold reverse"), classes="help-head")
            yield Static(Content("\n").join(
                Content.assemble((k.ljust(24), "bold"), _(v)) for k, v in KEYS))
            yield Static(Content.styled(_("Options in force"), "bold reverse"),
                         classes="help-head")
            yield Static(Content("\n").join(
                Content.assemble((line.label.ljust(16), "bold"), line.value.ljust(0), "  ",
                                 (line.explanation, "dim"))
                for line in describe(self.rules)))
        yield Footer()

    def action_close(self) -> None:
        self.app.pop_screen()
