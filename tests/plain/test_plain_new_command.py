"""``gofish --plain new --seats ... --rules ... --seed N`` starts that game at once, line by line,
as ``gofish new`` does on the table (the line mode asked the setup's questions and dropped all
three options unread)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .plain_support import saved_game

# Ann asks Bob (seat 2) for every rank in turn: an ask for a rank she lacks is refused and she
# is asked again, so the stream plays any deal to its end
RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")
ASKS = "".join(f"2 {rank}\n" for rank in RANKS) * 40


def gofish(data: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GOFISH_DELAY": "0", "GOFISH_DATA_DIR": str(data), "LANGUAGE": "en"}
    return subprocess.run([sys.executable, "-m", "gofish", "--plain", *args], input=stdin,
                          env=env, capture_output=True, text=True, timeout=120)


def test_the_seats_rules_and_seed_start_that_game_at_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = gofish(data, "new", "--seats", "human:Ann,computer:easy:Bob", "--rules", "quick",
                  "--seed", "3", stdin=ASKS)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Deal 1: Bob deals, Ann plays first."  # no setup question
    assert "How many players" not in done.stdout
    assert "Game over" in done.stdout and "Scores: Ann" in done.stdout
    record, game = saved_game(data)
    assert record.finished and game.over
    assert [s.name for s in record.seats] == ["Ann", "Bob"]
    assert record.seats[1].level == "easy"
    assert record.seed == 3 and record.rules.preset_name() == "quick"


def test_bad_seats_are_refused_before_anything_starts(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = gofish(data, "new", "--seats", "computer:easy,computer:hard")
    assert done.returncode == 2
    assert done.stderr.strip() == "gofish: --seats: a table needs at least one human seat"
    assert done.stdout == "" and not list(data.glob("*.json"))


def test_rules_without_seats_are_the_setup_s_default(tmp_path: Path) -> None:
    data = tmp_path / "data"
    done = gofish(data, "new", "--rules", "kids", "--seed", "5", stdin="\n" * 8)
    assert done.returncode == 0, done.stderr
    assert "How many players, 2 to 6? [2]" in done.stdout
    assert "[Kids]" in done.stdout  # the rules question's default answer
    record, _ = saved_game(data)
    assert record.rules.preset_name() == "kids" and record.seed == 5
