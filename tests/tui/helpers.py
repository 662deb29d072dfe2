"""Driving the app in tests: a fixed clock, no computer pacing, the screen as plain text."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

from rich.console import Console

from gofish.engine import Rules
from gofish.names import card_label, rank_short, suit_symbol
from gofish.seats import SeatSpec
from gofish.tui.app import GofishApp
from gofish.tui.screens.setup import SetupChoice

CARD_FACE = re.compile(r"(?<![0-9A-Za-z])(10|[2-9AJQK])[♣♦♥♠]")
FIXED = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)


def fixed_clock() -> datetime:
    return FIXED


def make_app(tmp_path, seats, rules: Rules | None = None, seed: int = 1, **kw) -> GofishApp:
    choice = None
    if seats is not None:
        choice = SetupChoice(tuple(seats), rules or Rules(), seed)
    kw.setdefault("pass_guard", 0.0)
    kw.setdefault("computer_delay", 0)
    kw.setdefault("moment_seconds", 0)  # no moments passing by in tests and snapshots
    kw.setdefault("command", "gofish")  # the help names it: the same in every checkout
    return GofishApp(data_dir=str(tmp_path / "data"), clock=fixed_clock, choice=choice, **kw)


def humans(*names: str) -> list[SeatSpec]:
    return [SeatSpec(n) for n in names]


def screen_text(app: GofishApp) -> str:
    """Everything rendered, the screens beneath a see-through one included."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens))
    return console.export_text()


def static_text(widget) -> str:
    """A Static's whole text, scrolled out of sight or not; the help's keys are a rich table,
    whose text a Console draws."""
    from rich.table import Table

    if isinstance(widget.content, Table):
        console = Console(width=200, file=io.StringIO(), record=True)
        console.print(widget.content)
        return console.export_text()
    return str(widget.render())


async def settled_text(pilot) -> str:
    """The screen's text once a freshly pushed screen has drawn its first frame."""
    for _ in range(50):
        text = screen_text(pilot.app)
        if text.strip():
            return text
        await pilot.pause(0.02)
    return screen_text(pilot.app)


def notices(app: GofishApp) -> list[str]:
    """The notices (toasts) raised and not yet expired; they are not in the screen's text."""
    return [n.message for n in app._notifications]


def _label_pattern(c: int) -> re.Pattern[str]:
    label = card_label(c)  # as the table writes it now: "10♥", "10h" (--ascii), "R♥" (letters)
    # not inside a longer label or word ("10♥" is not "0♥"; "As" is not the "As" of "Ask")
    return re.compile(r"(?<![0-9A-Za-z])" + re.escape(label) + r"(?![0-9A-Za-z])")


def _face_shown(lines: list[str], c: int) -> bool:
    """A card face: its rank at some column and its suit right under it, as the table's small
    faces draw them (``│10 │`` over ``│♥  │``)."""
    rank, suit = rank_short(c >> 2), suit_symbol(c & 3)
    pattern = re.compile(r"(?<![0-9A-Za-z])" + re.escape(rank) + r"(?![0-9A-Za-z])")
    for above, below in zip(lines, lines[1:], strict=False):
        for m in pattern.finditer(above):
            x = m.start()
            if below[x:x + len(suit)] == suit and not below[x + len(suit):x + len(suit) + 1].isalnum():
                return True
    return False


def cards_shown(text: str, cards) -> set[int]:
    """Which of ``cards`` are on screen, as their rank+suit label ("10♥") or as a face (the
    rank over its suit), wherever the table puts them (this reads the text, not the layout, so
    a redrawn table keeps the check)."""
    lines = text.splitlines()
    return {c for c in cards if _label_pattern(c).search(text) or _face_shown(lines, c)}


def check_only_own_cards_shown(text: str, own, hidden) -> None:
    """The viewer's cards are all found on screen (the positive control: if the table stops
    writing cards as labels, this fails instead of passing with nothing found), then none of
    the ``hidden`` ones."""
    own = set(own)
    missing = own - cards_shown(text, own)
    assert not missing, ("the viewer's own cards are not found on screen: "
                         f"{sorted(card_label(c) for c in missing)}; if the table now draws "
                         f"cards another way, teach cards_shown() to read it\n{text}")
    leaked = cards_shown(text, set(hidden) - own)
    assert not leaked, f"cards of other seats visible: {sorted(map(card_label, leaked))}\n{text}"


async def confirm_pass(pilot) -> None:
    """The incoming player takes the device: their own key on the pass screen (not Enter),
    and, under a pass guard, the moment with no repeat after it that shows it was not held."""
    screen = pilot.app.screen
    await pilot.press(screen.confirm_key)
    if getattr(screen, "pending", False):
        screen.last_key -= 3600  # the moment has passed
        for _ in range(500):
            if pilot.app.screen is not screen:
                return
            await pilot.pause(0.01)
        raise AssertionError("the pass screen never handed over")
