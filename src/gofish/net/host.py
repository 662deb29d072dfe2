"""The host: tables, the TCP server, saves and the pace of the computer players.

One asyncio loop serves every table. Each table has a driver task that plays its computers
(and the stand-ins of away players) one action at a time; a player's action is handled on its
connection's task. Either way the table's lock is held while the action is applied, saved and
told to the seats, so the seats always hear of an action after it is on disk, and in order.

Saves run in threads: an fsync costs milliseconds, and the loop must stay free for the other
tables meanwhile. Computer moves run on the loop, through a ``Gate`` that lets at most a few
milliseconds of them run before the loop looks at the sockets again, so a player's action is
never stuck behind fifty tables' worth of computer thinking.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import secrets
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from gofish.engine import Rules
from gofish.i18n import _
from gofish.protocol import wire
from gofish.session import Session
from gofish.store.errors import StoreError
from gofish.store.lock import GameLock
from gofish.store.repo import Store
from gofish.store.tables import TableFiles

from .codes import new_code, new_key, parse_code
from .conn import Conn
from .limits import (
    IDLE_TIMEOUT,
    JOIN_TIMEOUT,
    AddressBook,
    TokenBucket,
    network,
)
from .lobby import Lobby
from .plan import PlanError, SeatPlan, TableRecord
from .table import Refused, Table

GATE_BUDGET = 0.004  # seconds of computer moves between two looks at the sockets
BATCH = 16  # unpaced computer moves applied before one save
# The host process hands the interpreter lock over after this long (Python's default: 5 ms).
# A save thread takes the lock back after each system call, and behind a busy loop each of
# those waits cost up to the interval: a player's save went from about 40 ms at p99 to 25.
SWITCH_INTERVAL = 0.0005
# A seat's comings and goings at the host's terminal: a few at once, then one a second (a
# player reconnecting in a loop printed two lines each time: 6,000 for 3,000 reconnects).
SEAT_LINES_BURST = 6
SEAT_LINES_PER_SECOND = 1.0


class Gate:
    """Computer moves give way to the players: at most ``budget`` seconds of them run before
    everyone waits one trip round the event loop (where sockets are read), and none starts
    while a player's action is being applied, saved and told."""

    def __init__(self, budget: float = GATE_BUDGET) -> None:
        self.budget = budget
        self._start = time.perf_counter()
        self._waiting: asyncio.Future[None] | None = None
        self._players = 0
        self._clear: asyncio.Event | None = None

    async def turn(self) -> None:
        while True:
            if self._players:
                if self._clear is None:
                    self._clear = asyncio.Event()
                await self._clear.wait()
                continue
            if time.perf_counter() - self._start < self.budget:
                return
            if self._waiting is None:
                loop = asyncio.get_running_loop()
                self._waiting = loop.create_future()
                loop.call_soon(self._open)  # runs after the loop's next look at the sockets
            await asyncio.shield(self._waiting)

    @property
    def open(self) -> bool:
        """Whether a computer move may run now without waiting (nothing is awaited here)."""
        return not self._players and time.perf_counter() - self._start < self.budget

    def _open(self) -> None:
        self._start = time.perf_counter()
        waiting, self._waiting = self._waiting, None
        if waiting is not None and not waiting.done():
            waiting.set_result(None)

    @contextlib.contextmanager
    def player(self) -> Iterator[None]:
        """A player's action is under way: the computers wait until it has been told."""
        self._players += 1
        if self._clear is not None:
            self._clear.clear()
        try:
            yield
        finally:
            self._players -= 1
            if not self._players and self._clear is not None:
                self._clear.set()


class Host:
    def __init__(self, store: Store, *, delay: float = 0.6, say: Callable[[str], None] | None = None,
                 threaded_saves: bool = True, save_threads: int = 4, player_threads: int = 16,
                 gate_budget: float = GATE_BUDGET, auto_start: bool = True,
                 max_per_address: int | None = None, join_timeout: float = JOIN_TIMEOUT,
                 clock: Callable[[], float] = time.monotonic, may_open: bool = False) -> None:
        self.store = store
        self.delay = delay
        self.say = say or (lambda text: None)
        self.auto_start = auto_start
        self.join_timeout = join_timeout
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.files = TableFiles(store.root)  # the tables' records, kept by the store
        self.addresses = AddressBook(clock)
        if max_per_address is not None:  # pending connections from one network
            self.addresses.most_pending_per_network = max_per_address
        self._warned: dict[str, float] = {}  # networks out of attempts, when the host was told
        self.gate = Gate(gate_budget)
        # players' saves have threads of their own: never queued behind fifty computers' saves
        self._executor = ThreadPoolExecutor(save_threads, "gofish-save") if threaded_saves \
            else None
        self._player_executor = ThreadPoolExecutor(player_threads, "gofish-save-player") \
            if threaded_saves else None
        self._locks: dict[str, list[GameLock]] = {}  # each table's own lock (its game's is
        # its session's)
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._conns: set[Conn] = set()
        self._server: asyncio.Server | None = None
        self._seat_said: dict[tuple[str, int], bool] = {}  # here, as last said
        self._seat_lines: dict[tuple[str, int], TokenBucket] = {}
        self._seat_due: set[tuple[str, int]] = set()  # a line to say in a moment
        self.lobby = Lobby(self, may_open=may_open)  # the tables' list, opening, watching

    @property
    def connections(self) -> int:
        return len(self._conns)

    @property
    def tables_dir(self) -> Path:
        return self.files.folder

    # ------------------------------------------------------------------ tables

    def open_table(self, seats: list[SeatPlan], rules: Rules, *, seed: int | None = None,
                   takeover_after: float | None = None, takeover_level: str = "hard") -> Table:
        """A new table, written to disk and locked by this host; raises StoreError if it cannot."""
        code = new_code(set(self.tables) | set(self.files.codes()))
        rules.check_players(len(seats))
        self._give_keys(seats)
        record = TableRecord(code, rules, seats, secrets.randbits(32) if seed is None else seed,
                             takeover_after=takeover_after, takeover_level=takeover_level)
        self._locks[code] = [self.files.hold(code)]
        table = Table(record, clock=self.clock)
        table.on_change = self.lobby.changed
        self.tables[code] = table
        self._write_record(table)
        return table

    @staticmethod
    def _give_keys(seats: list[SeatPlan]) -> bool:
        """A key for each free seat kept for a name (the host prints it for that player only);
        whether any was new."""
        new = False
        for plan in seats:
            if plan.is_human and plan.reserved and not plan.taken and not plan.key:
                plan.key = new_key()
                new = True
        return new

    def reopen(self) -> list[Table]:
        """Open again every unfinished table this data folder holds (after a restart)."""
        opened = []
        for code in self.files.codes():
            if code in self.tables:
                continue
            try:
                table = self._reopen(code)
            except (OSError, ValueError, StoreError) as e:
                self.say(_("Table {code} cannot be opened: {why}").format(code=code, why=e))
                continue
            if table is not None:
                opened.append(table)
        return opened

    def _reopen(self, code: str) -> Table | None:
        record = TableRecord.from_json(self.files.read(code))
        if record.code != code:
            raise PlanError("the file name is not its code")
        locks = [self.files.hold(record.code)]
        session: Session | None = None
        try:
            table = Table(record, clock=self.clock)
            table.on_change = self.lobby.changed
            if self._give_keys(record.seats):  # a table kept by an older host had none
                self._write_record(table)
            if record.game_id:
                # the host saves each batch of moves itself, off the loop (see _after)
                session = Session.resume(self.store, record.game_id, autosave=False)
                if session.over:
                    self.files.remove(code)
                    session.close()
                    for lock in locks:
                        lock.release()
                    return None
                table.begin(session)
        except BaseException:
            if session is not None:
                session.close()
            for lock in locks:
                lock.release()
            raise
        self._locks[record.code] = locks
        self.tables[record.code] = table
        if table.started:
            self._drive(table)
        return table

    def _write_record(self, table: Table) -> None:
        self.files.write(table.code, table.record.to_json())

    def save_record(self, table: Table) -> None:
        """The table's record as it is now, for a restarted host (StoreError if it cannot)."""
        if not table.over:
            self._write_record(table)

    @property
    def busy(self) -> bool:
        """Whether a table is waiting for players or in play, or anyone is connected to one."""
        return any(not t.over or t.links or t.watchers for t in self.tables.values())

    async def rematch(self, table: Table) -> None:
        """Every human seat accepted: a new deal at the same table, the same seats."""
        if not table.over:
            return
        record = table.record
        record.seed = secrets.randbits(32)
        record.game_id = ""
        record.played_by = []
        table.session = None
        table.stand_ins.clear()
        self._locks[table.code] = [self.files.hold(table.code)]
        self._drivers.pop(table.code, None)
        await self.start(table)
    async def start(self, table: Table, fill: str | None = None) -> None:
        """Begin the game: free seats go to computers of level ``fill`` (if given)."""
        if table.started or table.starting:
            return
        if fill:
            table.fill(fill)
        if not table.full:
            raise Refused(wire.NOT_STARTED, "some seats are still free")
        record = table.record
        table.starting = True
        try:
            # written and held before anyone hears of it; the host saves the moves itself
            session = await self._io(functools.partial(
                Session.start, self.store, record.rules, [p.spec() for p in table.seats],
                record.seed, autosave=False))
            try:
                record.game_id = session.game_id
                await self._io(self._write_record, table)
            except BaseException:
                session.close()
                record.game_id = ""
                raise
        finally:
            table.starting = False
        table.begin(session)
        self.say(_("Table {code}: the game begins ({names}).").format(
            code=table.code, names=", ".join(table.names())))
        self._drive(table)

    async def _io(self, fn: Callable[..., Any], *args: Any, player: bool = False) -> Any:
        """Run a blocking file operation off the loop (in a thread), or here in tests."""
        executor = self._player_executor if player else self._executor
        if executor is None:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(executor, fn, *args)

    # ------------------------------------------------------------------ playing

    def _drive(self, table: Table) -> None:
        if table.code not in self._drivers:
            self._drivers[table.code] = asyncio.get_running_loop().create_task(
                self._driver(table), name=f"table {table.code}")

    async def _driver(self, table: Table) -> None:
        while not table.over:
            table.wake.clear()
            kind, wait = table.due()
            if kind is None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(table.wake.wait(), wait)
                continue
            await self.gate.turn()
            async with table.lock:
                kind, _wait = table.due()  # a player may have acted meanwhile
                if kind is None:
                    continue
                assert table.session is not None
                start = table.session.event_count
                steps = 1
                table.step(kind)
                # unpaced, a run of computer moves is saved once, before anyone hears of it
                while self.delay <= 0 and kind == "computer" and steps < BATCH:
                    kind, _wait = table.due()
                    if kind != "computer" or not self.gate.open:
                        break
                    table.step(kind)
                    steps += 1
                await self._after(table, start)
            if self.delay > 0 and kind != "next-deal":
                await asyncio.sleep(self.delay)

    async def _after(self, table: Table, start: int, *, player: bool = False) -> None:
        """Actions were applied: save them, then tell the seats."""
        session = table.session
        assert session is not None
        try:  # the record is taken here, on the loop; the file is written in a thread
            await self._io(session.save_later(), player=player)
        except StoreError as e:
            self.say(_("Table {code}: could not save the game: {why}").format(
                code=table.code, why=e))
        table.broadcast(start)
        if table.over:
            await self._finish(table)

    async def _finish(self, table: Table) -> None:
        session = table.session
        assert session is not None
        names = [table.seats[w].name for w in session.winners]
        self.say(_("Table {code}: game over, won by {names}.").format(
            code=table.code, names=", ".join(names)))
        locks = self._locks.pop(table.code, [])
        await self._io(self._let_go, table, locks, session)

    def _let_go(self, table: Table, locks: list[GameLock], session: Session) -> None:
        """The game is over and saved: the table's record is kept beside the game (who sat
        where, and which moves a computer made for an absent player), the table file goes,
        and so do the locks."""
        code = table.code
        try:
            self.files.keep(table.record.game_id, table.record.to_json())
        except StoreError as e:
            self.say(str(e))
        self.files.remove(code)
        session.close()  # the table stays open for its players; the game is in the history
        for lock in locks:
            lock.release()

    # ------------------------------------------------------------------ messages

    async def handle_line(self, conn: Conn, line: bytes) -> None:
        """One line from a client. Whatever it holds, the reply is a message, never a crash."""
        if conn.closed:
            return
        if not conn.bucket.take():
            conn.error(wire.SLOW_DOWN, "too many messages: this one was dropped")
            return
        try:
            message = wire.decode(line)
        except wire.WireError as e:
            if e.code == wire.TOO_LONG:
                conn.close(e.code, str(e))
            else:
                conn.error(e.code, str(e))
            return
        kind = message["type"]
        if kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "join":
            await self._join(conn, message)
        elif kind == "action":
            await self._act(conn, message)
        elif kind == "tables":
            self.lobby.follow(conn, message)
        elif kind == "open":
            await self.lobby.open(conn, message)
        elif kind == "watch":
            self.lobby.watch(conn, message)
        elif kind == "control":
            await self.lobby.control(conn, message)
        elif kind in ("say", "rematch"):
            await self._seat_word(conn, kind, message)
        else:
            conn.error(wire.UNKNOWN, f"unknown message type {kind!r}"[:100])

    async def _join(self, conn: Conn, message: dict[str, Any]) -> None:
        if conn.table is not None:
            conn.error(wire.JOINED, "this connection already holds a seat")
            return
        version = message.get("protocol", wire.PROTOCOL)
        if type(version) is not int or version != wire.PROTOCOL:  # (True == 1 in Python)
            conn.error(wire.MALFORMED, f"protocol {version!r:.20} is not spoken here "
                                       f"(only {wire.PROTOCOL})")
            return
        code, key = parse_code(message.get("code")) or ("", "")
        table = self.tables.get(code) if code else None
        secret = message.get("secret")
        # a valid secret (or key) cannot be guessed: its seat gets in whatever others have tried
        trusted = table is not None and table.knows(secret, key)
        if not trusted and not self.addresses.may_try(conn.address):
            self._out_of_attempts(conn.address)
            conn.close(wire.TOO_MANY, "too many failed joins: try again later")
            return
        try:
            if table is None:
                raise Refused(wire.BAD_CODE, "no open table has this code")
            seat, new_secret = table.join(message.get("name"), secret, key)
        except Refused as e:
            if e.code in (wire.BAD_CODE, wire.BAD_SECRET) and \
                    not self.addresses.failed(conn.address):
                self._out_of_attempts(conn.address)
                conn.close(wire.TOO_MANY, "too many failed joins: try again later")
            else:
                conn.error(e.code, str(e))
            return
        self.addresses.settled(conn)
        name = table.seats[seat].name
        if new_secret is not None:
            try:  # on disk before the secret is given: a restarted host knows the seat
                await self._io(self._write_record, table)
            except StoreError as e:
                self.say(str(e))
            self.say(_("Table {code}: {name} takes seat {n}.").format(
                code=table.code, name=name, n=seat + 1))
            self._seat_said[(table.code, seat)] = True
        welcome: dict[str, Any] = {"type": "welcome", "protocol": wire.PROTOCOL,
                                   "code": table.code, "seat": seat, "name": name}
        if new_secret is not None:
            welcome["secret"] = new_secret
        conn.send(welcome)
        conn.table, conn.seat = table, seat
        old = table.attach(seat, conn)
        if old is not None:
            old.close(wire.REPLACED, "this seat joined again from another connection")
        self._seat_news(table, seat)
        if table.started:
            table.sync(seat)
        elif self.auto_start and table.full:
            try:
                await self.start(table)
            except (StoreError, Refused) as e:
                self.say(_("Table {code}: cannot start: {why}").format(code=table.code, why=e))

    async def _seat_word(self, conn: Conn, kind: str, message: dict[str, Any]) -> None:
        """A seated player's word: one of the preset words, or their answer to a rematch."""
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            conn.error(wire.NOT_JOINED, "join a table first")
            return
        try:
            if kind == "say":
                table.say(seat, message.get("word"))
                return
            if table.vote(seat, message.get("accept")):
                await self.rematch(table)
        except Refused as e:
            conn.error(e.code, str(e))
        except StoreError as e:
            self.say(_("Table {code}: cannot start: {why}").format(code=table.code, why=e))

    def _out_of_attempts(self, address: str) -> None:
        """Tell the host's terminal (at most once a minute per network): new players from
        there cannot take a seat for a while; seated players still get back in."""
        net = network(address)
        now = self.clock()
        if now - self._warned.get(net, -1e9) >= 60:
            if len(self._warned) > 10_000:  # never grows without bound
                self._warned.clear()
            self._warned[net] = now
            self.say(_("Too many wrong table codes from {address}: new players from there "
                       "must wait a minute (seated players still get back in).").format(
                address=net))

    async def _act(self, conn: Conn, message: dict[str, Any]) -> None:
        table, seat = conn.table, conn.seat
        if table is None or seat is None:
            conn.error(wire.NOT_JOINED, "join a table first")
            return
        async with table.lock:
            session = table.session
            start = session.event_count if session is not None else 0
            try:
                table.play(seat, message.get("action"))
            except Refused as e:
                conn.error(e.code, str(e))
                return
            with self.gate.player():  # a legal move: the computers wait until it is told
                await self._after(table, start, player=True)
        table.wake.set()

    # ------------------------------------------------------------------ the network

    async def serve(self, host: str, port: int) -> asyncio.Server:
        self._server = await asyncio.start_server(self._connection, host, port,
                                                  limit=wire.MAX_LINE)
        return self._server

    async def serve_unix(self, path: Path) -> asyncio.Server:
        """Listen on a Unix socket (made 0600: only this account connects)."""
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # a socket left by a server that died (the caller holds the lock)
        old = os.umask(0o177)
        try:
            self._server = await asyncio.start_unix_server(self._connection, path,
                                                           limit=wire.MAX_LINE)
        finally:
            os.umask(old)
        return self._server

    async def _connection(self, reader: asyncio.StreamReader,
                          writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        conn = Conn(address, writer.write, writer.close,
                    writer.transport.get_write_buffer_size, self.clock, writer.is_closing)
        for older in self.addresses.arrive(conn, address):
            assert isinstance(older, Conn)
            older.close(wire.TIMEOUT, "no join yet: made way for a newer connection")
        self._conns.add(conn)
        try:
            await self._read(conn, reader)
        finally:
            self._conns.discard(conn)
            self.addresses.settled(conn)
            self.lobby.gone(conn)
            table, seat = conn.table, conn.seat
            conn.close()
            if table is not None and seat is not None and table.detach(seat, conn):
                self._seat_news(table, seat)

    def _seat_news(self, table: Table, seat: int) -> None:
        """Say at the host's terminal that a seat's player is here or away: at once while
        the seat's lines are few, else in a moment, where the seat is by then."""
        key = (table.code, seat)
        if key in self._seat_due:
            return
        loop = asyncio.get_running_loop()
        lines = self._seat_lines.get(key)
        if lines is None:
            lines = self._seat_lines[key] = TokenBucket(SEAT_LINES_PER_SECOND, SEAT_LINES_BURST,
                                                        loop.time)
        if lines.take():
            self._say_seat(table, seat)
        else:
            self._seat_due.add(key)
            loop.call_later(1 / SEAT_LINES_PER_SECOND, self._say_seat, table, seat)

    def _say_seat(self, table: Table, seat: int) -> None:
        """The seat's line, unless the last one said already says where it is."""
        key = (table.code, seat)
        self._seat_due.discard(key)
        here = seat in table.links
        if self._seat_said.get(key) == here:
            return
        self._seat_said[key] = here
        name = table.seats[seat].name
        if here:
            self.say(_("Table {code}: {name} is back.").format(code=table.code, name=name))
        else:
            self.say(_("Table {code}: {name} is away.").format(code=table.code, name=name))

    async def _read(self, conn: Conn, reader: asyncio.StreamReader) -> None:
        while not conn.closed:
            if conn.table is None and not conn.follow and conn.watching is None:
                # an absolute deadline: pings and bad joins do not move it
                timeout = conn.opened + self.join_timeout - self.clock()
                if timeout <= 0:
                    conn.close(wire.TIMEOUT, "no join in time")
                    return
            else:
                timeout = IDLE_TIMEOUT
            try:
                line = await asyncio.wait_for(reader.readline(), timeout)
            except TimeoutError:
                conn.close(wire.TIMEOUT, "nothing heard in time")
                return
            except ValueError:  # a line over the limit
                conn.close(wire.TOO_LONG, f"a message is at most {wire.MAX_LINE} bytes")
                return
            except (ConnectionError, OSError):
                return
            if not line.endswith(b"\n"):
                return  # the end of the stream (a last partial line is dropped)
            await self.handle_line(conn, line)
            await asyncio.sleep(0)  # one busy connection never holds the loop

    async def close(self) -> None:
        """Stop: no new connections, every client told, every save finished, locks released."""
        if self._server is not None:
            self._server.close()
        for task in self._drivers.values():
            task.cancel()
        for task in list(self._drivers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._drivers.clear()
        for conn in list(self._conns):
            conn.close(wire.CLOSED, "the host is shutting down")
        for executor in (self._executor, self._player_executor):
            if executor is not None:
                await asyncio.get_running_loop().run_in_executor(None, executor.shutdown)
        for table in self.tables.values():
            if table.session is not None:
                table.session.close()
        for code in list(self._locks):
            for lock in self._locks.pop(code):
                lock.release()
        if self._server is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._server.wait_closed(), 2)
