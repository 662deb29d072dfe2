"""Starting the app from the command line, with a clear word when it cannot start.

Over SSH the connection can drop at any moment, and the kernel then sends SIGHUP. Textual does
not handle SIGHUP, and once the terminal has hung up its input thread reads end-of-file in a
loop and its output thread fails, so a graceful shutdown cannot be counted on. The game is saved
after every action, so on SIGHUP the process releases its lock and goes at once. The handler is
an event-loop handler: it runs between two callbacks, never in the middle of a save.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
from typing import TYPE_CHECKING

from gofish.i18n import _

if TYPE_CHECKING:
    from gofish.tui.app import GofishApp

DEFAULT_DELAY = 0.6


def served_in_browser() -> bool:
    """Under textual-serve the app talks to the server over pipes: no terminal, and none needed."""
    return "web_driver" in os.environ.get("TEXTUAL_DRIVER", "")


def has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def computer_delay() -> float:
    """The computer players' pacing in seconds: GOFISH_DELAY (0 in tests), else the default."""
    try:
        return max(0.0, float(os.environ.get("GOFISH_DELAY") or DEFAULT_DELAY))
    except ValueError:
        return DEFAULT_DELAY


def hang_up(app: GofishApp) -> None:
    """The terminal is gone: nothing can be shown or restored, and every action is saved."""
    try:
        app.close_game()  # the lock is the OS's to release anyway; this is just tidier
    finally:
        os._exit(128 + signal.SIGHUP)


def install_signal_handlers(loop: asyncio.AbstractEventLoop, app: GofishApp) -> None:
    loop.add_signal_handler(signal.SIGHUP, hang_up, app)
    # a plain kill: leave the terminal as it was found (the web driver sets its own handler)
    loop.add_signal_handler(signal.SIGTERM, app.exit)


def launch(args: argparse.Namespace) -> int:
    if not (served_in_browser() or has_terminal()):
        print(_("gofish needs a terminal: run it in one (with ssh, use ssh -t)."),
              file=sys.stderr)
        return 2
    from gofish.tui.app import GofishApp

    app = GofishApp(data_dir=args.data_dir, profile=getattr(args, "profile", None),
                    ascii=args.ascii, computer_delay=computer_delay(), start=args.start,
                    game_id=getattr(args, "game_id", None))
    with asyncio.Runner() as runner:
        loop = runner.get_loop()
        install_signal_handlers(loop, app)
        app.run(loop=loop)
    if app.exit_message:
        with contextlib.suppress(OSError):
            print(app.exit_message)
    return 0
