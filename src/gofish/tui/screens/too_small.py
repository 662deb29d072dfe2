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
    """Opaque (see the stylesheet) so nothing of the table shows through."""

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
        self.query_one("#too-small-text", Static).update(
            _("Make the terminal at least {w}x{h}.\nIt is {cw}x{ch} now.\n"
              "(Ctrl+Q quits; your game is saved.)").format(w=MIN_WIDTH, h=MIN_HEIGHT, cw=w,
                                                             ch=h))
