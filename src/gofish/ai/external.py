"""``ExternalBot``: a Player that runs another program speaking the bot protocol, so
tournaments (``gofish simulate``) can seat outside bots beside the computer players."""

from __future__ import annotations

import contextlib
import queue
import subprocess
import threading
import time
from collections import deque
from typing import IO, Any

from gofish.engine import Action, Event, Rules, SeatView
from gofish.i18n import _
from gofish.protocol.lines import TooLong, bounded_lines
from gofish.protocol.messages import (
    ILLEGAL,
    MAX_LINE,
    ProtocolError,
    decode,
    encode,
    error,
    event_message,
    hello,
    parse_action,
    your_turn,
)

MAX_LINE_BYTES = 4 * MAX_LINE  # a line of MAX_LINE characters is at most this in UTF-8
MAX_QUEUED = 16  # lines the reader may hold ahead of the driver: memory stays bounded
MAX_ERRORS_KEPT = 20  # the last error lines a bot sent, for the driver's report
MAX_ERRORS_PER_ANSWER = 100  # a bot that sends this many without answering is given up


class BotError(RuntimeError):
    """An outside bot that failed: it crashed, stayed silent, or answered out of turn."""



class ExternalBot:
    """A Player whose decisions come from another program speaking the bot protocol.

    ``command`` is run with its standard input and output as the protocol's pipe (its standard
    error is left alone, for its own diagnostics). ``timeout`` bounds each decision as a
    whole: a bot that keeps talking without answering (a flood of ``error`` lines) is given up
    at the deadline, or after MAX_ERRORS_PER_ANSWER of them, whichever comes first. What it
    sends is read in bounded pieces (MAX_LINE_BYTES a line, MAX_QUEUED lines ahead), and
    bytes that are not UTF-8 are replaced, never fatal.
    Use it as a context manager, or call ``close()``, to end the program.
    """

    def __init__(self, command: list[str], seat: int, rules: Rules, players: int,
                 seed: int | None = None, *, timeout: float = 30.0) -> None:
        self.seat = seat
        self.timeout = timeout
        # the last error lines the bot sent, and how many it sent in all
        self.errors: deque[dict[str, Any]] = deque(maxlen=MAX_ERRORS_KEPT)
        self.error_count = 0
        self._closed = threading.Event()
        self._misbehaved = False
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE)
        except OSError as e:
            raise BotError(_("cannot start the bot: {what}").format(what=e)) from None
        self._lines: queue.Queue[str | TooLong | None] = queue.Queue(MAX_QUEUED)
        stdout = self.process.stdout
        assert stdout is not None
        threading.Thread(target=self._read, args=(stdout,), daemon=True).start()
        self._send(hello(rules, players, seat, seed))
        answer = self._receive()
        if answer.get("type") != "ready":
            self.close()
            raise BotError(_("the bot did not answer the hello with ready"))

    def _read(self, stream: IO[bytes]) -> None:
        try:
            for line in bounded_lines(stream, MAX_LINE_BYTES):
                item = line if isinstance(line, TooLong) else line.decode("utf-8", "replace")
                if not self._put(item):
                    return
        except (OSError, ValueError):
            pass  # the pipe closed under us: the end, as below
        finally:
            with contextlib.suppress(OSError):
                stream.close()
        self._put(None)

    def _put(self, item: str | TooLong | None) -> bool:
        """Hand a line to the driver, waiting while it is behind; False once closed."""
        while not self._closed.is_set():
            try:
                self._lines.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _send(self, message: dict[str, Any]) -> None:
        stdin = self.process.stdin
        try:
            assert stdin is not None
            stdin.write((encode(message) + "\n").encode("utf-8"))
            stdin.flush()
        except (OSError, ValueError):
            raise BotError(_("the bot stopped reading its input")) from None

    def _receive(self) -> dict[str, Any]:
        """The bot's next message that is not an error, within this decision's deadline."""
        deadline = time.monotonic() + self.timeout
        errors = 0
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise self._give_up(_("the bot did not answer within {n} seconds").format(
                    n=self.timeout)) from None
            if line is None:
                raise BotError(_("the bot ended"))
            if isinstance(line, TooLong):
                raise self._give_up(_("the bot sent a line over {n} bytes").format(
                    n=MAX_LINE_BYTES))
            try:
                message = decode(line)
            except ProtocolError as e:
                raise BotError(_("the bot said something that is not a message: {what}").format(
                    what=e)) from None
            if message["type"] != "error":
                return message
            self.errors.append(message)
            self.error_count += 1
            errors += 1
            if errors >= MAX_ERRORS_PER_ANSWER:
                raise self._give_up(_("the bot sent {n} errors without answering").format(
                    n=errors))
            if time.monotonic() > deadline:
                raise self._give_up(_("the bot did not answer within {n} seconds").format(
                    n=self.timeout))

    def observe(self, event: Event) -> None:
        self._send(event_message(event))

    def choose(self, view: SeatView) -> Action:
        self._send(your_turn(view.legal))
        message = self._receive()
        if message.get("type") != "action":
            raise BotError(_("the bot answered a turn with {kind}").format(kind=message["type"]))
        try:
            action = parse_action(message)
        except ProtocolError as e:
            self._send(error(e.code, str(e)))
            raise BotError(str(e)) from None
        if action not in view.legal:
            text = _("not one of the legal actions: {action}").format(action=encode(
                action.to_json()))
            self._send(error(ILLEGAL, text))
            raise BotError(text)
        return action

    def _give_up(self, reason: str) -> BotError:
        """A bot that floods or garbles its pipe: it will not be asked to leave, only ended."""
        self._misbehaved = True
        return BotError(reason)

    def close(self) -> None:
        self._closed.set()  # the reader stops waiting for room in the queue
        if self.process.poll() is None:
            if self._misbehaved:
                self.process.kill()
            else:
                with contextlib.suppress(BotError):
                    self._send({"type": "bye"})
            with contextlib.suppress(OSError):
                assert self.process.stdin is not None
                self.process.stdin.close()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        elif self.process.stdin is not None:
            with contextlib.suppress(OSError):
                self.process.stdin.close()

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
