"""Card, rank and suit names: the one place the game's words for cards come from."""

from __future__ import annotations

from gofish.engine.cards import RANKS, SUIT_SYMBOLS, SUITS
from gofish.i18n import N_, _, ngettext


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction; translated later with ngettext."""
    return singular, plural


RANK_WORDS = (
    Nn_("two", "twos"), Nn_("three", "threes"), Nn_("four", "fours"), Nn_("five", "fives"),
    Nn_("six", "sixes"), Nn_("seven", "sevens"), Nn_("eight", "eights"), Nn_("nine", "nines"),
    Nn_("ten", "tens"), Nn_("jack", "jacks"), Nn_("queen", "queens"), Nn_("king", "kings"),
    Nn_("ace", "aces"),
)
SUIT_WORDS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))
# Suits whose cards are red, for the colour cue (never the only cue: the symbol says it too).
RED_SUITS = frozenset({1, 2})

_ascii = False


def set_ascii(on: bool) -> None:
    global _ascii
    _ascii = on


def ascii_mode() -> bool:
    return _ascii


def rank_word(rank: int, count: int = 2) -> str:
    """"nine" or "nines" (in the current language) for ``count`` cards."""
    singular, plural = RANK_WORDS[rank]
    return ngettext(singular, plural, count)


def rank_short(rank: int) -> str:
    return RANKS[rank]


def suit_symbol(suit: int) -> str:
    return SUITS[suit] if _ascii else SUIT_SYMBOLS[suit]


def card_label(c: int) -> str:
    """"10♥", or "10h" in ASCII mode."""
    return RANKS[c >> 2] + suit_symbol(c & 3)


def card_words(c: int) -> str:
    """"the seven of diamonds" as a whole phrase."""
    return _("the {rank} of {suit}").format(rank=rank_word(c >> 2, 1), suit=_(SUIT_WORDS[c & 3]))


def cards_label(cards: tuple[int, ...] | list[int]) -> str:
    return ", ".join(card_label(c) for c in cards)
