"""A cache of save headers, so listing 10,000 games stats them instead of opening them.

Each entry is keyed by the file's modification time (ns), size and inode: an atomic save
always makes a new inode, so a changed file never matches its old entry. The index is only a
cache: any doubt about it (missing, torn, edited, another version) means it is rebuilt from
the files, which stay the source of truth. Only rows that passed the header checks are ever
written, and a digest of the rows guards them on the way back, so rows read from a whole
index need not be checked again (that check was most of a listing's time). It is written
atomically but without fsync, since losing it costs one slow listing and nothing else.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

INDEX_NAME = ".index"  # hidden, and not *.json: never taken for a game
INDEX_VERSION = 3  # 3: an unfinished game's row is written once its body has been checked
MAX_INDEX_BYTES = 256 * 1024 * 1024

# file name -> [mtime_ns, size, inode, header row (saves.Header.to_row)]
Entries = dict[str, list[Any]]


def file_key(st: os.stat_result) -> list[int]:
    return [st.st_mtime_ns, st.st_size, st.st_ino]


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


class HeaderIndex:
    """The index of one data folder, remembered between listings of one process.

    The file is one line of JSON saying the version, the schema and the digest, then the
    entries as JSON.
    """

    def __init__(self, root: Path, schema: int) -> None:
        self.path = root / INDEX_NAME
        self.schema = schema
        self._key: list[int] | None = None
        self._entries: Entries = {}

    def read(self) -> Entries:
        """The cached entries ({} if there is no index, or it is not whole and ours)."""
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
                first = f.readline(1024)
                body = f.read()
            head = json.loads(first)
            if (not isinstance(head, dict) or head.get("version") != INDEX_VERSION
                    or head.get("schema") != self.schema or head.get("digest") != _digest(body)):
                return {}
            entries = json.loads(body)
        except (OSError, ValueError, RecursionError):
            return {}
        if not isinstance(entries, dict):
            return {}
        self._key, self._entries = key, entries
        return entries

    def write(self, entries: Entries) -> None:
        """Replace the index (best effort: a read-only folder simply has no index)."""
        body = json.dumps(entries, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        head = json.dumps({"version": INDEX_VERSION, "schema": self.schema,
                           "digest": _digest(body)}).encode("utf-8")
        try:
            fd, tmp = tempfile.mkstemp(prefix=INDEX_NAME + ".", suffix=".tmp",
                                       dir=self.path.parent)
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(head + b"\n" + body)
            os.replace(tmp, self.path)
            self._key, self._entries = file_key(os.stat(self.path)), entries
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
