"""The moment on the table: the most telling event of the last move ("Bob said “Go fish!”",
a lucky draw, a book) in a bubble for a moment, never in the way of a key."""

from __future__ import annotations

from textual.content import Content
from textual.timer import Timer
from textual.widgets import Static


class MomentBubble(Static):
    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._timer: Timer | None = None

    def show(self, text: str, seconds: float) -> None:
        """Up for ``seconds`` (0: moments are off); a move without a moment ends the last."""
        if seconds <= 0:
            return
        if not text:
            self.over()
            return
        self.update(Content.styled(f" {text} ", "bold reverse"))
        self.display = True
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(seconds, self.over)

    def over(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._timer = None
        self.display = False
