"""Text read from a file is data: shown plain, never able to drive the terminal."""

from __future__ import annotations


def plain(text: object, limit: int = 80) -> str:
    """``text`` with every non-printable character replaced, at most ``limit`` characters.

    Controls (ESC, CR, BEL...), format characters such as bidi overrides, line separators and
    unassigned code points become U+FFFD, so a crafted name or file field cannot move the
    cursor, change colours or reorder what follows it.
    """
    s = str(text)
    if not s.isprintable():
        s = "".join(ch if ch.isprintable() else "\ufffd" for ch in s)
    if len(s) > limit:
        s = s[: max(limit - 1, 0)] + "\u2026"
    return s
