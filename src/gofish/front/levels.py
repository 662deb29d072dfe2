"""What each computer level does, in a player's words.

A player choosing an opponent should know what "hard" means: the help lists every level, and
the setup explains the level a seat is set to. Each line says what the code in gofish.ai does
(its modules' docstrings), without the jargon. Under the pairs option a book is a pair, so the
lines that name books have a pairs form.
"""

from __future__ import annotations

from gofish.i18n import N_, _

# for the help: one entry a level, a sentence or two
LEVEL_HELP = {
    "random": N_("Any legal ask, at random."),
    "easy": N_("Like a young child: asks a random player for a random rank it holds, and "
               "forgets what it hears almost at once."),
    "medium": N_("Remembers for a while (about ten turns) who asked for what and who was "
                 "handed what, and never asks a player again for a rank they have just said "
                 "\"Go fish\" to or handed over."),
    "hard": N_("Keeps track of all that is said at the table, takes every sure catch, weighs "
               "other asks by their chances (a hit, a book, a lucky draw) and what they reveal; "
               "one to one, it asks for what it holds most of against a player who keeps to one "
               "rank, and for its likeliest catch against anyone once the stock runs low."),
    "expert": N_("Hard's reckoning; late in a deal it plays its best asks out in hundreds of "
                 "imagined deals that fit all it has seen, and changes its choice when they "
                 "show a clear gain."),
    "reader": N_("Hard's reckoning; one to one, it also learns how its opponent chooses an "
                 "ask (asking back what it heard, going through its ranks in order, keeping "
                 "to one rank, or none of these), over the deals of a match, and reads that "
                 "opponent's hand through it."),
}
# the same where books are pairs (every hit completes a pair, so there is no book to go for)
LEVEL_HELP_PAIRS = {
    "hard": N_("Keeps exact track of everything said at the table, takes every sure catch, "
               "and weighs each other ask by its chances (a hit, a pair, a lucky draw) and by "
               "what it tells the others."),
}
# for the setup: one short line, after the seat's name and level
LEVEL_HINTS = {
    # TRANSLATORS: the setup's short lines on the levels follow "Bob (hard): ", hence the
    # small letter; each should fit one line with the name and level
    "random": N_("any legal ask, at random."),
    "easy": N_("like a young child: asks at random and soon forgets."),
    "medium": N_("remembers who asked for what, for about ten turns."),
    "hard": N_("tracks everything said at the table and weighs each ask."),
    "expert": N_("like hard; plays the endgame out in imagined deals."),
    "reader": N_("like hard; learns how its opponent asks."),
}


def level_help(level: str, *, pairs: bool = False) -> str:
    """The help's description of ``level``, translated."""
    return _((LEVEL_HELP_PAIRS if pairs else {}).get(level, LEVEL_HELP[level]))


def level_hint(level: str) -> str:
    """The setup's one-line description of ``level``, translated."""
    return _(LEVEL_HINTS[level])
