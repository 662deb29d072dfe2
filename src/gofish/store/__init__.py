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

The names below are loaded when first asked for: ``gofish --version`` reads the settings
(gofish.store.settings, which runs this file) and needs neither the saves nor the engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the same names as _EXPORTS (tests/store/test_package.py checks it),
    # re-exported explicitly (mypy --strict reads no implicit re-export)
    from .errors import GameLocked as GameLocked
    from .errors import LoadError as LoadError
    from .errors import NewerSchema as NewerSchema
    from .errors import StoreError as StoreError
    from .lock import GameLock as GameLock
    from .paths import resolve_data_dir as resolve_data_dir
    from .repo import Entry as Entry
    from .repo import GameInfo as GameInfo
    from .repo import GameNotFound as GameNotFound
    from .repo import Store as Store
    from .repo import Unreadable as Unreadable
    from .repo import read_checked as read_checked
    from .saves import FINISHED as FINISHED
    from .saves import IN_PROGRESS as IN_PROGRESS
    from .saves import MAX_BYTES as MAX_BYTES
    from .saves import SCHEMA as SCHEMA
    from .saves import SavedGame as SavedGame
    from .saves import SeatSummary as SeatSummary
    from .saves import Summary as Summary
    from .saves import summarize as summarize
    from .saves import utc_now as utc_now
    from .stats import Stats as Stats
    from .stats import Tally as Tally
    from .stats import compute_stats as compute_stats
    from .stats import record_against as record_against
    from .text import plain as plain

_EXPORTS = {
    "errors": ("GameLocked", "LoadError", "NewerSchema", "StoreError"),
    "lock": ("GameLock",),
    "paths": ("resolve_data_dir",),
    "repo": ("Entry", "GameInfo", "GameNotFound", "Store", "Unreadable", "read_checked"),
    "saves": ("FINISHED", "IN_PROGRESS", "MAX_BYTES", "SCHEMA", "SavedGame", "SeatSummary",
              "Summary", "summarize", "utc_now"),
    "stats": ("Stats", "Tally", "compute_stats", "record_against"),
    "text": ("plain",),
}
_HOME = {name: module for module, names in _EXPORTS.items() for name in names}

__all__ = list(_HOME)


if not TYPE_CHECKING:  # hidden from mypy, which then refuses a name not imported above

    def __getattr__(name: str) -> Any:
        if name not in _HOME:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(f".{_HOME[name]}", __name__), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted([*globals(), *__all__])
