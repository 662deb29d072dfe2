"""``gofish host`` and ``gofish join``: one game, each player in their own terminal.

The host runs the game and prints a table code; each player joins with it from their own
terminal (another ssh session into the same machine, or another machine on the network).
docs/shared-table.md is the guide; docs/bot-protocol.md describes the messages.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import shlex
import signal
import socket
import sys
import threading
from typing import TYPE_CHECKING

from gofish.commands.addresses import is_loopback
from gofish.commands.play import BadValue, add_rules_option, read_rules
from gofish.i18n import _

if TYPE_CHECKING:
    from gofish.net.host import Host

DEFAULT_SEATS = "human,human"
DEFAULT_DELAY = 0.6
_BACKGROUND: set[asyncio.Task] = set()


def seconds(text: str) -> float:
    """An argparse type: a number of seconds, 0 or more (-1 was silently taken as 0)."""
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(
            _("{value} is not a number of seconds, 0 or more").format(value=repr(text)))
    return value


def register(sub: argparse._SubParsersAction) -> None:
    from gofish.protocol.wire import DEFAULT_PORT

    p = sub.add_parser("host", help=_("open a table that players join from their own terminals"))
    p.add_argument("--listen", metavar="ADDR:PORT", default=f"127.0.0.1:{DEFAULT_PORT}",
                   help=_("where to listen (default: 127.0.0.1:{port}, this machine only; "
                          "0.0.0.0:{port} for the whole network)").format(port=DEFAULT_PORT))
    p.add_argument("--seats", default=DEFAULT_SEATS,
                   help=_("the seats, in order: human, human:NAME (kept for NAME), "
                          "computer:LEVEL or computer:LEVEL:NAME (default: {seats})").format(
                       seats=DEFAULT_SEATS))
    add_rules_option(p)
    p.add_argument("--seed", type=int, help=_("the deal's random seed (default: random)"))
    p.add_argument("--takeover-after", type=seconds, metavar="SECONDS",
                   help=_("let a computer play for a player who has been away this long "
                          "(default: the others wait)"))
    p.add_argument("--takeover-level", default="hard", metavar="LEVEL",
                   help=_("the level of that computer (default: hard)"))
    p.add_argument("--delay", type=seconds, metavar="SECONDS",
                   help=_("pause after each computer move (default: GOFISH_DELAY or {d})")
                   .format(d=DEFAULT_DELAY))
    p.add_argument("--new", action="store_true",
                   help=_("open a new table even when unfinished ones were reopened"))
    p.set_defaults(func=run_host)

    p = sub.add_parser("join", help=_("take a seat at a table someone is hosting"))
    p.add_argument("address", nargs="?", metavar="ADDR:PORT",
                   help=_("the host's address (default: 127.0.0.1:{port})").format(
                       port=DEFAULT_PORT))
    p.add_argument("code", metavar="CODE", help=_("the table code the host printed"))
    p.add_argument("--name", required=True, help=_("your name at the table"))
    p.add_argument("--auto", metavar="LEVEL",
                   help=_("no screen: a computer of this level plays your seat (for scripts)"))
    p.add_argument("--transcript", metavar="FILE",
                   help=_("write every message the host sends to FILE, one JSON line each"))
    p.set_defaults(func=run_join)

    p = sub.add_parser("table-server", help=_("serve this data folder's shared tables (the "
                                              "lobby starts it by itself; run it as a service "
                                              "to keep it up)"))
    p.add_argument("--idle", type=seconds, metavar="SECONDS",
                   help=_("stop after this long with no table waiting or in play "
                          "(default: 600; 0: never)"))
    p.add_argument("--delay", type=seconds, metavar="SECONDS",
                   help=_("pause after each computer move (default: GOFISH_DELAY or {d})")
                   .format(d=DEFAULT_DELAY))
    p.set_defaults(func=run_table_server)


def _err(text: str) -> None:
    from gofish.net.text import clean_lines

    print(clean_lines(text), file=sys.stderr, flush=True)


def _say(text: str) -> None:
    """A line for the host's terminal: players' names are in it, and they are data."""
    from gofish.net.text import clean_lines

    with contextlib.suppress(OSError):
        print(clean_lines(text), flush=True)




def computer_delay(value: float | None) -> float:
    if value is not None:
        return max(0.0, value)
    try:
        return max(0.0, float(os.environ.get("GOFISH_DELAY") or DEFAULT_DELAY))
    except ValueError:
        return DEFAULT_DELAY


# ---------------------------------------------------------------------- host

def run_host(args: argparse.Namespace) -> int:
    from gofish.engine import RulesError, preset
    from gofish.net.plan import PlanError, parse_seats
    from gofish.net.seat_client import parse_address
    from gofish.seats import LEVELS

    try:
        address, port = parse_address(args.listen)
    except ValueError:
        _err(_("gofish: --listen takes ADDR:PORT, not {value}").format(value=args.listen))
        return 2
    try:
        rules = read_rules(args.rules) if args.rules is not None else preset("standard")
        plan = parse_seats(args.seats)
        rules.check_players(len(plan))
    except (RulesError, PlanError, BadValue) as e:
        _err(_("gofish: {why}").format(why=e))
        return 2
    if args.takeover_level not in LEVELS:
        _err(_("gofish: unknown computer level {level}: use one of {levels}").format(
            level=args.takeover_level, levels=", ".join(LEVELS)))
        return 2
    if not is_loopback(address):
        _err(_("gofish: warning: anyone who can reach {where} and knows a table code can take "
               "a free seat, and the traffic is not encrypted. Across the internet, use an SSH "
               "tunnel instead (see docs/shared-table.md).").format(where=f"{address}:{port}"))
    try:
        return asyncio.run(_host(args, address, port, rules, plan))
    except KeyboardInterrupt:
        return 130


async def _host(args: argparse.Namespace, address: str, port: int, rules, plan) -> int:
    from gofish.net.host import Host
    from gofish.store.errors import StoreError
    from gofish.store.repo import Store

    try:
        store = Store(args.data_dir, profile=getattr(args, "profile", None))
    except StoreError as e:
        _err(_("gofish: {why}").format(why=e))
        return 1
    from gofish.net.host import SWITCH_INTERVAL

    sys.setswitchinterval(SWITCH_INTERVAL)  # this process serves: see the constant
    host = Host(store, delay=computer_delay(args.delay), say=_say)
    reopened = host.reopen()
    try:
        if not reopened or args.new:
            host.open_table(plan, rules, seed=args.seed, takeover_after=args.takeover_after,
                            takeover_level=args.takeover_level)
        server = await host.serve(address, port)
    except (StoreError, OSError) as e:
        await host.close()
        _err(_("gofish: cannot open the table: {why}").format(
            why=getattr(e, "strerror", None) or e))
        return 1
    port = server.sockets[0].getsockname()[1]
    shown = socket.gethostname() if address in ("0.0.0.0", "::", "") else address
    where = f"[{shown}]:{port}" if ":" in shown else f"{shown}:{port}"
    _say(_("Listening on {address}:{port}.").format(address=address, port=port))
    for code, table in host.tables.items():
        _tell_table(code, table, where)
    _say(_("Type `start` to give the free seats to computers, `tables` to list them, "
           "`quit` to stop (unfinished games are kept)."))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    _console(loop, host, stop)
    idle_since: float | None = None
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.5)
        # every game over and every player gone: nothing left to host
        done = host.tables and all(t.over and not t.links for t in host.tables.values())
        idle_since = (idle_since or loop.time()) if done else None
        if idle_since is not None and loop.time() - idle_since > 1.0:
            break
    await host.close()
    _say(_("The host has stopped."))
    return 0


def _tell_table(code: str, table, where: str) -> None:
    """How to join: the table's code, and for each free reserved seat its own invitation (the
    code and the seat's key), which only the player it is kept for should be given."""
    from gofish.net.codes import format_code

    state = _("in play") if table.started else _("waiting for players")
    _say(_("Table {code} ({state}): players join with").format(code=code, state=state))
    _say(f"    gofish join {where} {code} --name NAME")
    for i, plan in enumerate(table.seats):
        if plan.is_human and plan.reserved and plan.key and not plan.taken:
            _say(_("Seat {n} is kept for {name}: give them, and only them, this command").format(
                n=i + 1, name=plan.name))
            _say("    " + shlex.join(["gofish", "join", where, format_code(code, plan.key),
                                      "--name", plan.name]))


def _console(loop: asyncio.AbstractEventLoop, host: Host, stop: asyncio.Event) -> None:
    """Commands typed at the host's terminal, read on a thread and run on the loop."""

    def read() -> None:
        try:
            for line in sys.stdin:
                loop.call_soon_threadsafe(_command, host, line, stop)
        except (OSError, ValueError):
            pass

    if sys.stdin is not None and not sys.stdin.closed:
        threading.Thread(target=read, name="gofish-console", daemon=True).start()


def _command(host: Host, line: str, stop: asyncio.Event) -> None:
    from gofish.seats import LEVELS

    words = line.split()
    if not words:
        return
    command, rest = words[0].lower(), words[1:]
    if command in ("quit", "exit", "stop"):
        stop.set()
    elif command in ("tables", "status", "list"):
        for code, table in host.tables.items():
            seats = ", ".join(f"{i + 1}. {p.name or '—'} ({table.status(i)})"
                              for i, p in enumerate(table.seats))
            _say(f"{code}: {seats}")
    elif command == "start":
        level = next((w.lower() for w in rest if w.lower() in LEVELS), "hard")
        codes = [w.upper() for w in rest if w.upper() in host.tables]
        for code, table in list(host.tables.items()):
            if table.started or (codes and code not in codes):
                continue
            task = asyncio.get_running_loop().create_task(_start(host, table, level))
            _BACKGROUND.add(task)  # a task nobody holds may be collected before it ends
            task.add_done_callback(_BACKGROUND.discard)
    else:
        _say(_("Commands: start [LEVEL] [CODE], tables, quit."))


async def _start(host: Host, table, level: str) -> None:
    from gofish.net.table import Refused
    from gofish.store.errors import StoreError

    try:
        await host.start(table, fill=level)
    except (StoreError, Refused) as e:
        _say(_("Table {code}: cannot start: {why}").format(code=table.code, why=e))


# ---------------------------------------------------------------------- the table server

def run_table_server(args: argparse.Namespace) -> int:
    from gofish.net.local import ENV_IDLE
    from gofish.net.server import DEFAULT_IDLE, serve_tables
    from gofish.store.server_folder import ServerFolder

    idle = args.idle
    if idle is None:
        try:
            idle = float(os.environ.get(ENV_IDLE) or DEFAULT_IDLE)
        except ValueError:
            idle = DEFAULT_IDLE
    if idle == 0:
        idle = math.inf
    try:
        return asyncio.run(serve_tables(ServerFolder.of(args.data_dir), idle=idle,
                                        delay=computer_delay(args.delay), say=_say))
    except KeyboardInterrupt:
        return 130


# ---------------------------------------------------------------------- join

def run_join(args: argparse.Namespace) -> int:
    from gofish.net.codes import format_code, parse_code
    from gofish.net.plan import PlanError, check_name
    from gofish.net.seat_client import parse_address
    from gofish.seats import LEVELS
    from gofish.store.errors import StoreError
    from gofish.store.joined import SecretBook
    from gofish.store.paths import resolve_data_dir

    parsed = parse_code(args.code)
    if parsed is None:
        _err(_("gofish: {code} is not a table code (six letters)").format(code=args.code))
        return 2
    code = format_code(*parsed)  # with a reserved seat's key, if it has one
    try:
        host, port = parse_address(args.address or "")
    except ValueError:
        _err(_("gofish: {where} is not ADDR:PORT").format(where=args.address))
        return 2
    try:
        name = check_name(args.name)
    except PlanError as e:
        _err(_("gofish: {why}").format(why=e))
        return 2
    if args.auto is not None and args.auto not in LEVELS:
        _err(_("gofish: unknown computer level {level}: use one of {levels}").format(
            level=args.auto, levels=", ".join(LEVELS)))
        return 2
    try:
        root = resolve_data_dir(args.data_dir, profile=getattr(args, "profile", None))
    except StoreError as e:
        _err(_("gofish: {why}").format(why=e))
        return 2
    transcript = None
    try:
        if args.transcript:
            transcript = open(args.transcript, "a", encoding="utf-8")  # noqa: SIM115
        if args.auto is not None:
            from gofish.net.headless import run_headless

            return run_headless(host, port, code, name, args.auto, book=SecretBook(root),
                                transcript=transcript)
        return _join_screen(args, host, port, code, name, transcript)
    except OSError as e:
        _err(_("gofish: {why}").format(why=e.strerror or e))
        return 1
    finally:
        if transcript is not None:
            transcript.close()


def _join_screen(args: argparse.Namespace, host: str, port: int, code: str, name: str,
                 transcript) -> int:
    from gofish.tui.launch import has_terminal, run_app, served_in_browser

    if not (served_in_browser() or has_terminal()):
        _err(_("gofish needs a terminal: run it in one, or use --auto LEVEL."))
        return 2
    from gofish.tui.join_app import joined_app

    app = joined_app(host, port, code, name, data_dir=args.data_dir,
                     profile=getattr(args, "profile", None), ascii=args.ascii,
                     transcript=transcript)
    return run_app(app)  # with the game's SIGHUP and SIGTERM handlers; prints the rejoin hint
