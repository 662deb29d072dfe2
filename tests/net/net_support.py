"""Helpers for the shared-table tests: a host on a temporary store, connections that record."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gofish.engine import Event, card_code
from gofish.net.conn import Conn
from gofish.net.host import Host
from gofish.net.table import Table
from gofish.store.repo import Store


class Recorder:
    """A client connection that keeps everything the host writes to it."""

    def __init__(self, host: Host, address: str = "10.0.0.1",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.lines: list[bytes] = []
        self.closed = False
        self.conn = Conn(address, self.lines.append, self._close, clock=clock)
        self.host = host
        self.read = 0  # messages already returned by ``new``

    def _close(self) -> None:
        self.closed = True

    @property
    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(line) for chunk in self.lines for line in chunk.splitlines()]

    def new(self) -> list[dict[str, Any]]:
        messages = self.messages
        fresh = messages[self.read:]
        self.read = len(messages)
        return fresh

    async def say(self, message: dict[str, Any] | bytes) -> list[dict[str, Any]]:
        """Send one line to the host; the messages it wrote back to this connection."""
        line = message if isinstance(message, bytes) else json.dumps(message).encode() + b"\n"
        await self.host.handle_line(self.conn, line)
        return self.new()

    def errors(self) -> list[str]:
        return [m["code"] for m in self.messages if m["type"] == "error"]


def make_host(tmp_path: Path, **options: Any) -> Host:
    options.setdefault("delay", 0.0)
    options.setdefault("threaded_saves", False)
    return Host(Store(tmp_path / "host"), **options)


async def until(check: Callable[[], object], timeout: float = 10.0, what: str = "") -> Any:
    """Let the loop run until ``check()`` is true."""
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what or check}")
        await asyncio.sleep(0.002)


def idle(table: Table) -> bool:
    """Nothing for the table's driver to do: a human is to act, or the game is over."""
    return table.due()[0] is None and not table.lock.locked()


def card_codes(value: Any) -> set[str]:
    """Every card code anywhere in a JSON value (strings that are exactly a card's code)."""
    codes = {card_code(c) for c in range(52)}
    found: set[str] = set()

    def walk(v: Any) -> None:
        if isinstance(v, str) and v in codes:
            found.add(v)
        elif isinstance(v, dict):
            for item in v.values():
                walk(item)
        elif isinstance(v, list):
            for item in v:
                walk(item)

    walk(value)
    return found


def public_cards(events: list[Event]) -> set[str]:
    """Cards shown to everyone so far: handed over, lucky draws, books, dealer-choosing cards."""
    return {card_code(c) for e in events for c in e.cards}


def leaks(message: dict[str, Any], seat: int, hands: list[tuple[int, ...]],
          revealed: set[str]) -> set[str]:
    """Cards of other seats' hands in ``message`` that nobody was shown: must be empty."""
    hidden = {card_code(c) for s, hand in enumerate(hands) if s != seat for c in hand}
    return (card_codes(message) & hidden) - revealed
