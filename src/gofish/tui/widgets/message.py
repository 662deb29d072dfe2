"""The message line under the hand: what just happened, in the two rows it has.

Its text is two parts at most (the cards taken from you, and the last move), each a sentence or
two that a longer language or a long name can stretch past a row. The rows were simply cut
where they ended ("... Cleo a pioché une"); here each part gets a row of its own at least, and a
part cut short ends with "…" ("..." under --ascii) so a reader sees there is more, in the log.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual.content import Content, Span
from textual.reactive import reactive
from textual.widgets import Static

from gofish.names import ascii_mode
from gofish.tui.widgets.seats import wrap_keeping_spaces


def fit_lines(content: Content, width: int, height: int) -> Content:
    """``content`` in ``height`` rows of ``width`` cells: its parts (split at newlines) wrapped,
    each given at least one row, and a part cut short marked at its end."""
    if width <= 0 or height <= 0:
        return Content("")
    parts = content.split("\n")[:height]
    rows: list[Content] = []
    for i, part in enumerate(parts):
        room = height - len(rows) - (len(parts) - i - 1)  # a row left for each part after
        # French guillemets stay with their words (Textual breaks at any space)
        wrapped = wrap_keeping_spaces(part, width) or [Content("")]
        if len(wrapped) <= room:
            rows.extend(wrapped)
            continue
        mark = "..." if ascii_mode() else "…"
        last = wrapped[room - 1].rstrip()
        if cell_len(last.plain) + len(mark) > width:
            last = last.truncate(width - len(mark)).rstrip()
        # the mark in the style of the part's last letter (bold, reversed: a book, a warning)
        tail = part[len(part) - 1:] if len(part) else Content("")
        marked = Content(mark, spans=[Span(0, len(mark), span.style) for span in tail.spans])
        rows.extend([*wrapped[:room - 1], last + marked])
    return Content("\n").join(rows)


class MessageLine(Static):
    """A Static whose text is fitted to its rows at each render (a resize included). The
    table sets ``said`` (what the turn flow says); the line shows it."""

    said: reactive[Content] = reactive(Content(""), layout=False, always_update=False)

    def watch_said(self, said: Content) -> None:
        self.update(said, layout=False)

    def render(self) -> Content:
        content = self.content
        if not isinstance(content, Content):
            content = Content(str(content))
        return fit_lines(content, self.size.width, self.size.height)

    def fits(self, text: str) -> bool:
        """Whether ``text`` fits the line's rows whole (a cut hint is said in a notice too)."""
        size = self.content_size
        return len(Content(text).wrap(max(size.width, 1))) <= size.height
