"""The log of the game as the viewer saw it, narrated incrementally: a key press that adds no
event touches nothing here, and new events are told once (only the turn in progress is told
again). With a viewer, a rule marks where their last turn ended: the recap since then."""

from __future__ import annotations

from textual.containers import VerticalScroll
from textual.content import Content
from textual.widgets import Static

from gofish.engine import events as ev
from gofish.i18n import _
from gofish.narrate import ASKED, BOOK, LUCKY, OVER, story
from gofish.tui.render import bullet

LOG_LINES = 300
STYLES = {LUCKY: "bold", BOOK: "bold", OVER: "bold reverse"}


class LogView(VerticalScroll):
    DEFAULT_CSS = """
    LogView { width: 1fr; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._text = Static(id="log")
        self.reset(None)

    def compose(self):
        yield self._text

    def reset(self, viewer: int | None) -> None:
        self.viewer = viewer
        self._count = -1
        self._stable: list[Content] = []  # lines of finished turns: never told again
        self._upto = 0  # the events they tell
        self._boundary: dict[int, int] = {0: 0}  # event index of a turn's start -> line index
        self._mine = False
        self._last_end = 0  # where the viewer's last turn ended (an event index)

    def show(self, session, viewer: int | None, recap: bool = True) -> None:
        if viewer != self.viewer:
            self.reset(viewer)
        count = session.event_count
        if count == self._count:
            return
        self._count = count
        names, pairs = session.names, session.rules.pairs
        events = session.events_for(viewer, self._upto)
        start = 0
        for i, e in enumerate(events):
            if e.kind != ev.TURN:
                continue
            index = self._upto + i
            if viewer is not None:  # the recap starts where the viewer's turn passed on
                if e.seat == viewer:
                    self._mine = True
                elif self._mine:
                    self._last_end, self._mine = index, False
            if i > start:
                self._stable += self._lines(story(events[start:i], names, viewer, pairs))
            start = i
            self._boundary[index] = len(self._stable)
        self._upto += start
        tail = self._lines(story(events[start:], names, viewer, pairs))
        lines = self._stable + tail
        mark = self._boundary.get(self._last_end, 0) if viewer is not None and recap else 0
        if 0 < mark < len(lines):
            rule = Content.styled(_("Since your last turn:"), "bold underline")
            lines = lines[:mark] + [rule] + lines[mark:]
        if len(self._stable) > 2 * LOG_LINES:  # keep memory flat in very long matches
            drop = len(self._stable) - LOG_LINES
            self._stable = self._stable[drop:]
            self._boundary = {k: v - drop for k, v in self._boundary.items() if v >= drop}
        self._text.update(Content("\n").join(lines[-LOG_LINES:]))
        self.call_after_refresh(self.scroll_end, animate=False)

    def _lines(self, lines) -> list[Content]:
        out = []
        for line in lines:
            style = STYLES.get(line.kind, "")
            if line.kind == ASKED and line.seat == self.viewer:
                style = "italic"
            out.append(Content.styled(bullet() + line.text, style))
        return out
