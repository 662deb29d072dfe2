"""Lines in and lines out: the only terminal the line mode needs.

Nothing here moves a cursor or draws: each line is printed once, in order, so a screen reader,
a braille display, a teletype, ``script`` or a pipe over ``ssh`` without ``-t`` reads it as it
comes. The one exception is the hand-over between two players at one device, where the screen
is cleared when the terminal can clear it, and scrolled away with blank lines when it cannot.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import time
from typing import TextIO

from gofish.store.text import plain

CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # home, clear the screen, clear the scrollback (xterm, VT100+)


class EndOfInput(Exception):
    """Standard input was closed (Ctrl+D, a dropped connection): save and leave."""


def can_clear(stream: TextIO, environ: dict[str, str] | None = None) -> bool:
    """A terminal that understands the clear sequence: a tty whose TERM is set and not dumb."""
    env = os.environ if environ is None else environ
    term = env.get("TERM", "")
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    return tty and term not in ("", "dumb", "unknown")


class Console:
    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None, *,
                 clear: bool | None = None, delay: float = 0.0) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.clears = can_clear(self.stdout) if clear is None else clear
        self.delay = delay

    def say(self, text: str = "") -> None:
        """One line (or several, already joined), made plain: names can hold anything."""
        lines = [plain(line, None) for line in text.split("\n")]
        self.stdout.write("\n".join(lines) + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """The answer to ``prompt`` (without its newline); EndOfInput when input is closed."""
        self.stdout.write(plain(prompt, None) + " ")
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            with contextlib.suppress(OSError, ValueError):
                self.stdout.write("\n")
                self.stdout.flush()
            raise EndOfInput
        return line.rstrip("\r\n")

    def clear(self) -> None:
        """Take what is shown off the screen before the next player looks at it."""
        if self.clears:
            self.stdout.write(CLEAR)
        else:
            rows = shutil.get_terminal_size((80, 24)).lines
            self.stdout.write("\n" * (max(rows, 24) + 2))
        self.stdout.flush()

    def pause(self) -> None:
        """The short wait after a computer's move, so its line can be followed."""
        if self.delay > 0:
            self.stdout.flush()
            time.sleep(self.delay)
