"""``gofish`` (play), ``gofish new`` and ``gofish resume``: the Textual app."""

from __future__ import annotations

import argparse

from gofish.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help=_("open the game (the default)"))
    p.set_defaults(func=run, start="menu", game_id=None)
    p = sub.add_parser("new", help=_("go straight to a new game's setup"))
    p.set_defaults(func=run, start="new", game_id=None)
    p = sub.add_parser("resume", help=_("continue a saved game (the latest if no id is given)"))
    p.add_argument("game_id", nargs="?", help=_("the game's id, as `gofish list` shows it"))
    p.set_defaults(func=run, start="resume")


def run(args: argparse.Namespace) -> int:
    from gofish.tui.launch import launch

    return launch(args)
