"""What the setup screen produces and remembers: seats, rules, seed and the computers' pace (no
widgets here, so the app can read it without importing the setup screen)."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from gofish.engine import PRESETS, Rules
from gofish.front.pace import DEFAULT_PACE, read_pace
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.errors import StoreError
from gofish.store.settings import LAST_SETUP, read_settings, write_settings


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
        return cls(seats, Rules.from_saved(data["rules"]), seed, read_pace(data.get("pace")))


@dataclass(frozen=True)
class NewGame:
    """What ``gofish new`` was told: each part None where it was left out."""

    seats: tuple[SeatSpec, ...] | None = None
    rules: Rules | None = None
    seed: int | None = None


def default_choice() -> SetupChoice:
    return SetupChoice((SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "hard")),
                       PRESETS["standard"], None)


def read_last_setup(root: Path) -> SetupChoice | None:
    """The setup remembered in the data folder ``root`` (the table's and the line mode's);
    None if there is none to read."""
    try:
        return SetupChoice.from_json(read_settings(LAST_SETUP, root))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def write_last_setup(root: Path, choice: SetupChoice) -> None:
    """Remember ``choice``; silently not if it cannot be written: remembering the setup is a
    convenience, never a reason to fail."""
    with contextlib.suppress(OSError, StoreError):
        write_settings(LAST_SETUP, choice.to_json(), root)
