"""Cards drawn as cards: faces for a hand, backs for a count, small stacks for books.

Plain Python (no Textual): each drawing is a list of rows, each row a list of ``Seg`` (text, role,
rank). Widgets turn roles into styles and ranks into click targets. A hand takes the first layout
that fits its width: full faces with 3 then 1 columns between ranks, the cards of a rank fanned,
every card fanned, then one card per rank listing its suits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

FRAME, CHOSEN, NEW, RED, BLACK, BACK, PLAIN = "frame", "chosen", "new", "red", "black", "back", ""
BLUE, GREEN = "blue", "green"

# Each suit's ink, by suit number (clubs, diamonds, hearts, spades, as gofish.engine.cards).
# The suit's symbol or letter is always drawn too: colour is never the only cue.
TWO_COLOURS = (BLACK, RED, RED, BLACK)
FOUR_COLOURS = (GREEN, BLUE, RED, BLACK)  # the four-colour deck
# "black" is the text's own colour (the table is dark). Blue and green are light enough for
# 4.5:1 on the dark themes' backgrounds, and fall on bright blue and bright green (ANSI 12, 10)
# in 16 colours, where red is ANSI red and the text white: four inks apart there too.
INK_STYLES = {BLACK: "bold", RED: "bold red", BLUE: "bold #6b9bff", GREEN: "bold #3cc83c"}

_inks = TWO_COLOURS
_colourless = False


def set_inks(*, four_colours: bool, colourless: bool = False) -> None:
    """The deck the app draws (from the settings); ``colourless`` under NO_COLOR, where a grey
    of red or blue would read worse than the text's own colour."""
    global _inks, _colourless
    _inks = FOUR_COLOURS if four_colours else TWO_COLOURS
    _colourless = colourless


def four_colours() -> bool:
    return _inks is FOUR_COLOURS


def ink(suit: int) -> str:
    """The role a suit's symbol and rank are drawn in."""
    return BLACK if _colourless else _inks[suit]


def ink_style(suit: int) -> str:
    """A suit's style, for a card written in a line of text ("10♥")."""
    return INK_STYLES[ink(suit)]


@dataclass(frozen=True)
class Seg:
    text: str
    role: str = PLAIN
    rank: int = -1


@dataclass(frozen=True)
class Glyphs:
    h: str
    v: str
    tl: str
    tr: str
    bl: str
    br: str
    back: str
    dh: str  # the chosen rank's double frame
    dv: str
    dtl: str
    dtr: str
    dbl: str
    dbr: str
    book_bottom: str  # ╘═╛
    new: str = "*"


UNICODE = Glyphs("─", "│", "╭", "╮", "╰", "╯", "▒", "═", "║", "╔", "╗", "╚", "╝", "╘═╛")
ASCII = Glyphs("-", "|", "+", "+", "+", "+", "#", "=", "#", "#", "#", "#", "#", "[=]")


@dataclass(frozen=True)
class Face:
    """One card as the hand shows it."""

    card: int
    rank: int
    label: str  # "10"
    suit: str  # "♥" or "h"
    chosen: bool
    new: bool
    width: int  # columns shown: the full card, or the strip a covered card leaves


Row = list[Seg]


def _merge(row: list[Seg]) -> Row:
    out: list[Seg] = []
    for seg in row:
        if out and out[-1].role == seg.role and out[-1].rank == seg.rank:
            out[-1] = Seg(out[-1].text + seg.text, seg.role, seg.rank)
        else:
            out.append(seg)
    return out


def _face_rows(f: Face, g: Glyphs, inner: int, big: bool) -> list[list[Seg]]:
    """The card's rows (4 small, 5 big) cut to ``f.width`` columns."""
    frame = CHOSEN if f.chosen else FRAME
    h, v = (g.dh, g.dv) if f.chosen else (g.h, g.v)
    tl, tr, bl, br = (g.dtl, g.dtr, g.dbl, g.dbr) if f.chosen else (g.tl, g.tr, g.bl, g.br)
    ink_role = ink(f.card & 3)
    r = f.rank
    top = [Seg(tl, frame, r)]
    if f.new:
        top += [Seg(g.new, NEW, r), Seg(h * (inner - 1), frame, r)]
    else:
        top.append(Seg(h * inner, frame, r))
    top.append(Seg(tr, frame, r))
    if big:
        corner = (f.label + f.suit).ljust(inner)
        rows = [
            top,
            [Seg(v, frame, r), Seg(corner, ink_role, r), Seg(v, frame, r)],
            [Seg(v, frame, r), Seg(f.suit.center(inner), ink_role, r), Seg(v, frame, r)],
            [Seg(v, frame, r), Seg((f.suit + f.label).rjust(inner), ink_role, r), Seg(v, frame, r)],
        ]
    else:
        rows = [
            top,
            [Seg(v, frame, r), Seg(f.label.ljust(inner), ink_role, r), Seg(v, frame, r)],
            [Seg(v, frame, r), Seg(f.suit.ljust(inner), ink_role, r), Seg(v, frame, r)],
        ]
    rows.append([Seg(bl, frame, r), Seg(h * inner, frame, r), Seg(br, frame, r)])
    return [_cut(row, f.width) for row in rows]


def _cut(row: list[Seg], width: int) -> list[Seg]:
    out: list[Seg] = []
    left = width
    for seg in row:
        if left <= 0:
            break
        out.append(Seg(seg.text[:left], seg.role, seg.rank))
        left -= len(seg.text[:left])
    return out


def _suits_rows(rank: int, label: str, suits: list[tuple[int, str]], chosen: bool, new: bool,
                g: Glyphs) -> list[list[Seg]]:
    """One card for a whole rank, its suits side by side: the last resort of a huge hand."""
    frame = CHOSEN if chosen else FRAME
    h, v = (g.dh, g.dv) if chosen else (g.h, g.v)
    tl, tr, bl, br = (g.dtl, g.dtr, g.dbl, g.dbr) if chosen else (g.tl, g.tr, g.bl, g.br)
    inner = max(len(label), len(suits))
    top = [Seg(tl, frame, rank)]
    top += [Seg(g.new, NEW, rank), Seg(h * (inner - 1), frame, rank)] if new else \
        [Seg(h * inner, frame, rank)]
    top.append(Seg(tr, frame, rank))
    ink_row = [Seg(v, frame, rank)]
    for card, s in suits:
        ink_row.append(Seg(s, ink(card & 3), rank))
    ink_row.append(Seg(" " * (inner - len(suits)) + v, frame, rank))
    return [top, [Seg(v, frame, rank), Seg(label.ljust(inner), BLACK, rank), Seg(v, frame, rank)],
            ink_row, [Seg(bl, frame, rank), Seg(h * inner, frame, rank), Seg(br, frame, rank)]]


def hand_rows(hand: Sequence[int], width: int, *, chosen: int | None = None,
              new: frozenset[int] = frozenset(), big: bool = False, glyphs: Glyphs = UNICODE,
              label: Callable[[int], str], suit: Callable[[int], str]) -> list[Row]:
    """The hand in ``width`` columns: 5 rows (6 with big cards), the chosen rank one row up."""
    groups: dict[int, list[int]] = {}
    for c in sorted(hand):
        groups.setdefault(c >> 2, []).append(c)
    ranks = sorted(groups)
    n, k = len(hand), len(ranks)
    if not n:
        return []
    inner = 5 if big else 3
    full = inner + 2
    # (gap between ranks, covered width inside a rank, covered width across ranks)
    layouts = [(3, full, full), (1, full, full), (1, 3, full), (0, 3, 3)]
    for gap, within, across in layouts:
        if big and within != full:  # big faces only whole: else the small ones
            return hand_rows(hand, width, chosen=chosen, new=new, glyphs=glyphs, label=label,
                             suit=suit)
        used = 0
        for i, r in enumerate(ranks):
            cards = groups[r]
            last_rank = i == k - 1
            used += (len(cards) - 1) * within + (full if last_rank else across) + \
                (0 if last_rank else gap)
        if used <= width:
            break
    else:
        return _suits_layout(groups, ranks, width, chosen, new, glyphs, label, suit)
    height = 6 if big else 5
    rows: list[list[Seg]] = [[] for _ in range(height)]
    for i, r in enumerate(ranks):
        cards = groups[r]
        for j, c in enumerate(cards):
            last_card = j == len(cards) - 1
            last_rank = i == k - 1
            w = full if last_card and last_rank else (across if last_card else within)
            face = Face(c, r, label(r), suit(c & 3), chosen == r, c in new, w)
            card_rows = _face_rows(face, glyphs, inner, big)
            lift = 0 if face.chosen else 1
            for y in range(height):
                cy = y - lift
                if 0 <= cy < len(card_rows):
                    rows[y].extend(card_rows[cy])
                else:
                    rows[y].append(Seg(" " * w, PLAIN, r))
        if i < k - 1 and gap:
            for y in range(height):
                rows[y].append(Seg(" " * gap))
    return [_merge(row) for row in rows]


def _suits_layout(groups: dict[int, list[int]], ranks: list[int], width: int,
                  chosen: int | None, new: frozenset[int], glyphs: Glyphs,
                  label: Callable[[int], str], suit: Callable[[int], str]) -> list[Row]:
    drawn_all = []
    for r in ranks:
        cards = groups[r]
        drawn_all.append((r, _suits_rows(r, label(r), [(c, suit(c & 3)) for c in cards],
                                         chosen == r, any(c in new for c in cards), glyphs)))
    total = sum(row_width(d[0]) for _r, d in drawn_all)
    squeeze = total > width  # the cards share their edges: each right edge is cut but the last
    rows: list[list[Seg]] = [[] for _ in range(5)]
    for i, (r, drawn) in enumerate(drawn_all):
        w = row_width(drawn[0])
        if squeeze and i < len(drawn_all) - 1:
            w -= 1
            drawn = [_cut(row, w) for row in drawn]
        lift = 0 if chosen == r else 1
        for y in range(5):
            cy = y - lift
            rows[y].extend(drawn[cy] if 0 <= cy < 4 else [Seg(" " * w, PLAIN, r)])
    return [_merge(row) for row in rows]


def back_rows(count: int, glyphs: Glyphs = UNICODE, big: bool = False,
              small: bool = False) -> list[Row]:
    """A pile of card backs: up to 3 edges show behind the top card (3 rows; 5 big). A small
    pile (a narrow seat: 5 or more opponents at 80 columns) is 4 columns wide."""
    g = glyphs
    edges = min(max(count - 1, 0), 1 if small else 2)
    inner = 1 if small else 5 if big else 3
    if count == 0:
        return [[Seg(" " * (inner + 2))] for _ in range(5 if big else 3)]
    top = [Seg(g.tl + g.h * inner + g.tr + g.tr * edges, FRAME)]
    mid = [Seg(g.v, FRAME), Seg(g.back * inner, BACK), Seg(g.v + g.v * edges, FRAME)]
    bottom = [Seg(g.bl + g.h * inner + g.br + g.br * edges, FRAME)]
    return [top] + [mid] * (3 if big else 1) + [bottom]


def book_rows(books: Sequence[int], label: Callable[[int], str], glyphs: Glyphs = UNICODE,
              width: int = 40) -> list[Row]:
    """Books as small stacks (╭5╮ over ╘═╛), as many as fit, then "+n"."""
    if not books:
        return []
    g = glyphs
    top: list[Seg] = []
    bottom: list[Seg] = []
    used = 0
    for i, r in enumerate(books):
        text = label(r)
        cell = (f"{g.tl}{text}{g.tr}" if glyphs is UNICODE else f"[{text}]")
        foot = g.book_bottom if len(text) == 1 else g.book_bottom[0] + g.book_bottom[1] * 2 + \
            g.book_bottom[2]
        if used + len(cell) + 4 > width and i < len(books) - 1:
            top.append(Seg(f"+{len(books) - i}"))
            break
        top += [Seg(cell, FRAME), Seg(" ")]
        bottom += [Seg(foot, FRAME), Seg(" ")]
        used += len(cell) + 1
    return [_merge(top), _merge(bottom)]


def row_width(row: Row) -> int:
    return sum(len(s.text) for s in row)
