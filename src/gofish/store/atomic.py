"""Atomic replacement of a file: a crash at any moment leaves the old file or the new one.

The new content goes to a temporary file in the same folder (same file system, so the rename
is atomic), is flushed and fsynced, renamed over the target with ``os.replace``, and then the
folder is fsynced so the rename itself survives a power cut.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

TMP_SUFFIX = ".tmp"


def temp_prefix(path: Path) -> str:
    """Temporary files of ``path`` start with this (hidden, and never a ``*.json``)."""
    return f".{path.name}."


def fsync_dir(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` (mode 0600); raise OSError and leave ``path`` as it was."""
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:  # mkstemp creates the file with mode 0600
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)
