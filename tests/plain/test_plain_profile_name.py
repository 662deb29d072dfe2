"""The line mode's first new game for a profile offers the profile's name for the first seat
(``--profile dora``: [Dora]), as the Textual setup does."""

from __future__ import annotations

import io

from gofish.plain.console import Console
from gofish.plain.start import PlainFront
from gofish.store import Store


def test_the_first_seat_offers_the_profile_name(tmp_path) -> None:
    out = io.StringIO()
    # Enter keeps every answer in brackets; the game starts, and "quit" leaves it
    console = Console(io.StringIO("2\n\n\n\n\n\n\n\nquit\n"), out, clear=False)
    store = Store(tmp_path / "data", profile="dora")
    front = PlainFront(console, store, profile="dora", command="gofish --plain")
    front.main("new")
    text = out.getvalue()
    assert "Player 1: name? [Dora]" in text
    assert "Player 2: name? [Bob]" in text
    [info] = store.list()
    assert list(info.summary.names) == ["Dora", "Bob"]
