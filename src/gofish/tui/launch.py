"""Starting the app from the command line, with a clear word when it cannot start.

Over SSH the connection can drop at any moment, and the kernel then sends SIGHUP. Textual does
not handle SIGHUP, and once the terminal has hung up its input thread reads end-of-file in a
loop and its output thread fails, so a graceful shutdown cannot be counted on. The game is saved
after every action, so on SIGHUP the process releases its lock and goes at once. SIGTERM (a
plain ``kill``, a shutdown) finds the terminal still there: the game is let go the same way, but
the app shuts down properly so the terminal is left as it was found. Either way the exit status
is 128 plus the signal's number, as a shell reports a process the signal ended. The handlers
are event-loop handlers: they run between two callbacks, never in the middle of a save.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gofish.front.pace import environment_delay
from gofish.i18n import _

if TYPE_CHECKING:
    from gofish.front.choice import NewGame
    from gofish.tui.app import GofishApp


def served_in_browser() -> bool:
    """Under textual-serve the app talks to the server over pipes: no terminal, and none needed."""
    return "web_driver" in os.environ.get("TEXTUAL_DRIVER", "")


def has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def terminal_ascii() -> bool:
    """Whether this terminal (its TERM) cannot draw box lines or suit symbols; a browser's
    page always can, whatever TERM ``gofish serve`` was started under."""
    from gofish.tui.terminals import lacks_glyphs

    return not served_in_browser() and lacks_glyphs(os.environ.get("TERM"))


def no_terminal_message() -> str:
    """Why gofish will not start without a terminal, and what does work from where the player
    is. Over SSH that may be a forced command, which runs itself whatever the player typed
    after the host (``ssh host gofish --plain`` is still the game), and passes only what
    AcceptEnv names; but TERM always comes with a terminal, and TERM=dumb is the line mode."""
    if os.environ.get("SSH_CONNECTION"):
        return _("gofish needs a terminal: connect with ssh -t, or with TERM=dumb ssh -t to "
                 "play line by line (for a screen reader).")
    return _("gofish needs a terminal: run it in one (with ssh, use ssh -t), or play line "
             "by line with gofish --plain.")


def hang_up(app: GofishApp) -> None:
    """The terminal is gone: nothing can be shown or restored, and every action is saved."""
    try:
        app.close_game()  # the lock is the OS's to release anyway; this is just tidier
    finally:
        os._exit(128 + signal.SIGHUP)


@dataclass
class Terminate:
    """SIGTERM, a plain kill: the terminal is still there, so shut down properly and leave it
    as it was found; the game (saved already) is let go first. A second SIGTERM while that
    shutdown is under way does not wait for it."""

    app: GofishApp
    begun: bool = False

    def __call__(self) -> None:
        if self.begun:
            os._exit(128 + signal.SIGTERM)
        self.begun = True
        try:
            self.app.close_game_keep_message()  # the lock goes now; the resume hint is printed
        finally:
            self.app.exit(return_code=128 + signal.SIGTERM)


def install_signal_handlers(loop: asyncio.AbstractEventLoop, app: GofishApp) -> None:
    loop.add_signal_handler(signal.SIGHUP, hang_up, app)
    # (in a browser, the web driver sets its own SIGTERM handler over this one)
    loop.add_signal_handler(signal.SIGTERM, Terminate(app))


def run_app(app: GofishApp) -> int:
    """Run the app with the signal handlers above; its exit status (143 after SIGTERM)."""
    with asyncio.Runner() as runner:
        loop = runner.get_loop()
        install_signal_handlers(loop, app)
        app.run(loop=loop)
    if app.exit_message:
        with contextlib.suppress(OSError):
            print(app.exit_message)
    return app.return_code or 0


def launch(args: argparse.Namespace, new: NewGame | None = None) -> int:
    """The app; ``new`` is what ``gofish new`` was told: seats start that game at once, rules
    or a seed alone fill the setup in."""
    if not (served_in_browser() or has_terminal()):
        print(no_terminal_message(), file=sys.stderr)
        return 2
    from gofish.engine import PRESETS
    from gofish.front.choice import SetupChoice
    from gofish.tui.app import GofishApp

    choice = None
    if new is not None and new.seats is not None:
        choice = SetupChoice(new.seats, new.rules or PRESETS["standard"], new.seed)
    app = GofishApp(data_dir=args.data_dir, profile=getattr(args, "profile", None),
                    ascii=args.ascii, terminal_ascii=terminal_ascii(),
                    computer_delay=environment_delay(), start=args.start,
                    game_id=getattr(args, "game_id", None), choice=choice,
                    setup_rules=new.rules if new is not None else None,
                    setup_seed=new.seed if new is not None else None)
    return run_app(app)
