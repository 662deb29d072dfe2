"""The display settings in force: the deck's colours and the theme.

The high-contrast theme is black and white with a few light colours, every text at 4.5:1 or
more against what it is drawn on (WCAG AA). tests/tui/test_contrast.py measures that on every
screen from what is drawn, not from this table: a colour added here or in the stylesheet that
reads badly fails there.
"""

from __future__ import annotations

from textual.app import App
from textual.theme import Theme

from gofish.store.settings import Display
from gofish.tui.cards import set_inks

DEFAULT_THEME = "textual-dark"
HIGH_CONTRAST = "gofish-high-contrast"

_BLACK, _WHITE = "#000000", "#ffffff"
_BLUE = "#5cadff"  # links, frames, card backs and the highlighted line (black text on it)
_YELLOW = "#ffd21f"  # keys, the chosen rank's frame, warnings
_GREY = "#c8c8c8"  # quieter text: still 12:1 on black
_MID = "#4a4a4a"  # a bar or a field, under white text (8.6:1)

HIGH_CONTRAST_THEME = Theme(
    name=HIGH_CONTRAST,
    primary=_BLUE,
    secondary=_BLUE,
    accent=_YELLOW,
    warning=_YELLOW,
    error="#ff7070",
    success="#5fe35f",
    foreground=_WHITE,
    background=_BLACK,
    surface=_BLACK,
    panel="#262626",
    boost="#1a1a1a",
    dark=True,
    text_alpha=1.0,
    variables={
        "text-muted": _GREY,
        "text-disabled": "#a6a6a6",
        "foreground-muted": _GREY,
        "foreground-disabled": "#a6a6a6",
        "block-cursor-foreground": _BLACK,
        "block-cursor-background": _BLUE,
        "block-cursor-text-style": "bold",
        "block-cursor-blurred-foreground": _WHITE,
        "block-cursor-blurred-background": _MID,
        "block-hover-background": "#333333",
        "footer-background": "#262626",
        "footer-foreground": _WHITE,
        "footer-key-foreground": _YELLOW,
        "footer-description-foreground": _WHITE,
        "footer-item-background": "#262626",
        "input-cursor-background": _WHITE,
        "input-cursor-foreground": _BLACK,
        "input-selection-background": f"{_BLUE} 50%",
        "border": _BLUE,
        "border-blurred": "#8a8a8a",
        "scrollbar": "#8a8a8a",
        "scrollbar-hover": "#b0b0b0",
        "scrollbar-active": _WHITE,
        "scrollbar-background": "#262626",
        "scrollbar-background-hover": "#262626",
        "scrollbar-background-active": "#262626",
        "scrollbar-corner-color": "#262626",
        "button-foreground": _WHITE,
        "button-color-foreground": _BLACK,
        "button-focus-text-style": "bold reverse",
        "link-color": _BLUE,
        "link-background-hover": _BLUE,
        "link-color-hover": _BLACK,
    },
)


def register_themes(app: App) -> None:
    app.register_theme(HIGH_CONTRAST_THEME)


def apply_display(app: App, display: Display) -> None:
    """Draw the app as ``display`` says, at once (a theme change repaints every screen)."""
    set_inks(four_colours=display.four_colours, colourless=bool(getattr(app, "no_color", False)))
    app.theme = HIGH_CONTRAST if display.high_contrast else DEFAULT_THEME
    app.set_class(display.high_contrast, "-high-contrast")  # for the stylesheet's few rules
    app.refresh(layout=True)
    for screen in app.screen_stack:
        screen.refresh(layout=True)
        for widget in screen.walk_children():
            widget.refresh()
