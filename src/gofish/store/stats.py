"""Statistics from the history: per player name, and per computer level.

They read only the summaries (no replay), so they cost about as much as the listing. Only
finished games count: a game in progress has no winner yet.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from gofish.seats import COMPUTER, LEVELS

from .repo import Entry, GameInfo


@dataclass
class Tally:
    """Games played, wins (a shared win counts for each winner) and books laid."""

    label: str
    played: int = 0
    wins: int = 0
    books: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0

    @property
    def average_books(self) -> float:
        return self.books / self.played if self.played else 0.0


@dataclass
class Stats:
    games: int = 0  # finished games counted
    players: list[Tally] = field(default_factory=list)  # human seats, by name
    levels: list[Tally] = field(default_factory=list)  # computer seats, by level


def compute_stats(entries: Iterable[Entry]) -> Stats:
    """Humans are grouped by name regardless of case (shown as most recently spelt, given
    the history newest first); computer players by level, whatever they were called."""
    players: dict[str, Tally] = {}
    levels: dict[str, Tally] = {}
    games = 0
    for entry in entries:
        if not isinstance(entry, GameInfo) or not entry.finished:
            continue
        games += 1
        summary = entry.summary
        winners = set(summary.winners)
        for seat in summary.seats:
            if seat.kind == COMPUTER:
                tally = levels.setdefault(seat.level, Tally(seat.level))
            else:
                tally = players.setdefault(seat.name.casefold(), Tally(seat.name))
            tally.played += 1
            tally.books += seat.books
            if seat.name in winners:
                tally.wins += 1
    return Stats(
        games=games,
        players=sorted(players.values(), key=lambda t: (-t.played, t.label.casefold())),
        levels=sorted(levels.values(), key=lambda t: _level_order(t.label)),
    )


def _level_order(level: str) -> int:
    return LEVELS.index(level) if level in LEVELS else len(LEVELS)
