"""Cards as small integers, so the rules run fast and serialise simply.

A card is ``rank * 4 + suit``. Rank 0 is the two and rank 12 the ace (ace high, two low, as
the rule texts order them); suits are clubs, diamonds, hearts, spades. In a hand, each rank
is a 4-bit mask of the suits held, which makes handing over "all your sevens" one operation.
"""

from __future__ import annotations

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("c", "d", "h", "s")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
NUM_RANKS = 13
NUM_SUITS = 4
DECK_SIZE = 52
FULL = 0b1111

# card value scoring (rules.md, 000): face value 2 to 10, J 11, Q 12, K 13, A 15
RANK_VALUES = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15)

POPCOUNT = tuple(bin(m).count("1") for m in range(16))
MASK_SUITS = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def rank_of(c: int) -> int:
    return c >> 2


def suit_of(c: int) -> int:
    return c & 3


def mask_cards(rank: int, mask: int) -> tuple[int, ...]:
    base = rank * 4
    return tuple(base + s for s in MASK_SUITS[mask])


def parse_rank(text: str | int) -> int:
    """Accept "7", "10", "T", "J", "q", "A" (and an int already) for a rank."""
    if isinstance(text, bool):
        raise ValueError(f"not a rank: {text!r}")
    if isinstance(text, int):
        if 0 <= text < NUM_RANKS:
            return text
        raise ValueError(f"not a rank: {text!r}")
    t = str(text).strip().upper()
    if t in ("T", "0"):
        t = "10"
    if t in RANKS:
        return RANKS.index(t)
    raise ValueError(f"not a rank: {text!r}")


def parse_suit(text: str) -> int:
    t = str(text).strip().lower()
    for i, (letter, symbol) in enumerate(zip(SUITS, SUIT_SYMBOLS, strict=True)):
        if t in (letter, symbol):
            return i
    raise ValueError(f"not a suit: {text!r}")


def card_code(c: int) -> str:
    """The JSON and ASCII form: "10h", "Qs"."""
    return RANKS[c >> 2] + SUITS[c & 3]


def parse_card(text: str) -> int:
    t = str(text).strip()
    if len(t) < 2:
        raise ValueError(f"not a card: {text!r}")
    return card(parse_rank(t[:-1]), parse_suit(t[-1]))
