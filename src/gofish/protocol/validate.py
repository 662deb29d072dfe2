"""The checks that JSON from outside goes through: saved games, table records, wire messages.

JSON from a file, a socket or a pipe is checked field by field before anything uses it. The
shapes are defined here once: ``is_whole`` and friends answer yes or no, and the field checks
(``Whole``, ``Text``, ``Choice``, ``Time``, ``Maybe``, ``ListOf``, ``Fields``) are values with two
faces read from one definition, so the two cannot drift apart:

- ``ok(value)`` answers fast and says nothing (the listing's path, a few thousand files); it
  takes what ``json.loads`` makes (an ``int`` subclass is not one of those);
- ``check(value, field)`` raises ``Invalid`` naming the field and what is wrong with it.

A caller turns ``Invalid`` into its own error (``LoadError``, ``WireError``, ``PlanError``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from datetime import UTC, datetime
from typing import Any, Protocol, TypeGuard

from gofish.i18n import _


class Invalid(ValueError):
    """A value of the wrong shape; the message names the field and says what is wrong."""


# ---------------------------------------------------------------------- yes or no

def is_whole(value: Any, lo: int | None = None, hi: int | None = None) -> TypeGuard[int]:
    """An int (never a bool) within ``lo``..``hi`` (either may be open)."""
    return (not isinstance(value, bool) and isinstance(value, int)
            and (lo is None or lo <= value) and (hi is None or value <= hi))


def is_number(value: Any) -> TypeGuard[int | float]:
    """An int or a float, never a bool."""
    return not isinstance(value, bool) and isinstance(value, int | float)


def is_text(value: Any, most: int | None = None) -> TypeGuard[str]:
    return isinstance(value, str) and (most is None or len(value) <= most)


def is_list(value: Any, length: int | None = None, most: int | None = None,
            ) -> TypeGuard[list[Any]]:
    return (isinstance(value, list) and (length is None or len(value) == length)
            and (most is None or len(value) <= most))


def json_kind(value: Any) -> str:
    """What a JSON value is, in a word a person reads."""
    if isinstance(value, list):
        return _("list")
    if isinstance(value, str):
        return _("string")
    if isinstance(value, bool) or value is None:
        return _("constant")
    return _("number")


def utc_time(value: Any) -> datetime | None:
    """An ISO 8601 time with its offset, in UTC; None if ``value`` is not one."""
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    return moment if moment.tzinfo is UTC else moment.astimezone(UTC)


# ---------------------------------------------------------------------- field checks

def expected(field: str, what: str) -> Invalid:
    return Invalid(_("{field}: expected {what}").format(field=field, what=what))


class Check(Protocol):
    def ok(self, value: Any) -> bool: ...

    def check(self, value: Any, field: str) -> Any: ...


@dataclass(frozen=True)
class Whole:
    lo: int | None = None
    hi: int | None = None

    def ok(self, value: Any) -> bool:
        return (type(value) is int and (self.lo is None or self.lo <= value)
                and (self.hi is None or value <= self.hi))

    def check(self, value: Any, field: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise expected(field, _("a whole number"))
        if not is_whole(value, self.lo, self.hi):
            raise Invalid(_("{field}: {value} is out of range").format(field=field, value=value))
        return value


@dataclass(frozen=True)
class Text:
    most: int

    def ok(self, value: Any) -> bool:
        return type(value) is str and len(value) <= self.most

    def check(self, value: Any, field: str) -> str:
        if not isinstance(value, str):
            raise expected(field, _("text"))
        if len(value) > self.most:
            raise Invalid(_("{field}: longer than {n} characters").format(field=field,
                                                                         n=self.most))
        return value


@dataclass(frozen=True)
class Choice:
    options: tuple[str, ...]

    def ok(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.options

    def check(self, value: Any, field: str) -> str:
        if not isinstance(value, str) or value not in self.options:
            raise Invalid(_("{field}: expected one of {choices}").format(
                field=field, choices=", ".join(c or '""' for c in self.options)))
        return value


@dataclass(frozen=True)
class Time:
    """An ISO 8601 time with its offset (what ``format_time`` writes), read as UTC."""

    most: int = 40

    def ok(self, value: Any) -> bool:
        return isinstance(value, str) and len(value) <= self.most and utc_time(value) is not None

    def check(self, value: Any, field: str) -> datetime:
        Text(self.most).check(value, field)
        moment = utc_time(value)
        if moment is None:
            raise expected(field, _("a UTC time in ISO 8601"))
        return moment


@dataclass(frozen=True)
class Maybe:
    """``null``, or a value ``inner`` accepts."""

    inner: Check

    def ok(self, value: Any) -> bool:
        return value is None or self.inner.ok(value)

    def check(self, value: Any, field: str) -> Any:
        return None if value is None else self.inner.check(value, field)


@dataclass(frozen=True)
class ListOf:
    """A list of at most ``most`` items, each one ``item``; ``indexed`` names an item
    ``field[i]`` in a message, else plain ``field``."""

    item: Check
    most: int | None = None
    indexed: bool = True

    def ok(self, value: Any) -> bool:
        if type(value) is not list or (self.most is not None and len(value) > self.most):
            return False
        ok = self.item.ok
        return all(ok(v) for v in value)

    def check(self, value: Any, field: str) -> list[Any]:
        items = check_list(value, field, self.most)
        for i, v in enumerate(items):
            self.item.check(v, f"{field}[{i}]" if self.indexed else field)
        return items


def check_list(value: Any, field: str, most: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise expected(field, _("a list"))
    if most is not None and len(value) > most:
        raise Invalid(_("{field}: more than {n} items").format(field=field, n=most))
    return value


def check_object(value: Any, field: str, required: tuple[str, ...] = (),
                 optional: tuple[str, ...] = (), *,
                 shown: Callable[[str], str] = str) -> dict[str, Any]:
    """An object with every ``required`` key and no key outside ``required`` + ``optional``.

    Fields are named ``field.key`` (just ``key`` when ``field`` is empty: the document
    itself); ``shown`` makes an unknown key fit to print.
    """
    if not isinstance(value, dict):
        raise expected(field, _("an object"))
    if len(value) == len(required) and all(k in value for k in required):
        return value
    if required or optional:
        for key in required:
            if key not in value:
                name = f"{field}.{key}" if field else key
                raise Invalid(_("missing field: {field}").format(field=name))
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                name = f"{field}.{shown(key)}" if field else shown(key)
                raise Invalid(_("unknown field: {field}").format(field=name))
    return value


@dataclass(frozen=True)
class Fields:
    """An object with exactly these keys, each checked in order by its own check."""

    fields: Mapping[str, Check]
    shown: Callable[[str], str] = str
    _keys: frozenset[str] = dataclass_field(init=False, repr=False, compare=False)
    _oks: tuple[tuple[str, Callable[[Any], bool]], ...] = dataclass_field(
        init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_keys", frozenset(self.fields))
        object.__setattr__(self, "_oks", tuple((k, c.ok) for k, c in self.fields.items()))

    def ok(self, value: Any) -> bool:
        if type(value) is not dict or value.keys() != self._keys:
            return False
        return all(ok(value[key]) for key, ok in self._oks)

    def check(self, value: Any, field: str) -> dict[str, Any]:
        checked = check_object(value, field, tuple(self.fields), shown=self.shown)
        for key, c in self.fields.items():
            c.check(checked[key], f"{field}.{key}" if field else key)
        return checked
