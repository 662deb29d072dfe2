"""The stock: a pile of backs with its count (a grey outline when it is empty)."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from gofish.i18n import _
from gofish.names import ascii_mode
from gofish.tui.cards import ASCII, UNICODE, back_rows


class StockView(Widget):
    COMPONENT_CLASSES = {"stock--back"}
    DEFAULT_CSS = """
    StockView { height: 3; width: 24; }
    StockView > .stock--back { color: $primary; }
    """

    count: reactive[int] = reactive(-1, layout=False)  # the cards left: a change redraws it

    def show(self, count: int) -> None:
        self.count = count

    def render(self) -> Content:
        label = _("Stock")
        glyphs = ASCII if ascii_mode() else UNICODE
        if self.count <= 0:
            return Content.assemble("\n", (f"{label}  " + _("(empty)"), "dim"), "\n")
        back = self.get_visual_style("stock--back")
        lines = []
        for i, row in enumerate(back_rows(self.count, glyphs)):
            parts = [Content(s.text).stylize(back) if s.role == "back" else Content(s.text)
                     for s in row]
            line = Content.assemble(*parts)
            pad = " " * (len(label) + 2)
            if i == 1:
                line = Content.assemble((label, "bold"), "  ", line, " ", (str(self.count), "bold"))
            else:
                line = Content.assemble(pad, line)
            lines.append(line)
        return Content("\n").join(lines)
