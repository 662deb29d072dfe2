"""The preset words a player may say at a shared table, in the reader's language (never free
text: a word arrives as its key and each reader's own client says it)."""

from __future__ import annotations

from gofish.i18n import N_, _

WORD_TEXTS = {
    "good-game": N_("Good game!"),
    "your-turn": N_("Your turn!"),
    "well-played": N_("Well played!"),
    "hurry-up": N_("Hurry up!"),
}


def word_text(word: str) -> str:
    text = WORD_TEXTS.get(word)
    return _(text) if text else ""
