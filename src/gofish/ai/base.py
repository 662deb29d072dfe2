"""The interface every computer player keeps, and the random player.

A player is told the events its seat may see (already filtered by the engine) and is asked to
choose from its seat's view. It is never given the game itself: honesty by construction.
"""

from __future__ import annotations

import random
from typing import Protocol

from gofish.engine import Action, Event, Rules, SeatView


class Player(Protocol):
    seat: int

    def observe(self, event: Event) -> None:
        """One event, in the form this seat may see, in the order it happened."""

    def choose(self, view: SeatView) -> Action:
        """Pick one of ``view.legal``."""


class RandomPlayer:
    """Uniformly random legal play: the yardstick for every level."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, event: Event) -> None:
        pass

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)
