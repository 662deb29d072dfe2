"""The table server's corner of the data folder: ``<data>/server/``.

One table server runs per data folder, for every profile of it (each SSH key's ``--profile``
and each ``gofish serve`` page reach the same one). It keeps its own games and table records
here, apart from any player's history, listens on a Unix socket here (mode 0600 in a 0700
folder: only this account can connect, nothing from outside the machine), and holds a lock so
that a second server for the same folder knows the first is up.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from gofish.i18n import _

from .errors import GameLocked, StoreError
from .lock import GameLock, acquire, locked_elsewhere
from .paths import ensure_private_dir, resolve_data_dir

SERVER = "server"
SOCKET = "tables.sock"
LOCK = "server.lock"
LOG = "server.log"
# a Unix socket's path is at most 107 bytes (sun_path); a longer one goes to a private folder
# of this account's in the system's temporary folder, named after the data folder
MAX_SOCKET_PATH = 100


@dataclass(frozen=True)
class ServerFolder:
    """Where the table server of the data folder ``base`` keeps its files."""

    base: Path

    @classmethod
    def of(cls, data_dir: str | os.PathLike[str] | None = None) -> ServerFolder:
        """The server of this data folder (profiles share it: never a profile's own folder)."""
        return cls(resolve_data_dir(data_dir))

    @property
    def root(self) -> Path:
        return self.base / SERVER

    @property
    def log_path(self) -> Path:
        return self.root / LOG

    @property
    def socket_path(self) -> Path:
        path = self.root / SOCKET
        if len(os.fsencode(path)) <= MAX_SOCKET_PATH:
            return path
        name = hashlib.sha256(os.fsencode(self.base.absolute())).hexdigest()[:20]
        return Path(tempfile.gettempdir()) / f"gofish-{os.getuid()}" / f"{name}.sock"

    def prepare(self) -> Path:
        """The folders the server writes to, made private; its socket's path (StoreError if
        the short folder for a long path is not this account's alone)."""
        ensure_private_dir(self.root)
        path = self.socket_path
        folder = ensure_private_dir(path.parent)
        info = folder.lstat()
        if folder.is_symlink() or info.st_uid != os.getuid() or info.st_mode & 0o077:
            raise StoreError(_("{path} is not a private folder of this account").format(
                path=folder))
        return path

    def hold(self) -> GameLock:
        """The server's own lock; GameLocked when another server holds it."""
        ensure_private_dir(self.root)
        return acquire(self.root / LOCK)

    def running(self) -> bool:
        """Whether a server holds the lock now (it may still be starting)."""
        return locked_elsewhere(self.root / LOCK) is not None


__all__ = ["GameLocked", "ServerFolder"]
