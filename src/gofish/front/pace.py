"""The computer players' pace: how long the table waits after each computer move.

A few named paces rather than a number of seconds, so a player can pick one in the setup and
step through them at the table with ``+`` and ``-``; the name is what is remembered.
"""

from __future__ import annotations

import math
import os

from gofish.i18n import N_, _

PACES = ("instant", "fast", "normal", "slow")  # fastest first: "+" moves left, "-" right
DEFAULT_PACE = "normal"
SECONDS = {"instant": 0.0, "fast": 0.3, "normal": 0.6, "slow": 1.2}
LABELS = {
    "instant": N_("instant (no pause)"),
    "fast": N_("fast (0.3 s a move)"),
    "normal": N_("normal (0.6 s a move)"),
    "slow": N_("slow (1.2 s a move)"),
}


# a move that concerns you (you were asked, your cards taken, your lucky draw or book) stays up
# this many times the pace's pause, so it can be read: 1.5 s at the normal pace
CONCERNS_YOU = 2.5


def pause_after(seconds: float, concerns_you: bool) -> float:
    """How long the table waits after a computer's move, at a pace of ``seconds`` a move."""
    return seconds * CONCERNS_YOU if concerns_you else seconds


def pace_label(pace: str) -> str:
    return _(LABELS[pace])


def pace_notice(pace: str, *, limit: bool = False) -> str:
    """What the table says when + or - sets ``pace``; ``limit`` when a press went past an end."""
    if not limit:
        return _("Computer pace: {pace}").format(pace=pace_label(pace))
    if pace == PACES[0]:
        return _("Computer pace: {pace}, already the fastest").format(pace=pace_label(pace))
    return _("Computer pace: {pace}, already the slowest").format(pace=pace_label(pace))


def pace_notices() -> set[str]:
    """Every notice + and - can show, so that a new one can replace the last."""
    return {pace_notice(p, limit=end) for p in PACES for end in (False, True)}


def nearest_pace(seconds: float) -> str:
    """The named pace closest to a pause in seconds (GOFISH_DELAY may be any number)."""
    return min(PACES, key=lambda p: (abs(SECONDS[p] - seconds), PACES.index(p)))


def step_pace(pace: str, faster: int) -> str:
    """``faster`` steps towards instant (negative: towards slow), stopping at either end."""
    i = PACES.index(pace) - faster
    return PACES[max(0, min(len(PACES) - 1, i))]


def read_pace(value: object) -> str:
    """A remembered pace, or the default for anything else (an older or edited settings file)."""
    return value if isinstance(value, str) and value in SECONDS else DEFAULT_PACE


def environment_delay() -> float | None:
    """GOFISH_DELAY in seconds (0 in tests), which wins over the pace remembered in the
    settings; None when it is unset or not a number."""
    text = os.environ.get("GOFISH_DELAY", "").strip()
    try:
        value = float(text)
    except ValueError:
        return None
    return max(0.0, value) if math.isfinite(value) else None
