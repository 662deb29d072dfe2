"""Who sits at the table: a name, human or computer, and the computer's level."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

from gofish.i18n import N_, _

HUMAN = "human"
COMPUTER = "computer"
LEVELS = ("random", "easy", "medium", "hard", "expert", "reader")
# translated where shown; literal, so that extraction finds them
LEVEL_TITLES = {"random": N_("random"), "easy": N_("easy"), "medium": N_("medium"),
                "hard": N_("hard"), "expert": N_("expert"),
                # TRANSLATORS: a computer level that reads how its opponent chooses its asks
                "reader": N_("reader")}
MAX_NAME = 20
ZWJ = "\u200d"  # joins emoji into one picture (👩‍👩‍👧); no control to a terminal
_EMOJI_TAILS = {"\ufe0f", "\ufe0e", *map(chr, range(0x1F3FB, 0x1F400))}  # VS16/15, skin tones
# Letters that look like Latin ones in most fonts (Cyrillic, Greek, a few ASCII pairs), folded
# after casefolding so that "Аlice" (a Cyrillic А) and "AIice" (a capital i) are seen as
# "Alice". A small table for the names people type, not all of Unicode's confusables: see
# docs/shared-table.md. (l, 1, | and i are one letter here, as I and i are one.)
_LOOKALIKES = str.maketrans(dict(zip(
    "авекмнорстухѕіјһԁԛԝӏёїαβεζηικμνορτυχl1|0",
    "abekmhopctyxsijhdqwiëïabezhikmnoptyxiiio", strict=True)))
# Characters Python calls printable that draw nothing, or a blank: the combining grapheme
# joiner, the Hangul fillers, Khmer's invisible vowels, Mongolian selectors, variation selectors
# other than the emoji ones, the braille blank. "Ann" + U+034F reads "Ann" on every screen.
_BLANK = frozenset([0x034F, 0x115F, 0x1160, 0x17B4, 0x17B5, *range(0x180B, 0x1810), 0x2800,
                    0x3164, *range(0xFE00, 0xFE0E), 0xFFA0, *range(0xE0100, 0xE01F0)])
_INVISIBLE = dict.fromkeys([*map(ord, f"{ZWJ}\u200c\ufe0e\ufe0f"), *_BLANK])


def _emoji_before(name: str, i: int) -> bool:
    while i >= 0 and name[i] in _EMOJI_TAILS:
        i -= 1
    return i >= 0 and unicodedata.category(name[i]) == "So"


def printable_name(name: str) -> bool:
    """No control or format character, except a ZWJ between two emoji (a family, a flag)."""
    return all(ch.isprintable() or (ch == ZWJ and 0 < i < len(name) - 1 and
                                    _emoji_before(name, i - 1) and
                                    unicodedata.category(name[i + 1]) == "So")
               for i, ch in enumerate(name))


def visible_name(name: str) -> bool:
    """No character that draws nothing: a name joining a table must not pass for another, nor
    show as nothing. (Not asked of saved names: a game is never lost over its names.)"""
    return not any(ord(ch) in _BLANK for ch in name)


def name_key(name: str) -> str:
    """What a name looks like: two names with the same key are too alike to sit at one table
    (the same regardless of case, width, look-alike letters and invisible characters: "Аlice"
    is "Alice")."""
    folded = unicodedata.normalize("NFKC", name).translate(_INVISIBLE).casefold()
    return unicodedata.normalize("NFKC", folded).translate(_LOOKALIKES)


def level_title(level: str) -> str:
    """A computer level in the reader's language (an unknown one as it was written)."""
    return _(LEVEL_TITLES[level]) if level in LEVEL_TITLES else level


class SeatError(ValueError):
    """A seat that cannot be used; ``field`` says which part is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class SeatSpec:
    name: str
    kind: str = HUMAN  # "human" or "computer"
    level: str = ""  # a computer's level, one of LEVELS

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.kind == COMPUTER:
            data["level"] = self.level
        return data

    @classmethod
    def from_json(cls, data: Any) -> SeatSpec:
        if not isinstance(data, dict):
            raise SeatError("seat", _("a seat must be an object"))
        name, kind, level = data.get("name"), data.get("kind", HUMAN), data.get("level", "")
        if not isinstance(name, str) or not isinstance(kind, str) or not isinstance(level, str):
            raise SeatError("seat", _("seat name, kind and level must be text"))
        seat = cls(name, kind, level)
        seat.validate()
        return seat

    def validate(self) -> None:
        if self.kind not in (HUMAN, COMPUTER):
            raise SeatError("kind", _("unknown seat kind {kind}").format(kind=repr(self.kind)))
        if self.kind == COMPUTER and self.level not in LEVELS:
            raise SeatError("level", _("unknown computer level {level}").format(
                level=repr(self.level)))
        if not self.name or len(self.name) > MAX_NAME or self.name != self.name.strip():
            raise SeatError("name", _("a name must be 1 to {max} characters").format(
                max=MAX_NAME))
        if not printable_name(self.name):
            raise SeatError("name", _("a name cannot hold control characters"))


def validate_seats(seats: list[SeatSpec]) -> None:
    """Raise SeatError for a bad seat list: 2 to 6 seats, names unique regardless of case."""
    if not 2 <= len(seats) <= 6:
        raise SeatError("seats", _("a game needs 2 to 6 seats"))
    seen: set[str] = set()
    for seat in seats:
        seat.validate()
        key = seat.name.casefold()
        if key in seen:
            raise SeatError("name", _("two seats are called {name}").format(
                name=repr(seat.name)))
        seen.add(key)
