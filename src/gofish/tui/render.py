"""Turning views into Content for the table. Names are always plain text, never markup."""

from __future__ import annotations

from textual.style import Style

from gofish.names import ascii_mode, rank_short

RED = "bold red"


def bullet() -> str:
    """The mark before each log line; plain ASCII in --ascii mode."""
    return "- " if ascii_mode() else "• "


def dot() -> str:
    """The separator between the parts of a title line; plain ASCII in --ascii mode."""
    return " - " if ascii_mode() else " · "


def click(action: str) -> Style:
    return Style.from_meta({"@click": action})


def rank_keys(ten: str = "0") -> str:
    """The rank keys as the player types them: "A 2-9 0 J Q K", or "A 2-9 0 V D R" with
    French local letters (the hand shows the same letters, and those keys pick them)."""
    ace, jack, queen, king = (rank_short(r) for r in (12, 9, 10, 11))
    return f"{ace} 2-9 {ten} {jack} {queen} {king}"
