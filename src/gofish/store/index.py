"""A cache of save headers, so listing 10,000 games stats them instead of opening them.

Each entry is keyed by the file's modification time (ns), size and inode: an atomic save
always makes a new inode, so a changed file never matches its old entry. The index is only a
cache: any doubt about it (missing, torn, another version) means it is rebuilt from the
files, which stay the source of truth. It is written atomically but without fsync, since
losing it costs one slow listing and nothing else.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

INDEX_NAME = ".index"  # hidden, and not *.json: never taken for a game
INDEX_VERSION = 1
MAX_INDEX_BYTES = 256 * 1024 * 1024

# file name -> [mtime_ns, size, inode, header as saved]
Entries = dict[str, list[Any]]


def file_key(st: os.stat_result) -> list[int]:
    return [st.st_mtime_ns, st.st_size, st.st_ino]


class HeaderIndex:
    """The index of one data folder, remembered between listings of one process."""

    def __init__(self, root: Path, schema: int) -> None:
        self.path = root / INDEX_NAME
        self.schema = schema
        self._key: list[int] | None = None
        self._entries: Entries = {}

    def read(self) -> Entries:
        """The cached entries ({} if there is no usable index)."""
        try:
            st = os.stat(self.path)
        except OSError:
            return {}
        key = file_key(st)
        if key == self._key:
            return self._entries
        if st.st_size > MAX_INDEX_BYTES:
            return {}
        try:
            with open(self.path, "rb") as f:
                data = json.loads(f.read())
        except (OSError, ValueError, RecursionError):
            return {}
        if (not isinstance(data, dict) or data.get("version") != INDEX_VERSION
                or data.get("schema") != self.schema or not isinstance(data.get("games"), dict)):
            return {}
        self._key, self._entries = key, data["games"]
        return self._entries

    def write(self, entries: Entries) -> None:
        """Replace the index (best effort: a read-only folder simply has no index)."""
        data = json.dumps({"version": INDEX_VERSION, "schema": self.schema, "games": entries},
                          ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        try:
            fd, tmp = tempfile.mkstemp(prefix=INDEX_NAME + ".", suffix=".tmp",
                                       dir=self.path.parent)
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, self.path)
            self._key, self._entries = file_key(os.stat(self.path)), entries
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
