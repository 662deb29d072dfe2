"""The ``gofish`` command. Each subcommand lives in its own module under gofish.commands."""

from __future__ import annotations

import argparse
import importlib
import sys

from gofish import __version__
from gofish.i18n import _, set_language

# Each module has register(subparsers) which adds its subcommands and sets ``func``.
COMMAND_MODULES = [
    "gofish.commands.play",
    "gofish.commands.remote",
    "gofish.commands.simulate",
    "gofish.commands.store",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gofish", description=_("Go Fish for the terminal.")
    )
    parser.add_argument("--version", action="version", version=f"gofish {__version__}")
    parser.add_argument("--data-dir", help=_("where saved games live (default: GOFISH_DATA_DIR "
                                             "or the user data directory)"))
    parser.add_argument("--profile", metavar="NAME",
                        help=_("keep this person's games and settings apart (letters, digits, "
                               "- and _): for several players sharing one account"))
    parser.add_argument("--lang", help=_("language: en, fr, id or ru (default: from the locale)"))
    parser.add_argument("--ascii", action="store_true",
                        help=_("draw cards as 10h, Qs without suit symbols"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # the language must be known before the parser's help texts are built
    lang = None
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
    set_language(lang)
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        args = parser.parse_args([*argv, "play"])
    if args.profile is not None:
        from gofish.store.errors import StoreError
        from gofish.store.paths import resolve_data_dir

        try:
            resolve_data_dir(args.data_dir, profile=args.profile)
        except StoreError as e:
            parser.error(str(e))
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
