"""Text from outside (a saved file, the other end of a connection) is data: shown plain, never
able to drive the terminal it is shown on.

A crafted name or message can hold anything: ESC sequences that retitle the window or clear
the screen, C1 controls (U+009B is a CSI to some terminals), DEL, carriage returns and line
breaks that forge lines, bidi overrides that reorder what follows. ``plain`` replaces every such
character with U+FFFD, so it is seen, not obeyed. It is the one rule for every front end: the
start view, the history, the line mode and a joined table (``gofish.net.text`` prints with it).

The zero-width joiner is kept: it joins emoji into one picture (a family, a flag) and does
nothing to a terminal (``gofish.seats`` says where a name may hold it). So are the spaces Python
calls unprintable: French puts a no-break one before ':' and inside « », and no space moves the
cursor.
"""

from __future__ import annotations

import unicodedata

ZWJ = "\u200d"
REPLACEMENT = "\ufffd"


def unsafe(ch: str) -> bool:
    """Controls (C0, C1, DEL), format characters (bidi overrides, invisible marks), line and
    paragraph separators, surrogates, private-use and unassigned code points; not the ZWJ, nor
    a space."""
    return not ch.isprintable() and ch != ZWJ and unicodedata.category(ch) != "Zs"


def is_clean(text: str) -> bool:
    return not any(unsafe(ch) for ch in text)


def plain(text: object, limit: int | None = 80) -> str:
    """``text`` as one line that is safe to show: every unsafe character replaced, at most
    ``limit`` characters (the last one an ellipsis when it was longer; None: no limit)."""
    s = text if isinstance(text, str) else str(text)
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "\u2026"
    if not s.isprintable():
        s = "".join(REPLACEMENT if unsafe(ch) else ch for ch in s)
    return s
