"""What the setup screen produces and remembers: seats, rules, seed and the computers' pace (no
widgets here, so the app can read it without importing the setup screen)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gofish.engine import PRESETS, Rules
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.atomic import write_atomic
from gofish.store.errors import StoreError
from gofish.store.paths import ensure_private_dir
from gofish.tui.pace import DEFAULT_PACE, read_pace


@dataclass(frozen=True)
class SetupChoice:
    """What the setup screen produces, and what is remembered for next time."""

    seats: tuple[SeatSpec, ...]
    rules: Rules
    seed: int | None
    pace: str = DEFAULT_PACE  # a setting of this terminal, not of the game: it is not saved with it

    def to_json(self) -> dict:
        return {"seats": [s.to_json() for s in self.seats], "rules": self.rules.to_json(),
                "seed": self.seed, "pace": self.pace}

    @classmethod
    def from_json(cls, data: dict) -> SetupChoice:
        seats = tuple(SeatSpec.from_json(s) for s in data["seats"])
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, int):
            seed = None
        return cls(seats, Rules.from_json(data["rules"]), seed, read_pace(data.get("pace")))


def default_choice() -> SetupChoice:
    return SetupChoice((SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "hard")),
                       PRESETS["standard"], None)


# beside the saves, not among them (a *.json there is a game); the line mode reads it too
SETTINGS = "settings"
LAST_SETUP = "last-setup.json"


def last_setup_path(root: Path) -> Path:
    return root / SETTINGS / LAST_SETUP


def read_last_setup(root: Path) -> SetupChoice | None:
    """The setup remembered in the data folder ``root``; None if there is none to read."""
    try:
        data = json.loads(last_setup_path(root).read_text(encoding="utf-8"))
        return SetupChoice.from_json(data)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def write_last_setup(root: Path, choice: SetupChoice) -> None:
    """Remember ``choice``; silently not, if it cannot be written (a convenience, never a
    reason to fail)."""
    path = last_setup_path(root)
    try:
        ensure_private_dir(path.parent)
        write_atomic(path, json.dumps(choice.to_json()).encode("utf-8"))
    except (OSError, StoreError):
        pass
