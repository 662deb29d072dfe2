"""Who may sit where at a hosted table, and the table's record on the host's disk.

Before the game starts a human seat is only a place: it gets its name from whoever joins. The
record is what a restarted host needs to open the table again: its code, the seats (with the
hash of each seat's secret, never the secret), the rules and seed, and the saved game's id once
the game has begun.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from gofish.engine import Rules, RulesError
from gofish.i18n import _
from gofish.protocol.validate import is_list, is_number, is_text, is_whole
from gofish.seats import (
    COMPUTER,
    HUMAN,
    LEVELS,
    MAX_NAME,
    SeatError,
    SeatSpec,
    name_key,
    visible_name,
)

from .codes import CODE_ALPHABET, CODE_LENGTH, KEY_LENGTH

# computers' names, first free one first; a joining human who wants one of them gets it and
# the computer takes the next
COMPUTER_NAMES = ("Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Mallory",
                  "Niaj", "Olivia", "Peggy")
DEFAULT_LEVEL = "hard"
_HEX64 = re.compile(r"[0-9a-f]{64}")
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class PlanError(ValueError):
    """A seat list or table record that cannot be used; the message is for people."""


@dataclass
class SeatPlan:
    kind: str = HUMAN
    level: str = ""
    name: str = ""  # "" for a human seat nobody has taken yet
    reserved: bool = False  # the host named this human seat: only that name may take it
    secret_hash: str = ""  # set when a human takes the seat
    key: str = ""  # a reserved seat's key: the host gives it to the player it is kept for

    @property
    def taken(self) -> bool:
        return self.kind == COMPUTER or bool(self.secret_hash)

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def spec(self) -> SeatSpec:
        return SeatSpec(self.name, self.kind, self.level if self.kind == COMPUTER else "")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "level": self.level, "name": self.name,
                "reserved": self.reserved, "secret_hash": self.secret_hash, "key": self.key}

    @classmethod
    def from_json(cls, data: Any) -> SeatPlan:
        if not isinstance(data, dict):
            raise PlanError("seat: expected an object")
        kind, level, name = data.get("kind"), data.get("level", ""), data.get("name", "")
        reserved, secret_hash = data.get("reserved", False), data.get("secret_hash", "")
        key = data.get("key", "")
        if not is_text(kind) or kind not in (HUMAN, COMPUTER) or not is_text(level) \
                or not is_text(name) or not isinstance(reserved, bool) \
                or not is_text(secret_hash) or not is_text(key):
            raise PlanError("seat: a field has the wrong type")
        plan = cls(kind, level, name, reserved, secret_hash, key)
        if plan.key and (len(plan.key) != KEY_LENGTH or
                         any(ch not in CODE_ALPHABET for ch in plan.key)):
            raise PlanError("seat: not a seat key")
        if plan.kind == COMPUTER and plan.level not in LEVELS:
            raise PlanError(f"seat: unknown level {plan.level!r}")
        if plan.secret_hash and not _HEX64.fullmatch(plan.secret_hash):
            raise PlanError("seat: the secret hash is not a SHA-256")
        if plan.name or plan.taken:
            try:
                plan.spec().validate()
            except SeatError as e:
                raise PlanError(f"seat: {e}") from None
        return plan


def parse_seats(text: str) -> list[SeatPlan]:
    """``"human,human:Bob,computer:hard,computer:easy:Cleo"``: a seat per item, free, reserved
    or a computer (named, or given a free name). ``gofish host`` and ``gofish new`` read this."""
    plans: list[SeatPlan] = []
    for item in text.split(","):
        kind, _sep, rest = item.strip().partition(":")
        kind = kind.strip().lower()
        rest = rest.strip()
        if kind in ("human", "h"):
            plans.append(SeatPlan(HUMAN, name=rest, reserved=bool(rest)))
        elif kind in ("computer", "c", "cpu"):
            level, _sep, name = rest.partition(":")
            level, name = level.strip(), name.strip()
            if level and level.lower() not in LEVELS:
                raise PlanError(_("unknown computer level {level}: use one of {levels}").format(
                    level=level, levels=", ".join(LEVELS)))
            plans.append(SeatPlan(COMPUTER, level=level.lower() or DEFAULT_LEVEL, name=name))
        else:
            raise PlanError(_("a seat is human, human:NAME, computer:LEVEL or "
                              "computer:LEVEL:NAME, not {item}").format(item=item.strip() or "''"))
    if not 2 <= len(plans) <= 6:
        raise PlanError(_("a table has 2 to 6 seats"))
    if not any(p.is_human for p in plans):
        raise PlanError(_("a table needs at least one human seat"))
    named = [p for p in plans if p.name]
    for p in named:
        try:
            p.spec().validate()
        except SeatError as e:
            raise PlanError(_("{seat}: {why}").format(seat=p.name, why=e)) from None
    seen: set[str] = set()
    for p in named:  # the same name, or names too alike to tell apart
        if name_key(p.name) in seen:
            raise PlanError(_("two seats are called {name}").format(name=repr(p.name)))
        seen.add(name_key(p.name))
    name_computers(plans)
    return plans


def name_humans(plans: list[SeatPlan], names: tuple[str, ...]) -> None:
    """Give every unnamed human seat the first of ``names`` no other seat uses (a game played
    at one terminal has nobody joining to name them)."""
    used = {name_key(p.name) for p in plans if p.name}
    for p in plans:
        if p.is_human and not p.name:
            p.name = next((n for n in names if name_key(n) not in used),
                          _("Seat {n}").format(n=plans.index(p) + 1))
            used.add(name_key(p.name))


def name_computers(plans: list[SeatPlan]) -> None:
    """Give every computer a name no other seat uses: a computer keeps the name it was given
    unless a human now has it (then it takes the next free one, as an unnamed computer does)."""
    used = {name_key(p.name) for p in plans if p.is_human and p.name}
    keep = []
    for p in plans:
        if p.kind == COMPUTER and p.name and name_key(p.name) not in used:
            used.add(name_key(p.name))
            keep.append(p)
    for p in plans:
        if p.kind != COMPUTER or any(p is k for k in keep):
            continue
        p.name = next(n for n in COMPUTER_NAMES if name_key(n) not in used)
        used.add(name_key(p.name))


# What the log calls the player reading it, in each of the game's languages ("You asked Bob
# for kings"): a joiner named so would read on the others' screens as each of them.
VIEWER_WORDS = frozenset(name_key(word) for word in ("you", "vous", "anda", "вы"))


def check_name(name: object) -> str:
    """The name a joining player gave, checked like any seat's; PlanError says what is wrong."""
    if not isinstance(name, str):
        raise PlanError(_("a name must be text"))
    try:
        SeatSpec(name).validate()
    except SeatError:
        raise PlanError(_("a name is 1 to {max} printable characters, without spaces at either "
                          "end").format(max=MAX_NAME)) from None
    if not visible_name(name):
        raise PlanError(_("a name cannot hold characters that show as nothing"))
    if name_key(name) in VIEWER_WORDS:
        raise PlanError(_("“{name}” is the word the game uses for each player: choose another "
                          "name").format(name=name))
    return name


@dataclass
class TableRecord:
    code: str
    rules: Rules
    seats: list[SeatPlan]
    seed: int
    game_id: str = ""  # the saved game, once it has started
    takeover_after: float | None = None  # seconds an away seat waits before a computer plays it
    takeover_level: str = DEFAULT_LEVEL
    created: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    owner_hash: str = ""  # the opener's token's hash (a table opened from the lobby)
    private: bool = False  # not listed in the lobby: joined by its code alone
    given: dict[int, str] = field(default_factory=dict)  # seats the opener gave to a computer
    played_by: list[tuple[int, str]] = field(default_factory=list)  # (action, level) played
    # by a computer for an absent player

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, "code": self.code, "rules": self.rules.to_json(),
                "seats": [s.to_json() for s in self.seats], "seed": self.seed,
                "game_id": self.game_id, "takeover_after": self.takeover_after,
                "takeover_level": self.takeover_level, "created": self.created,
                "owner_hash": self.owner_hash, "private": self.private,
                "given": {str(k): v for k, v in self.given.items()},
                "played_by": [list(p) for p in self.played_by]}

    @classmethod
    def from_json(cls, data: Any) -> TableRecord:
        if not isinstance(data, dict) or data.get("version") != 1:
            raise PlanError("not a table record of version 1")
        code = data.get("code")
        if not is_text(code) or len(code) != CODE_LENGTH or \
                any(ch not in CODE_ALPHABET for ch in code):
            raise PlanError("code: not a table code")
        try:
            rules = Rules.from_json(data.get("rules"))
        except (RulesError, TypeError) as e:
            raise PlanError(f"rules: {e}") from None
        seats_data = data.get("seats")
        if not is_list(seats_data, most=6) or len(seats_data) < 2:
            raise PlanError("seats: expected 2 to 6 seats")
        seats = [SeatPlan.from_json(s) for s in seats_data]
        seed = data.get("seed")
        game_id = data.get("game_id", "")
        after = data.get("takeover_after")
        level = data.get("takeover_level", DEFAULT_LEVEL)
        if not is_whole(seed):
            raise PlanError("seed: expected a whole number")
        if not is_text(game_id) or (game_id and not _GAME_ID.fullmatch(game_id)):
            raise PlanError("game_id: not a game id")
        if after is not None and (not is_number(after) or after < 0):
            raise PlanError("takeover_after: expected a number of seconds")
        if level not in LEVELS:
            raise PlanError("takeover_level: unknown level")
        created = data.get("created", "")
        owner_hash, private = data.get("owner_hash", ""), data.get("private", False)
        if not is_text(owner_hash) or (owner_hash and not _HEX64.fullmatch(owner_hash)):
            raise PlanError("owner_hash: not a SHA-256")
        if not isinstance(private, bool):
            raise PlanError("private: expected true or false")
        given = data.get("given", {})
        if not isinstance(given, dict) or not all(
                k.isdigit() and int(k) < len(seats) and v in LEVELS for k, v in given.items()):
            raise PlanError("given: seats and levels expected")
        played = data.get("played_by", [])
        if not is_list(played, most=100_000) or not all(
                is_list(p, 2) and is_whole(p[0], 0, 10_000_000) and p[1] in LEVELS
                for p in played):
            raise PlanError("played_by: actions and levels expected")
        return cls(code, rules, seats, seed, game_id, after, level,
                   created if is_text(created) else "", owner_hash, private,
                   {int(k): v for k, v in given.items()}, [(p[0], p[1]) for p in played])
