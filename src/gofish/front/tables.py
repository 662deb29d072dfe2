"""Shared tables in words, for every front end: the preset words a seat may say, a seat's
comings and goings, a listed table's rules and state."""

from __future__ import annotations

from gofish.i18n import N_, _
from gofish.rules_text import PRESET_TITLES

# the seat statuses a host tells (gofish.net.table)
HERE, AWAY, STAND_IN, GIVEN = "here", "away", "computer", "given"

# a word arrives as its key, and each reader's own front end says it in its language
WORD_TEXTS = {
    "good-game": N_("Good game!"),
    "your-turn": N_("Your turn!"),
    "well-played": N_("Well played!"),
    "hurry-up": N_("Hurry up!"),
}

SEAT_NEWS = {
    AWAY: N_("{name} is away: the table waits."),
    HERE: N_("{name} is back."),
    STAND_IN: N_("{name} is away: a computer plays for them."),
    GIVEN: N_("{name}'s seat is played by a computer."),
}


def word_text(word: str) -> str:
    """A preset word in the reader's language ("" if unknown)."""
    text = WORD_TEXTS.get(word)
    return _(text) if text else ""


def rules_name(preset: str | None) -> str:
    """A table's rules as the lobby names them (a preset's title, else Custom)."""
    return _(PRESET_TITLES[preset]) if preset in PRESET_TITLES else _("Custom")


def state_text(over: bool, started: bool, free: int, mine: bool) -> str:
    """A listed table's state: finished, in play, or how many seats are free; "you: ..." where
    this player holds a seat."""
    if over:
        state = _("finished")
    elif started:
        state = _("in play")
    else:
        state = _("{n} free").format(n=free)
    return _("you: {state}").format(state=state) if mine else state
