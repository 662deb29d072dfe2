"""Seats this player holds at shared tables: ``<data>/joined/``, one private file each.

The secret the host gives a seat at its first join is kept here, so the seat can be taken back
after a crash, a dropped connection or a restarted host (and "Your tables" in the lobby lists
them). A table's opener keeps its owner token here too: with it, the lobby lets them free a
seat or give it to a computer. Without these files a seat cannot be taken back: that is the
point, so they are readable by this account alone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .atomic import write_atomic
from .errors import StoreError
from .paths import ensure_private_dir

JOINED = "joined"
MAX_SECRET = 64
MAX_FILES = 500  # "Your tables" reads at most this many


@dataclass(frozen=True)
class HeldSeat:
    code: str
    name: str
    secret: str = ""
    owner: str = ""  # the opener's token, if this player opened the table
    where: str = ""  # "" for this data folder's table server, else ADDR:PORT


def _text(data: dict[str, Any], key: str, limit: int) -> str:
    value = data.get(key, "")
    return value if isinstance(value, str) and len(value) <= limit else ""


class SecretBook:
    """Seat secrets (and owner tokens) this player was given, files mode 0600."""

    def __init__(self, root: Path) -> None:
        self.folder = root / JOINED

    def _path(self, code: str, name: str) -> Path:
        key = hashlib.sha256(f"{code}\n{name.casefold()}".encode()).hexdigest()[:32]
        return self.folder / f"{key}.json"

    def _read(self, path: Path) -> HeldSeat | None:
        try:
            data = json.loads(path.read_bytes()[:4096])
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        seat = HeldSeat(_text(data, "code", 16), _text(data, "name", 80),
                        _text(data, "secret", MAX_SECRET), _text(data, "owner", MAX_SECRET),
                        _text(data, "where", 300))
        return seat if seat.code and seat.name else None

    def held(self, code: str, name: str) -> HeldSeat | None:
        return self._read(self._path(code, name))

    def get(self, code: str, name: str) -> str | None:
        seat = self.held(code, name)
        return seat.secret if seat is not None and seat.secret else None

    def seats(self) -> list[HeldSeat]:
        """Every seat kept here (unreadable files are skipped: the seat is lost, not the rest)."""
        try:
            paths = sorted(self.folder.glob("*.json"), key=lambda p: p.stat().st_mtime,
                           reverse=True)[:MAX_FILES]
        except OSError:
            return []
        return [seat for p in paths if (seat := self._read(p)) is not None]

    def put(self, code: str, name: str, secret: str = "", *, owner: str = "",
            where: str = "") -> None:
        """Keep a seat's secret (and the opener's token); what is kept already stays."""
        old = self.held(code, name)
        data = {"code": code, "name": name, "secret": secret or (old.secret if old else ""),
                "owner": owner or (old.owner if old else ""),
                "where": where or (old.where if old else "")}
        try:
            ensure_private_dir(self.folder)
            write_atomic(self._path(code, name), json.dumps(data).encode())
        except (OSError, StoreError):
            pass  # the seat works without it; only a rejoin after a crash needs it

    def forget(self, code: str, name: str) -> None:
        with contextlib.suppress(OSError):
            self._path(code, name).unlink()
