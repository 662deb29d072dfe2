"""One client connection to a host: its limits, and the seat (or table) it follows."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gofish.protocol import wire

from .limits import MAX_ERRORS, MESSAGE_BURST, MESSAGES_PER_SECOND, WRITE_BUFFER, TokenBucket

if TYPE_CHECKING:
    from .table import Table


class Conn:
    """One client connection: its limits, and the seat it holds once joined."""

    def __init__(self, address: str, write: Callable[[bytes], Any],
                 close: Callable[[], Any] = lambda: None,
                 buffered: Callable[[], int] = lambda: 0,
                 clock: Callable[[], float] = time.monotonic,
                 closing: Callable[[], bool] = lambda: False) -> None:
        self.address = address
        self._write = write
        self._close = close
        self._buffered = buffered
        self._closing = closing
        self.bucket = TokenBucket(MESSAGES_PER_SECOND, MESSAGE_BURST, clock)
        self.opened = clock()  # the join deadline counts from here
        self.errors = 0
        self.table: Table | None = None
        self.seat: int | None = None
        self.follow = False  # a lobby screen: told of the tables as they change
        self.watching: Table | None = None  # a spectator of this table
        self.known: frozenset[str] = frozenset()  # codes a lobby names: its private tables too
        self.said = TokenBucket(0.5, 3, clock)
        self.closed = False

    def send(self, message: dict[str, Any]) -> None:
        self.send_many([message])

    def send_many(self, messages: list[dict[str, Any]]) -> None:
        if self.closed:
            return
        if self._closing():  # the other side has gone; the reader will notice
            self.closed = True
            return
        self._write(b"".join(wire.encode(m) for m in messages))
        if self._buffered() > WRITE_BUFFER:  # it does not read what it is sent: let it go
            self.close()

    def error(self, code: str, message: str) -> None:
        self.errors += 1
        if self.errors >= MAX_ERRORS:
            self.close(wire.TOO_MANY, "too many bad messages")
        else:
            self.send(wire.error(code, message))

    def close(self, code: str = "", message: str = "") -> None:
        if self.closed:
            return
        if code:
            self._write(wire.encode(wire.error(code, message)))
        self.closed = True
        self._close()
