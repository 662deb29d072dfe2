"""Reading a stream line by line with a bound on each line, for both ends of the bot protocol."""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any


class TooLong:
    """What a reader yields for a line over its limit (its text was read and dropped)."""


TOO_LONG_LINE = TooLong()


def bounded_lines(stream: IO[Any], limit: int) -> Iterator[Any]:
    """The lines of ``stream`` (text or bytes), never holding more than ``limit`` + 1 of them
    in memory: a longer line is read through in pieces and yields TOO_LONG_LINE instead.

    ``for line in stream`` would read a 200 MB line whole before any check could refuse it.
    """
    while True:
        piece = stream.readline(limit + 1)
        if not piece:
            return
        if len(piece) <= limit or piece[-1:] in ("\n", b"\n"):
            yield piece
            continue
        while piece and piece[-1:] not in ("\n", b"\n"):  # the rest of the line, dropped
            piece = stream.readline(limit + 1)
        yield TOO_LONG_LINE
