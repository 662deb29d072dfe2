"""Warnings about a data folder others can change, or saves others can read.

gofish makes its folders 0700 and its files 0600, but a folder given with ``--data-dir``, one
made by an older gofish, or a save copied in by hand may be wider. gofish says so (once per
run, with the command that fixes it) rather than changing the modes itself: it cannot know
why they are what they are (a folder shared on purpose, or owned by someone else), and
tightening a folder others could write to does not undo what they may already have put in it.
A folder others may only read and enter (0755) is not reported: the saves in it are 0600.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gofish.i18n import _, ngettext

SUFFIX = ".json"


def exposure_warnings(root: Path) -> list[str]:
    """One line for a folder others can write to, one for saves others can read or write."""
    if os.name != "posix":
        return []
    try:
        info = os.stat(root)
    except OSError:
        return []  # not made yet, or unusable: the listing says why
    warnings = []
    if stat.S_ISDIR(info.st_mode) and info.st_mode & 0o022:
        warnings.append(_(
            "the data folder {path} can be changed by other users (mode {mode}): they could "
            "replace or delete your games. `chmod 700 {path}` makes it yours alone.").format(
            path=root, mode=f"{stat.S_IMODE(info.st_mode):04o}"))
    exposed = 0
    try:
        with os.scandir(root) as it:
            for entry in it:
                if entry.name.endswith(SUFFIX) and not entry.name.startswith("."):
                    mode = entry.stat(follow_symlinks=False).st_mode
                    exposed += stat.S_ISREG(mode) and bool(mode & 0o066)
    except OSError:
        return warnings
    if exposed:
        warnings.append(ngettext(
            "{n} saved game in {path} can be read by other users: `chmod 600 {path}/*.json` "
            "makes it private.",
            "{n} saved games in {path} can be read by other users: `chmod 600 {path}/*.json` "
            "makes them private.", exposed).format(n=exposed, path=root))
    return warnings
