"""The log of the game as the viewer saw it, narrated incrementally: a key press that adds no
event touches nothing here, new events are told once (only the turn in progress is told again),
and each line is wrapped once for the width (the Line API: a long log costs nothing to redraw).
With a viewer, a rule marks where their last turn ended: the recap since then."""

from __future__ import annotations

from rich.segment import Segment
from textual.content import Content
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gofish.engine import events as ev
from gofish.i18n import _
from gofish.narrate import ASKED, BOOK, LUCKY, OVER, story
from gofish.tui.render import bullet
from gofish.tui.widgets.seats import wrap_keeping_spaces

LOG_LINES = 300
STYLES = {LUCKY: "bold", BOOK: "bold", OVER: "bold reverse"}


class LogView(ScrollView):
    DEFAULT_CSS = """
    LogView { width: 1fr; padding: 0 1; overflow-x: hidden; overflow-y: scroll; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Content] = []
        # id of a line's Content -> (the line, kept alive so its id is not reused; its strips)
        self._wrapped: dict[int, tuple[Content, list[Strip]]] = {}
        self._strips: list[Strip] = []
        self._width = 0
        self.reset(None)

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
        names, pairs, by = session.names, session.rules.pairs, session.played_by
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
                self._stable += self._lines(story(events[start:i], names, viewer, pairs,
                                                  played_by=by, start=self._upto + start))
            start = i
            self._boundary[index] = len(self._stable)
        tail = self._lines(story(events[start:], names, viewer, pairs, played_by=by,
                                 start=self._upto + start))
        self._upto += start
        lines = self._stable + tail
        mark = self._boundary.get(self._last_end, 0) if viewer is not None and recap else 0
        if 0 < mark < len(lines):
            rule = Content.styled(_("Since your last turn:"), "bold underline")
            lines = lines[:mark] + [rule] + lines[mark:]
        if len(self._stable) > 2 * LOG_LINES:  # keep memory flat in very long matches
            drop = len(self._stable) - LOG_LINES
            self._stable = self._stable[drop:]
            self._boundary = {k: v - drop for k, v in self._boundary.items() if v >= drop}
        self.set_lines(lines[-LOG_LINES:])

    @property
    def text(self) -> str:
        return "\n".join(line.plain for line in self.lines)

    def set_lines(self, lines: list[Content]) -> None:
        self.lines = lines
        self._rewrap()
        self.scroll_end(animate=False, immediate=False)

    def _rewrap(self) -> None:
        # the scrollbar is always there (overflow-y: scroll), so the width never changes with it
        width = max(1, self.scrollable_content_region.width)
        if width != self._width:
            self._wrapped, self._width = {}, width
        wrapped: dict[int, tuple[Content, list[Strip]]] = {}
        strips: list[Strip] = []
        base = self.rich_style  # every segment styled: the NO_COLOR filter reads each colour
        for line in self.lines:
            cached = self._wrapped.get(id(line))
            if cached is not None and cached[0] is line:
                got = cached[1]
            else:
                got = [Strip([Segment(seg.text, base + seg.style if seg.style else base)
                              for seg in part.render_segments()],
                             part.cell_length)
                       for part in wrap_keeping_spaces(line, width)] or [Strip.blank(width, base)]
            wrapped[id(line)] = (line, got)
            strips.extend(got)
        self._wrapped = wrapped
        self._strips = strips
        size = Size(width, len(strips))
        high = self.size.height
        if size == self.virtual_size:
            pass
        elif self.virtual_size.height > high and size.height > high:
            # the scrollbar stays: no new layout of the whole screen for a longer log (the
            # virtual size is a layout reactive), only the scrollbar is told
            self.set_reactive(ScrollView.virtual_size, size)
            self._scroll_update(size)
        else:
            self.virtual_size = size
        self.refresh()

    def on_resize(self) -> None:
        self._rewrap()
        self.scroll_end(animate=False, immediate=False)

    def render_line(self, y: int) -> Strip:
        index = self.scroll_offset.y + y
        width = self.scrollable_content_region.width
        if 0 <= index < len(self._strips):
            return self._strips[index].extend_cell_length(width, self.rich_style).crop(0, width)
        return Strip.blank(width, self.rich_style)

    def _lines(self, lines) -> list[Content]:
        out = []
        for line in lines:
            style = STYLES.get(line.kind, "")
            if line.kind == ASKED and line.seat == self.viewer:
                style = "italic"
            out.append(Content.styled(bullet() + line.text, style))
        return out
