"""Expert: placeholder until the search is written (plays as Hard)."""

from __future__ import annotations

from .hard import HardPlayer


class ExpertPlayer(HardPlayer):
    level = "expert"
