"""The settings: how the cards and the screens are drawn, for this player, remembered.

Each line toggles with its key or with Enter; the change shows at once (a sample of the four
suits below the list) and is saved in the preferences (store/settings.py), so the next start, a
``gofish serve`` page and a joined seat draw the same.
"""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gofish.front.keyboard import with_twins
from gofish.i18n import N_, _
from gofish.store.settings import Display
from gofish.tui.game_app import game_app
from gofish.tui.render import cards_row
from gofish.tui.widgets.keys import KeyFooter

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
        Binding(with_twins("escape,q"), "close", N_("Back")),
    ]

    def compose(self) -> ComposeResult:
        display = game_app(self).display_settings
        with Vertical(id="settings-box"):
            yield Static(Content.styled(_("Settings"), "bold reverse"), id="settings-title")
            yield OptionList(Option(deck_line(display), id="deck"),
                             Option(contrast_line(display), id="contrast"),
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
        highlighted = options.highlighted_option
        self.query_one("#settings-help", Static).update(
            explanation(highlighted.id if highlighted else None, display))
        self.query_one("#settings-sample", Static).update(cards_row(SAMPLE))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_switch(event.option.id or "")

    def action_switch(self, which: str) -> None:
        display: Display = game_app(self).display_settings
        if which == "deck":
            display = replace(display, four_colours=not display.four_colours)
        elif which == "contrast":
            display = replace(display, high_contrast=not display.high_contrast)
        else:
            return
        self.query_one(OptionList).highlighted = 0 if which == "deck" else 1
        game_app(self).change_display(display)
        self.show()

    def action_close(self) -> None:
        self.app.pop_screen()
