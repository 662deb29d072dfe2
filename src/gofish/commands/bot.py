"""``gofish bot --level LEVEL``: play one seat over standard input and output, in JSON lines.

The bot side of the protocol in gofish.protocol (docs/bot-protocol.md): it answers a
``hello`` with ``ready``, follows the events, answers each ``your-turn`` with an ``action``,
and answers anything it cannot use with an ``error`` line, never a traceback. It ends at
``bye`` or at the end of its input.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from gofish.ai import make_player
from gofish.ai.base import Player
from gofish.i18n import _
from gofish.protocol import messages as bp
from gofish.protocol.lines import TooLong, bounded_lines
from gofish.protocol.seat_state import SeatState
from gofish.seats import LEVELS


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "bot", help=_("play one seat as a computer over standard input and output (JSON lines)"),
        description=_("Play one seat as a computer player over standard input and output, one "
                      "JSON message a line: see docs/bot-protocol.md."))
    p.add_argument("--level", choices=LEVELS, default="hard",
                   help=_("the computer level (default: hard)"))
    p.add_argument("--seed", type=int, default=0,
                   help=_("seed of the bot's own random choices, unless the hello names one"))
    p.set_defaults(func=run)


class Bot:
    """One seat's side of the protocol: reads messages, writes answers."""

    def __init__(self, level: str, seed: int, out: TextIO) -> None:
        self.level = level
        self.seed = seed
        self.out = out
        self.player: Player | None = None
        self.state: SeatState | None = None
        self.players = 0

    def send(self, message: dict[str, Any]) -> None:
        self.out.write(bp.encode(message) + "\n")
        self.out.flush()

    def handle(self, line: str) -> bool:
        """Take one line; False once the session is over."""
        if not line.strip():
            return True
        try:
            message = bp.decode(line.rstrip("\r\n"))
            kind = message["type"]
            if kind == "hello":
                self.start(bp.parse_hello(message))
            elif kind == "event":
                self.need_hello()
                event = bp.parse_event(message, self.players)
                assert self.player is not None and self.state is not None
                self.state.observe(event)
                self.player.observe(event)
            elif kind == "your-turn":
                self.need_hello()
                self.turn(bp.parse_legal(message))
            elif kind == "bye":
                return False
            elif kind == "error":
                pass  # the driver's word on our last answer; nothing to do but go on
            else:
                raise bp.ProtocolError(bp.UNKNOWN, _("unknown message type: {kind}").format(
                    kind=kind[:40]))
        except bp.ProtocolError as e:
            self.send(bp.error(e.code, str(e)))
        except Exception as e:  # a bot answers every line; it never prints a traceback
            self.send(bp.error(bp.MALFORMED, _("cannot use this message: {what}").format(
                what=f"{type(e).__name__}: {e}"[:300])))
        return True

    def need_hello(self) -> None:
        if self.player is None:
            raise bp.ProtocolError(bp.NOT_STARTED, _("say hello first"))

    def start(self, hello: bp.Hello) -> None:
        seed = self.seed if hello.seed is None else hello.seed
        self.player = make_player(self.level, hello.seat, hello.rules, hello.players, seed)
        self.state = SeatState(hello.rules, hello.players, hello.seat)
        self.players = hello.players
        self.send(bp.ready(self.level))

    def turn(self, legal: tuple) -> None:
        assert self.player is not None and self.state is not None
        action = self.player.choose(self.state.view(legal))
        if action not in legal:  # cannot happen with our levels; said rather than sent
            raise bp.ProtocolError(bp.ILLEGAL, _("the bot found no legal action"))
        self.send(bp.action_message(action))


def serve(level: str, seed: int, stdin: TextIO, stdout: TextIO) -> int:
    """Answer lines until ``bye`` or the end of the input; a line over the limit is read
    through in pieces (never held whole) and answered with a too-long error."""
    bot = Bot(level, seed, stdout)
    for line in bounded_lines(stdin, bp.MAX_LINE + 1):  # + 1: its newline
        if isinstance(line, TooLong):
            bot.send(bp.error(bp.TOO_LONG, _("a message is at most {n} characters").format(
                n=bp.MAX_LINE)))
        elif not bot.handle(line):
            break
    return 0


def run(args: argparse.Namespace) -> int:
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[union-attr]
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return serve(args.level, args.seed, sys.stdin, sys.stdout)
