"""Turning views into Content for the table. Names are always plain text, never markup."""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.style import Style

from gofish.engine import SeatView
from gofish.i18n import _, ngettext
from gofish.names import RED_SUITS, ascii_mode, card_label, rank_short

RED = "bold red"
SEAT_WIDTH = 30  # a seat line inside the 34-column seats panel, brackets and border aside


def bullet() -> str:
    """The mark before each log line; plain ASCII in --ascii mode."""
    return "- " if ascii_mode() else "• "


def dot() -> str:
    """The separator between the parts of a title line; plain ASCII in --ascii mode."""
    return " - " if ascii_mode() else " · "
BLACK = "bold"
PICKED = "reverse bold"


def card_content(c: int) -> Content:
    return Content.styled(card_label(c), RED if (c & 3) in RED_SUITS else BLACK)


def click(action: str) -> Style:
    return Style.from_meta({"@click": action})


def hand_groups(hand: Sequence[int]) -> list[tuple[int, list[int]]]:
    groups: dict[int, list[int]] = {}
    for c in sorted(hand):
        groups.setdefault(c >> 2, []).append(c)
    return sorted(groups.items())


def hand_content(hand: Sequence[int], picked_rank: int | None, picked_suit: int | None,
                 clickable: bool) -> Content:
    """The hand grouped by rank; the picked rank is bracketed and reversed (not colour alone)."""
    parts: list[Content] = []
    for rank, cards in hand_groups(hand):
        picked = rank == picked_rank
        inner = Content(" ").join(card_content(c) for c in cards)
        group = Content.assemble("[" if picked else " ", inner, "]" if picked else " ")
        if picked:  # bracketed and underlined, never reversed: the red stays red
            group = group.stylize("bold underline")
        if clickable:
            group = group.stylize(click(f"screen.pick_rank({rank})"))
        parts.append(group)
    if not parts:
        return Content(_("(no cards)"))
    return Content(" ").join(parts)


def seat_line(view: SeatView, seat: int, names: Sequence[str], *, picked: bool,
              pickable: bool, key: str) -> Content:
    """One seat in the seats panel: key, name, card count, turn marker."""
    turn = not view.over and not view.deal_over and view.turn == seat
    marker = ("*" if ascii_mode() else "▶") if turn else " "
    name = names[seat]
    if seat == view.seat:
        name = _("{name} (you)").format(name=name)
    count = view.counts[seat]
    if view.out[seat]:
        cards = _("out")
    else:
        cards = ngettext("{n} card", "{n} cards", count).format(n=count)
    cards_cell = Content(cards)
    # long names (up to 20 characters, more with "(you)" in a long language) are cut to fit
    room = SEAT_WIDTH - 4 - 1 - cards_cell.cell_length
    shown = Content.styled(name, "bold" if turn else "").truncate(room, ellipsis=True)
    head = Content.assemble((key, "bold") if key else " ", " ", marker, " ", shown)
    line = Content.assemble(head, " " * max(1, SEAT_WIDTH - head.cell_length - cards_cell.cell_length),
                            cards_cell)
    if picked:
        line = Content.assemble("[", line, "]").stylize(PICKED)
    else:
        line = Content.assemble(" ", line, " ")
    if pickable:
        line = line.stylize(click(f"screen.pick_target({seat})"))
    return line


def books_line(view: SeatView, seat: int, pairs: bool = False) -> Content:
    """A seat's books, or its pairs under the Kids option (whole messages, for the plurals)."""
    books = view.books[seat]
    if not books:
        return Content("      " + (_("no pairs") if pairs else _("no books")))
    ranks = " ".join(rank_short(r) for r, _c in sorted(books))
    n = len(books)
    if pairs:
        label = ngettext("{n} pair", "{n} pairs", n).format(n=n)
    else:
        label = ngettext("{n} book", "{n} books", n).format(n=n)
    return Content.assemble("      ", (label, "dim"), ": ", ranks)


def rank_keys(ten: str = "0") -> str:
    """The rank keys as the player types them: "A 2-9 0 J Q K", or "A 2-9 0 V D R" with
    French local letters (the hand shows the same letters, and those keys pick them)."""
    ace, jack, queen, king = (rank_short(r) for r in (12, 9, 10, 11))
    return f"{ace} 2-9 {ten} {jack} {queen} {king}"


def cards_row(cards: Sequence[int]) -> Content:
    return Content(" ").join(card_content(c) for c in sorted(cards))
