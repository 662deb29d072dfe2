"""Where a shared table is, and how this terminal came to it: what a front end needs to reach
the table again."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Place:
    code: str  # the table code (with a kept seat's key, for a first join)
    where: str  # "ADDR:PORT", or "" for this data folder's table server
    name: str = ""  # the player's name ("" for a watcher)
    from_lobby: bool = False  # leaving goes back to the lobby, not out of gofish
    owner: str = ""  # the opener's token (the opener may free seats, start now)
