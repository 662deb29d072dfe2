"""Letter keys typed on a Russian keyboard layout: the Latin letter of the same key.

The table's letter keys (J Q K A, the suits, the pass screen's key) are Latin letters. With the
Russian layout on (ЙЦУКЕН, as a Russian name is typed), the key marked both G and П sends "п",
and the pass screen that asked for G waited for a key nobody could press without switching the
layout. Each key is read as the Latin letter printed on it too. No Textual here.
"""

from __future__ import annotations

_RUSSIAN = "йцукенгшщзхъфывапролджэячсмитьбю"
_LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,."
_TWIN = {ru: lat for ru, lat in zip(_RUSSIAN, _LATIN, strict=True) if lat.isalpha()}


def latin_letter(ch: str) -> str:
    """The Latin letter on the same key as ``ch`` (lower case), or ``ch`` itself."""
    return _TWIN.get(ch.lower(), ch)


_LETTER_TWIN = {lat: ru for ru, lat in _TWIN.items()}


def with_twins(keys: str) -> str:
    """A binding's keys, each Latin letter followed by the Cyrillic letter on the same key of
    the Russian layout ("c" -> "c,с"): the first key stays the one the key line shows."""
    out: list[str] = []
    for key in keys.split(","):
        out.append(key)
        if key in _LETTER_TWIN:
            out.append(_LETTER_TWIN[key])
    return ",".join(out)
