"""Saved games that are never lost: JSON files in the user data folder, and statistics.

Pure Python (never textual or rich), so the TUI, the CLI and the tests share it::

    store = Store(data_dir)                  # explicit > GOFISH_DATA_DIR > platformdirs
    record = store.new_game(rules, seats, seed)
    with store.lock(record.id):              # GameLocked if another process plays it
        game = record.to_game()
        game.apply(action)
        record = record.updated_with(game)
        store.save(record)                   # atomic: the old file or the new, never torn
    store.list()                             # GameInfo / Unreadable, newest first
"""

from .errors import GameLocked, LoadError, NewerSchema, StoreError
from .lock import GameLock
from .paths import resolve_data_dir
from .repo import Entry, GameInfo, GameNotFound, Store, Unreadable, read_checked
from .saves import (
    FINISHED,
    IN_PROGRESS,
    MAX_BYTES,
    SCHEMA,
    SavedGame,
    SeatSummary,
    Summary,
    summarize,
    utc_now,
)
from .stats import Stats, Tally, compute_stats, record_against
from .text import plain

__all__ = [
    "GameLocked", "LoadError", "NewerSchema", "StoreError", "GameLock", "resolve_data_dir",
    "Entry", "GameInfo", "GameNotFound", "Store", "Unreadable", "read_checked",
    "FINISHED", "IN_PROGRESS", "MAX_BYTES", "SCHEMA", "SavedGame", "SeatSummary", "Summary",
    "summarize", "utc_now", "Stats", "Tally", "compute_stats", "record_against", "plain",
]
