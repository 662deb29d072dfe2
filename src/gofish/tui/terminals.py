"""Terminals that cannot draw gofish's box lines and suit symbols, known by their TERM: gofish
starts in ASCII there unless the player has chosen otherwise in the settings.

Textual writes its frames and gofish its suits as Unicode characters in UTF-8 (never through
a terminal's own line-drawing character set, the ``acsc`` of its terminfo entry), so what
counts is whether the terminal shows those characters:

- ``vt52``, ``vt100``, ``vt102``, ``vt220``, ``vt320`` ... (``vt`` and digits, with any
  suffix: ``vt100-am``, ``vt220-8bit``): DEC's terminals know no UTF-8 at all (their lines
  come from the DEC Special Graphics set), and what sets TERM=vt100 or vt220 today (a serial
  console, minicom, an embedded or minimal ssh client) is mostly no better. (``vte`` is a
  modern terminal and is not matched.)
- ``linux`` (``linux-16color``, ...): the Linux console takes UTF-8, but its font holds 256
  or 512 glyphs. Most of the fonts console-setup installs (Lat15, Lat2, Fixed, VGA) have the
  box lines but no suit symbols, and few have the eighth blocks Textual frames with (▔ ▁ ▎):
  what a font lacks comes out as a placeholder.
- ``cons25`` (FreeBSD's syscons console, also called ``ansi80x25``), ``sun`` (the Sun and
  Solaris console), ``ansi`` and ``pcansi`` (MS-DOS ANSI.SYS and its kin): 8-bit code pages (CP437, KOI8-R, ISO 8859-1),
  where UTF-8 arrives as two or three characters of rubbish each.

``dumb`` is not here: it has no cursor addressing either, and plays the line mode. Every other
TERM (``xterm*``, ``screen*``, ``tmux*``, ``rxvt*``, ``vte*``, none) draws.
"""

from __future__ import annotations

import re

NO_GLYPHS = re.compile(r"(vt\d+\w*|linux|cons25\w*|sun|ansi\w*|pcansi)([-.+].*)?")


def lacks_glyphs(term: str | None) -> bool:
    """Whether a terminal of this TERM cannot draw box lines or suit symbols."""
    return term is not None and NO_GLYPHS.fullmatch(term.strip().lower()) is not None
