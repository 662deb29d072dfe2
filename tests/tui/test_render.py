"""Cards drawn as cards (tui/cards.py, no Textual): every hand fits its width, the chosen rank is
raised, new cards are marked, and the frames are the same in ASCII."""

from __future__ import annotations

import random

import pytest

from gofish.engine import RANKS
from gofish.tui.cards import ASCII, CHOSEN, NEW, RED, UNICODE, back_rows, book_rows, hand_rows

LABEL = RANKS.__getitem__


def suit(s: int) -> str:
    return "♣♦♥♠"[s]


def text(rows) -> list[str]:
    return ["".join(seg.text for seg in row) for row in rows]


@pytest.mark.parametrize("width", [76, 116])
@pytest.mark.parametrize("size", [1, 7, 9, 13, 20, 26, 35, 52])
def test_every_hand_fits_and_shows_every_card(width, size):
    hand = sorted(random.Random(size).sample(range(52), size))
    chosen = hand[0] >> 2
    rows = hand_rows(hand, width, chosen=chosen, label=LABEL, suit=suit)
    assert all(len(line) <= width for line in text(rows)), text(rows)
    shown = "".join(text(rows))
    for rank in {c >> 2 for c in hand}:  # every rank is on a face
        assert RANKS[rank] in shown
    # the chosen rank is one row up: only its frame is on the top row
    assert {seg.role for seg in rows[0] if seg.text.strip()} == {CHOSEN}
    assert all(seg.rank == chosen for seg in rows[0] if seg.text.strip())
    reds = sum(seg.text.count("♥") + seg.text.count("♦") for row in rows for seg in row
               if seg.role == RED)
    all_reds = sum(seg.text.count("♥") + seg.text.count("♦") for row in rows for seg in row)
    assert reds == all_reds  # hearts and diamonds always in red ink


def test_a_normal_hand_shows_whole_faces_with_room_between_ranks():
    hand = [0, 9, 8, 21, 28, 30, 37, 42, 51]  # 2♣ 4♦ 4♣ 7♦ 9♣ 9♥ J♦ Q♥ A♠
    rows = text(hand_rows(hand, 76, chosen=7, new=frozenset({30}), label=LABEL, suit=suit))
    assert rows[1].startswith("╭───╮   ╭───╮╭───╮")
    assert "╔═══╗╔*══╗" in rows[0]  # the nines raised, the new 9♥ marked on its edge
    assert "║9  ║║9  ║" in rows[1]
    ascii_rows = text(hand_rows(hand, 76, chosen=7, glyphs=ASCII, label=LABEL,
                                suit=lambda s: "cdhs"[s]))
    assert ascii_rows[1].startswith("+---+   +---++---+") and "#9  ##9  #" in ascii_rows[1]
    assert all(ch.isascii() for line in ascii_rows for ch in line)


def test_new_cards_are_marked_on_the_top_edge():
    rows = hand_rows([0, 4], 76, new=frozenset({4}), label=LABEL, suit=suit)
    assert [seg for seg in rows[1] if seg.role == NEW] and "╭*──╮" in text(rows)[1]


def test_twenty_cards_fan_and_a_whole_deck_lists_suits_per_rank():
    hand = sorted(random.Random(3).sample(range(52), 20))
    rows = text(hand_rows(hand, 76, label=LABEL, suit=suit))
    assert len(rows) == 5 and "╭──" in rows[1]
    deck = text(hand_rows(list(range(52)), 76, label=LABEL, suit=suit))
    assert "│♣♦♥♠│" in deck[3]


def test_backs_and_books():
    assert text(back_rows(8)) == ["╭───╮╮╮", "│▒▒▒│││", "╰───╯╯╯"]
    assert text(back_rows(1)) == ["╭───╮", "│▒▒▒│", "╰───╯"]
    assert text(back_rows(1, ASCII)) == ["+---+", "|###|", "+---+"]
    assert text(book_rows([3, 11], LABEL)) == ["╭5╮ ╭K╮ ", "╘═╛ ╘═╛ "]
    assert text(book_rows([3, 11], LABEL, ASCII)) == ["[5] [K] ", "[=] [=] "]
    assert UNICODE.tl == "╭"
