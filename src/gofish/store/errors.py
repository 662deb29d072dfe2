"""What can go wrong with saved games, each with a one-line reason a player can read."""

from __future__ import annotations

from .text import plain

REASON_LIMIT = 300


class StoreError(Exception):
    """The store could not do what was asked; ``reason`` is one translated line.

    The reason may quote a file's content, so it is made plain (no control characters) and
    kept short here, once, for every front end.
    """

    def __init__(self, reason: str) -> None:
        reason = plain(reason, REASON_LIMIT)
        super().__init__(reason)
        self.reason = reason


class LoadError(StoreError):
    """A save that cannot be used: bad JSON, bad types, an illegal action, a wrong snapshot."""


class NewerSchema(LoadError):
    """Made by a newer gofish: left where it is, untouched, for that gofish to read."""

    def __init__(self, reason: str, schema: int) -> None:
        super().__init__(reason)
        self.schema = schema


class GameLocked(StoreError):
    """Another process is playing this game; it may still be viewed read-only."""

    def __init__(self, reason: str, holder: dict[str, object] | None = None) -> None:
        super().__init__(reason)
        self.holder = holder or {}
