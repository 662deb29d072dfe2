"""Text read from a file is data: shown plain, never able to drive the terminal."""

from __future__ import annotations

import unicodedata


def plain(text: object, limit: int = 80) -> str:
    """``text`` with every non-printable character replaced, at most ``limit`` characters.

    Controls (ESC, CR, BEL...), format characters such as bidi overrides, line separators and
    unassigned code points become U+FFFD, so a crafted name or file field cannot move the
    cursor, change colours or reorder what follows it.
    """
    s = str(text)
    if not s.isprintable():  # spaces other than " " count as unprintable: French typography's
        s = "".join(ch if ch.isprintable() or unicodedata.category(ch) == "Zs" else "\ufffd"
                    for ch in s)  # no-break ones are kept (they move no cursor)
    if len(s) > limit:
        s = s[: max(limit - 1, 0)] + "\u2026"
    return s
