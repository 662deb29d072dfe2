"""``gofish list``, ``gofish stats``, ``gofish export ID`` and ``gofish import FILE``.

Everything printed that came from a file (names, reasons) goes through ``plain`` first, so a
crafted save cannot send escape sequences to the terminal.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from datetime import datetime

from gofish.i18n import _, ngettext
from gofish.numerals import decimal, percent
from gofish.seats import level_title
from gofish.store import (
    MAX_BYTES,
    GameInfo,
    Stats,
    Store,
    StoreError,
    Unreadable,
    compute_stats,
    plain,
)
from gofish.store.exposure import exposure_warnings

PLAYERS_WIDTH = 40


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("list", help=_("list saved games, newest first"))
    p.set_defaults(func=run_list)
    p = sub.add_parser("stats", help=_("statistics by player name and computer level"))
    p.set_defaults(func=run_stats)
    p = sub.add_parser("export", help=_("print a saved game as JSON"))
    p.add_argument("game_id", metavar="ID", help=_("the game's id, as `gofish list` shows it"))
    p.set_defaults(func=run_export)
    p = sub.add_parser("import", help=_("add a saved game from a JSON file, checked like a load"))
    p.add_argument("file", metavar="FILE",
                   help=_("a file made by `gofish export`, or - to read it from standard input"))
    p.set_defaults(func=run_import)


def _store(args: argparse.Namespace) -> Store:
    return Store(getattr(args, "data_dir", None), profile=getattr(args, "profile", None))


def _fail(message: str) -> int:
    print(_("gofish: {message}").format(message=plain(message, 400)), file=sys.stderr)
    return 1


def _local(moment: datetime) -> str:
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _status(entry: GameInfo | Unreadable) -> str:
    if isinstance(entry, Unreadable):
        return _("damaged") if entry.damaged else _("unreadable")
    return _("finished") if entry.finished else _("in progress")


def table(headers: Sequence[str], rows: Sequence[Sequence[str]],
          right: Sequence[int] = ()) -> list[str]:
    """Plain columns, two spaces apart; ``right`` lists the right-aligned columns."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(headers)]
    lines = []
    for cells in (headers, *rows):
        parts = [c.rjust(w) if i in right else c.ljust(w)
                 for i, (c, w) in enumerate(zip(cells, widths, strict=True))]
        lines.append("  ".join(parts).rstrip())
    return lines


def list_lines(entries: Sequence[GameInfo | Unreadable]) -> list[str]:
    rows = []
    notes = []
    for e in entries:
        if isinstance(e, GameInfo):
            s = e.summary
            players = plain(", ".join(s.names), PLAYERS_WIDTH)
            winner = plain(", ".join(s.winners), PLAYERS_WIDTH) if e.finished else ""
            rows.append([plain(e.id), _local(e.updated), players, plain(s.rules, 20),
                         _status(e), winner])
        else:
            rows.append([plain(e.id), _local(e.updated), "", "", _status(e), ""])
            notes.append(_("{id}: {reason}").format(id=plain(e.id), reason=plain(e.reason, 200)))
    lines = table([_("ID"), _("DATE"), _("PLAYERS"), _("RULES"), _("STATUS"), _("WINNER")],
                  rows)
    if notes:
        lines.append("")
        lines.extend(notes)
    return lines


def _warn_exposure(store: Store) -> None:
    for warning in exposure_warnings(store.root):
        print(_("gofish: warning: {message}").format(message=plain(warning, 400)),
              file=sys.stderr)


def run_list(args: argparse.Namespace) -> int:
    store = _store(args)
    try:
        entries = store.list()
    except StoreError as e:
        return _fail(e.reason)
    _warn_exposure(store)
    if not entries:
        print(_("No saved games in {path}.").format(path=plain(store.root, 200)))
        return 0
    print("\n".join(list_lines(entries)))
    return 0


def stats_lines(stats: Stats) -> list[str]:
    lines = [ngettext("{n} finished game.", "{n} finished games.", stats.games)
             .format(n=stats.games)]
    headers = [_("GAMES"), _("WINS"), _("WIN RATE"), _("AVG BOOKS")]
    for title, tallies, label in (
        (_("Players"), stats.players, lambda t: plain(t.label)),
        (_("Computer players, by level"), stats.levels, lambda t: plain(level_title(t.label))),
    ):
        if not tallies:
            continue
        rows = [[label(t), str(t.played), str(t.wins), percent(t.win_rate),
                 decimal(t.average_books)] for t in tallies]
        lines.append("")
        lines.extend(table([title.upper(), *headers], rows, right=(1, 2, 3, 4)))
    return lines


def run_stats(args: argparse.Namespace) -> int:
    store = _store(args)
    try:
        entries = store.list()
    except StoreError as e:
        return _fail(e.reason)
    _warn_exposure(store)
    print("\n".join(stats_lines(compute_stats(entries))))
    return 0


def run_export(args: argparse.Namespace) -> int:
    try:
        data = _store(args).export(args.game_id)
    except StoreError as e:
        return _fail(_("cannot export {id}: {reason}").format(id=args.game_id, reason=e.reason))
    sys.stdout.write(data.decode("utf-8"))
    sys.stdout.flush()
    return 0


def run_import(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":  # the save on standard input, as `gofish export ID |` gives it
            record = _store(args).import_bytes(sys.stdin.buffer.read(MAX_BYTES + 1))
        else:
            record = _store(args).import_file(args.file)
    except StoreError as e:
        return _fail(_("cannot import {file}: {reason}").format(file=args.file, reason=e.reason))
    print(_("Imported {id}.").format(id=record.id))
    return 0
