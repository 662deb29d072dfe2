"""Turning views into Content for the table. Names are always plain text, never markup."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.style import Style

from gofish.i18n import pgettext
from gofish.names import ascii_mode, card_label, rank_keys
from gofish.tui.cards import ink_style

__all__ = ["bullet", "card_content", "cards_row", "click", "clip", "dot", "labelled", "rank_keys"]


def bullet() -> str:
    """The mark before each log line; plain ASCII in --ascii mode."""
    return "- " if ascii_mode() else "• "


def dot() -> str:
    """The separator between the parts of a title line; plain ASCII in --ascii mode."""
    return " - " if ascii_mode() else " · "


def labelled(label: Content | str, value: Content | str) -> Content:
    """``label: value`` as the language writes it: French puts a no-break space before the
    colon, which a ": " written here left out ("2 livres: 5 K")."""
    # TRANSLATORS: a label and what it labels, on one line: "2 books: 5 K", "Your hand: 2♣ 6♦"
    template = pgettext("label", "{label}: {value}")
    before, _sep, after = template.partition("{label}")
    middle, _sep, end = after.partition("{value}")
    return Content.assemble(before, label, middle, value, end)


def clip(text: str, width: int) -> str:
    """``text`` in at most ``width`` cells; a cut ends in "…" ("..." under --ascii, where the
    line filter would make "…" a lone "."), so a reader sees that something was left out."""
    if cell_len(text) <= width:
        return text
    mark = "..." if ascii_mode() else "…"
    room = max(width - len(mark), 0)
    kept, used = [], 0
    for ch in text:
        used += cell_len(ch)
        if used > room:
            break
        kept.append(ch)
    return "".join(kept).rstrip(" ,;:") + mark


def click(action: str) -> Style:
    return Style.from_meta({"@click": action})


def card_content(c: int) -> Content:
    """One card as its label ("10♥") in its suit's ink: for a line of text, where the
    table's card faces (tui/cards.py) would not fit (the coach's memory, the review)."""
    return Content.styled(card_label(c), ink_style(c & 3))


def cards_row(cards: Sequence[int]) -> Content:
    return Content(" ").join(card_content(c) for c in sorted(cards))
