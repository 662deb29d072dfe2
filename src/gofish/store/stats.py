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


def _identity(name: str, kind: str, level: str) -> tuple[str, str, str]:
    """Who sat in a seat, as far as a record goes: a human by name (any case), a computer by
    name and level (Bob the easy computer is not Bob the expert)."""
    return (kind, level if kind == COMPUTER else "", name.casefold())


def record_against(entries: Iterable[Entry],
                   seats: Iterable[tuple[str, str, str]]) -> list[Tally]:
    """Each human's record in the finished games played by exactly these seats (name, kind,
    level), this one included: played and won (a shared win is a win), ``books`` left 0.
    One tally per human seat, in seat order."""
    seats = list(seats)
    table = sorted(_identity(*s) for s in seats)
    tallies = {_identity(*s): Tally(s[0]) for s in seats if s[1] != COMPUTER}
    for entry in entries:
        if not isinstance(entry, GameInfo) or not entry.finished:
            continue
        summary = entry.summary
        if sorted(_identity(s.name, s.kind, s.level) for s in summary.seats) != table:
            continue
        winners = {w.casefold() for w in summary.winners}
        for seat in summary.seats:
            tally = tallies.get(_identity(seat.name, seat.kind, seat.level))
            if tally is None:
                continue
            tally.played += 1
            if seat.name.casefold() in winners:
                tally.wins += 1
    return list(tallies.values())
