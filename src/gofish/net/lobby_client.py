"""The lobby's side of the table server: the tables as they change, and the opener's requests.

``LobbyClient.run`` keeps one connection to this data folder's table server (starting it when
none runs), follows its list of tables and reconnects when it goes; ``request`` sends an
``open`` or a ``control`` and waits for its answer. What the server sends is data: every text
is cleaned as it arrives, and a table that cannot be read is left out of the list.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gofish.engine import Rules, RulesError
from gofish.protocol import wire
from gofish.seats import COMPUTER, HUMAN
from gofish.store.text import plain

from .client import NAME_LIMIT, error_text
from .limits import PING_EVERY
from .seat_client import CLIENT_LIMIT, Opener

REPLIES = ("opened", "controlled", "error")


@dataclass(frozen=True)
class SeatInfo:
    name: str  # "" for a free seat
    kind: str  # human or computer
    level: str  # a computer's level
    status: str  # here, away, empty, computer, given


@dataclass(frozen=True)
class TableInfo:
    """A table as the lobby lists it."""

    code: str
    rules: Rules
    seats: tuple[SeatInfo, ...]
    started: bool
    over: bool
    watchers: int
    actions: int

    @property
    def free(self) -> int:
        return sum(1 for s in self.seats if s.kind == HUMAN and s.status == "empty")

    @property
    def waiting(self) -> tuple[str, ...]:
        """Who has taken a seat and waits for the game to begin."""
        if self.started:
            return ()
        return tuple(s.name for s in self.seats if s.kind == HUMAN and s.status == "here")


def table_info(data: Any) -> TableInfo | None:
    """One table of a ``tables`` message, or None if it cannot be read."""
    try:
        seats = []
        for s in data["seats"][:6]:
            kind = plain(s.get("kind", ""), 12)
            seats.append(SeatInfo(plain(s.get("name") or "", NAME_LIMIT),
                                  kind if kind in (HUMAN, COMPUTER) else HUMAN,
                                  plain(s.get("level") or "", 12),
                                  plain(s.get("status") or "", 12)))
        code = plain(data["code"], 6)
        if len(seats) < 2 or len(code) != 6 or not code.isalpha():
            return None
        watchers, actions = data.get("watchers", 0), data.get("actions", 0)
        return TableInfo(code, Rules.from_json(data["rules"]), tuple(seats),
                         data.get("started") is True, data.get("over") is True,
                         watchers if isinstance(watchers, int) else 0,
                         actions if isinstance(actions, int) else 0)
    except (KeyError, TypeError, AttributeError, ValueError, RulesError):
        return None


class LobbyError(Exception):
    """A request the server refused (``text`` in the player's language) or could not reach."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


class LobbyClient:
    """Follows the table server's list; ``on_tables`` hears each new list, ``on_state`` hears
    "online" and "offline" as the connection comes and goes."""

    def __init__(self, opener: Opener, *,
                 on_tables: Callable[[list[TableInfo]], None] = lambda tables: None,
                 on_state: Callable[[str], None] = lambda state: None,
                 codes: tuple[str, ...] = ()) -> None:
        self.opener = opener
        self.codes = codes  # tables this player holds a seat at: listed even when private
        self.on_tables = on_tables
        self.on_state = on_state
        self.tables: list[TableInfo] = []
        self.online = False
        self._writer: asyncio.StreamWriter | None = None
        self._waiting: list[asyncio.Future[dict[str, Any]]] = []
        self._stopped = False

    def stop(self) -> None:
        self._stopped = True
        if self._writer is not None:
            self._writer.close()

    async def run(self) -> None:
        delay = 0.1
        while not self._stopped:
            try:
                reader, writer = await self.opener()
            except OSError:
                self._set_online(False)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)
                continue
            delay = 0.1
            try:
                await self._follow(reader, writer)
            finally:
                self._writer = None
                writer.close()
                self._set_online(False)
                for future in self._waiting:
                    if not future.done():
                        future.set_exception(LobbyError("offline", "the table server went away"))
                self._waiting.clear()

    def _set_online(self, online: bool) -> None:
        if online != self.online:
            self.online = online
            self.on_state("online" if online else "offline")

    async def _follow(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        writer.write(wire.encode({"type": "tables", "follow": True, "codes": list(self.codes)}))
        pinger = asyncio.get_running_loop().create_task(self._ping(writer))
        try:
            while not self._stopped:
                try:
                    line = await reader.readline()
                except (ValueError, ConnectionError, OSError):
                    return
                if not line.endswith(b"\n"):
                    return
                try:
                    self._handle(wire.decode(line, CLIENT_LIMIT))
                except wire.WireError:
                    continue
        finally:
            pinger.cancel()

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "tables":
            listed = message.get("tables")
            if isinstance(listed, list):
                self.tables = [t for t in map(table_info, listed[:500]) if t is not None]
                self._set_online(True)
                self.on_tables(self.tables)
        elif kind in REPLIES and self._waiting:
            future = self._waiting.pop(0)
            if not future.done():
                future.set_result(message)

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        while True:
            await asyncio.sleep(PING_EVERY)
            writer.write(wire.encode({"type": "ping"}))

    async def request(self, message: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Send ``open`` or ``control``; its answer, or LobbyError saying why not."""
        if self._writer is None:
            raise LobbyError("offline", error_text("offline", "not connected"))
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting.append(future)
        self._writer.write(wire.encode(message))
        try:
            reply = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            with contextlib.suppress(ValueError):
                self._waiting.remove(future)
            raise LobbyError("timeout", error_text(wire.TIMEOUT, "no answer")) from None
        if reply.get("type") == "error":
            code = plain(reply.get("code", ""), 40)
            raise LobbyError(code, error_text(code, str(reply.get("message", ""))))
        return reply


async def ask_once(opener: Opener, message: dict[str, Any], reply: str,
                   timeout: float = 10.0) -> dict[str, Any]:
    """One request on a connection of its own (a script, a test): the first ``reply``."""
    reader, writer = await asyncio.wait_for(opener(), timeout)
    try:
        writer.write(wire.encode(message))
        while True:
            line = await asyncio.wait_for(reader.readline(), timeout)
            if not line.endswith(b"\n"):
                raise LobbyError("offline", "the table server went away")
            answer = wire.decode(line, CLIENT_LIMIT)
            if answer["type"] == "error":
                raise LobbyError(str(answer.get("code")), str(answer.get("message", "")))
            if answer["type"] == reply:
                return answer
    finally:
        writer.close()


__all__ = ["LobbyClient", "LobbyError", "SeatInfo", "TableInfo", "ask_once",
           "table_info"]
