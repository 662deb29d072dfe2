"""What the setup screen produces and remembers: seats, rules and seed (no widgets here, so
the app can read it without importing the setup screen)."""

from __future__ import annotations

from dataclasses import dataclass

from gofish.engine import PRESETS, Rules
from gofish.seats import COMPUTER, SeatSpec


@dataclass(frozen=True)
class SetupChoice:
    """What the setup screen produces, and what is remembered for next time."""

    seats: tuple[SeatSpec, ...]
    rules: Rules
    seed: int | None

    def to_json(self) -> dict:
        return {"seats": [s.to_json() for s in self.seats], "rules": self.rules.to_json(),
                "seed": self.seed}

    @classmethod
    def from_json(cls, data: dict) -> SetupChoice:
        seats = tuple(SeatSpec.from_json(s) for s in data["seats"])
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, int):
            seed = None
        return cls(seats, Rules.from_json(data["rules"]), seed)


def default_choice() -> SetupChoice:
    return SetupChoice((SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "hard")),
                       PRESETS["standard"], None)
