"""The other seats: each a name with its key, a pile of card backs with the count, and its books
as small stacks in front of it. Clicking a seat chooses it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rich.cells import cell_len
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from gofish.i18n import _, ngettext, pgettext
from gofish.names import ascii_mode, card_label, rank_short
from gofish.tui.cards import ASCII, UNICODE, Row, back_rows, book_rows, ink_style
from gofish.tui.render import click, labelled


@dataclass(frozen=True)
class SeatState:
    """What one seat shows: all a thin renderer needs."""

    seat: int
    name: str
    count: int
    books: tuple[int, ...]
    turn: bool
    out: bool
    chosen: bool
    pickable: bool
    you: bool = False
    open_cards: tuple[int, ...] | None = None  # under open hands: the cards themselves
    said: str = ""  # what this seat said last: the ask, or its answer


class SeatBox(Widget):
    auto_links = False
    COMPONENT_CLASSES = {"seat--back", "seat--chosen", "seat--turn", "seat--said"}
    DEFAULT_CSS = """
    SeatBox { width: 1fr; height: 7; min-width: 7; }
    SeatBox > .seat--back { color: $primary; }
    SeatBox > .seat--chosen { text-style: bold reverse; }
    SeatBox > .seat--turn { text-style: bold; }
    SeatBox > .seat--said { text-style: bold; color: $text-accent; }
    """

    class Chosen(Message):
        """An opponent's seat was clicked: the screen decides what that means now."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    def action_pick(self, seat: int) -> None:
        self.post_message(self.Chosen(seat))

    def __init__(self, seat: int, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="seat")
        self.seat = seat
        self.state: SeatState | None = None
        self.pairs = False

    def show(self, state: SeatState, pairs: bool = False) -> None:
        if state != self.state or pairs != self.pairs:
            self.state, self.pairs = state, pairs
            self.refresh()

    def render(self) -> Content:
        st = self.state
        if st is None:
            return Content("")
        width = self.content_size.width or self.size.width
        height = self.content_size.height or self.size.height
        small = width < 12  # 5 or more opponents at 80 columns: a narrow pile, no words
        big = height >= 8 and not small
        glyphs = ASCII if ascii_mode() else UNICODE
        marker = ("*" if ascii_mode() else "▶") if st.turn else " "
        name = Content.styled(st.name, "bold" if st.turn else "")
        head = Content.assemble(marker, (str(st.seat + 1), "bold"), " ", name)
        # every line leaves the column's last cell blank: the gap before the next seat
        if small:  # no room for brackets: the chosen seat is shown by its style alone
            head = Content.assemble(" ", head.truncate(width - 2, ellipsis=True))
            if st.chosen:
                head = head.stylize(self.get_visual_style("seat--chosen"))
        elif st.chosen:
            head = head.truncate(width - 3, ellipsis=True)
            head = Content.assemble("[", head, "]").stylize(self.get_visual_style("seat--chosen"))
        else:
            head = Content.assemble(" ", head.truncate(width - 2, ellipsis=True), " ")
        lines = [head]
        if st.out:
            lines += out_lines(width)
        elif st.count == 0:  # a pile of none: said in words, where the pile would be
            rows = back_rows(0, glyphs, big=big, small=small)
            words = fit_rows(Content.styled(_("(no cards)"), "dim"), max(width - 2, 1), 2)
            top = (len(rows) - len(words)) // 2
            lines += [Content("")] * top + [Content.assemble(" ", w) for w in words]
            lines += [Content("")] * (len(rows) - top - len(words))
        elif width >= 6:
            back_style = self.get_visual_style("seat--back")
            count = str(st.count)
            rows = back_rows(st.count, glyphs, big=big, small=small)
            for i, row in enumerate(rows):
                line = _row_content(row, back_style)
                if i == len(rows) // 2:
                    line = Content.assemble(line, " ", (count, "bold"))
                lines.append(Content.assemble(" ", line))
        else:
            lines.append(Content(" " + ngettext("{n} card", "{n} cards", st.count).format(
                n=st.count)))
        if st.open_cards is not None:  # in sight, all of them: on two rows if need be
            lines += [Content.assemble(" ", row)
                      for row in fit_rows(_open_cards(st.open_cards), width - 2, 2)]
        left = height - len(lines)
        said = self.speech(st.said, width - 2, left - (1 if st.books else 0))
        lines += said
        left -= len(said)
        # under open hands the cards take the stacks' rows: the books are listed in words
        books = [] if st.open_cards is not None or left < (2 if small else 3) else \
            book_rows(st.books, rank_short, glyphs, width - 1)
        lines += [Content.assemble(" ", _row_content(row, None)) for row in books]
        if small:  # no room for words: the ranks of the books, when their stacks do not fit
            if st.books and not books:
                lines.append(Content.assemble(" ", " ".join(rank_short(r) for r in st.books))
                             .truncate(width - 1, ellipsis=True))
        elif not st.out or st.books:
            # wrapped in the rows left, the last one cut (the rest fell out of sight unsaid)
            words = fit_rows(books_words(st.books, self.pairs), width - 2,
                             max(left - len(books), 1))
            lines += [Content.assemble(" ", line) for line in words]
        content = Content("\n").join(lines[:max(height, 1)])
        if st.pickable:
            content = content.stylize(click(f"pick({st.seat})"))
        return content


    def speech(self, said: str, width: int, rows: int) -> list[Content]:
        """What the seat said, in quotes, wrapped to ``rows`` lines at most (the last cut)."""
        if not said or rows <= 0 or width <= 2:
            return []
        quoted = pgettext("words said at a seat", "“{said}”").format(said=said)
        wrapped = fit_rows(Content(quoted), width, rows)
        style = self.get_visual_style("seat--said")
        return [Content.assemble(" ", line.stylize(style)) for line in wrapped]


# no-break spaces (French typography) hold their words together: held as other characters of
# the same width while the line is wrapped (Textual breaks lines at any space)
_HOLD = str.maketrans({"\u00a0": "\ue000", "\u202f": "\ue001"})
_RELEASE = str.maketrans({"\ue000": "\u00a0", "\ue001": "\u202f"})


def wrap_keeping_spaces(text: str | Content, width: int) -> list[Content]:
    content = Content(text) if isinstance(text, str) else text
    plain = _loosen(content.plain.translate(_HOLD), width)
    lines = _marks_kept(Content(plain, list(content.spans)).wrap(width), plain, width)
    return [Content(line.plain.translate(_RELEASE), list(line.spans)) for line in lines]


def _loosen(held: str, width: int) -> str:
    """A held run longer than the line ("pêcher !\u00a0»") would be folded at the width,
    wherever that falls (a lone "»"): it may break at its narrow no-break spaces instead, before
    "!" or "?", keeping the guillemets with their words. Each character keeps its place."""
    return " ".join(word.replace("\ue001", " ") if cell_len(word) > width else word
                    for word in held.split(" "))


def _marks_kept(lines: list[Content], held: str, width: int) -> list[Content]:
    """A word folded at the width leaves no line of punctuation alone ("»", "!»"): the
    folded line takes the letter before it along."""
    for i in range(1, len(lines)):
        prev, line = lines[i - 1], lines[i]
        if any(ch.isalnum() for ch in line.plain) or prev.plain + line.plain not in held:
            continue
        k = 1
        while k < len(prev.plain) and not prev.plain[-k].isalnum():
            k += 1
        if k < len(prev.plain) and cell_len(line.plain) + k <= width:
            lines[i - 1], lines[i] = prev[:-k], Content.assemble(prev[-k:], line)
    return lines


def fit_rows(content: Content, width: int, rows: int) -> list[Content]:
    """``content`` wrapped to ``width`` in ``rows`` lines at most, the last one cut with "…".
    A word longer than the line is cut with "…" too, never folded (a narrow seat read
    "Barthol" over "omew,")."""
    wrapped = wrap_keeping_spaces(cut_long_words(content, width), width)
    if len(wrapped) > rows:
        wrapped = wrapped[:rows - 1] + [
            Content(" ").join(wrapped[rows - 1:]).truncate(width, ellipsis=True)]
    return wrapped


def out_lines(width: int) -> list[Content]:
    """ "out", indented, in whole words on at most two lines ("вне игры" is wider than a narrow
    seat, where Textual folded it wherever the width fell)."""
    return [Content.styled("  " + line.plain, "dim")
            for line in fit_rows(Content(_("out")), max(width - 3, 1), 2)]


def cut_long_words(content: Content, width: int) -> Content:
    """Each word (as ``wrap_keeping_spaces`` sees words) longer than ``width`` cut to it with
    an ellipsis, styles kept."""
    plain = _loosen(content.plain.translate(_HOLD), width)  # a character for a character
    parts: list[Content] = []
    at = 0
    for word in re.finditer(r"[^ ]+", plain):
        start, end = word.span()
        if cell_len(word.group()) > width > 1:
            parts += [content[at:start], content[start:end].truncate(width, ellipsis=True)]
            at = end
    if not parts:
        return content
    return Content.assemble(*parts, content[at:])


def books_words(books: tuple[int, ...], pairs: bool) -> Content:
    """ "2 books: 5 K", or "no pairs" under the Kids option (whole messages, for the plurals)."""
    if not books:
        return Content.styled(_("no pairs") if pairs else _("no books"), "dim")
    n = len(books)
    if pairs:
        label = ngettext("{n} pair", "{n} pairs", n).format(n=n)
    else:
        label = ngettext("{n} book", "{n} books", n).format(n=n)
    return labelled(Content.styled(label, "dim"), " ".join(rank_short(r) for r in books))


def _row_content(row: Row, back_style) -> Content:
    parts = []
    for seg in row:
        part = Content(seg.text)
        if seg.role == "back" and back_style is not None:
            part = part.stylize(back_style)
        parts.append(part)
    return Content.assemble(*parts)


def _open_cards(cards: tuple[int, ...]) -> Content:
    if not cards:
        return Content("—")
    return Content(" ").join(
        Content.styled(card_label(c), ink_style(c & 3))
        for c in sorted(cards))
