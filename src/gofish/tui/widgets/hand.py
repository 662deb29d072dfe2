"""Your hand, as the seat's view holds it."""

from __future__ import annotations

from textual.widgets import Static


class HandView(Static):
    """The hand. Its ranks are clickable, but a click target must not repaint the cards:
    Textual's link style would turn the red of hearts and diamonds into the text colour."""

    auto_links = False  # type: ignore[assignment]
