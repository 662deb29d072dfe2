"""The rules in force for this game, in words generated from its rules value, and the keys."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from gofish.engine import Rules
from gofish.i18n import N_, Np_, _, pgettext
from gofish.rules_text import describe, summary
from gofish.tui.render import bullet

KEYS = [
    ("1-6, ↑ ↓", N_("choose the opponent to ask")),
    ("A 2-9 0/T J Q K, ← →", N_("choose the rank to ask for")),
    ("C D H S", N_("choose the suit (when asking for a card)")),
    (Np_("key", "Enter"), N_("ask (or draw, with an empty hand); confirm")),
    (Np_("key", "Backspace"), N_("go back a step")),
    (Np_("key", "Space"), N_("skip ahead through the computers' turns")),
    ("PgUp PgDn", N_("scroll the log")),
    ("? F1", N_("this help")),
    (Np_("key", "Esc"), N_("back to the menu (the game is saved)")),
    ("Ctrl+Q", N_("quit (the game is saved)")),
]


def key_name(key: str | tuple[str, str]) -> str:
    """A key's name on the keyboard ("Entrée" in French); symbols stay as they are."""
    return pgettext(*key) if isinstance(key, tuple) else key


class HelpScreen(Screen):
    BINDINGS = [Binding("escape,q,question_mark,f1", "close", N_("Close"))]

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
                Content.assemble((key_name(k).ljust(24), "bold"), _(v)) for k, v in KEYS))
            yield Static(Content.styled(_("Options in force"), "bold reverse"),
                         classes="help-head")
            yield Static(Content("\n").join(
                Content.assemble((line.label.ljust(16), "bold"), line.value.ljust(0), "  ",
                                 (line.explanation, "dim"))
                for line in describe(self.rules)))
        yield Footer()

    def action_close(self) -> None:
        self.app.pop_screen()
