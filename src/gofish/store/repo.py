"""The folder of saved games: save, load, list, delete, lock, import and export.

Each game is one ``<id>.json`` file, the source of truth. A file that fails its checks is
never deleted or overwritten: it is moved to ``damaged/`` with a ``.reason.txt`` beside it and
listed as unreadable. A file from a newer gofish stays where it is.
"""

from __future__ import annotations

import builtins
import contextlib
import errno
import gc
import json
import os
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gofish.engine import Game, IllegalAction, Rules, action_from_json
from gofish.i18n import _
from gofish.seats import SeatSpec

from . import journal
from .atomic import TMP_SUFFIX, temp_prefix, write_atomic
from .errors import GameLocked, LoadError, NewerSchema, StoreError
from .index import INDEX_NAME, Entries, HeaderIndex, file_key
from .lock import GameLock, acquire, locked_elsewhere, locked_error
from .paths import ensure_private_dir, resolve_data_dir
from .saves import (
    ID_PATTERN,
    MAX_BYTES,
    SCHEMA,
    Clock,
    Header,
    SavedGame,
    new_id,
    summarize,
    utc_now,
)

SUFFIX = ".json"
DAMAGED = "damaged"
LOCKS = "locks"
REASON_SUFFIX = ".reason.txt"
STALE_TEMP_SECONDS = 600  # a save takes milliseconds: a temporary file this old is a leftover
INDEX_TEMP = INDEX_NAME + "."  # the index's temporary files (see HeaderIndex.write)
HEAD_BYTES = 8192  # the first line (the header) of any save we write is well under this

_READ_FLAGS = (os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
               | getattr(os, "O_NONBLOCK", 0))  # a FIFO must not hang the listing


class GameNotFound(StoreError):
    """No saved game has this id."""


@dataclass(frozen=True)
class GameInfo(Header):
    """One readable game in the history: its header, read without replaying."""

    file: str = ""  # the save's path (kept as text: a listing makes thousands of these)

    readable = True

    @property
    def path(self) -> Path:
        return Path(self.file)


@dataclass(frozen=True)
class Unreadable:
    """A file in the history that cannot be played, and why (one line)."""

    id: str
    path: Path
    reason: str
    damaged: bool  # moved to damaged/ (False: left in place, e.g. a newer schema)
    updated: datetime  # the file's modification time

    readable = False


Entry = GameInfo | Unreadable


class Store:
    """Saved games in one data folder (created 0700 on first write)."""

    def __init__(self, data_dir: str | os.PathLike[str] | None = None, *,
                 profile: str | None = None, clock: Clock = utc_now) -> None:
        self.root = resolve_data_dir(data_dir, profile=profile)
        self.clock = clock
        self._held: dict[str, GameLock] = {}
        self._index = HeaderIndex(self.root, SCHEMA)
        # what the last listing built, by file name: (file key, info), reused while unchanged
        self._known: dict[str, tuple[list[int], GameInfo]] = {}

    @property
    def damaged_dir(self) -> Path:
        return self.root / DAMAGED

    def path(self, game_id: str) -> Path:
        if not isinstance(game_id, str) or not ID_PATTERN.fullmatch(game_id):
            raise GameNotFound(_("{id} is not a game id").format(id=repr(game_id)))
        return self.root / f"{game_id}{SUFFIX}"

    def journal_path(self, game_id: str) -> Path:
        """The journal of a game in play (store/journal.py), beside its save file."""
        return self.root / f"{game_id}{journal.SUFFIX}"

    # ------------------------------------------------------------------ writing

    def new_game(self, rules: Rules, seats: list[SeatSpec] | tuple[SeatSpec, ...],
                 seed: int | None = None) -> SavedGame:
        """A new record with an id no saved game uses (not yet written)."""
        now = self.clock()
        for _attempt in range(100):
            game_id = new_id(now)
            if not os.path.lexists(self.path(game_id)) and game_id not in self._held:
                return SavedGame.new(rules, seats, seed, clock=lambda: now, id=game_id)
        raise StoreError(_("cannot find a free game id"))

    def save(self, record: SavedGame) -> None:
        """Write ``record`` atomically; raise StoreError (the old file intact) if it cannot.

        The caller should hold the game's lock; a game held by another process is refused.
        The game's journal, which the file now holds whole, is removed.
        """
        path = self.path(record.id)
        self._check_writer(record.id)
        data = record.to_bytes()
        if len(data) > MAX_BYTES:
            raise StoreError(_("the game is too large to save ({n} bytes)").format(n=len(data)))
        try:
            write_atomic(path, data)
            journal.remove(self.journal_path(record.id))
        except OSError as e:
            raise StoreError(_("could not save the game {id}: {error}").format(
                id=record.id, error=e.strerror or e)) from None

    def append(self, record: SavedGame, since: int) -> None:
        """Save ``record`` by appending its actions from index ``since`` (and its header) to
        the game's journal, fsynced; StoreError if it cannot (what is on disk still loads).

        Its cost does not grow with the game. The save file must hold the first ``since``
        actions (or the journal the ones after them): see HeldGame.
        """
        self._check_writer(record.id)
        actions = [a.to_json() for a in record.actions[since:]]
        data = journal.line(len(record.actions), actions, record.header_json())
        try:
            journal.append(self.journal_path(record.id), data)
        except OSError as e:
            raise StoreError(_("could not save the game {id}: {error}").format(
                id=record.id, error=e.strerror or e)) from None

    def _check_writer(self, game_id: str) -> None:
        self._ensure_root()
        if game_id not in self._held:
            holder = locked_elsewhere(self._lock_path(game_id))
            if holder is not None:
                raise locked_error(holder)

    def delete(self, game_id: str, *, damaged: bool = False) -> None:
        """Delete a game (or, with ``damaged``, a file moved to damaged/): the player's choice."""
        if damaged:
            if "/" in game_id or game_id.startswith("."):
                raise GameNotFound(_("{id} is not a game id").format(id=repr(game_id)))
            path = self.damaged_dir / f"{game_id}{SUFFIX}"
        else:
            path = self.path(game_id)
            holder = locked_elsewhere(self._lock_path(game_id))
            if holder is not None and game_id not in self._held:
                raise locked_error(holder)
            with contextlib.suppress(OSError):  # first: a journal never outlives its file
                journal.remove(self.journal_path(game_id))
        try:
            if path.is_dir() and not path.is_symlink():
                raise StoreError(_("{path} is a folder: remove it by hand").format(path=path))
            path.unlink()
        except FileNotFoundError:
            raise GameNotFound(_("no saved game {id}").format(id=game_id)) from None
        except OSError as e:
            raise StoreError(_("could not delete {id}: {error}").format(
                id=game_id, error=e.strerror or e)) from None
        if damaged:
            with contextlib.suppress(OSError):
                path.with_name(path.name + REASON_SUFFIX).unlink()

    def import_file(self, source: str | os.PathLike[str]) -> SavedGame:
        """Add a save from elsewhere, checked like a load; an existing id is never replaced."""
        try:
            record, _game = read_checked(Path(source), check_name=False)
        except GameNotFound:  # the file to import, not a saved game, is what is missing
            raise StoreError(_("there is no file {path}").format(path=source)) from None
        return self._add(record)

    def import_bytes(self, data: bytes) -> SavedGame:
        """Add a save read from a stream (``gofish import -``), checked like a load."""
        if len(data) > MAX_BYTES:
            raise LoadError(_("too large ({n} bytes; the limit is {limit} MB)").format(
                n=len(data), limit=MAX_BYTES // (1024 * 1024)))
        record = SavedGame.from_bytes(data)
        record.to_game()  # replayed and checked against its snapshot, as a file would be
        return self._add(record)

    def _add(self, record: SavedGame) -> SavedGame:
        path = self.path(record.id)
        with self.lock(record.id):
            if os.path.lexists(path):
                raise StoreError(_("a game with the id {id} is already saved").format(
                    id=record.id))
            self.save(record)
        return record

    # ------------------------------------------------------------------ reading

    def load(self, game_id: str) -> SavedGame:
        return self.load_game(game_id)[0]

    def load_game(self, game_id: str) -> tuple[SavedGame, Game]:
        """The record and its replayed game; a damaged file is moved aside and LoadError raised."""
        path = self.path(game_id)
        if not os.path.lexists(path):
            raise GameNotFound(_("no saved game {id}").format(id=game_id))
        try:
            return read_checked(path, journal_file=self.journal_path(game_id))
        except LoadError as e:
            if not isinstance(e, NewerSchema):
                self._quarantine(path, e.reason)
            raise

    def export(self, game_id: str) -> bytes:
        """The save as JSON, after the same checks as a load."""
        return self.load(game_id).to_bytes()

    def list(self) -> list[Entry]:
        """Every game, newest first; damaged files come as Unreadable.

        A header comes from the index when the file is unchanged since it was cached, else
        from the file's first line; a file whose header does not read, and an unfinished game
        (it is offered to be played), is checked whole (and moved to damaged/ if it fails). A
        finished game is listed from its header alone: a damaged body shows when it is opened.
        """
        with _gc_paused():
            return self._list()

    def _list(self) -> builtins.list[Entry]:
        entries: list[Entry] = []
        cached = self._index.read()
        fresh: Entries = {}
        known_now: dict[str, tuple[list[int], GameInfo]] = {}
        changed = False
        temps: list[os.DirEntry[str]] = []
        journals: set[str] = set()
        # the whole folder first: a journal may come after its file
        for entry in list(self._scan(self.root, temps, journals)):
            name = entry.name
            info: Entry | None = None
            key: list[int] | None = None
            row: list[Any] | None = None  # this file's index entry, if it is readable
            if name[: -len(SUFFIX)] in journals:
                # a game in play, or stopped before its journal was folded in: its header is
                # the journal's last line (not cached: the journal grows)
                info = self._journal_header(entry.path, name)
                if info is None:
                    info = self._check_slowly(Path(entry.path))
                entries.append(info)
                continue
            if entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    key = file_key(entry.stat(follow_symlinks=False))
                hit = cached.get(name) if key is not None else None
                if hit is not None and hit[:3] == key:
                    row = hit
                    known = self._known.get(name)
                    if known is not None and known[0] == key:
                        info = known[1]  # listed before by this Store, unchanged since
                    else:
                        try:
                            info = GameInfo.from_trusted_row(hit[3], file=entry.path)
                        except (TypeError, ValueError):  # pragma: no cover - a bug, not luck
                            info = row = None
                if info is None:
                    info = _read_header(entry.path)
                    row = None
                    if info is not None and not info.finished:
                        # offered to be played: checked whole once (then the index vouches
                        # for it), since a body damaged under a good first line was listed
                        # as playable until opened
                        info = None
                if info is not None and name != f"{info.id}{SUFFIX}":
                    info = None
            if info is None:
                info = self._check_slowly(Path(entry.path))
            if isinstance(info, GameInfo) and key is not None:
                if row is None:
                    changed = True
                    row = [*key, info.to_row()]
                fresh[name] = row
                known_now[name] = (key, info)
            entries.append(info)
        self._known = known_now
        moved = {e.path for e in entries if isinstance(e, Unreadable) and e.damaged}
        for entry in self._scan(self.damaged_dir, missing_ok=True):
            path = Path(entry.path)
            name = entry.name
            if path in moved:
                continue  # moved aside by this very listing, already in it
            entries.append(Unreadable(
                id=name[: -len(SUFFIX)], path=path, reason=_damaged_reason(path),
                damaged=True, updated=_mtime(path)))
        if changed or len(fresh) != len(cached):
            self._index.write(fresh)
        self._clean_stale_temps(temps)
        entries.sort(key=lambda e: (e.updated, e.id), reverse=True)
        return entries

    def games(self) -> builtins.list[GameInfo]:
        """The readable games, newest first."""
        return [e for e in self.list() if isinstance(e, GameInfo)]

    def latest_unfinished(self) -> GameInfo | None:
        """The most recently played game still in progress (for "continue")."""
        return next((g for g in self.games() if not g.finished), None)

    def _journal_header(self, path: str, name: str) -> GameInfo | None:
        header = journal.last_header(str(self.root / (name[: -len(SUFFIX)] + journal.SUFFIX)))
        info = GameInfo.quick(header, file=path) if header is not None else None
        if info is not None and name != f"{info.id}{SUFFIX}":
            return None
        return info

    def _scan(self, folder: Path, temps: builtins.list[os.DirEntry[str]] | None = None,
              journals: set[str] | None = None, *,
              missing_ok: bool = False) -> Iterator[os.DirEntry[str]]:
        """The ``*.json`` files in ``folder``; temporary files go to ``temps``, the ids of
        journals to ``journals``, if given.

        With ``missing_ok``, a folder that is not one (a stray file named ``damaged``) holds
        nothing, rather than failing the whole listing.
        """
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    name = entry.name
                    if name.startswith("."):
                        if temps is not None and name.endswith(TMP_SUFFIX):
                            temps.append(entry)
                    elif name.endswith(SUFFIX):
                        yield entry
                    elif journals is not None and name.endswith(journal.SUFFIX):
                        journals.add(name[: -len(journal.SUFFIX)])
        except FileNotFoundError:
            return
        except NotADirectoryError:
            if missing_ok:
                return
            raise StoreError(_("{path} is not a folder").format(path=folder)) from None
        except OSError as e:
            raise StoreError(_("cannot read the folder {path}: {error}").format(
                path=folder, error=e.strerror or e)) from None

    def _check_slowly(self, path: Path) -> Entry:
        """A file whose header did not read: check it whole, moving it aside if it is bad."""
        game_id = path.name[: -len(SUFFIX)]
        try:
            record, _game = read_checked(path)
        except NewerSchema as e:
            return Unreadable(game_id, path, e.reason, False, _mtime(path))
        except LoadError as e:
            moved = self._quarantine(path, e.reason)
            return Unreadable(game_id, moved or path, e.reason, moved is not None,
                              _mtime(moved or path))
        except StoreError as e:
            return Unreadable(game_id, path, e.reason, False, _mtime(path))
        return GameInfo(record.id, record.created, record.updated, record.status,
                        record.summary, file=str(path))

    # ------------------------------------------------------------------ locks

    def lock(self, game_id: str) -> GameLock:
        """Hold the game for play; GameLocked (naming the holder) if another process has it.

        Use as a context manager or call ``release()``; a crashed holder's lock is stale and
        taken over (``lock.stale`` says whose it was).
        """
        self.path(game_id)  # checks the id
        self._ensure_root()
        folder = ensure_private_dir(self.root / LOCKS)
        if game_id in self._held:
            raise GameLocked(_("this game is already open here"), {"pid": os.getpid()})
        lock = acquire(folder / f"{game_id}.lock")
        self._held[game_id] = lock
        lock.on_release = self._forget
        self._clean_temp(game_id)
        return lock

    def _forget(self, lock: GameLock) -> None:
        for game_id, held in list(self._held.items()):
            if held is lock:
                del self._held[game_id]

    def _lock_path(self, game_id: str) -> Path:
        return self.root / LOCKS / f"{game_id}.lock"

    def _clean_temp(self, game_id: str) -> None:
        """Remove temporary files a crashed writer of this game left (we hold its lock)."""
        prefix = temp_prefix(self.path(game_id))
        with contextlib.suppress(OSError), os.scandir(self.root) as it:
            for entry in it:
                if entry.name.startswith(prefix) and entry.name.endswith(TMP_SUFFIX):
                    with contextlib.suppress(OSError):
                        os.unlink(entry.path)

    def _clean_stale_temps(self, temps: builtins.list[os.DirEntry[str]]) -> None:
        """Remove what a writer killed mid-save left: a temporary file older than
        STALE_TEMP_SECONDS whose game nobody holds. (A game's own temporary files also go
        when it is next opened; a new game killed during its first save never is.)"""
        now = time.time()
        for entry in temps:
            try:
                if now - entry.stat(follow_symlinks=False).st_mtime < STALE_TEMP_SECONDS:
                    continue
            except OSError:
                continue
            game_id, is_save, _rest = entry.name[1:].partition(SUFFIX + ".")
            if is_save and ID_PATTERN.fullmatch(game_id):
                if (game_id in self._held
                        or locked_elsewhere(self._lock_path(game_id)) is not None):
                    continue  # its player may be writing it (slowly): theirs to clean
            elif not entry.name.startswith(INDEX_TEMP):
                continue  # not a kind gofish makes: not ours to remove
            with contextlib.suppress(OSError):
                os.unlink(entry.path)

    # ------------------------------------------------------------------ damage

    def _ensure_root(self) -> None:
        ensure_private_dir(self.root)

    def _quarantine(self, path: Path, reason: str) -> Path | None:
        """Move a bad file to damaged/ (never over another file); None if it must stay."""
        game_id = path.name[: -len(SUFFIX)]
        if game_id not in self._held and locked_elsewhere(self._lock_path(game_id)) is not None:
            return None  # someone else is playing it: their next save replaces it
        try:
            folder = ensure_private_dir(self.damaged_dir)
            target = _move_aside(path, folder)
            beside = path.with_name(game_id + journal.SUFFIX)
            if target is not None and os.path.lexists(beside):  # the journal goes with it
                with contextlib.suppress(OSError):
                    os.replace(beside, target.with_name(target.name[: -len(SUFFIX)]
                                                        + journal.SUFFIX))
        except (OSError, StoreError):
            return None
        if target is not None:
            with contextlib.suppress(OSError):
                write_atomic(target.with_name(target.name + REASON_SUFFIX),
                             (reason + "\n").encode("utf-8"))
        return target


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cycle collector while building many small objects that hold no cycles.

    Listing 10,000 games makes a few hundred thousand dicts, lists and records; each batch of
    700 new objects would trigger a collection that walks all of them again. Measured on the
    benchmark: 0.6 s with the collector running, 0.2 s paused (benchmarks/README.md).
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _move_aside(path: Path, folder: Path) -> Path | None:
    stem = path.name[: -len(SUFFIX)]
    is_file = stat.S_ISREG(os.lstat(path).st_mode)
    for n in range(1, 1000):
        target = folder / (f"{stem}{SUFFIX}" if n == 1 else f"{stem}-{n}{SUFFIX}")
        if is_file:
            try:
                os.link(path, target)  # fails rather than replace an existing file
            except FileExistsError:
                continue
            except OSError as e:
                if e.errno not in (errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK):
                    raise
                is_file = False
            else:
                os.unlink(path)
                return target
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except FileNotFoundError:
            return None  # another process moved it first
        return target
    return None


def read_checked(path: Path, *, check_name: bool = True,
                 journal_file: Path | None = None) -> tuple[SavedGame, Game]:
    """Read and fully check one save file: size, JSON, schema, types, replay, snapshot; and
    the actions of its journal, if any, applied and checked against its last header."""
    if journal_file is None and check_name:
        journal_file = path.with_name(path.name[: -len(SUFFIX)] + journal.SUFFIX)
    # the journal first: a file written whole meanwhile holds all of it (its lines are
    # skipped), where the other order could miss the lines a fold has just removed
    entries = journal.read(journal_file) if journal_file is not None else []
    data = _read_limited(path)
    record = SavedGame.from_bytes(data)
    if check_name and path.name != f"{record.id}{SUFFIX}":
        raise LoadError(_("the id inside ({id}) does not match the file name").format(
            id=record.id))
    game = record.to_game()
    if not entries:
        return record, game
    for entry in entries:
        first = entry.n - len(entry.actions)
        for i, raw in enumerate(entry.actions, first):
            if i < len(game.actions):
                continue  # the file holds it already (folded in, the journal not yet removed)
            if i > len(game.actions):
                raise LoadError(_("the journal skips from action {a} to {b}").format(
                    a=len(game.actions), b=i + 1))
            try:
                game.apply(action_from_json(raw))
            except IllegalAction as e:
                raise LoadError(_("journal action {n} is not legal ({why})").format(
                    n=i + 1, why=e)) from None
    header = Header.from_json(entries[-1].header)
    if (header.id != record.id or header.created != record.created
            or header.summary != summarize(game, record.seats)
            or header.finished != game.over):
        raise LoadError(_("the journal does not match the game"))
    return SavedGame.from_game(game, record.seats, id=record.id, created=record.created,
                               updated=header.updated), game


def _read_limited(path: Path) -> bytes:
    """The whole file, refusing anything that is not a regular file or is over MAX_BYTES."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise LoadError(_("not a regular file (a symbolic link)")) from None
        if e.errno == errno.EISDIR:
            raise LoadError(_("a folder where a save file should be")) from None
        if e.errno == errno.ENOENT:
            raise GameNotFound(_("no saved game {id}").format(id=path.stem)) from None
        raise StoreError(_("cannot read {path}: {error}").format(
            path=path, error=e.strerror or e)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise LoadError(_("a folder where a save file should be"))
        if not stat.S_ISREG(info.st_mode):
            raise LoadError(_("not a regular file"))
        if info.st_size > MAX_BYTES:
            raise LoadError(_("too large ({n} bytes; the limit is {limit} MB)").format(
                n=info.st_size, limit=MAX_BYTES // (1024 * 1024)))
        chunks = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > MAX_BYTES:  # it grew while we read
                raise LoadError(_("too large (over {limit} MB)").format(
                    limit=MAX_BYTES // (1024 * 1024)))
        return b"".join(chunks)
    except OSError as e:
        raise StoreError(_("cannot read {path}: {error}").format(
            path=path, error=e.strerror or e)) from None
    finally:
        os.close(fd)


def _read_header(path: str) -> GameInfo | None:
    """The listing's fast path: the first line and the last bytes, no replay.

    None means "check the whole file" (not our layout, an older or newer schema, a cut-off
    file...), which is also where the reason for a bad file comes from.
    """
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    try:
        head = os.read(fd, HEAD_BYTES)
        if len(head) < HEAD_BYTES:
            tail = head[-3:]  # the whole file: no need to ask its size
        else:
            tail = os.pread(fd, 3, os.fstat(fd).st_size - 3)
    except OSError:
        return None
    finally:
        os.close(fd)
    end = head.find(b"\n")
    # the snapshot's "}" then the document's: a file cut after a line that ends in "}" (the
    # last action's) does not end this way
    if end < 1 or tail != b"}}\n" or head[end - 1] != 0x2C:  # the header line ends with ","
        return None
    try:
        return GameInfo.quick(json.loads(head[: end - 1] + b"}"), file=path)
    except ValueError:
        return None


def _damaged_reason(path: Path) -> str:
    try:
        with open(path.with_name(path.name + REASON_SUFFIX), encoding="utf-8",
                  errors="replace") as f:
            reason = f.read(400).strip()
    except OSError:
        reason = ""
    return reason or _("moved aside as unreadable")


def _mtime(path: Path) -> datetime:
    try:
        return datetime.fromtimestamp(os.lstat(path).st_mtime, UTC)
    except OSError:
        return datetime.fromtimestamp(0, UTC)
