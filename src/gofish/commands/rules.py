"""``gofish rules``: every rule option and the texts it comes from (docs/rules.md), wherever
gofish is installed."""

from __future__ import annotations

import argparse
import sys

from gofish.i18n import _
from gofish.rules_page import rules_page


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("rules", help=_("print every rule option and the texts it comes from"))
    p.add_argument("--path", action="store_true",
                   help=_("print only where the rules page is (a Markdown file)"))
    p.set_defaults(func=run_rules)


def run_rules(args: argparse.Namespace) -> int:
    page = rules_page()
    if args.path:
        print(page)
        return 0
    try:
        text = page.read_text(encoding="utf-8")
    except OSError as e:
        print(_("gofish: cannot read the rules page {path}: {why}").format(
            path=page, why=e.strerror or e), file=sys.stderr)
        return 1
    sys.stdout.write(text)
    return 0
