"""The table memory beside the table: what each opponent has openly revealed, in words and
card symbols. It renders a ``gofish.coach.TableMemory`` (built from the seat's view and events
alone) and nothing else, so it can show nothing the seat was not shown."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import RenderResult
from textual.content import Content
from textual.widgets import Static

from gofish.coach import TableMemory
from gofish.i18n import _, ngettext
from gofish.names import rank_short
from gofish.tui.render import card_content, dot
from gofish.tui.widgets.seats import wrap_keeping_spaces

WIDTH = 24


def ranks_row(ranks: Sequence[tuple[int, int]] | Sequence[int]) -> str:
    """"9 9 J": a rank known twice is shown twice, as two cards would be."""
    parts = []
    for item in ranks:
        rank, count = item if isinstance(item, tuple) else (item, 1)
        parts.extend([rank_short(rank)] * count)
    return " ".join(parts)


def memory_content(memory: TableMemory | None, names: Sequence[str]) -> Content:
    title = Content.styled(_("What the table showed"), "bold underline")
    if memory is None:
        return title
    if memory.open_hands:
        return Content("\n").join([title, Content(_("Hands are open: every card is in sight."))])
    rows = [title]
    for o in memory.opponents:
        head = names[o.seat] + dot() + ngettext("{n} card", "{n} cards", o.cards).format(
            n=o.cards)
        rows.append(Content.styled(head, "bold"))
        if o.out:
            rows.append(Content("  " + _("out of this deal")))
            continue
        told = False
        if o.holds:
            key = _("only:") if o.all_known else _("has:")
            rows.append(Content(f"  {key} {ranks_row(o.holds)}"))
            told = True
        if o.lacks:
            rows.append(Content("  " + _("no:") + " " + ranks_row(o.lacks)))
            told = True
        if o.lacks_cards:
            rows.append(Content("  " + _("not:") + " ")
                        + Content(" ").join(card_content(c) for c in o.lacks_cards))
            told = True
        if o.took:
            rows.append(Content("  " + _("took yours:") + " ")
                        + Content(" ").join(card_content(c) for c in o.took))
            told = True
        if not told:
            rows.append(Content("  " + _("nothing known yet")))
    return Content("\n").join(rows)


def hanging(row: Content, width: int) -> list[Content]:
    """``row`` in lines of ``width``, the ones after the first two cells further in."""
    lines = wrap_keeping_spaces(row, width)
    if len(lines) == 1:
        return lines
    indent = " " * (len(row.plain) - len(row.plain.lstrip(" ")) + 2)
    rest = wrap_keeping_spaces(Content(" ").join(lines[1:]), max(width - len(indent), 1))
    return [lines[0]] + [Content.assemble(indent, line) for line in rest]


class MemoryPanel(Static):
    """About WIDTH columns wide; ``show`` it a new memory after every event."""

    DEFAULT_CSS = f"""
    MemoryPanel {{ width: {WIDTH}; height: auto; padding: 0 1 0 0; }}
    """

    def __init__(self, memory: TableMemory | None = None, names: Sequence[str] = (),
                 **kwargs) -> None:
        super().__init__(memory_content(memory, names), **kwargs)
        self.memory = memory
        self.names = list(names)

    def render(self) -> RenderResult:
        """Each line wrapped with its continuation indented under it (a rank run that did
        not fit went on at the panel's left edge, where it read as a line of its own)."""
        content = self.content
        width = self.content_size.width
        if not isinstance(content, Content) or width <= 0:
            return super().render()
        return Content("\n").join(line for row in content.split("\n", allow_blank=True)
                                   for line in hanging(row, width))

    def show(self, memory: TableMemory | None, names: Sequence[str] | None = None) -> None:
        self.memory = memory
        if names is not None:
            self.names = list(names)
        self.update(memory_content(memory, self.names))
