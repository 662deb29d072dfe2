"""Numbers as each language writes them: "25 %" and "6,0" in French, "25%" and "6.0" in
English. The percent sign's place and the decimal separator are messages of the catalog,
so a language brings its own with its translation (no locale database needed)."""

from __future__ import annotations

from gofish.i18n import pgettext


def percent(rate: float) -> str:
    """``rate`` (0.25) as a whole percentage: "25%"."""
    return pgettext("a percentage", "{n}%").format(n=f"{rate * 100:.0f}")


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals and the language's decimal separator: "6.0"."""
    text = f"{value:.{places}f}"
    return text.replace(".", pgettext("the decimal separator", "."))
