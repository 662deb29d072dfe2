"""--ascii for everything Textual draws: frames, scrollbars, arrows and dashes in plain ASCII.

gofish writes its own words and cards in ASCII under --ascii (``ascii_text``, the ASCII card
faces), but Textual's widgets draw with box-drawing and block characters of their own: panel
borders, buttons, the Select arrow, toasts, scrollbars. Rather than restyle every widget (and
every widget yet to come), the app adds a line filter (``App.get_line_filters``) that swaps each
such character for an ASCII one of the same width as the screen is drawn. Letters of other
scripts (Cyrillic, accents) are words, not drawing, and stay. Scrollbars get a renderer with
whole-cell thumbs, so nothing is left to swap there.
"""

from __future__ import annotations

import unicodedata

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter
from textual.scrollbar import ScrollBarRender

# (what is drawn, its ASCII stand-in); one cell each, so the layout is unchanged
_BLOCKS = {
    "▀": "-", "▔": "-", "▄": "-", "▁": "-", "▂": "-", "▃": "-",
    "▅": "#", "▆": "#", "▇": "#", "█": "#", "▉": "#",
    "▊": "|", "▋": "|", "▌": "|", "▍": "|", "▎": "|", "▏": "|", "▐": "|", "▕": "|",
    "░": ".", "▒": ":", "▓": "#",
}
_SHAPES = {
    "▼": "v", "▾": "v", "▽": "v", "▲": "^", "▴": "^", "△": "^",
    "▶": ">", "▸": ">", "►": ">", "▷": ">", "◀": "<", "◂": "<", "◄": "<", "◁": "<",
    "●": "o", "○": "o", "◉": "o", "◆": "*", "◇": "*", "■": "#", "□": "#",
    "←": "<", "→": ">", "↑": "^", "↓": "v", "⏎": "<", "↵": "<",
    "✓": "v", "✔": "v", "✗": "x", "✘": "x", "×": "x",
    "—": "-", "–": "-", "‐": "-", "‑": "-", "−": "-",
    "‘": "'", "’": "'", "“": '"', "”": '"', "„": '"', "«": '"', "»": '"',
    "…": ".", "·": ".", "•": "*",
    "\u00a0": " ", "\u202f": " ", "\u2009": " ",
    "♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s",
}


def _box_stand_in(char: str) -> str:
    """A box-drawing character by what its name says it draws: a line, a corner, a diagonal."""
    name = unicodedata.name(char, "")
    if "DIAGONAL" in name:
        return "X" if "CROSS" in name else ("/" if "UPPER RIGHT" in name else "\\")
    across = any(word in name for word in ("HORIZONTAL", "LEFT", "RIGHT"))
    down = any(word in name for word in ("VERTICAL", "UP", "DOWN"))
    if across and down:
        return "+"
    return "-" if across else "|"


def _quadrant_stand_in(char: str) -> str:
    return "+" if "QUADRANT" in unicodedata.name(char, "") else "#"


def ascii_table() -> dict[int, str]:
    table = {0x2500 + i: _box_stand_in(chr(0x2500 + i)) for i in range(0x80)}
    table.update({0x2580 + i: _quadrant_stand_in(chr(0x2580 + i)) for i in range(0x20)})
    table.update({ord(k): v for k, v in {**_BLOCKS, **_SHAPES}.items()})
    return table


ASCII_TABLE = ascii_table()


def to_ascii(text: str) -> str:
    """``text`` with every drawing character as ASCII, each in one cell as before."""
    return text if text.isascii() else text.translate(ASCII_TABLE)


class AsciiFilter(LineFilter):
    """Every line Textual draws, with its drawing characters in ASCII (styles kept)."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [segment if segment.control or segment.text.isascii()
                else Segment(to_ascii(segment.text), segment.style, segment.control)
                for segment in segments]


class AsciiScrollBarRender(ScrollBarRender):
    """Scrollbars without the eighth-block ends: the thumb is whole reversed cells, which show
    in 16 colours and under NO_COLOR alike."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8
