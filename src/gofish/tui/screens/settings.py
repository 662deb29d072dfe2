"""The settings: how the cards and the screens are drawn, for this player, remembered.

ASCII only is here because a forced SSH command takes no flags: a player whose terminal
cannot draw the suits or the frames (TERM=vt100, the Linux console: tui/terminals.py starts
those in ASCII) turns it on or off here, once.

Each line toggles with its key or with Enter; the change shows at once (a sample of the four
suits below the list) and is saved in the preferences (store/settings.py), so the next start, a
``gofish serve`` page and a joined seat draw the same.
"""

from __future__ import annotations

import os
from dataclasses import replace
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gofish.front.keyboard import with_twins
from gofish.i18n import N_, _
from gofish.names import ascii_mode
from gofish.store.settings import Display
from gofish.tui.game_app import game_app
from gofish.tui.render import cards_row
from gofish.tui.widgets.keys import KeyFooter

if TYPE_CHECKING:
    from gofish.tui.game_app import GameApp

# a card of each suit, spades to clubs (card number: rank * 4 + suit; suits c d h s)
SAMPLE = (12 * 4 + 3, 11 * 4 + 2, 10 * 4 + 1, 9 * 4 + 0)


def deck_line(display: Display) -> str:
    if display.four_colours:
        return _("Card colours (C): four, one for each suit")
    return _("Card colours (C): two, hearts and diamonds red")


def contrast_line(display: Display) -> str:
    if display.high_contrast:
        return _("High contrast (H): on")
    return _("High contrast (H): off")


def ascii_line(on: bool) -> str:
    return _("ASCII only (A): on") if on else _("ASCII only (A): off")


def ascii_explanation(app: GameApp) -> str:
    if ascii_mode():
        text = _("Cards as 10h and Qs, frames of - and |, for a terminal that cannot draw the "
                 "suit symbols or box lines.")
    else:
        text = _("Suit symbols and box lines. Turn ASCII on if cards or frames show as boxes "
                 "or question marks.")
    if app.command_line_ascii:
        text += " " + _("--ascii was given: it turns ASCII on at every start with it.")
    elif app.preferences.ascii is None and app.terminal_ascii:
        text += " " + _("On by default on this terminal (TERM={term}), until you choose.").format(
            term=os.environ.get("TERM", ""))
    return text


def explanation(option: str | None, display: Display) -> str:
    if option == "deck":
        if display.four_colours:
            return _("Spades black, hearts red, diamonds blue, clubs green. "
                     "Every card still shows its suit.")
        return _("Hearts and diamonds red, spades and clubs black. "
                 "Every card still shows its suit.")
    if display.high_contrast:
        return _("Black and white with bright colours: every text reads at 4.5:1 or more.")
    return _("The standard colours.")


class SettingsScreen(Screen):
    BINDINGS = [
        Binding(with_twins("c"), "switch('deck')", N_("Card colours")),
        Binding(with_twins("h"), "switch('contrast')", N_("High contrast")),
        Binding(with_twins("a"), "switch('ascii')", N_("ASCII")),
        Binding(with_twins("escape,q"), "close", N_("Back")),
    ]

    def compose(self) -> ComposeResult:
        display = game_app(self).display_settings
        with Vertical(id="settings-box"):
            yield Static(Content.styled(_("Settings"), "bold reverse"), id="settings-title")
            yield OptionList(Option(deck_line(display), id="deck"),
                             Option(contrast_line(display), id="contrast"),
                             Option(ascii_line(ascii_mode()), id="ascii"),
                             id="settings-options", markup=False)
            yield Static(id="settings-help", markup=False)
            yield Static(id="settings-sample")
            yield Static(_("Saved for the next time gofish starts. Esc: back."),
                         id="settings-note", markup=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()
        self.show()

    def show(self) -> None:
        display = game_app(self).display_settings
        options = self.query_one(OptionList)
        options.replace_option_prompt("deck", deck_line(display))
        options.replace_option_prompt("contrast", contrast_line(display))
        options.replace_option_prompt("ascii", ascii_line(ascii_mode()))
        highlighted = options.highlighted_option
        which = highlighted.id if highlighted else None
        self.query_one("#settings-help", Static).update(
            ascii_explanation(game_app(self)) if which == "ascii" else
            explanation(which, display))
        self.query_one("#settings-sample", Static).update(cards_row(SAMPLE))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_switch(event.option.id or "")

    def action_switch(self, which: str) -> None:
        app = game_app(self)
        display: Display = app.display_settings
        if which == "deck":
            display = replace(display, four_colours=not display.four_colours)
        elif which == "contrast":
            display = replace(display, high_contrast=not display.high_contrast)
        elif which != "ascii":
            return
        options = self.query_one(OptionList)
        options.highlighted = options.get_option_index(which)
        if which == "ascii":  # at once, and at every start (--ascii still wins at its own)
            on = not ascii_mode()
            app.use_ascii(on)
            app.remember(ascii=on)
        else:
            app.change_display(display)
        self.show()

    def action_close(self) -> None:
        self.app.pop_screen()
