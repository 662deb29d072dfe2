"""The ``gofish`` command. Each subcommand lives in its own module under gofish.commands, and
only the module of the subcommand being run is imported: ``gofish bot`` never loads the Textual
app, nor ``gofish --version`` the computer players."""

from __future__ import annotations

import argparse
import sys
import textwrap
from types import ModuleType
from typing import Any, NoReturn

from gofish import __version__
from gofish.i18n import (
    LANGUAGE_NAMES,
    _,
    normalize,
    set_language,
    translate_argparse,
)
from gofish.store.settings import read_preferences

# Every subcommand and the module of gofish.commands whose register(subparsers) adds it (and
# sets ``func``), in the order --help lists them; tests/test_startup.py checks both agree.
COMMANDS = {
    "bot": "bot",
    "host": "net", "join": "net", "table-server": "net",
    "play": "play", "new": "play", "resume": "play",
    "ssh-setup": "remote", "serve": "remote",
    "rules": "rules",
    "simulate": "simulate",
    "list": "store", "stats": "store", "export": "store", "import": "store",
}
COMMAND_MODULES = [f"gofish.commands.{name}" for name in dict.fromkeys(COMMANDS.values())]
DEFAULT_COMMAND = "play"  # plain ``gofish``


def command_module(module: str) -> ModuleType:
    """The module ``gofish.commands.<module>``, imported now.

    Plain imports rather than importlib, so lint-imports sees each arrow cli -> commands.
    """
    if module == "bot":
        from gofish.commands import bot
        return bot
    if module == "net":
        from gofish.commands import net
        return net
    if module == "play":
        from gofish.commands import play
        return play
    if module == "remote":
        from gofish.commands import remote
        return remote
    if module == "rules":
        from gofish.commands import rules
        return rules
    if module == "simulate":
        from gofish.commands import simulate
        return simulate
    if module == "store":
        from gofish.commands import store
        return store
    raise ValueError(f"no command module {module!r}")


def add_options(parser: argparse.ArgumentParser) -> None:
    """The options given before the subcommand (all but --version)."""
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


class _Unclear(Exception):
    """The command line does not say plainly which subcommand it runs."""


class _Scanner(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Unclear(message)


def modules_for(argv: list[str]) -> list[str]:
    """The command modules the parser needs for ``argv``: the one of the subcommand named, the
    default's when none is, none for --version, and every one when that is not plain
    (``--help``, a subcommand that does not exist, an option argparse will refuse), so argparse
    can list them all."""
    scanner = _Scanner(add_help=False)
    add_options(scanner)
    scanner.add_argument("command", nargs="?")
    scanner.add_argument("rest", nargs=argparse.REMAINDER)
    try:
        known, before = scanner.parse_known_args(argv)
    except _Unclear:
        return COMMAND_MODULES
    # argparse takes any prefix of --version, and answers it before reading the subcommand
    if any(len(arg) < 3 or not "--version".startswith(arg) for arg in before):
        return COMMAND_MODULES
    if before:
        return []
    name = DEFAULT_COMMAND if known.command is None else known.command
    return [f"gofish.commands.{COMMANDS[name]}"] if name in COMMANDS else COMMAND_MODULES


class _Parser(argparse.ArgumentParser):
    """gofish's own parser: its epilog, where the rules page is, is found only for --help."""

    def format_help(self) -> str:
        if self.epilog is None:
            from gofish.rules_page import rules_hint

            # as written: argparse would break the page's path at its hyphens
            self.epilog = textwrap.fill(rules_hint(), 78, break_on_hyphens=False,
                                        break_long_words=False)
        return super().format_help()


class DescribedCommands(argparse._SubParsersAction):
    """Each command's own ``--help`` says what it does: its line in ``gofish --help``, as a
    sentence, unless it has words of its own (``gofish play --help``, ``list`` and ``stats``
    showed a usage line and ``-h`` alone)."""

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        line = kwargs.get("help")
        if line and kwargs.get("description") is None:
            kwargs["description"] = line[0].upper() + line[1:] + ("" if line.endswith(".")
                                                                  else ".")
        return super().add_parser(name, **kwargs)


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with the subcommands ``argv`` needs (all of them without ``argv``)."""
    parser = _Parser(prog="gofish", description=_("Go Fish for the terminal."),
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"gofish {__version__}",
                        help=_("show program's version number and exit"))
    add_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND",
                                parser_class=argparse.ArgumentParser, action=DescribedCommands)
    for name in COMMAND_MODULES if argv is None else modules_for(argv):
        command_module(name.rsplit(".", 1)[1]).register(sub)
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
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if args.lang is not None and normalize(args.lang) is None:
        # a language we do not have is refused, not silently replaced: say which ones exist
        parser.error(_("there is no language {code!r}: gofish speaks {known}").format(
            code=args.lang, known=", ".join(f"{code} ({name})"
                                            for code, name in LANGUAGE_NAMES.items())))
    if not getattr(args, "func", None):
        args = parser.parse_args([*argv, DEFAULT_COMMAND])
    if args.profile is not None:
        from gofish.store.errors import StoreError
        from gofish.store.paths import resolve_data_dir

        try:
            resolve_data_dir(args.data_dir, profile=args.profile)
        except StoreError as e:
            parser.error(str(e))
    from gofish.names import set_local_letters

    set_local_letters(args.local_letters or prefs.get("local_letters") is True)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
