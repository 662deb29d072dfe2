"""The journal of a game in play: one line appended per save, beside its compacted save file.

Rewriting the whole save after every move costs more the longer the game (114 KB at 3,000
actions); a line per save does not. ``<id>.journal`` holds, one JSON line each, the actions
saved since the save file was last written whole, and the header the file would have now::

    {"n": 58, "actions": [{"type": "ask", "target": 1, "rank": "Q"}], "header": {...}}

``n`` is the number of actions of the game once the line's actions are applied. A line is
appended with ``O_APPEND`` and fsynced before the save returns, so a completed action is on
disk before the screen moves on. The store folds the journal into the save file (atomically,
then removes the journal) when the game is resumed, closed or over, and every
``COMPACT_EVERY`` lines. A crash while appending leaves at most a torn last line: it is
ignored, its action was never reported saved. A crash while folding leaves lines the save
file already holds: ``n`` tells, and they are skipped.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gofish.i18n import _

from .atomic import fsync_dir
from .errors import LoadError

SUFFIX = ".journal"
COMPACT_EVERY = 200  # lines before the save file is written whole again
MAX_LINE = 1 << 20

_FLAGS = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
          | getattr(os, "O_CLOEXEC", 0))
_READ = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


@dataclass(frozen=True)
class Entry:
    """One line: the actions it saved (JSON) and the number of actions after them."""

    n: int
    actions: list[Any]
    header: Any


def line(n: int, actions: list[dict[str, Any]], header: dict[str, Any]) -> bytes:
    data = {"n": n, "actions": actions, "header": header}
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def append(path: Path, data: bytes) -> None:
    """Append ``data`` (whole lines) and fsync; OSError if it cannot (see HeldGame)."""
    created = not os.path.lexists(path)
    fd = os.open(path, _FLAGS, 0o600)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    finally:
        os.close(fd)
    if created:
        fsync_dir(path.parent)


def remove(path: Path) -> None:
    """Remove the journal once the save file holds all of it."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)
        fsync_dir(path.parent)


def read(path: Path) -> list[Entry]:
    """The journal's lines, in order; [] when there is none.

    A torn last line (cut by a crash) is left out; a line that does not read followed by
    lines that do cannot come from a crash, and raises LoadError.
    """
    try:
        fd = os.open(path, _READ)
    except FileNotFoundError:
        return []
    except OSError as e:
        raise LoadError(_("cannot read the journal: {error}").format(error=e.strerror or e)) from None
    try:
        with os.fdopen(fd, "rb") as f:
            data = f.read()
    except OSError as e:
        raise LoadError(_("cannot read the journal: {error}").format(error=e.strerror or e)) from None
    entries: list[Entry] = []
    bad = 0
    for number, raw in enumerate(_lines(data), 1):
        entry = _entry(raw)
        if entry is None:
            bad = bad or number
        elif bad:
            raise LoadError(_("the journal is damaged at line {n}").format(n=bad))
        else:
            entries.append(entry)
    return entries


def last_header(path: str) -> Any:
    """The header of the journal's last whole line, for the listing (None if none reads)."""
    try:
        fd = os.open(path, _READ)
    except OSError:
        return None
    try:
        size = os.fstat(fd).st_size
        tail = os.pread(fd, min(size, 64 * 1024), max(0, size - 64 * 1024))
    except OSError:
        return None
    finally:
        os.close(fd)
    for raw in reversed(list(_lines(tail))):
        entry = _entry(raw)
        if entry is not None:
            return entry.header
    return None


def _lines(data: bytes) -> Iterator[bytes]:
    """Every line, the last one too when it is whole (ends with a newline)."""
    parts = data.split(b"\n")
    yield from parts[:-1]  # a last part that is not empty had no newline: torn


def _entry(raw: bytes) -> Entry | None:
    if len(raw) > MAX_LINE:
        return None
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return None
    if (not isinstance(data, dict) or set(data) != {"n", "actions", "header"}
            or type(data["n"]) is not int or not isinstance(data["actions"], list)
            or not data["actions"] or data["n"] < len(data["actions"])):
        return None
    return Entry(data["n"], data["actions"], data["header"])
