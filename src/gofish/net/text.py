"""Text from the other end of a connection is data: it never drives the terminal it is shown on.

A hostile host (or client) can put anything in a name or a message. Received text is made
plain where it enters (``RemoteSession.receive``) and again where it is printed, by the one
rule every front end uses (``gofish.store.text.plain``); here are the forms a connection needs
besides: several lines, and a transcript line that is safe to ``cat``.
"""

from __future__ import annotations

import json
from typing import Any

from gofish.store.text import plain, unsafe


def clean_lines(text: str) -> str:
    """Several lines, each cleaned (the line breaks themselves are kept)."""
    return "\n".join(plain(line, None) for line in text.split("\n"))


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
