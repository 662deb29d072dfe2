"""Shown instead of a broken layout when the terminal is smaller than 80x24."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from gofish.i18n import _
from gofish.tui.game_app import game_app

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen):
    """Opaque (see the stylesheet) so nothing of the table shows through.

    ``game_saved``: a game is in play beneath (the start view and the history hold none,
    so quitting there loses nothing to be reassured about)."""

    def __init__(self, game_saved: bool = False) -> None:
        super().__init__()
        self.game_saved = game_saved

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(id="too-small-text", markup=False)

    def on_mount(self) -> None:
        self.update_text()

    def on_resize(self) -> None:
        self.update_text()
        game_app(self).check_size()

    def update_text(self) -> None:
        w, h = self.app.size
        size = _("Make the terminal at least {w}x{h}.\nIt is {cw}x{ch} now.").format(
            w=MIN_WIDTH, h=MIN_HEIGHT, cw=w, ch=h)
        # only a game in play is saved: the start view and the history hold none
        quits = (_("(Ctrl+Q quits; your game is saved.)") if self.game_saved
                 else _("(Ctrl+Q quits.)"))
        self.query_one("#too-small-text", Static).update(f"{size}\n{quits}")
