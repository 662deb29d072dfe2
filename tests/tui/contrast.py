"""Contrast read from what the app actually drew: each cell's ink against its background.

WCAG 2.x: the relative luminance of each colour, the ratio (L1 + 0.05) / (L2 + 0.05). Text
needs 4.5:1 (AA); the drawn frames and bars (box drawing, block elements) are graphics and need
3:1 (WCAG 1.4.11). Dim text counts as the terminal draws it: its ink half way to the background
(Textual's own DimFilter does the same), reversed text with its colours swapped.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.color import Color as RichColor
from rich.segment import Segment
from rich.style import Style
from textual._compositor import visible_screen_stack  # noqa: PLC2701 (the screen as drawn)

TEXT_MINIMUM = 4.5
GRAPHICS_MINIMUM = 3.0
DIM_FACTOR = 0.5

RGB = tuple[int, int, int]


def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    r, g, b = (_channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def is_graphics(char: str) -> bool:
    """Box drawing and block elements: frames, bars, card backs, not letters."""
    return 0x2500 <= ord(char) <= 0x259F


@dataclass(frozen=True)
class Cell:
    x: int
    y: int
    text: str  # the run of characters this ink and background drew
    fg: RGB
    bg: RGB
    ratio: float

    def __str__(self) -> str:
        fg, bg = ("#{:02x}{:02x}{:02x}".format(*c) for c in (self.fg, self.bg))
        return f"({self.x},{self.y}) {self.text!r} {fg} on {bg}: {self.ratio:.2f}:1"


def _rgb(color: RichColor | None, default: RGB) -> RGB:
    if color is None or color.is_default:
        return default
    t = color.get_truecolor()
    return (t.red, t.green, t.blue)


def ink_and_paper(style: Style | None, default_fg: RGB, default_bg: RGB) -> tuple[RGB, RGB]:
    """The colours a terminal shows for a style: reverse swapped, dim blended."""
    style = style or Style()
    fg = _rgb(style.color, default_fg)
    bg = _rgb(style.bgcolor, default_bg)
    if style.reverse:
        fg, bg = bg, fg
    if style.dim:
        fg = tuple(round(b + (f - b) * DIM_FACTOR) for f, b in zip(fg, bg, strict=True))
    return fg, bg


def drawn_rows(app) -> list[list[Segment]]:
    """The screen's rows as segments, screens beneath a see-through one included, after the
    app's filters (NO_COLOR's monochrome, a theme's dim filter)."""
    visible_screen_stack.set(app._background_screens)
    return [list(strip) for strip in app.screen._compositor.render_strips()]


def cells(app, *, blank: bool = False) -> list[Cell]:
    """Every run of visible characters on screen with the colours it is drawn in (with
    ``blank``, the runs of spaces too: their background is drawn as well)."""
    theme = app.current_theme
    default_fg = _hex(theme.foreground or "#e0e0e0")
    default_bg = _hex(theme.background or "#121212")
    out: list[Cell] = []
    for y, row in enumerate(drawn_rows(app)):
        x = 0
        for seg in row:
            if seg.control:
                continue
            text = seg.text
            fg, bg = ink_and_paper(seg.style, default_fg, default_bg)
            if blank or text.strip():
                out.append(Cell(x, y, text, fg, bg, contrast(fg, bg)))
            x += len(text)
    return out


def _hex(value: str) -> RGB:
    from textual.color import Color

    c = Color.parse(value)
    return (c.r, c.g, c.b)


def too_faint(app, text_minimum: float = TEXT_MINIMUM,
              graphics_minimum: float = GRAPHICS_MINIMUM) -> list[Cell]:
    """The runs drawn below the minimum: text below 4.5:1, frames below 3:1."""
    faint = []
    for cell in cells(app):
        letters = [c for c in cell.text if not c.isspace() and not is_graphics(c)]
        minimum = text_minimum if letters else graphics_minimum
        if cell.ratio < minimum - 1e-9:
            faint.append(cell)
    return faint


def coloured(app) -> list[Cell]:
    """Runs, spaces included, drawn in an ink or on a background that is not a grey (under
    NO_COLOR there must be none)."""
    return [c for c in cells(app, blank=True) if len(set(c.fg)) > 1 or len(set(c.bg)) > 1]
