"""Starting the app from the command line, with a clear word when it cannot start."""

from __future__ import annotations

import argparse
import os
import sys

from gofish.i18n import _


def launch(args: argparse.Namespace) -> int:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print(_("gofish needs a terminal: run it in one (with ssh, use ssh -t)."),
              file=sys.stderr)
        return 2
    from gofish.tui.app import GofishApp

    delay = os.environ.get("GOFISH_DELAY", "")
    try:
        computer_delay = float(delay) if delay else 0.6
    except ValueError:
        computer_delay = 0.6
    app = GofishApp(data_dir=args.data_dir, ascii=args.ascii, computer_delay=computer_delay,
                    start=args.start, game_id=getattr(args, "game_id", None))
    app.run()
    if app.exit_message:
        print(app.exit_message)
    return 0
