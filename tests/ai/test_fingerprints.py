"""A golden fingerprint of each computer level's choices on fixed seeds under several rules.

Any change to what a level chooses changes its fingerprint, so a change nobody meant fails here.
A deliberate change to a player regenerates the fingerprints IN THE SAME COMMIT:

    GOFISH_UPDATE_FINGERPRINTS=1 .venv/bin/python -m pytest -q tests/ai/test_fingerprints.py

which rewrites tests/ai/fingerprints.json (the only data this test keeps); review its diff: only
the levels you changed should move.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from ai_support import play_to_end

from gofish.engine import Rules, preset
from gofish.seats import LEVELS

DATA = Path(__file__).with_name("fingerprints.json")
UPDATE = os.environ.get("GOFISH_UPDATE_FINGERPRINTS", "") not in ("", "0")
SEEDS = (1, 2)
RULES: dict[str, Rules] = {
    "standard": preset("standard"),
    "card-bluff": preset("standard").replace(ask_for="card", bluff_asks=True),
    "first-out": preset("standard").replace(end="first-out"),
    "until-hit": preset("standard").replace(draw_until_hit=True, after_miss="asked-player"),
    "kids": preset("kids"),
    "quick-2": preset("quick"),  # one to one, against a random seat (the reader reads only there)
}
PLAYERS = {"quick-2": 2}  # three seats (the level and two random ones) unless named here


def fingerprint(level: str, rules: Rules, players: int = 3) -> str:
    """The actions of games where seat 0 plays ``level`` against two random seats, hashed."""
    digest = hashlib.sha256()
    for seed in SEEDS:
        game = play_to_end(rules, players, seed, [level] + ["random"] * (players - 1))
        digest.update(json.dumps([a.to_json() for a in game.actions]).encode())
        digest.update(b"\n")
    return digest.hexdigest()[:16]


def stored() -> dict[str, str]:
    return json.loads(DATA.read_text()) if DATA.exists() else {}


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_chooses_as_its_fingerprint_says(level):
    now = {f"{level}/{name}": fingerprint(level, rules, PLAYERS.get(name, 3))
           for name, rules in RULES.items()}
    if UPDATE:
        data = {**stored(), **now}
        DATA.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n")
        return
    golden = stored()
    changed = {k: (golden.get(k), v) for k, v in now.items() if golden.get(k) != v}
    assert not changed, (
        f"{level} chooses differently ({sorted(changed)}). If you meant it, regenerate with "
        "GOFISH_UPDATE_FINGERPRINTS=1 .venv/bin/python -m pytest -q tests/ai/test_fingerprints.py "
        "and commit tests/ai/fingerprints.json with the change.")


def test_the_fingerprints_cover_every_level_and_rule_set():
    assert set(stored()) == {f"{lv}/{name}" for lv in LEVELS for name in RULES}
    # the levels do differ: a fingerprint that ignored the choices would be the same for all
    # (at three seats the reader plays as Hard: it reads one opponent, one to one)
    assert len({stored()[f"{lv}/quick-2"] for lv in LEVELS}) == len(LEVELS)
