"""What the setup screen produces and remembers: seats, rules, seed and the computers' pace (no
widgets here, so the app can read it without importing the setup screen)."""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path

from gofish.engine import PRESETS, Rules
from gofish.front.pace import DEFAULT_PACE, read_pace
from gofish.seats import COMPUTER, MAX_NAME, SeatError, SeatSpec, name_key
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


DEFAULT_NAME, DEFAULT_COMPUTER = "Alice", "Bob"


def profile_seat_name(profile: str | None) -> str | None:
    """The name a profile's first seat takes before the player has typed one: ``alice`` is
    Alice, ``jean_paul`` Jean Paul, ``mary-jane`` Mary-Jane; a word with a capital in it is
    kept as written (``DJ``, ``McKay``). None when there is no profile, or it makes no name."""
    if not profile:
        return None
    words = re.split(r"([ -])", profile.replace("_", " "))
    name = "".join(w[:1].upper() + w[1:] if w.islower() else w for w in words)
    name = " ".join(name.split())[:MAX_NAME].strip()
    try:
        SeatSpec(name).validate()
    except SeatError:
        return None
    return name


def default_choice(profile: str | None = None) -> SetupChoice:
    """The setup shown before anything is remembered: a human (named for the profile, when
    there is one) against a hard computer."""
    name = profile_seat_name(profile) or DEFAULT_NAME
    computer = DEFAULT_COMPUTER if name_key(name) != name_key(DEFAULT_COMPUTER) else DEFAULT_NAME
    return SetupChoice((SeatSpec(name), SeatSpec(computer, COMPUTER, "hard")),
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
