"""A shared table's connection in the line mode: the seat's client on an event loop of its own,
run in this one thread, and only while the line mode waits.

The line mode reads and prints in turn, synchronously; a shared table needs both at once: the
host's messages as they come (another player's move, a word said, a lost connection) while a
question waits for its answer. A thread for the connection would change the session under a
line being printed; a thread reading standard input cannot be stopped once it is blocked, and
holds the stream's lock when gofish exits. So neither: ``pump`` runs the loop until a line is
typed (the console's descriptor is watched with ``add_reader``: gofish.plain.console reads it
into a buffer of its own, so no line hides where the wait cannot see it), a message changed
something, or the connection ended. The session changes only inside a wait, between two of
the line mode's steps, and since a shared table is always waiting on something (the player's
answer or the host), the host is answered at once: pings, reconnection, the seat's secret.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Coroutine
from typing import Any, TypeVar

from gofish.net.client import RemoteSession
from gofish.net.seat_client import SeatClient, Stop
from gofish.net.watch import WatchSession

from .console import Console

T = TypeVar("T")
CLOSE_TIMEOUT = 2.0  # seconds to let the connection go (and a last message out) on leaving


class Link:
    """Keeps ``client`` connected while the line mode waits; ``pump`` says what changed."""

    def __init__(self, console: Console, client: SeatClient) -> None:
        self.console = console
        self.client = client
        self.loop = asyncio.new_event_loop()
        self.heard: list[str] = []  # what the host's messages changed since the last pump
        self.stop: Stop | None = None  # why the seat cannot go on, once it cannot
        self.failure: BaseException | None = None
        self.finished = False  # the connection is over (stopped, or the host has gone)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._fd: int | None = None
        client.on_change = self._changed

    @property
    def session(self) -> RemoteSession | WatchSession:
        """The table's session: a new one when the host begins another game (a rematch)."""
        return self.client.session

    def start(self) -> None:
        self._task = self.loop.create_task(self.client.run())
        self._task.add_done_callback(self._ended)
        fd = self.console.lines.fd
        if fd is not None and not self.console.lines.ended:
            self.loop.add_reader(fd, self._readable)
            self._fd = fd

    # ------------------------------------------------------------------ on the loop

    def _changed(self, kind: str) -> None:
        self.heard.append(kind)
        self._wake.set()

    def _ended(self, task: asyncio.Task[None]) -> None:
        self.finished = True
        if not task.cancelled():
            error = task.exception()
            if isinstance(error, Stop):
                self.stop = error
            elif error is not None:
                self.failure = error
        self._wake.set()

    def _readable(self) -> None:
        lines = self.console.lines
        try:
            lines.pull()
        except OSError:
            lines.ended = True  # a terminal gone (a hang-up): the end of input
        if lines.ended:
            self._stop_reading()
        if lines.ready():
            self._wake.set()

    def _stop_reading(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(ValueError, OSError):
                self.loop.remove_reader(self._fd)
            self._fd = None

    async def _until_woken(self) -> None:
        await asyncio.sleep(0)  # what has already arrived is read first
        if not (self.heard or self.finished or self.console.lines.ready()):
            await self._wake.wait()
        self._wake.clear()

    # ------------------------------------------------------------------ from the line mode

    def pump(self) -> list[str]:
        """Run the connection until a line is typed, a message changed something or the
        connection ended; what the messages changed (the kinds of ``RemoteSession.receive``,
        and "offline" and "online")."""
        if not self.loop.is_closed():
            self.loop.run_until_complete(self._until_woken())
        heard, self.heard = self.heard, []
        return heard

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        """``work`` (a request to the table server) on this loop: the seat stays connected
        meanwhile."""
        return self.loop.run_until_complete(work)

    def close(self) -> None:
        """Let the connection go (the seat stays the player's at the host); safe to call
        twice, and after Ctrl+C or a signal left the loop half way."""
        if self.loop.is_closed():
            return
        self.client.stop()
        self._stop_reading()
        task = self._task
        try:
            if task is not None and not task.done():
                self.loop.run_until_complete(asyncio.wait([task], timeout=CLOSE_TIMEOUT))
            pending = [t for t in asyncio.all_tasks(self.loop) if not t.done()]
            for t in pending:
                t.cancel()
            if pending:
                self.loop.run_until_complete(asyncio.wait(pending, timeout=CLOSE_TIMEOUT))
            self.loop.run_until_complete(asyncio.sleep(0))  # the transport's last write
        except (RuntimeError, OSError):
            pass  # the loop was left running by a signal: nothing more can be sent
        finally:
            self.loop.close()


__all__ = ["Link"]
