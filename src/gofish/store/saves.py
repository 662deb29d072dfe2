"""One saved game: the record, its JSON file format, and the checks a file must pass to load.

A game is its rules, seats, seed and actions (design principle 3); the file adds a summary for
fast listing and a snapshot of the state to check the replay against. The first line of the
file holds everything the history screen needs (schema, id, times, status, summary), so a
listing reads a few hundred bytes per game and never replays. The rest of the file follows,
one action per line, so a save stays readable and diffable.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import re
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Self

from gofish.engine import Action, Game, IllegalAction, Rules, RulesError, action_from_json
from gofish.i18n import _
from gofish.protocol.validate import (
    Choice,
    Fields,
    Invalid,
    ListOf,
    Maybe,
    Text,
    Time,
    Whole,
    check_list,
    check_object,
    is_whole,
    json_kind,
    utc_time,
)
from gofish.seats import COMPUTER, HUMAN, LEVELS, MAX_NAME, SeatError, SeatSpec, validate_seats

from .errors import LoadError, NewerSchema
from .text import plain

SCHEMA = 1
# MIGRATIONS[n] turns a schema-n document into a schema n+1 one; load applies them in turn.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}

IN_PROGRESS = "in-progress"
FINISHED = "finished"
STATUSES = (IN_PROGRESS, FINISHED)
CUSTOM_RULES = "custom"

MAX_BYTES = 5 * 1024 * 1024  # a long match is ~200 KB; anything near this is not ours
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")

FIELDS = ("schema", "id", "created", "updated", "status", "summary",
          "rules", "seats", "seed", "actions", "snapshot")
HEADER_FIELDS = FIELDS[:6]

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def new_id(now: datetime, token: str | None = None) -> str:
    """Short, sortable by creation time, and unique enough: ``20261129-190512-a3f9``."""
    return f"{as_utc(now):%Y%m%d-%H%M%S}-{token or secrets.token_hex(2)}"


def as_utc(moment: datetime) -> datetime:
    """UTC to the millisecond, as the file keeps it; a naive time is taken as UTC."""
    moment = moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def format_time(moment: datetime) -> str:
    return as_utc(moment).isoformat(timespec="milliseconds").replace("+00:00", "Z")


# ---------------------------------------------------------------------- the record


@dataclass(frozen=True)
class SeatSummary:
    name: str
    kind: str
    level: str
    score: int
    books: int  # over every deal of a match


@dataclass(frozen=True)
class Summary:
    """What a history line and the statistics need, without replaying the game."""

    seats: tuple[SeatSummary, ...]
    turn: str | None  # the name of the seat whose decision is awaited; None once over
    winners: tuple[str, ...]
    rules: str  # preset name, or "custom"
    actions: int
    deal: int  # 0 for the first deal of a match

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": [dataclasses.asdict(s) for s in self.seats],
            "turn": self.turn,
            "winners": list(self.winners),
            "rules": self.rules,
            "actions": self.actions,
            "deal": self.deal,
        }

    @classmethod
    def from_json(cls, data: Any) -> Summary:
        with _as_load_error():
            SUMMARY.check(data, "summary")
        return cls.from_checked(data)

    @classmethod
    def from_checked(cls, d: dict[str, Any]) -> Summary:
        """The summary from a value SUMMARY has accepted."""
        return cls(tuple(SeatSummary(o["name"], o["kind"], o["level"], o["score"], o["books"])
                         for o in d["seats"]),
                   d["turn"], tuple(d["winners"]), d["rules"], d["actions"], d["deal"])


@dataclass(frozen=True)
class SavedGame:
    """A game as saved: enough to rebuild it exactly, plus its summary and a snapshot."""

    id: str
    created: datetime
    updated: datetime
    rules: Rules
    seats: tuple[SeatSpec, ...]
    seed: int
    actions: tuple[Action, ...]
    status: str
    summary: Summary
    snapshot: dict[str, Any]

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    # ------------------------------------------------------------ from and to a game

    @classmethod
    def new(cls, rules: Rules, seats: list[SeatSpec] | tuple[SeatSpec, ...],
            seed: int | None = None, *, clock: Clock = utc_now, id: str | None = None,
            ) -> SavedGame:
        """A game about to start (the deal is done, no action yet)."""
        seats = tuple(seats)
        validate_seats(list(seats))
        if seed is None:
            seed = secrets.randbits(32)
        now = clock()
        game = Game(rules, len(seats), seed)
        return cls.from_game(game, seats, id=id or new_id(now), created=now, updated=now)

    @classmethod
    def from_game(cls, game: Game, seats: list[SeatSpec] | tuple[SeatSpec, ...], *, id: str,
                  created: datetime, updated: datetime | None = None) -> SavedGame:
        seats = tuple(seats)
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a game of {game.players} players")
        return cls(
            id=id,
            created=as_utc(created),
            updated=as_utc(updated or created),
            rules=game.rules,
            seats=seats,
            seed=game.seed,
            actions=tuple(game.actions),
            status=FINISHED if game.over else IN_PROGRESS,
            summary=summarize(game, seats),
            snapshot=game.snapshot(),
        )

    def updated_with(self, game: Game, *, clock: Clock = utc_now) -> SavedGame:
        """This record after ``game`` moved on: actions, summary, snapshot, status and time."""
        return SavedGame.from_game(game, self.seats, id=self.id, created=self.created,
                                   updated=clock())

    def to_game(self) -> Game:
        """Replay the actions and check the result against the snapshot and summary.

        Raises LoadError naming the first illegal action or the first thing that differs.
        """
        try:
            game = Game(self.rules, len(self.seats), self.seed)
        except RulesError as e:
            raise LoadError(_("rules: {why}").format(why=e)) from None
        for i, action in enumerate(self.actions, 1):
            try:
                game.apply(action)
            except IllegalAction as e:
                raise LoadError(_("action {n} is not legal ({why})").format(n=i, why=e)) from None
        snapshot = game.snapshot()
        if snapshot != self.snapshot:
            keys = sorted(set(snapshot) | set(self.snapshot))
            field = next(k for k in keys if snapshot.get(k) != self.snapshot.get(k))
            raise LoadError(_("the replay does not match the saved snapshot ({field} differs)")
                            .format(field=field))
        if (FINISHED if game.over else IN_PROGRESS) != self.status:
            raise LoadError(_("the status does not match the game"))
        if summarize(game, self.seats) != self.summary:
            raise LoadError(_("the summary does not match the game"))
        return game

    # ------------------------------------------------------------ JSON

    def header_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "id": self.id,
            "created": format_time(self.created),
            "updated": format_time(self.updated),
            "status": self.status,
            "summary": self.summary.to_json(),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            **self.header_json(),
            "rules": self.rules.to_json(),
            "seats": [s.to_json() for s in self.seats],
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
            "snapshot": copy.deepcopy(self.snapshot),  # the record stays as it was
        }

    def to_bytes(self) -> bytes:
        """The file: the header on the first line, then one field (or action) per line."""
        def dump(value: Any) -> str:
            return json.dumps(value, ensure_ascii=False, separators=(",", ":"))

        header = dump(self.header_json())
        actions = ",\n".join(dump(a.to_json()) for a in self.actions)
        parts = [
            header[:-1] + ",\n",
            '"rules":', dump(self.rules.to_json()), ",\n",
            '"seats":', dump([s.to_json() for s in self.seats]), ",\n",
            '"seed":', dump(self.seed), ",\n",
            '"actions":[\n', actions, "\n],\n" if actions else "],\n",
            '"snapshot":', dump(self.snapshot), "}\n",
        ]
        return "".join(parts).encode("utf-8")

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        """Check a parsed document field by field (no replay: see ``to_game``)."""
        data = migrate(data)
        d = _document(data, FIELDS)
        header = Header.from_json({k: d[k] for k in HEADER_FIELDS})
        try:
            rules = Rules.from_saved(d["rules"])
        except RulesError as e:
            raise LoadError(_("rules: {why}").format(why=e)) from None
        seats = []
        with _as_load_error():
            seat_list = check_list(d["seats"], "seats", 6)
        for i, s in enumerate(seat_list, 1):
            with _as_load_error():
                o = check_object(s, f"seats[{i - 1}]", ("name", "kind"), ("level",))
            try:
                seats.append(SeatSpec.from_json(o))
            except SeatError as e:
                raise LoadError(_("seat {n}: {why}").format(n=i, why=e)) from None
        try:
            validate_seats(seats)
        except SeatError as e:
            raise LoadError(_("seats: {why}").format(why=e)) from None
        with _as_load_error():
            seed = Whole().check(d["seed"], "seed")
            action_list = check_list(d["actions"], "actions")
        actions = []
        for i, a in enumerate(action_list, 1):
            try:
                actions.append(action_from_json(a))
            except IllegalAction as e:
                raise LoadError(_("action {n} is malformed ({why})").format(n=i, why=e)) from None
        with _as_load_error():
            snapshot = check_object(d["snapshot"], "snapshot")
        return cls(
            id=header.id,
            created=header.created,
            updated=header.updated,
            rules=rules,
            seats=tuple(seats),
            seed=seed,
            actions=tuple(actions),
            status=header.status,
            summary=header.summary,
            snapshot=snapshot,
        )

    @classmethod
    def from_bytes(cls, data: bytes) -> SavedGame:
        return cls.from_json(parse_json(data))


@dataclass(frozen=True)
class Header:
    """The first line of a save: what listing and statistics read."""

    id: str
    created: datetime
    updated: datetime
    status: str
    summary: Summary

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @classmethod
    def quick(cls, data: Any, **extra: Any) -> Self | None:
        """The listing's check: HEADER's fast face (no messages), giving None (not a reason)
        when anything is off; ``from_json`` then says what, from the same definition."""
        if not HEADER.ok(data):
            return None
        return cls._from_checked(data, **extra)

    def to_row(self) -> list[Any]:
        """A compact form for the header index: a list, no keys."""
        s = self.summary
        return [self.id, format_time(self.created), format_time(self.updated), self.status,
                [[t.name, t.kind, t.level, t.score, t.books] for t in s.seats], s.turn,
                list(s.winners), s.rules, s.actions, s.deal]

    @classmethod
    def from_trusted_row(cls, row: list[Any], **extra: Any) -> Self:
        """A row this program wrote after checking it (the index vouches for that)."""
        ident, created, updated, status, seats, turn, winners, rules, actions, deal = row
        return cls(ident, datetime.fromisoformat(created), datetime.fromisoformat(updated),
                   status, Summary(tuple(SeatSummary(*s) for s in seats), turn, tuple(winners),
                                   rules, actions, deal), **extra)

    @classmethod
    def _from_checked(cls, d: dict[str, Any], **extra: Any) -> Self:
        """The header from a value HEADER has accepted."""
        created, updated = utc_time(d["created"]), utc_time(d["updated"])
        assert created is not None and updated is not None  # HEADER checked them
        return cls(d["id"], created, updated, d["status"], Summary.from_checked(d["summary"]),
                   **extra)

    @classmethod
    def from_json(cls, data: Any) -> Self:
        with _as_load_error():
            HEADER.check(_document(data, HEADER_FIELDS), "")
        return cls._from_checked(data)


# ---------------------------------------------------------------------- the header's shape
# One definition for both paths: ``Header.quick`` asks ``HEADER.ok`` (the listing, thousands of
# files), ``Header.from_json`` asks ``HEADER.check`` (a load, or a reason for a damaged file).

_MAX_SCORE = 100_000


class _Schema:
    """The schema this gofish writes; a newer one is NewerSchema, an older one unknown."""

    def ok(self, value: Any) -> bool:
        return is_whole(value, SCHEMA, SCHEMA)

    def check(self, value: Any, field: str) -> int:
        return _check_schema(value)


class _GameId:
    def ok(self, value: Any) -> bool:
        return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None

    def check(self, value: Any, field: str) -> str:
        ident = Text(64).check(value, field)
        if not ID_PATTERN.fullmatch(ident):
            raise Invalid(_("id: {value} is not a valid game id").format(value=repr(ident)))
        return ident


SEAT_SUMMARY = Fields({
    "name": Text(MAX_NAME),
    "kind": Choice((HUMAN, COMPUTER)),
    "level": Choice(("", *LEVELS)),
    "score": Whole(0, _MAX_SCORE),
    "books": Whole(0, _MAX_SCORE),
})
SUMMARY = Fields({
    "seats": ListOf(SEAT_SUMMARY, 6),
    "turn": Maybe(Text(MAX_NAME)),
    "winners": ListOf(Text(MAX_NAME), 6, indexed=False),
    "rules": Text(40),
    "actions": Whole(0, 10_000_000),
    "deal": Whole(0, 10_000),
})
HEADER = Fields({
    "schema": _Schema(),
    "id": _GameId(),
    "created": Time(),
    "updated": Time(),
    "status": Choice(STATUSES),
    "summary": SUMMARY,
}, shown=lambda key: plain(key, 40))


def summarize(game: Game, seats: tuple[SeatSpec, ...]) -> Summary:
    names = [s.name for s in seats]
    scores = game.scores()
    books = game.books_laid()
    to_act = game.to_act
    return Summary(
        seats=tuple(
            SeatSummary(s.name, s.kind, s.level if s.kind == COMPUTER else "", scores[i], books[i])
            for i, s in enumerate(seats)
        ),
        turn=None if to_act is None else names[to_act],
        winners=tuple(names[w] for w in game.winners),
        rules=game.rules.preset_name() or CUSTOM_RULES,
        actions=len(game.actions),
        deal=game.deal,
    )


# ---------------------------------------------------------------------- parsing and checks


def parse_json(data: bytes) -> Any:
    """Bytes to a JSON value, or a LoadError saying where and how the bytes went wrong."""
    if not data.strip():
        raise LoadError(_("empty file"))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        if e.reason == "unexpected end of data":  # cut inside a multi-byte character
            raise LoadError(_("truncated JSON at byte {pos}").format(pos=len(data))) from None
        raise LoadError(_("not UTF-8 text (byte {pos})").format(pos=e.start)) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        pos = len(text[: e.pos].encode("utf-8"))
        if _truncated(text, e):
            raise LoadError(_("truncated JSON at byte {pos}").format(pos=len(data))) from None
        raise LoadError(_("not JSON: {why} at byte {pos}").format(why=e.msg, pos=pos)) from None
    except RecursionError:
        raise LoadError(_("not JSON: nested too deeply")) from None
    except ValueError as e:  # NaN, Infinity
        raise LoadError(_("not JSON: {why}").format(why=e)) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _truncated(text: str, error: json.JSONDecodeError) -> bool:
    """Whether the document is a valid beginning of JSON cut short (not wrong somewhere)."""
    rest = text[error.pos:].rstrip()
    if not rest:
        return True
    if "\n" in rest or not text.lstrip().startswith(("{", "[")):
        return False
    if error.msg.startswith("Unterminated string"):
        return True
    return rest == "-" or any(word.startswith(rest) for word in ("true", "false", "null"))


def migrate(data: Any) -> Any:
    """Bring an older schema up to date in memory; a newer one raises NewerSchema."""
    if not isinstance(data, dict):
        return data
    if "schema" not in data:
        raise LoadError(_("missing field: {field}").format(field="schema"))
    schema = _check_schema(data["schema"], allow_older=True)
    while schema < SCHEMA:
        data = MIGRATIONS[schema](data)
        with _as_load_error():
            schema = Whole().check(data.get("schema"), "schema")
    return data


def _check_schema(value: Any, *, allow_older: bool = False) -> int:
    with _as_load_error():
        schema = Whole().check(value, "schema")
    if schema > SCHEMA:
        raise NewerSchema(_("made by a newer gofish (schema {n})").format(n=schema), schema)
    if schema < SCHEMA and not (allow_older and _migratable(schema)):
        raise LoadError(_("unknown schema {n}").format(n=schema))
    return schema


def _migratable(schema: int) -> bool:
    return all(n in MIGRATIONS for n in range(schema, SCHEMA))


@contextlib.contextmanager
def _as_load_error() -> Iterator[None]:
    """A shape check that fails is a damaged save: its message becomes the LoadError's."""
    try:
        yield
    except Invalid as e:
        raise LoadError(str(e)) from None


def _document(value: Any, fields: tuple[str, ...]) -> dict[str, Any]:
    """The save's top object, with exactly ``fields``."""
    if not isinstance(value, dict):
        raise LoadError(_("not a saved game (a JSON {kind}, not an object)")
                        .format(kind=json_kind(value)))
    with _as_load_error():
        return check_object(value, "", fields, shown=lambda key: plain(key, 40))
