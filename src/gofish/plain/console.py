"""Lines in and lines out: the only terminal the line mode needs.

Nothing here moves a cursor or draws: each line is printed once, in order, so a screen reader,
a braille display, a teletype, ``script`` or a pipe over ``ssh`` without ``-t`` reads it as it
comes. The one exception is the hand-over between two players at one device, where the screen
is cleared when the terminal can clear it, and scrolled away with blank lines when it cannot.

Standard input is read from its file descriptor into a buffer of the console's own (``Lines``),
not through ``sys.stdin``'s: a shared table waits on the descriptor and the host's socket at
once (gofish.plain.link), and a line kept in a buffer the wait cannot see would never wake it.
"""

from __future__ import annotations

import codecs
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


class Leave(Exception):
    """The player asked to quit gofish."""


def _descriptor(stream: TextIO) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, OSError, ValueError):  # io.StringIO (a test's answers), closed
        return None


class Lines:
    """The lines typed, read from the stream's descriptor when it has one (a terminal, a pipe,
    a file), else from the stream itself (a test's ``io.StringIO``, which never waits)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.fd = _descriptor(stream)
        encoding = getattr(stream, "encoding", None) or "utf-8"
        try:
            decoder = codecs.getincrementaldecoder(encoding)
        except LookupError:
            decoder = codecs.getincrementaldecoder("utf-8")
        self._decoder = decoder(errors="replace")  # a stray byte is a character, not a crash
        self._buffer = ""
        self.ended = False

    def ready(self) -> bool:
        """Whether a line (or the end of input) can be read without waiting."""
        return self.fd is None or self.ended or "\n" in self._buffer

    def pull(self) -> None:
        """One read from the descriptor, which has something to read (or is at its end)."""
        if self.fd is None or self.ended:
            return
        data = os.read(self.fd, 65536)
        if data:
            self._buffer += self._decoder.decode(data)
        else:
            self._buffer += self._decoder.decode(b"", final=True)
            self.ended = True

    def readline(self) -> str:
        """The next line with its newline; "" at the end of input, as a stream's readline."""
        if self.fd is None:
            return self.stream.readline()
        while not self.ready():
            self.pull()
        line, newline, rest = self._buffer.partition("\n")
        self._buffer = rest
        return line + newline


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
        self._lines = Lines(self.stdin)
        self.prompt: str | None = None  # the question printed and not answered yet

    @property
    def lines(self) -> Lines:
        """What is typed, from ``stdin`` (which a test may replace)."""
        if self._lines.stream is not self.stdin:
            self._lines = Lines(self.stdin)
        return self._lines

    def say(self, text: str = "") -> None:
        """One line (or several, already joined), made plain: names can hold anything."""
        lines = [plain(line, None) for line in text.split("\n")]
        self.stdout.write("\n".join(lines) + "\n")
        self.stdout.flush()

    def ask(self, prompt: str) -> str:
        """The answer to ``prompt`` (without its newline); EndOfInput when input is closed."""
        self.show_prompt(prompt)
        return self.answer()

    def show_prompt(self, prompt: str) -> None:
        self.stdout.write(plain(prompt, None) + " ")
        self.stdout.flush()
        self.prompt = prompt

    def answer(self) -> str:
        """The next line typed (the answer to the prompt shown, if any); EndOfInput at the
        end of input."""
        line = self.lines.readline()
        self.prompt = None
        if not line:
            with contextlib.suppress(OSError, ValueError):
                self.stdout.write("\n")
                self.stdout.flush()
            raise EndOfInput
        return line.rstrip("\r\n")

    def close_prompt(self) -> None:
        """The question printed will not be answered (the table moved on): end its line."""
        if self.prompt is not None:
            self.prompt = None
            self.say("")

    def news(self, text: str) -> None:
        """A line that arrives while a question waits (a word said at a shared table): on a
        line of its own, then the question again, so the last line is still what is asked."""
        prompt = self.prompt
        if prompt is None:
            self.say(text)
            return
        self.stdout.write("\n")
        self.say(text)
        self.stdout.write(plain(prompt, None) + " ")
        self.stdout.flush()

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
