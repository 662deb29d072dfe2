"""Turning views into Content for the table. Names are always plain text, never markup."""

from __future__ import annotations

from textual.style import Style

from gofish.names import ascii_mode, rank_keys

__all__ = ["bullet", "click", "dot", "rank_keys"]

RED = "bold red"


def bullet() -> str:
    """The mark before each log line; plain ASCII in --ascii mode."""
    return "- " if ascii_mode() else "• "


def dot() -> str:
    """The separator between the parts of a title line; plain ASCII in --ascii mode."""
    return " - " if ascii_mode() else " · "


def click(action: str) -> Style:
    return Style.from_meta({"@click": action})
