"""Where every rule option and the rule texts it comes from are written down, for the help
screen, ``gofish --help`` and ``gofish rules``.

The page is docs/rules.md of the repository; the package carries a copy (src/gofish/rules.md,
kept identical by tests/test_docs.py), so an installed gofish, with no clone beside it, still
has it.
"""

from __future__ import annotations

from importlib.resources import as_file, files
from pathlib import Path

from gofish.i18n import _


def rules_page() -> Path:
    """The rules page on disk (in the installed package, or the source tree)."""
    with as_file(files("gofish") / "rules.md") as path:
        return Path(path)


def rules_hint(command: str | None = None) -> str:
    """One sentence on where the rules are, with the command as it can be typed here and the
    page's path (for ``gofish --help``)."""
    from gofish.command_name import command_name

    return _("Every rule option and the rule texts it comes from: {command} prints them "
             "({path}).").format(command=f"{command or command_name()} rules",
                                 path=rules_page())


def rules_pointer(command: str) -> str:
    """The same for the help screen, without the path: the screen is the same wherever
    gofish is installed (and in the README's pictures)."""
    return _("Every rule option and the rule texts it comes from: {command} prints them "
             "(docs/rules.md in the source).").format(command=f"{command} rules")
