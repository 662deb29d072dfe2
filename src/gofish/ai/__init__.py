"""Computer players. They see only what a human in their seat would see."""

from __future__ import annotations

from gofish.engine import Rules

from .base import Player, RandomPlayer

LEVEL_CLASSES: dict[str, type] = {"random": RandomPlayer}


def make_player(level: str, seat: int, rules: Rules, players: int, seed: int) -> Player:
    """A computer player for ``seat``; ``seed`` drives its own random choices."""
    try:
        cls = LEVEL_CLASSES[level]
    except KeyError:
        raise ValueError(f"unknown computer level {level!r}") from None
    return cls(seat, rules, players, seed)


__all__ = ["Player", "RandomPlayer", "make_player", "LEVEL_CLASSES"]
