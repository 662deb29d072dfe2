"""The ``gofish`` command. Each subcommand lives in its own module under gofish.commands."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import textwrap

from gofish import __version__
from gofish.i18n import (
    LANGUAGE_NAMES,
    _,
    normalize,
    set_language,
    translate_argparse,
)
from gofish.names import set_local_letters
from gofish.store.settings import read_preferences

# Each module has register(subparsers) which adds its subcommands and sets ``func``.
COMMAND_MODULES = [
    "gofish.commands.bot",
    "gofish.commands.net",
    "gofish.commands.play",
    "gofish.commands.remote",
    "gofish.commands.rules",
    "gofish.commands.simulate",
    "gofish.commands.store",
]


def build_parser() -> argparse.ArgumentParser:
    from gofish.rules_page import rules_hint

    # the epilog as written: argparse would break the page's path at its hyphens
    parser = argparse.ArgumentParser(
        prog="gofish", description=_("Go Fish for the terminal."),
        epilog=textwrap.fill(rules_hint(), 78, break_on_hyphens=False, break_long_words=False),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"gofish {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--data-dir", help=_("where saved games live (default: GOFISH_DATA_DIR "
                                             "or the user data directory)"))
    parser.add_argument("--profile", metavar="NAME",
                        help=_("keep this person's games and settings apart (letters, digits, "
                               "- and _): for several players sharing one account"))
    parser.add_argument("--lang", help=_("language: en, fr, id or ru (default: from the locale)"))
    parser.add_argument("--ascii", action="store_true",
                        help=_("draw cards as 10h, Qs without suit symbols"))
    parser.add_argument("--plain", action="store_true",
                        help=_("play line by line, for screen readers, braille displays and "
                               "terminals that cannot draw (the default when TERM=dumb)"))
    parser.add_argument("--local-letters", action="store_true",
                        help=_("show the court cards with your language's letters (R, D, V "
                               "in French)"))
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def _early(argv: list[str], option: str) -> str | None:
    """An option's value, read before the parser exists (the last one given wins)."""
    value = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == option and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith(option + "="):
            value = arg.split("=", 1)[1]
    return value


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    # the language must be known before the parser's help texts are built:
    # --lang, else the settings (<data dir>/settings/preferences.json), else the locale
    prefs = read_preferences(_early(argv, "--data-dir"), _early(argv, "--profile"))
    saved = prefs.get("language")
    set_language(_early(argv, "--lang") or (saved if isinstance(saved, str) else None))
    translate_argparse()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.lang is not None and normalize(args.lang) is None:
        # a language we do not have is refused, not silently replaced: say which ones exist
        parser.error(_("there is no language {code!r}: gofish speaks {known}").format(
            code=args.lang, known=", ".join(f"{code} ({name})"
                                            for code, name in LANGUAGE_NAMES.items())))
    if not getattr(args, "func", None):
        args = parser.parse_args([*argv, "play"])
    if args.profile is not None:
        from gofish.store.errors import StoreError
        from gofish.store.paths import resolve_data_dir

        try:
            resolve_data_dir(args.data_dir, profile=args.profile)
        except StoreError as e:
            parser.error(str(e))
    set_local_letters(args.local_letters or prefs.get("local_letters") is True)
    func = args.func
    if getattr(args, "start", None) and (args.plain or os.environ.get("TERM") == "dumb"):
        # play, new and resume, line by line: asked for, or a terminal that cannot draw
        from gofish.plain.start import run_plain as func
    try:
        return int(func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
