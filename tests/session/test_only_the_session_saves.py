"""Only the store and the session write a game's record: no front end (TUI, line mode, host)
builds a record from the engine game or reaches into ``session.game`` to save it."""

from __future__ import annotations

import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "gofish"
SAVING = re.compile(r"updated_with\(|\bsession\.game\b|\bSavedGame\.from_game\(|\.lock\(")


def offenders(root: Path) -> list[str]:
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root)
        if rel.parts[0] == "store" or rel.name == "session.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if SAVING.search(line):
                found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_no_front_end_saves_or_locks_a_game_itself() -> None:
    assert offenders(SRC) == []


def test_the_scan_finds_a_front_end_that_would(tmp_path: Path) -> None:
    (tmp_path / "tui").mkdir()
    (tmp_path / "tui" / "app.py").write_text(
        "record = record.updated_with(session.game)\nlock = store.lock(game_id)\n")
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "held.py").write_text("record.updated_with(game)\n")
    assert [o.split(":")[0] for o in offenders(tmp_path)] == ["tui/app.py", "tui/app.py"]
