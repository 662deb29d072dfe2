"""The interface every computer player keeps, and the random player.

A player is told the events its seat may see (already filtered by the engine) and is asked to
choose from its seat's view. It is never given the game itself: honesty by construction.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from gofish.engine import Action, Ask, Event, Rules, SeatView


class Player(Protocol):
    seat: int

    def observe(self, event: Event) -> None:
        """One event, in the form this seat may see, in the order it happened."""

    def choose(self, view: SeatView) -> Action:
        """Pick one of ``view.legal``."""


def tell(players: Sequence[Player], events: Sequence[Event], open_hands: bool) -> None:
    """Each event to every player (one a seat, in seat order), in the form its seat may see."""
    for e in events:
        for seat, player in enumerate(players):
            player.observe(e.for_seat(seat, open_hands))


class RandomPlayer:
    """Uniformly random legal play: the yardstick for every level."""

    level = "random"

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.seat = seat
        self.rng = random.Random(seed)

    def observe(self, event: Event) -> None:
        pass

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal)


class AskingPlayer:
    """Shared plumbing of the levels: forced moves are played at once, asks go to ``pick``.

    Each level owns its ``random.Random(seed)``, so a decision depends only on the seed, the
    events observed and the view: the same inputs always give the same ask.
    """

    level = ""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.seat = seat
        self.rules = rules
        self.players = players
        self.rng = random.Random(seed)

    def observe(self, event: Event) -> None:
        pass

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {self.seat} has nothing to choose from")
        asks = [a for a in legal if isinstance(a, Ask)]
        if not asks:
            return legal[0]  # a draw from an empty hand, or the next deal: nothing to decide
        return self.pick(view, asks)

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        raise NotImplementedError

    def best(self, asks: list[Ask], scores: list[float]) -> Ask:
        """The best-scoring ask; ties go to the player's own random choice."""
        top = max(scores)
        tied = [a for a, s in zip(asks, scores, strict=True) if s >= top - 1e-9]
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)
