"""One saved game: the record, its JSON file format, and the checks a file must pass to load.

A game is its rules, seats, seed and actions (design principle 3); the file adds a summary for
fast listing and a snapshot of the state to check the replay against. The first line of the
file holds everything the history screen needs (schema, id, times, status, summary), so a
listing reads a few hundred bytes per game and never replays. The rest of the file follows,
one action per line, so a save stays readable and diffable.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Self

from gofish.engine import Action, Game, IllegalAction, Rules, RulesError, action_from_json
from gofish.engine import events as ev
from gofish.i18n import _
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
_HEADER_KEYS = frozenset(HEADER_FIELDS)
_SUMMARY_KEYS = frozenset(("seats", "turn", "winners", "rules", "actions", "deal"))

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
        d = _object(data, "summary", ("seats", "turn", "winners", "rules", "actions", "deal"))
        seats = []
        for i, s in enumerate(_list(d["seats"], "summary.seats", 6)):
            seats.append(_seat_summary(s, i))
        turn = d["turn"]
        if turn is not None:
            turn = _text(turn, "summary.turn", MAX_NAME)
        winners = tuple(_text(w, "summary.winners", MAX_NAME)
                        for w in _list(d["winners"], "summary.winners", 6))
        return cls(
            seats=tuple(seats),
            turn=turn,
            winners=winners,
            rules=_text(d["rules"], "summary.rules", 40),
            actions=_int(d["actions"], "summary.actions", 0, 10_000_000),
            deal=_int(d["deal"], "summary.deal", 0, 10_000),
        )


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
        d = _object(data, "game", FIELDS)
        header = Header.from_json({k: d[k] for k in HEADER_FIELDS})
        try:
            rules = Rules.from_json(d["rules"])
        except RulesError as e:
            raise LoadError(_("rules: {why}").format(why=e)) from None
        seats = []
        for i, s in enumerate(_list(d["seats"], "seats", 6), 1):
            o = _object(s, f"seats[{i - 1}]", ("name", "kind"), ("level",))
            try:
                seats.append(SeatSpec.from_json(o))
            except SeatError as e:
                raise LoadError(_("seat {n}: {why}").format(n=i, why=e)) from None
        try:
            validate_seats(seats)
        except SeatError as e:
            raise LoadError(_("seats: {why}").format(why=e)) from None
        seed = _int(d["seed"], "seed")
        actions = []
        for i, a in enumerate(_list(d["actions"], "actions"), 1):
            try:
                actions.append(action_from_json(a))
            except IllegalAction as e:
                raise LoadError(_("action {n} is malformed ({why})").format(n=i, why=e)) from None
        snapshot = _object(d["snapshot"], "snapshot")
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
        """The listing's check: the same rules as ``from_json`` at a fraction of the cost,
        giving None (not a reason) when anything is off; ``from_json`` then says what."""
        if type(data) is not dict or data.keys() != _HEADER_KEYS or data["schema"] != SCHEMA:
            return None
        summary = data["summary"]
        if type(summary) is not dict or summary.keys() != _SUMMARY_KEYS:
            return None
        seats = summary["seats"]
        if type(seats) is not list or not all(
                type(o) is dict and o.keys() == _SEAT_KEYS for o in seats):
            return None
        return cls._quick(
            data["id"], data["created"], data["updated"], data["status"],
            [(o["name"], o["kind"], o["level"], o["score"], o["books"]) for o in seats],
            summary["turn"], summary["winners"], summary["rules"], summary["actions"],
            summary["deal"], **extra)

    def to_row(self) -> list[Any]:
        """A compact form for the header index: a list, no keys."""
        s = self.summary
        return [self.id, format_time(self.created), format_time(self.updated), self.status,
                [[t.name, t.kind, t.level, t.score, t.books] for t in s.seats], s.turn,
                list(s.winners), s.rules, s.actions, s.deal]

    @classmethod
    def from_row(cls, row: Any, **extra: Any) -> Self | None:
        """The header back from ``to_row``, checked like ``quick``; None if anything is off."""
        if type(row) is not list or len(row) != 10:
            return None
        seats = row[4]
        if type(seats) is not list or not all(type(o) is list and len(o) == 5 for o in seats):
            return None
        return cls._quick(*row, **extra)

    @classmethod
    def from_trusted_row(cls, row: list[Any], **extra: Any) -> Self:
        """A row this program wrote after checking it (the index vouches for that)."""
        ident, created, updated, status, seats, turn, winners, rules, actions, deal = row
        return cls(ident, datetime.fromisoformat(created), datetime.fromisoformat(updated),
                   status, Summary(tuple(SeatSummary(*s) for s in seats), turn, tuple(winners),
                                   rules, actions, deal), **extra)

    @classmethod
    def _quick(cls, ident: Any, created: Any, updated: Any, status: Any, seats: list[Any],
               turn: Any, winners: Any, rules: Any, actions: Any, deal: Any,
               **extra: Any) -> Self | None:
        if (type(ident) is not str or not ID_PATTERN.fullmatch(ident)
                or type(created) is not str or type(updated) is not str
                or type(status) is not str or status not in STATUSES
                or len(seats) > 6
                or (turn is not None and (type(turn) is not str or len(turn) > MAX_NAME))
                or type(winners) is not list or len(winners) > 6
                or not all(type(w) is str and len(w) <= MAX_NAME for w in winners)
                or type(rules) is not str or len(rules) > 40
                or type(actions) is not int or not 0 <= actions <= 10_000_000
                or type(deal) is not int or not 0 <= deal <= 10_000):
            return None
        seat_list = []
        for name, kind, level, score, books in seats:
            if not (type(name) is str and len(name) <= MAX_NAME
                    and type(kind) is str and kind in _KINDS
                    and type(level) is str and level in _SUMMARY_LEVELS
                    and type(score) is int and 0 <= score <= _MAX_SCORE
                    and type(books) is int and 0 <= books <= _MAX_SCORE):
                return None
            seat_list.append(SeatSummary(name, kind, level, score, books))
        try:
            created_at = datetime.fromisoformat(created)
            updated_at = datetime.fromisoformat(updated)
        except ValueError:
            return None
        if created_at.tzinfo is None or updated_at.tzinfo is None:
            return None
        if created_at.tzinfo is not UTC:
            created_at = created_at.astimezone(UTC)
        if updated_at.tzinfo is not UTC:
            updated_at = updated_at.astimezone(UTC)
        return cls(ident, created_at, updated_at, status,
                   Summary(tuple(seat_list), turn, tuple(winners), rules, actions, deal), **extra)

    @classmethod
    def from_json(cls, data: Any) -> Header:
        d = _object(data, "game", HEADER_FIELDS)
        _check_schema(d["schema"])
        ident = _text(d["id"], "id", 64)
        if not ID_PATTERN.fullmatch(ident):
            raise LoadError(_("id: {value} is not a valid game id").format(value=repr(ident)))
        return cls(
            id=ident,
            created=_time(d["created"], "created"),
            updated=_time(d["updated"], "updated"),
            status=_choice(d["status"], "status", STATUSES),
            summary=Summary.from_json(d["summary"]),
        )


_SEAT_FIELDS = ("name", "kind", "level", "score", "books")
_SEAT_KEYS = frozenset(_SEAT_FIELDS)
_KINDS = frozenset((HUMAN, COMPUTER))
_SUMMARY_LEVELS = frozenset(("", *LEVELS))
_MAX_SCORE = 100_000


def _seat_summary(o: Any, i: int) -> SeatSummary:
    where = f"summary.seats[{i}]"
    o = _object(o, where, _SEAT_FIELDS)
    return SeatSummary(
        name=_text(o["name"], f"{where}.name", MAX_NAME),
        kind=_choice(o["kind"], f"{where}.kind", (HUMAN, COMPUTER)),
        level=_choice(o["level"], f"{where}.level", ("", *LEVELS)),
        score=_int(o["score"], f"{where}.score", 0, _MAX_SCORE),
        books=_int(o["books"], f"{where}.books", 0, _MAX_SCORE),
    )


def summarize(game: Game, seats: tuple[SeatSpec, ...]) -> Summary:
    names = [s.name for s in seats]
    scores = game.scores()
    books = _books(game)
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


def _books(game: Game) -> list[int]:
    """Books laid by each seat over every deal (a match keeps only the last deal's books)."""
    if not game.record:
        game = Game.replay(game.rules, game.players, game.seed, list(game.actions))
    books = [0] * game.players
    for e in game.events:
        if e.kind == ev.BOOK:
            books[e.seat] += 1
    return books


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
        schema = _int(data.get("schema"), "schema")
    return data


def _check_schema(value: Any, *, allow_older: bool = False) -> int:
    schema = _int(value, "schema")
    if schema > SCHEMA:
        raise NewerSchema(_("made by a newer gofish (schema {n})").format(n=schema), schema)
    if schema < SCHEMA and not (allow_older and _migratable(schema)):
        raise LoadError(_("unknown schema {n}").format(n=schema))
    return schema


def _migratable(schema: int) -> bool:
    return all(n in MIGRATIONS for n in range(schema, SCHEMA))


def _type_error(field: str, expected: str) -> LoadError:
    return LoadError(_("{field}: expected {what}").format(field=field, what=expected))


def _object(value: Any, field: str, required: tuple[str, ...] = (),
            optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(value, dict):
        if field == "game":
            raise LoadError(_("not a saved game (a JSON {kind}, not an object)")
                            .format(kind=_json_kind(value)))
        raise _type_error(field, _("an object"))
    if len(value) == len(required) and all(k in value for k in required):
        return value
    if required or optional:
        for key in required:
            if key not in value:
                name = key if field == "game" else f"{field}.{key}"
                raise LoadError(_("missing field: {field}").format(field=name))
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                name = plain(key, 40) if field == "game" else f"{field}.{plain(key, 40)}"
                raise LoadError(_("unknown field: {field}").format(field=name))
    return value


def _json_kind(value: Any) -> str:
    if isinstance(value, list):
        return _("list")
    if isinstance(value, str):
        return _("string")
    if isinstance(value, bool) or value is None:
        return _("constant")
    return _("number")


def _list(value: Any, field: str, max_len: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _type_error(field, _("a list"))
    if max_len is not None and len(value) > max_len:
        raise LoadError(_("{field}: more than {n} items").format(field=field, n=max_len))
    return value


def _int(value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _type_error(field, _("a whole number"))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise LoadError(_("{field}: {value} is out of range").format(field=field, value=value))
    return value


def _text(value: Any, field: str, max_len: int) -> str:
    if not isinstance(value, str):
        raise _type_error(field, _("text"))
    if len(value) > max_len:
        raise LoadError(_("{field}: longer than {n} characters").format(field=field, n=max_len))
    return value


def _choice(value: Any, field: str, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise LoadError(_("{field}: expected one of {choices}").format(
            field=field, choices=", ".join(c or '""' for c in choices)))
    return value


def _time(value: Any, field: str) -> datetime:
    text = _text(value, field, 40)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise _type_error(field, _("a UTC time in ISO 8601"))
    return moment.astimezone(UTC)
