"""Reaching this data folder's table server: connect to its Unix socket, starting it first
(detached from this terminal) when none is running.

Every front end of the folder (the terminal, each SSH session whatever its ``--profile``, each
``gofish serve`` page) reaches the same server this way, so the lobby lists the same tables for
all of them. Nothing outside the machine reaches it: the socket is a file only this account
can open.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import subprocess
import sys
import time

from gofish.store.server_folder import ServerFolder

from .seat_client import CLIENT_LIMIT

START_TIMEOUT = 10.0  # seconds for a server just started to answer
ENV_IDLE = "GOFISH_SERVER_IDLE"  # seconds the server stays up with nothing to do


def server_command(folder: ServerFolder) -> list[str]:
    """How the app starts the server: this interpreter, this gofish, the same data folder."""
    return [sys.executable, "-m", "gofish", "--data-dir", str(folder.base), "table-server"]


def start_detached(folder: ServerFolder) -> None:
    """Start the server in a session of its own (a hang-up of this terminal does not reach it),
    its output in the server's log."""
    folder.prepare()
    with open(folder.log_path, "ab") as log:
        os.chmod(folder.log_path, 0o600)
        subprocess.Popen(server_command(folder), stdin=subprocess.DEVNULL, stdout=log,
                         stderr=subprocess.STDOUT, start_new_session=True, close_fds=True,
                         cwd=folder.root)


async def open_local(folder: ServerFolder, *, start: bool = True,
                     timeout: float = START_TIMEOUT
                     ) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to the folder's table server, started if need be; OSError if it cannot
    be reached within ``timeout`` seconds."""
    path = folder.socket_path
    deadline = time.monotonic() + timeout
    started = -1e9
    delay = 0.02
    while True:
        try:
            return await asyncio.open_unix_connection(path, limit=CLIENT_LIMIT)
        except (FileNotFoundError, ConnectionRefusedError) as e:
            if not start:
                raise
            # none running (or the one found was stopping): start one, at most every 2 s
            if time.monotonic() - started > 2.0 and not folder.running():
                start_detached(folder)
                started = time.monotonic()
            if time.monotonic() > deadline:
                raise OSError(e.errno, f"the table server did not answer ({e.strerror})") from e
            await asyncio.sleep(delay)
            delay = min(delay * 2, 0.25)


def stop_server(folder: ServerFolder) -> bool:
    """Ask a running server to stop (SIGTERM to the pid in its lock); whether one was asked."""
    from gofish.store.lock import locked_elsewhere

    holder = locked_elsewhere(folder.root / "server.lock")
    pid = holder.get("pid") if holder else None
    if not isinstance(pid, int):
        return False
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, 15)
        return True
    return False
