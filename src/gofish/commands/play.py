"""``gofish`` (play), ``gofish new`` and ``gofish resume``: the Textual app.

``gofish new --seats human:Ann,computer:hard --rules quick --seed 7`` starts that game at once;
the seats are read by the same parser as ``gofish host``'s. Every value is checked before the
screen opens, so a mistake is one line on stderr (exit status 2), never a half-started game.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from gofish.i18n import _

if TYPE_CHECKING:
    from gofish.engine import Rules
    from gofish.front.choice import NewGame

# the setup's own first names, for human seats given without one
HUMAN_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help=_("open the game (the default)"))
    p.set_defaults(func=run, start="menu", game_id=None)
    p = sub.add_parser("new", help=_("start a new game: the setup, or at once with --seats"))
    p.add_argument("--seats", metavar="SEATS",
                   help=_("start at once with these seats, in order: human, human:NAME, "
                          "computer:LEVEL or computer:LEVEL:NAME, separated by commas"))
    add_rules_option(p)
    p.add_argument("--seed", metavar="N",
                   help=_("the deal's random seed, a whole number (default: random)"))
    p.set_defaults(func=run_new, start="new", game_id=None)
    p = sub.add_parser("resume", help=_("continue a saved game (the latest if no id is given)"))
    p.add_argument("game_id", nargs="?", help=_("the game's id, as `gofish list` shows it"))
    p.set_defaults(func=run, start="resume")


def line_by_line(args: argparse.Namespace) -> bool:
    """Asked for (--plain), or a terminal that cannot draw."""
    return bool(args.plain) or os.environ.get("TERM") == "dumb"


def run(args: argparse.Namespace) -> int:
    if line_by_line(args):
        from gofish.plain.start import run_plain

        return run_plain(args)
    from gofish.tui.launch import launch

    return launch(args)


class BadValue(ValueError):
    """A command-line value that cannot be used; the message names the option and the fault."""


def add_rules_option(p: argparse.ArgumentParser) -> None:
    """``--rules``, as ``gofish new`` and ``gofish host`` both take it (read by read_rules)."""
    p.add_argument("--rules", metavar="PRESET|FILE",
                   help=_("standard, quick, classic or kids, or a JSON file of rule options "
                          "(default: standard)"))


def read_rules(value: str) -> Rules:
    """A preset by name, or a JSON file holding an object of rule options (the rest Standard)."""
    from gofish.engine import PRESETS, Rules, RulesError

    if value.lower() in PRESETS:
        return PRESETS[value.lower()]
    path = Path(value)
    if not path.suffix.lower() == ".json" and not path.exists():
        raise BadValue(_("--rules: unknown preset {name}: use one of {presets}, or a JSON "
                         "file of rule options").format(name=repr(value),
                                                        presets=", ".join(PRESETS)))
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise BadValue(_("--rules: cannot read {file}: {why}").format(
            file=value, why=getattr(e, "strerror", None) or e)) from None
    try:
        data = json.loads(text)
    except ValueError as e:
        raise BadValue(_("--rules: {file} is not JSON: {why}").format(file=value, why=e)) from None
    try:
        return Rules.from_json(data)
    except (RulesError, TypeError) as e:
        raise BadValue(_("--rules: {file}: {why}").format(file=value, why=e)) from None


def read_new_game(args: argparse.Namespace) -> NewGame:
    """Check ``gofish new``'s options; BadValue says what is wrong with the first bad one."""
    from gofish.engine import PRESETS, RulesError
    from gofish.front.choice import NewGame
    from gofish.net.plan import PlanError, name_humans, parse_seats

    rules = read_rules(args.rules) if args.rules is not None else None
    seed = None
    if args.seed is not None:
        text = args.seed.strip()
        if not (text.isascii() and text.isdigit()) or len(text) > 18:
            raise BadValue(_("--seed: expected a whole number, not {value}").format(
                value=repr(args.seed)))
        seed = int(text)
    seats = None
    if args.seats is not None:
        try:
            plans = parse_seats(args.seats)
        except PlanError as e:
            raise BadValue(_("--seats: {why}").format(why=e)) from None
        name_humans(plans, HUMAN_NAMES)
        seats = tuple(p.spec() for p in plans)
        try:
            (rules or PRESETS["standard"]).check_players(len(seats))
        except RulesError as e:
            raise BadValue(_("--rules: {why}").format(why=e)) from None
    return NewGame(seats, rules, seed)


def run_new(args: argparse.Namespace) -> int:
    try:
        new = read_new_game(args)
    except BadValue as e:
        print(_("gofish: {why}").format(why=e), file=sys.stderr)
        return 2
    if line_by_line(args):  # the same game, line by line (--seats, --rules and --seed too)
        from gofish.plain.start import run_plain

        return run_plain(args, new=new)
    from gofish.tui.launch import launch

    return launch(args, new=new)
