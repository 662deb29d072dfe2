"""Computer players. They see only what a human in their seat would see.

Levels, weakest first: random, easy, medium, hard, expert, and beside them reader (Hard that
learns how its one opponent asks); gofish.seats.LEVELS names them.
Each is a Player: ``observe(event)`` with the events already filtered for its seat, and
``choose(view)`` returning one of ``view.legal``. None is ever handed the Game.
"""

from __future__ import annotations

from gofish.engine import Rules

from .base import AskingPlayer, Player, RandomPlayer, tell
from .easy import EasyPlayer
from .expert import ExpertPlayer
from .hard import HardPlayer
from .medium import MediumPlayer
from .reader import ReaderPlayer

LEVEL_CLASSES: dict[str, type] = {
    "random": RandomPlayer,
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
    "reader": ReaderPlayer,
}


def make_player(level: str, seat: int, rules: Rules, players: int, seed: int) -> Player:
    """A computer player for ``seat``; ``seed`` drives its own random choices."""
    try:
        cls = LEVEL_CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}") from None
    return cls(seat, rules, players, seed)


__all__ = [
    "AskingPlayer", "EasyPlayer", "ExpertPlayer", "HardPlayer", "LEVEL_CLASSES", "MediumPlayer",
    "Player", "RandomPlayer", "ReaderPlayer", "make_player", "tell",
]
