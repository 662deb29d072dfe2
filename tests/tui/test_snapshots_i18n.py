"""The table (80x24 and 120x40), the pass-the-device screen, the help (its top and its end,
the computer levels), the final move and the game over (a single game and a match's deal) in
French and Russian:
the longest translations still fit. The scenes are the English snapshots' own (scenes.py).
Plain ``def`` tests, as pytest-textual-snapshot wants.
"""

from __future__ import annotations

import pytest

from gofish.i18n import set_language

from .scenes import SCENES

SHOWN = {scene.name: scene for scene in SCENES
         if scene.name in ("table", "table-large", "pass-the-device", "help", "help-computers",
                           "final-move", "game-over", "game-over-match", "game-over-match-end",
                           "table-memory", "table-hint", "table-sure-miss",
                           "table-six-seats")}


# the end of a match is the slowest scene: Russian (the longer words) is enough
CASES = [(name, lang) for name in sorted(SHOWN) for lang in ("fr", "ru")
         if (name, lang) != ("game-over-match-end", "fr")]


@pytest.mark.parametrize(("name", "lang"), CASES, ids=[f"{n}-{lang}" for n, lang in CASES])
def test_screen_in(snap_compare, tmp_path, name: str, lang: str):
    scene = SHOWN[name]
    set_language(lang)  # before the app is made: the screens compose in this language
    assert snap_compare(scene.make(tmp_path), terminal_size=scene.size,
                        run_before=scene.run_before)
