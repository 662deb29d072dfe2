"""Text from the other end of a connection is data: it never drives the terminal it is shown on.

A hostile host (or client) can put anything in a name or a message: ESC sequences that retitle
the window or clear the screen, C1 controls (U+009B is a CSI to some terminals), DEL, carriage
returns and line breaks that forge lines, bidi overrides that reorder what follows. ``clean``
replaces every such character with U+FFFD, so it is seen, not obeyed. Received text is cleaned
where it enters (``RemoteSession.receive``) and again where it is printed.

The zero-width joiner is kept: it joins emoji into one picture (a family, a flag) and does
nothing to a terminal; see ``gofish.seats`` for where names may hold it.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

ZWJ = "\u200d"
REPLACEMENT = "\ufffd"


def unsafe(ch: str) -> bool:
    """Controls (C0, C1, DEL), format characters (bidi overrides, invisible marks), line and
    paragraph separators, surrogates, private-use and unassigned code points; not the ZWJ, nor
    the spaces Python calls unprintable (French puts a no-break one before ':' and inside « »;
    no space moves the cursor)."""
    return not ch.isprintable() and ch != ZWJ and unicodedata.category(ch) != "Zs"


def clean(text: object, limit: int = 200) -> str:
    """``text`` as one line that is safe to show: unsafe characters replaced, at most
    ``limit`` characters (the last one an ellipsis when it was longer)."""
    s = text if isinstance(text, str) else str(text)
    if len(s) > limit:
        s = s[: max(limit - 1, 0)] + "\u2026"
    if not s.isprintable():
        s = "".join(REPLACEMENT if unsafe(ch) else ch for ch in s)
    return s


def clean_lines(text: str) -> str:
    """Several lines, each cleaned (the line breaks themselves are kept)."""
    return "\n".join(clean(line, 10_000) for line in text.split("\n"))


def is_clean(text: str) -> bool:
    return not any(unsafe(ch) for ch in text)


def json_line(message: Any) -> str:
    """``message`` as a line of JSON that is safe to ``cat``: non-ASCII text stays readable,
    but every unsafe character is written as a ``\\uXXXX`` escape (JSON escapes C0 itself)."""
    text = json.dumps(message, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(f"\\u{ord(ch):04x}" if unsafe(ch) and ord(ch) <= 0xFFFF else
                   (_surrogates(ch) if unsafe(ch) else ch) for ch in text)


def _surrogates(ch: str) -> str:
    n = ord(ch) - 0x10000
    return f"\\u{0xD800 + (n >> 10):04x}\\u{0xDC00 + (n & 0x3FF):04x}"
