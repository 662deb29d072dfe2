"""A fact of this very turn is said as "just now", not "0 turns ago" (the word before a second
ask for the rank just taken read "Bob gave away sixes 0 turns ago")."""

from __future__ import annotations

import re

import pytest

from gofish.coach.advice import Reason, why
from gofish.coach.words import reason_text
from gofish.i18n import LANGUAGES

NAMES = ("Alice", "Bob")


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
@pytest.mark.parametrize("kind", [why.GAVE_AWAY, why.SAID_GO_FISH])
def test_this_turn_is_not_zero_turns_ago(lang, kind):
    now = reason_text(Reason(kind, 1, 4, -1, 0), NAMES)
    assert not re.search(r"(?<![0-9])0(?![0-9])", now), now
    assert "Bob" in now
    later = reason_text(Reason(kind, 1, 4, -1, 2), NAMES)
    assert "2" in later and later != now
