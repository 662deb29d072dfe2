"""The connection of a joined seat: join, keep the seat's secret, read, ping, reconnect.

The secret the host gives a seat at its first join is written to the player's own data folder
(``joined/``, private, one file per table and name), so ``gofish join`` with the same code and
name finds it again after a crash, a dropped connection or a restarted host. Without it a seat
cannot be taken back: that is the point.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any, TextIO

from gofish.i18n import _
from gofish.protocol import wire
from gofish.store.joined import SecretBook

from .client import ANOTHER_TABLE, RemoteSession, error_text
from .codes import MAX_SECRET
from .limits import PING_EVERY
from .text import json_line
from .watch import WatchSession

CLIENT_LIMIT = 1024 * 1024  # the host is trusted more than a client, but not without bound
CONNECT_TIMEOUT = 10.0
# a host never reached at all is most likely a wrong address or a host not started: say so
# after this long rather than wait for ever (once seated, the client retries much longer)
FIRST_CONTACT = 8.0
RETRY_FIRST = 0.25
RETRY_MOST = 3.0
# errors after which trying again cannot help
FATAL = (wire.BAD_CODE, wire.BAD_SECRET, wire.NAME_TAKEN, wire.TABLE_FULL, wire.BAD_NAME,
         wire.REPLACED, wire.TOO_MANY, wire.SEAT_KEPT)


def parse_address(text: str, default_port: int = wire.DEFAULT_PORT) -> tuple[str, int]:
    """``"host"``, ``"host:port"``, ``"[::1]:port"`` or ``":port"``; ValueError if not."""
    text = text.strip()
    if text.startswith("["):
        host, _sep, rest = text[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
        if rest and not rest.startswith(":"):
            raise ValueError(text)
    elif text.count(":") == 1:
        host, _sep, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    port = int(port_text) if port_text else default_port
    if not 0 <= port < 65536:
        raise ValueError(text)
    return host or "127.0.0.1", port


Opener = Callable[[], Awaitable[tuple[asyncio.StreamReader, asyncio.StreamWriter]]]


class Stop(Exception):
    """The seat cannot go on (wrong code, seat held elsewhere...): ``text`` says why."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


class SeatClient:
    """Keeps one seat connected to its host, feeding every message to ``session`` (a new
    one when the host begins another table: read ``client.session`` after each change).

    ``on_change(kind)`` is called after each message that changed something (the kinds of
    ``RemoteSession.receive``), and with ``"offline"`` / ``"online"`` as the connection goes
    and comes back. ``run`` returns None once the game is over and the host has gone, or raises
    Stop with the reason.
    """

    def __init__(self, host: str, port: int, code: str, name: str, *,
                 session: RemoteSession | WatchSession, on_change: Callable[[str], None] = lambda kind: None,
                 book: SecretBook | None = None, transcript: TextIO | None = None,
                 give_up_after: float | None = None,
                 first_contact: float | None = FIRST_CONTACT,
                 opener: Opener | None = None, where: str = "", watch: bool = False) -> None:
        self.host, self.port, self.code, self.name = host, port, code, name
        # how to reach the host: TCP to host:port, or ``opener`` (the local table server)
        self.opener: Opener = opener or (lambda: asyncio.open_connection(
            host, port, limit=CLIENT_LIMIT))
        self.where = where or f"{host}:{port}"
        self.watch = watch  # a spectator: no seat, no secret, the public story only
        self.session = session
        self.on_change = on_change
        self.book = book
        self.transcript = transcript
        self.give_up_after = give_up_after
        self.first_contact = first_contact
        self.ever_connected = False
        self.table_code = code.partition("-")[0]  # the secret is kept under the table's code
        self.secret = book.get(self.table_code, name) if book is not None else None
        self.connected = False
        self._stopped = False
        self._writer: asyncio.StreamWriter | None = None

    def stop(self) -> None:
        self._stopped = True
        if self._writer is not None:
            self._writer.close()

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        delay = RETRY_FIRST
        lost_at = loop.time()
        while not self._stopped:
            try:
                reader, writer = await asyncio.wait_for(self.opener(), CONNECT_TIMEOUT)
            except (OSError, TimeoutError) as e:
                limit = self.first_contact if not self.ever_connected else None
                if limit is None or (self.give_up_after is not None
                                     and self.give_up_after < limit):
                    limit = self.give_up_after
                if limit is not None and loop.time() - lost_at > limit:
                    raise Stop("offline", _("Cannot reach the host at {where}: {why}")
                               .format(where=self.where,
                                       why=getattr(e, "strerror", None) or e)) from None
                await asyncio.sleep(delay * (0.75 + random.random() / 2))
                delay = min(delay * 2, RETRY_MOST)
                continue
            delay = RETRY_FIRST
            try:
                await self._connected(reader, writer)
            finally:
                self._writer = None
                self.session.send = None
                writer.close()
                if self.connected:
                    self.connected = False
                    if not self._stopped:
                        self.on_change("offline")
            if self.session.over or self._stopped:
                return
            lost_at = loop.time()

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
                         ) -> None:
        self._writer = writer
        join: dict[str, Any] = {"type": "join", "protocol": wire.PROTOCOL, "code": self.code,
                                "name": self.name}
        if self.secret:
            join["secret"] = self.secret
        if self.watch:
            join = {"type": "watch", "code": self.code}
        writer.write(wire.encode(join))
        pinger = asyncio.get_running_loop().create_task(self._ping(writer))
        try:
            while True:
                try:
                    line = await reader.readline()
                except (ValueError, ConnectionError, OSError):
                    return
                if not line.endswith(b"\n"):
                    return
                try:
                    self._handle(wire.decode(line, CLIENT_LIMIT), writer)
                except wire.WireError:
                    continue  # a line this client cannot use changes nothing
        finally:
            pinger.cancel()

    def _handle(self, message: dict[str, Any], writer: asyncio.StreamWriter) -> None:
        if self.transcript is not None:
            self.transcript.write(json_line(message) + "\n")  # safe to cat: no raw controls
            self.transcript.flush()
        kind = message["type"]
        if kind == "watching" and self.watch:
            self.connected = self.ever_connected = True
            self.on_change("online")
        if kind == "welcome":
            secret = message.get("secret")
            if isinstance(secret, str) and 0 < len(secret) <= MAX_SECRET:
                self.secret = secret
                if self.book is not None:
                    self.book.put(self.table_code, self.name, secret)
            self.session.send = lambda m: writer.write(wire.encode(m))
            self.connected = True
            self.ever_connected = True
            self.on_change("online")
            return
        if kind == "error" and message.get("code") in FATAL and not self.connected or \
                kind == "error" and message.get("code") == wire.REPLACED:
            code = str(message.get("code"))
            self._stopped = True
            raise Stop(code, error_text(code, str(message.get("message", ""))))
        changed = self.session.receive(message)
        if changed == ANOTHER_TABLE:
            # the host begins another table (other seats): a new session for it, so what was
            # drawn from the old one never meets these seats (show_hand's IndexError)
            self.session = RemoteSession(self.session.send)
            changed = self.session.receive(message)
        if changed:
            self.on_change(changed)

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        while True:
            await asyncio.sleep(PING_EVERY)
            writer.write(wire.encode({"type": "ping"}))
