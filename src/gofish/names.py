"""Card, rank and suit names: the one place the game's words for cards come from.

A rank word changes with its role in a sentence: Russian declines it ("попросил семёрки",
"книгу семёрок"), French elides ("un livre d'as") and English picks "a" or "an". So each role
is its own message, with a context naming the role; sentences ask for the role they need.
"""

from __future__ import annotations

from gofish.engine.cards import RANKS, SUIT_SYMBOLS, SUITS
from gofish.i18n import Np_, npgettext, pgettext, set_ascii_text


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular/plural pair for extraction; translated later with ngettext."""
    return singular, plural


def Nnp_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a singular/plural pair with a context; translated later with npgettext."""
    return context, singular, plural


# Roles of a rank word in a sentence.
ASK = "ask"  # what is asked for: "You asked Bob for sevens"
COUNT = "count"  # after a number: "Bob gave you 2 sevens"
OF = "of"  # what a book or pair is made of, what you lack: "a book of sevens"
ONE = "one"  # one card of the rank: "you drew a seven"
CARD = "card"  # the rank in one card's name: "the seven (of diamonds)"

RANK_COUNTED = (
    Nnp_("rank, counted", "two", "twos"), Nnp_("rank, counted", "three", "threes"),
    Nnp_("rank, counted", "four", "fours"), Nnp_("rank, counted", "five", "fives"),
    Nnp_("rank, counted", "six", "sixes"), Nnp_("rank, counted", "seven", "sevens"),
    Nnp_("rank, counted", "eight", "eights"), Nnp_("rank, counted", "nine", "nines"),
    Nnp_("rank, counted", "ten", "tens"), Nnp_("rank, counted", "jack", "jacks"),
    Nnp_("rank, counted", "queen", "queens"), Nnp_("rank, counted", "king", "kings"),
    Nnp_("rank, counted", "ace", "aces"),
)
RANK_ASKED = (
    Np_("rank, asked for", "twos"), Np_("rank, asked for", "threes"),
    Np_("rank, asked for", "fours"), Np_("rank, asked for", "fives"),
    Np_("rank, asked for", "sixes"), Np_("rank, asked for", "sevens"),
    Np_("rank, asked for", "eights"), Np_("rank, asked for", "nines"),
    Np_("rank, asked for", "tens"), Np_("rank, asked for", "jacks"),
    Np_("rank, asked for", "queens"), Np_("rank, asked for", "kings"),
    Np_("rank, asked for", "aces"),
)
RANK_OF = (
    Np_("rank, a book of", "twos"), Np_("rank, a book of", "threes"),
    Np_("rank, a book of", "fours"), Np_("rank, a book of", "fives"),
    Np_("rank, a book of", "sixes"), Np_("rank, a book of", "sevens"),
    Np_("rank, a book of", "eights"), Np_("rank, a book of", "nines"),
    Np_("rank, a book of", "tens"), Np_("rank, a book of", "jacks"),
    Np_("rank, a book of", "queens"), Np_("rank, a book of", "kings"),
    Np_("rank, a book of", "aces"),
)
RANK_ONE = (
    Np_("rank, one card", "a two"), Np_("rank, one card", "a three"),
    Np_("rank, one card", "a four"), Np_("rank, one card", "a five"),
    Np_("rank, one card", "a six"), Np_("rank, one card", "a seven"),
    Np_("rank, one card", "an eight"), Np_("rank, one card", "a nine"),
    Np_("rank, one card", "a ten"), Np_("rank, one card", "a jack"),
    Np_("rank, one card", "a queen"), Np_("rank, one card", "a king"),
    Np_("rank, one card", "an ace"),
)
RANK_IN_CARD = (
    Np_("rank, card name", "the two"), Np_("rank, card name", "the three"),
    Np_("rank, card name", "the four"), Np_("rank, card name", "the five"),
    Np_("rank, card name", "the six"), Np_("rank, card name", "the seven"),
    Np_("rank, card name", "the eight"), Np_("rank, card name", "the nine"),
    Np_("rank, card name", "the ten"), Np_("rank, card name", "the jack"),
    Np_("rank, card name", "the queen"), Np_("rank, card name", "the king"),
    Np_("rank, card name", "the ace"),
)
SUIT_WORDS = (
    Np_("suit, card name", "clubs"), Np_("suit, card name", "diamonds"),
    Np_("suit, card name", "hearts"), Np_("suit, card name", "spades"),
)
# A language's own letters for the court cards and the ace (French R D V, Russian К Д В Т).
LOCAL_LETTERS = {
    9: Np_("card letter: jack", "J"), 10: Np_("card letter: queen", "Q"),
    11: Np_("card letter: king", "K"), 12: Np_("card letter: ace", "A"),
}
_ROLES = {ASK: RANK_ASKED, OF: RANK_OF, ONE: RANK_ONE, CARD: RANK_IN_CARD}
# Suits whose cards are red, for the colour cue (never the only cue: the symbol says it too).
RED_SUITS = frozenset({1, 2})

_ascii = False
_local_letters = False


def set_ascii(on: bool) -> None:
    global _ascii
    _ascii = on
    set_ascii_text(on)  # the messages' own typography too


def ascii_mode() -> bool:
    return _ascii


def set_local_letters(on: bool) -> None:
    """Show court cards with the language's own letters (French R, D, V), not J, Q, K."""
    global _local_letters
    _local_letters = on


def local_letters() -> bool:
    return _local_letters


def rank_word(rank: int, count: int = 2, role: str = COUNT) -> str:
    """The rank as its ``role`` in a sentence needs it, for ``count`` cards (COUNT only)."""
    if role == COUNT:
        context, singular, plural = RANK_COUNTED[rank]
        return npgettext(context, singular, plural, count)
    context, message = _ROLES[role][rank]
    return pgettext(context, message)


def rank_short(rank: int) -> str:
    """"7", "K"; "R" for a French king when local letters are on."""
    if _local_letters and rank in LOCAL_LETTERS:
        letter = pgettext(*LOCAL_LETTERS[rank])
        if letter and (not _ascii or letter.isascii()):
            return letter
    return RANKS[rank]


def local_rank(key: str) -> int | None:
    """The rank whose local letter is ``key`` ("r" is the king in French), when they are on."""
    if not _local_letters:
        return None
    for rank, message in LOCAL_LETTERS.items():
        letter = pgettext(*message)
        if letter != RANKS[rank] and letter.lower() == key.lower():
            return rank
    return None


def suit_symbol(suit: int) -> str:
    return SUITS[suit] if _ascii else SUIT_SYMBOLS[suit]


def card_label(c: int) -> str:
    """"10♥", or "10h" in ASCII mode."""
    return rank_short(c >> 2) + suit_symbol(c & 3)


def card_words(c: int) -> str:
    """"the seven of diamonds" as a whole phrase."""
    return pgettext("card name", "{rank} of {suit}").format(
        rank=rank_word(c >> 2, role=CARD), suit=pgettext(*SUIT_WORDS[c & 3]))


def cards_label(cards: tuple[int, ...] | list[int]) -> str:
    return ", ".join(card_label(c) for c in cards)


def rank_keys(ten: str = "0") -> str:
    """The rank keys as the player types them: "A 2-9 0 J Q K", or "A 2-9 0 V D R" with
    French local letters (the hand shows the same letters, and those keys pick them)."""
    ace, jack, queen, king = (rank_short(r) for r in (12, 9, 10, 11))
    return f"{ace} 2-9 {ten} {jack} {queen} {king}"
