"""Shared tables' records: ``<data>/tables/CODE.json`` and the lock ``CODE.lock`` a host holds
while the table is open, so a restarted host reopens its unfinished tables (same codes) and a
second host on the same folder cannot open the same table. The record's content is the host's
(gofish.net.plan); here it is only written, read and removed."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from gofish.i18n import _

from .atomic import write_atomic
from .errors import GameLocked, StoreError
from .lock import GameLock, acquire
from .paths import ensure_private_dir

TABLES = "tables"  # beside the saves
FINISHED = "finished"  # tables/finished/<game id>.json: a finished game's table
MAX_RECORD = 256 * 1024


class TableFiles:
    def __init__(self, root: Path) -> None:
        self.folder = root / TABLES

    def codes(self) -> list[str]:
        """The codes of the tables kept here, in order."""
        if not self.folder.is_dir():
            return []
        return sorted(p.stem for p in self.folder.glob("*.json"))

    def read(self, code: str) -> Any:
        """The record's JSON; OSError or ValueError if it cannot be read."""
        with open(self.folder / f"{code}.json", "rb") as f:
            data = f.read(MAX_RECORD + 1)
        if len(data) > MAX_RECORD:
            raise ValueError("the table record is too large")
        return json.loads(data)

    def write(self, code: str, record: Any) -> None:
        """Write the record atomically; StoreError says why it cannot."""
        data = json.dumps(record, ensure_ascii=False).encode("utf-8")
        try:
            ensure_private_dir(self.folder)
            write_atomic(self.folder / f"{code}.json", data)
        except OSError as e:
            raise StoreError(_("cannot save the table {code}: {why}").format(
                code=code, why=e.strerror or e)) from None

    def keep(self, game_id: str, record: Any) -> None:
        """A finished table's record, kept under its game's id (``tables/finished/ID.json``):
        who sat where, and which moves a computer made for an absent player."""
        data = json.dumps(record, ensure_ascii=False).encode("utf-8")
        folder = self.folder / FINISHED
        try:
            ensure_private_dir(folder)
            write_atomic(folder / f"{game_id}.json", data)
        except OSError as e:
            raise StoreError(_("cannot keep the table of game {id}: {why}").format(
                id=game_id, why=e.strerror or e)) from None

    def kept(self, game_id: str) -> Any:
        """A finished table's record; OSError or ValueError if there is none to read."""
        with open(self.folder / FINISHED / f"{game_id}.json", "rb") as f:
            return json.loads(f.read(MAX_RECORD + 1))

    def remove(self, code: str) -> None:
        with contextlib.suppress(OSError):
            (self.folder / f"{code}.json").unlink()

    def hold(self, code: str) -> GameLock:
        """This process's hold on the table; StoreError when another host has it open."""
        ensure_private_dir(self.folder)
        try:
            return acquire(self.folder / f"{code}.lock")
        except GameLocked:
            raise StoreError(_("another gofish host has this table open")) from None

    def path(self, code: str) -> Path:
        return self.folder / f"{code}.json"
