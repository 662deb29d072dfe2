"""The table server of one data folder: a host that listens on a Unix socket, lets its
clients open tables (the lobby), and stops by itself once nothing has happened for a while.

The app starts it detached (gofish.net.local); an administrator may run it as a service
instead (``gofish table-server`` in the foreground: docs/shared-table.md). One runs per data
folder: a second finds the first's lock and leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import time
from collections.abc import Callable

from gofish.i18n import _
from gofish.store.errors import GameLocked, StoreError
from gofish.store.repo import Store
from gofish.store.server_folder import ServerFolder

from .host import SWITCH_INTERVAL, Host

DEFAULT_IDLE = 600.0  # seconds with no table waiting or in play, and nobody connected


async def serve_tables(folder: ServerFolder, *, idle: float = DEFAULT_IDLE, delay: float = 0.6,
                       say: Callable[[str], None] = print) -> int:
    """Serve until stopped (SIGTERM, SIGINT) or idle for ``idle`` seconds; 0 when it stopped,
    and when another server already serves this folder."""
    try:
        lock = folder.hold()
    except GameLocked:
        say(_("A table server already serves {path}.").format(path=folder.base))
        return 0
    except StoreError as e:
        say(_("gofish: {why}").format(why=e))
        return 1
    host = None
    # before the socket answers: a stop asked for as soon as it is up is a clean stop
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
        loop.add_signal_handler(signal.SIGHUP, lambda: None)  # detached: a hang-up is not ours
    try:
        path = folder.prepare()
        sys.setswitchinterval(SWITCH_INTERVAL)  # this process serves: see the constant
        host = Host(Store(folder.root), delay=delay, say=say, may_open=True)
        host.reopen()
        await host.serve_unix(path)
        say(_("Table server for {path}: listening on {socket}.").format(
            path=folder.base, socket=path))
        quiet_since = time.monotonic()
        while not stop.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), min(1.0, max(idle / 4, 0.05)))
            if host.busy or host.connections:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since >= idle:
                say(_("Nothing to serve for {n} seconds: the table server stops.").format(
                    n=round(idle)))
                break
        return 0
    except (OSError, StoreError) as e:
        say(_("gofish: the table server cannot start: {why}").format(
            why=getattr(e, "strerror", None) or e))
        return 1
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.remove_signal_handler(sig)
        if host is not None:
            await host.close()
        with contextlib.suppress(OSError, StoreError):
            folder.socket_path.unlink()
        lock.release()
