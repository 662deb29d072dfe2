"""Turning views into Content for the table. Names are always plain text, never markup."""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from textual.content import Content
from textual.style import Style

from gofish.i18n import _, ngettext, pgettext
from gofish.names import ascii_mode, card_label, rank_keys, rank_short
from gofish.tui.cards import ink_style

__all__ = ["bullet", "card_content", "cards_row", "click", "clip", "dot", "hand_title", "labelled",
           "rank_keys"]


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


def hand_title(name: str | None, cards: int, books: Sequence[int], *, pairs: bool, new: bool,
               room: int) -> Content:
    """The line above a hand: "Your hand, Ann · 7 cards · 1 book: K" (no name: "Your hand
    · ..."), in ``room`` cells. The
    legend of the new-card marks goes when it does not fit (the marks stay on the cards), and
    the rest, a long name and many books, ends in "…" rather than in the middle of a word."""
    ranks = sorted(books)
    if ranks:
        label = ngettext("{n} pair", "{n} pairs", len(ranks)) if pairs else \
            ngettext("{n} book", "{n} books", len(ranks))
        booked = labelled(label.format(n=len(ranks)), " ".join(rank_short(r) for r in ranks))
    else:
        booked = Content(_("no pairs") if pairs else _("no books"))
    whose = _("Your hand") if name is None else _("Your hand, {name}").format(name=name)
    title = Content.assemble(
        (whose, "bold"), dot(),
        ngettext("{n} card", "{n} cards", cards).format(n=cards), dot(), booked)
    legend = Content.assemble(dot(), (_("* new since your last turn"), "dim"))
    if new and title.cell_length + legend.cell_length <= room:
        title = title + legend
    return title.truncate(room, ellipsis=True) if room > 0 else title


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
