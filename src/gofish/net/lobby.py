"""The lobby of a table server: the tables open on it, opening one, watching one, and what the
opener of a table may do with its seats.

Messages (one JSON object a line, as everywhere on the wire; docs/bot-protocol.md):

- ``{"type": "tables", "follow": true}``: the tables (``{"type": "tables", "tables": [...]}``),
  and, with ``follow``, again each time they change (the lobby screen stays up to date).
- ``{"type": "open", "seats": [...], "rules": {...}, "seed": 7, "private": false}``: a new
  table; the answer ``opened`` gives its code, the opener's token and the keys of its kept
  seats (only a server that lets its clients open tables: the local one).
- ``{"type": "watch", "code": "KQWZRT"}``: the table's public view and events, never a hand.
- ``{"type": "control", "code", "owner", "op": "computer" | "free" | "start", "seat", "level"}``:
  the opener gives a seat to a computer, frees it (a new key for its player), or starts now.

Nothing here reads a hand: a summary holds names, kinds, statuses and the rules.
"""

from __future__ import annotations

import secrets
from typing import Any, Protocol

from gofish.engine import Rules, RulesError
from gofish.protocol import wire
from gofish.seats import COMPUTER, HUMAN, LEVELS

from .codes import secret_hash, secret_matches
from .conn import Conn
from .limits import AddressBook
from .plan import PlanError, SeatPlan, check_name, name_computers
from .table import Refused, Table

MAX_TABLES = 200  # open tables a server keeps at once (each is a few kilobytes)
OPENER_TAKEOVER = 60.0  # a lobby table's away player is played by a computer after this long


def seats_from_json(data: Any) -> list[SeatPlan]:
    """The seats of an ``open``: each ``{"kind", "level", "name"}``; a named human seat is
    kept for that name (with a key), an unnamed one is free for anyone."""
    if not isinstance(data, list) or not 2 <= len(data) <= 6:
        raise PlanError("seats: 2 to 6 seats expected")
    plans = []
    for item in data:
        if not isinstance(item, dict):
            raise PlanError("seats: objects expected")
        kind, level, name = item.get("kind"), item.get("level", ""), item.get("name", "")
        if kind == HUMAN and isinstance(name, str):
            plans.append(SeatPlan(HUMAN, name=check_name(name) if name else "",
                                  reserved=bool(name)))
        elif kind == COMPUTER and level in LEVELS and isinstance(name, str):
            plans.append(SeatPlan(COMPUTER, level=level, name=check_name(name) if name else ""))
        else:
            raise PlanError("seats: a seat is a human (with a name or none) or a computer "
                            "with a level")
    if not any(p.is_human for p in plans):
        raise PlanError("seats: at least one human seat")
    name_computers(plans)
    return plans


class Server(Protocol):
    """What the lobby asks of its host (gofish.net.host.Host)."""

    tables: dict[str, Table]
    addresses: AddressBook

    def open_table(self, seats: list[SeatPlan], rules: Rules, *, seed: int | None = None,
                   takeover_after: float | None = None, takeover_level: str = "hard"
                   ) -> Table: ...
    def save_record(self, table: Table) -> None: ...
    async def start(self, table: Table, fill: str | None = None) -> None: ...


class Lobby:
    """The lobby messages of one host; ``may_open``: whether its clients may open tables."""

    def __init__(self, host: Server, *, may_open: bool = False) -> None:
        self.host = host
        self.may_open = may_open
        self.followers: set[Conn] = set()
        self._due = False

    # ------------------------------------------------------------------ the list

    def listing(self, known: frozenset[str] = frozenset()) -> dict[str, Any]:
        """The open tables; a private one only to whoever names its code (its players)."""
        tables = [t.summary() for t in self.host.tables.values()
                  if (not t.record.private or t.code in known) and (not t.over or t.links)]
        return {"type": "tables", "tables": tables}

    def follow(self, conn: Conn, message: dict[str, Any]) -> None:
        codes = message.get("codes")
        if isinstance(codes, list):
            conn.known = frozenset(c for c in codes[:50] if isinstance(c, str) and len(c) == 6)
        if message.get("follow") is True:
            conn.follow = True
            self.followers.add(conn)
            self.host.addresses.settled(conn)  # a lobby screen: no join deadline
        conn.send(self.listing(conn.known))

    def changed(self) -> None:
        """A table changed: the followers hear of it shortly (once for a burst of changes)."""
        if self._due or not self.followers:
            return
        import asyncio

        self._due = True
        asyncio.get_running_loop().call_later(0.02, self._tell)

    def _tell(self) -> None:
        self._due = False
        shared = self.listing()
        for conn in list(self.followers):
            if conn.closed:
                self.followers.discard(conn)
            else:
                conn.send(self.listing(conn.known) if conn.known else shared)

    def gone(self, conn: Conn) -> None:
        self.followers.discard(conn)
        if conn.watching is not None:
            conn.watching.unwatch(conn)
            conn.watching = None
            self.changed()

    # ------------------------------------------------------------------ opening and watching

    async def open(self, conn: Conn, message: dict[str, Any]) -> None:
        if not self.may_open:
            conn.error(wire.UNKNOWN, "this host opens no table for its clients")
            return
        if len([t for t in self.host.tables.values() if not t.over]) >= MAX_TABLES:
            conn.error(wire.TOO_MANY, "this server has as many tables as it can keep")
            return
        try:
            seats = seats_from_json(message.get("seats"))
            rules = Rules.from_json(message.get("rules"))
            rules.check_players(len(seats))
            seed = message.get("seed")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)
                                     or not 0 <= seed < 2**63):
                raise PlanError("seed: a whole number")
            private = message.get("private", False) is True
        except (PlanError, RulesError, TypeError, ValueError) as e:
            conn.error(wire.MALFORMED, f"open: {e}"[:200])
            return
        owner = secrets.token_urlsafe(24)
        try:
            table = self.host.open_table(seats, rules, seed=seed,
                                         takeover_after=OPENER_TAKEOVER, takeover_level="hard")
        except Exception as e:  # StoreError, a full disk: the table is not opened
            conn.error(wire.SAVE_FAILED, str(e)[:200])
            return
        table.record.owner_hash = secret_hash(owner)
        table.record.private = private
        self.host.save_record(table)
        keys = [{"seat": i, "name": p.name, "key": p.key}
                for i, p in enumerate(table.seats) if p.is_human and p.key]
        conn.send({"type": "opened", "code": table.code, "owner": owner, "keys": keys})
        self.changed()

    def watch(self, conn: Conn, message: dict[str, Any]) -> None:
        table = self._table(message.get("code"))
        if table is None:
            conn.error(wire.BAD_CODE, "no open table has this code")
            return
        if conn.table is not None or conn.watching is not None:
            conn.error(wire.JOINED, "this connection already follows a table")
            return
        conn.watching = table
        self.host.addresses.settled(conn)
        table.watch(conn)
        self.changed()

    def _table(self, code: object) -> Table | None:
        if not isinstance(code, str):
            return None
        return self.host.tables.get(code.strip().upper().replace("-", "")[:6])

    # ------------------------------------------------------------------ the opener

    async def control(self, conn: Conn, message: dict[str, Any]) -> None:
        table = self._table(message.get("code"))
        if table is None or not table.record.owner_hash or \
                not secret_matches(message.get("owner"), table.record.owner_hash):
            conn.error(wire.BAD_SECRET, "only the table's opener may do this")
            return
        op, seat, level = message.get("op"), message.get("seat"), message.get("level", "hard")
        try:
            async with table.lock:
                if op == "computer":
                    if level not in LEVELS:
                        raise Refused(wire.MALFORMED, "control: unknown level")
                    table.give_to_computer(seat, level)  # type: ignore[arg-type]
                    reply: dict[str, Any] = {}
                elif op == "free":
                    reply = {"key": table.free(seat)}  # type: ignore[arg-type]
                elif op == "start":
                    reply = {}
                else:
                    raise Refused(wire.MALFORMED, "control: op is computer, free or start")
                self.host.save_record(table)
            if op == "start":
                await self.host.start(table, fill=level if level in LEVELS else "hard")
        except Refused as e:
            conn.error(e.code, str(e))
            return
        except Exception as e:  # the record could not be saved: said, the table goes on
            conn.error(wire.SAVE_FAILED, str(e)[:200])
            return
        conn.send({"type": "controlled", "code": table.code, "op": op, "seat": seat, **reply})
        self.changed()
