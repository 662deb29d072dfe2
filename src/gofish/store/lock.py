"""One player process per game: a lock file held with ``flock`` while the game is open.

``flock`` is released by the kernel when its process dies, so a lock left by a crash is stale
by construction: the file may remain, but nobody holds it, and the next player takes it. The
file also records who holds it (pid, host, since) so the second player is told by whom. Where
``flock`` is missing (Windows) or not supported by the file system, the recorded pid is checked
instead: a lock whose process no longer runs on this host is stale.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gofish.i18n import _

from .errors import GameLocked, StoreError
from .text import plain

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

_OPEN_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


@dataclass
class GameLock:
    """A held lock; ``stale`` is what a crashed holder left behind, if anything."""

    path: Path
    fd: int
    stale: dict[str, Any] = field(default_factory=dict)
    released: bool = False
    on_release: Callable[[GameLock], None] | None = None

    def release(self) -> None:
        """Give the game up; safe to call twice."""
        if self.released:
            return
        self.released = True
        # unlink while still holding it: a waiting opener of this inode sees it is gone
        with contextlib.suppress(OSError):
            os.unlink(self.path)
        os.close(self.fd)
        if self.on_release is not None:
            self.on_release(self)

    def __enter__(self) -> GameLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def holder_info(since: datetime | None = None) -> dict[str, Any]:
    return {
        "pid": os.getpid(),
        "host": socket.gethostname(),
        "since": (since or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds"),
    }


def acquire(path: Path) -> GameLock:
    """Take the lock at ``path`` or raise GameLocked naming its holder."""
    for _attempt in range(20):
        try:
            fd = os.open(path, _OPEN_FLAGS, 0o600)
        except OSError as e:
            raise StoreError(_("cannot lock the game: {error}").format(
                error=e.strerror or e)) from None
        try:
            previous = _read_holder(fd)
            if not _try_flock(fd, previous):
                raise locked_error(previous)
            if not _same_file(fd, path):
                os.close(fd)  # released and unlinked while we opened it: try again
                continue
            try:
                _write_holder(fd)
            except OSError as e:  # a full disk, a quota: give the lock up, leave no file
                with contextlib.suppress(OSError):
                    os.unlink(path)  # ours to remove: we hold it
                raise StoreError(_("cannot lock the game: {error}").format(
                    error=e.strerror or e)) from None
        except BaseException:
            with contextlib.suppress(OSError):
                os.close(fd)
            raise
        return GameLock(path, fd, stale=previous)
    raise StoreError(_("cannot lock the game: it keeps changing hands"))


def locked_elsewhere(path: Path) -> dict[str, Any] | None:
    """The holder if another open file holds ``path``'s lock, else None (probe, never blocks)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        holder = _read_holder(fd)
        if fcntl is not None:
            try:
                fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            except BlockingIOError:
                return holder
            except OSError:
                return holder if _alive(holder) else None
            return None
        return holder if _alive(holder) else None
    finally:
        os.close(fd)  # also drops the probe's shared lock (flock locks belong to the open file)


def _try_flock(fd: int, previous: dict[str, Any]) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        except OSError as e:
            if e.errno not in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS, errno.EINVAL):
                raise
    return not _alive(previous)  # no flock here: trust the recorded pid


def _alive(holder: dict[str, Any]) -> bool:
    """Whether the recorded holder still runs (on another host we cannot tell: assume so)."""
    pid = holder.get("pid")
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False
    if holder.get("host") != socket.gethostname():
        return True
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _same_file(fd: int, path: Path) -> bool:
    try:
        now = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (mine.st_dev, mine.st_ino)


def _read_holder(fd: int) -> dict[str, Any]:
    try:
        data = os.pread(fd, 4096, 0)
        holder = json.loads(data.decode("utf-8")) if data.strip() else {}
    except (OSError, ValueError):
        return {}
    return holder if isinstance(holder, dict) else {}


def _write_holder(fd: int) -> None:
    data = json.dumps(holder_info()).encode("utf-8")
    os.ftruncate(fd, 0)
    os.pwrite(fd, data, 0)


def locked_error(holder: dict[str, Any]) -> GameLocked:
    """The refusal's reason, a clause to follow "Cannot resume X: " (what can be done instead is
    the front end's to say: its history reads the log)."""
    if holder.get("pid"):
        reason = _("this game is open in another gofish (process {pid} on {host}, since "
                   "{since})").format(
            pid=plain(holder.get("pid"), 12), host=plain(holder.get("host", "?"), 64),
            since=plain(holder.get("since", "?"), 32))
    else:
        reason = _("this game is open in another gofish")
    return GameLocked(reason, holder)
