"""The rules in force for this game, in words generated from its rules value, the keys, and
what each computer level does."""

from __future__ import annotations

from collections.abc import Iterable

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from gofish.engine import Rules
from gofish.front.keyboard import with_twins
from gofish.front.levels import level_help
from gofish.i18n import N_, Np_, _, ascii_text, pgettext
from gofish.names import ascii_mode, local_letters
from gofish.rules_page import rules_pointer
from gofish.rules_text import describe, summary
from gofish.seats import LEVEL_TITLES, LEVELS
from gofish.tui.game_app import game_app
from gofish.tui.render import bullet, rank_keys
from gofish.tui.widgets.keys import KeyFooter

RANK_KEYS = "{ranks}, ← →"  # filled in with the letters in force (local letters: R, D, V)
# the keys that pace the computers: not shown where there are none to pace (or the host paces)
Key = str | tuple[str, str]  # a key's name, or a (context, name) pair to translate
COMPUTER_KEYS: tuple[tuple[Key, str], ...] = (
                 (Np_("key", "Space"), N_("skip ahead through the computers' turns")),
                 ("+ -", N_("the computers' pace: faster, slower")))
KEYS: list[tuple[Key, str]] = [
    ("1-6, ↑ ↓", N_("choose the opponent to ask")),
    (RANK_KEYS, N_("choose the rank to ask for")),
    ("C D H S", N_("choose the suit (when asking for a card)")),
    (Np_("key", "Enter"), N_("ask (or draw, with an empty hand); confirm")),
    (Np_("key", "Backspace"), N_("go back a step")),
    *COMPUTER_KEYS,
    ("M", N_("show or hide what the table showed")),
    ("I", N_("a hint: the coach's ask, and why")),
    ("PgUp PgDn", N_("scroll the log")),
    ("? F1", N_("this help")),
    (Np_("key", "Esc"), N_("a step back while an ask is being chosen, else back to the menu "
                           "(the game is saved)")),
    ("Ctrl+Q", N_("quit (the game is saved)")),
]
# a joined seat (gofish join) has no menu, and the game is the host's: Esc and Ctrl+Q leave
REMOTE_KEYS = {
    KEYS[-2][0]: N_("leave the table (you can take your seat again)"),
    KEYS[-1][0]: N_("leave the table (you can take your seat again)"),
}


def key_name(key: Key) -> str:
    """A key's name on the keyboard ("Entrée" in French); symbols stay as they are."""
    if key == RANK_KEYS:
        # with local letters, the keys the table shows: "T" beside a Russian ace "Т" would
        # read as one letter for two ranks
        name = key.format(ranks=rank_keys(ten="0" if local_letters() else "0/T"))
    else:
        name = pgettext(*key) if isinstance(key, tuple) else key
    return ascii_text(name) if ascii_mode() else name  # --ascii: "Up Down", not arrows


def two_columns(width: int, rows: Iterable[tuple[Text, Text]]) -> Table:
    """A name and its words, the words wrapping beside the name (wrapped under it, a line's
    second row read as the start of the next: "else back" / "to the menu")."""
    table = Table.grid(padding=(0, 0), expand=True)
    table.add_column(no_wrap=True, width=width)
    table.add_column(ratio=1)
    for name, words in rows:
        table.add_row(name, words)
    return table


def levels_table(rules: Rules) -> Table:
    """Every computer level and what it does, the descriptions wrapping beside the names."""
    table = Table.grid(padding=(0, 2), expand=True)
    table.add_column(no_wrap=True, style="bold")
    table.add_column(ratio=1)
    for level in LEVELS:
        table.add_row(Text(_(LEVEL_TITLES[level])), Text(level_help(level, pairs=rules.pairs)))
    return table


class HelpScreen(Screen):
    BINDINGS = [Binding(with_twins("escape,q,question_mark,f1"), "close", N_("Close"))]

    def __init__(self, rules: Rules, players: int, *, computers: bool = True,
                 remote: bool = False) -> None:
        super().__init__()
        self.rules = rules
        self.players = players
        self.keys = [(key, REMOTE_KEYS.get(key, what) if remote else what)
                     for key, what in KEYS if computers or (key, what) not in COMPUTER_KEYS]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Content.styled(_("How to play"), "bold reverse"))
            yield Static(two_columns(len(bullet()), ((Text(bullet()), Text(t))
                                                     for t in summary(self.rules, self.players))),
                         id="help-summary")
            # the whole story, with the texts each option comes from
            yield Static(rules_pointer(game_app(self).command),
                         id="help-rules-page", classes="help-head", markup=False)
            yield Static(Content.styled(_("Keys"), "bold reverse"), classes="help-head")
            names = [key_name(k) for k, _v in self.keys]
            width = max(24, *(len(name) + 2 for name in names))  # "Left Right" under --ascii
            yield Static(two_columns(width, ((Text(name, "bold"), Text(_(v)))
                                             for name, (_k, v) in zip(names, self.keys,
                                                                      strict=True))),
                         id="help-keys")
            yield Static(Content.styled(_("Options in force"), "bold reverse"),
                         classes="help-head")
            options = describe(self.rules)
            width = max(16, *(len(line.label) + 1 for line in options))
            yield Static(two_columns(width, ((Text(line.label, "bold"),
                                           Text.assemble(line.value, "  ", (line.explanation, "dim")))
                                          for line in options)),
                         id="help-options")
            yield Static(Content.styled(_("Computer players"), "bold reverse"),
                         classes="help-head")
            yield Static(levels_table(self.rules), id="help-levels")
        yield KeyFooter()

    def action_close(self) -> None:
        self.app.pop_screen()
