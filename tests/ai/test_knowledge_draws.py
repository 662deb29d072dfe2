"""A draw brings one unknown card: it gives back at most one rank the record proved absent.

Bob (seat 1) says "Go fish" to sevens and to threes, then draws one card the table does not see.
Either rank may be that card, but not both; and once the card is shown (a lucky draw, a book
laid with it, an ask for a rank he lacked), the ranks it is not are absent again. Before the
fix every proved-absent rank came back with any draw, so Hard and Expert asked Bob for the
sevens he had just refused (benchmarks/README.md, issue 32).
"""

from __future__ import annotations

from gofish.ai.knowledge import Knowledge
from gofish.engine import Event, Rules
from gofish.engine import events as ev

THREE, FIVE, SIX, SEVEN, NINE, TEN, KING = 3, 5, 6, 7, 9, 10, 12
ME, BOB = 0, 1


def card(rank: int, suit: int) -> int:
    return rank * 4 + suit


def start() -> Knowledge:
    """Seat 0's tracker after Bob refused sevens and threes, before he draws."""
    k = Knowledge(ME, Rules(), 2)
    mine = (card(SEVEN, 0), card(THREE, 0), card(FIVE, 0), card(FIVE, 1), card(NINE, 0),
            card(KING, 0), card(KING, 1))
    for e in (
        Event(ev.DEAL, seat=0, target=0),
        Event(ev.DEALT, seat=ME, count=7, secret=mine),
        Event(ev.DEALT, seat=BOB, count=7),
        Event(ev.ASK, seat=ME, target=BOB, rank=SEVEN),
        Event(ev.GO_FISH, seat=ME, target=BOB, rank=SEVEN),
        Event(ev.DREW, seat=ME, count=1, secret=(card(THREE, 1),)),
        Event(ev.TURN, seat=BOB),
        Event(ev.ASK, seat=BOB, target=ME, rank=KING),
        Event(ev.GAVE, seat=BOB, target=ME, rank=KING, count=2,
              cards=(card(KING, 0), card(KING, 1))),
        Event(ev.ASK, seat=BOB, target=ME, rank=NINE),
        Event(ev.GAVE, seat=BOB, target=ME, rank=NINE, count=1, cards=(card(NINE, 0),)),
        Event(ev.TURN, seat=ME),
        Event(ev.ASK, seat=ME, target=BOB, rank=THREE),
        Event(ev.GO_FISH, seat=ME, target=BOB, rank=THREE),
        Event(ev.DREW, seat=ME, count=1, secret=(card(FIVE, 2),)),
        Event(ev.TURN, seat=BOB),
    ):
        k.observe(e)
    assert k.lacks(BOB, SEVEN) and k.lacks(BOB, THREE)
    return k


def bob_fishes(k: Knowledge, asked: int, *after: Event) -> None:
    """Bob asks us for ``asked``, misses and draws one unseen card; then ``after``."""
    for e in (Event(ev.ASK, seat=BOB, target=ME, rank=asked),
              Event(ev.GO_FISH, seat=BOB, target=ME, rank=asked),
              Event(ev.DREW, seat=BOB, count=1), *after):
        k.observe(e)


def test_a_hidden_draw_may_be_either_refused_rank_but_not_both() -> None:
    k = start()
    bob_fishes(k, SIX)
    assert not k.lacks(BOB, SEVEN) and not k.lacks(BOB, THREE)
    assert k.maxx[BOB][SEVEN] == k.maxx[BOB][THREE] == 1
    est = k.estimate()
    # one card, so the chances of the two cannot add up to more than one
    assert est.hold[BOB][SEVEN] + est.hold[BOB][THREE] <= 1.0 + 1e-9


def test_a_lucky_draw_shows_the_card_so_the_refused_ranks_stay_refused() -> None:
    k = start()
    shown = card(NINE, 2)
    bob_fishes(k, NINE, Event(ev.LUCKY, seat=BOB, rank=NINE, cards=(shown,)))
    assert k.lacks(BOB, SEVEN) and k.lacks(BOB, THREE)
    assert k.holds(BOB, NINE) == 3  # the one he asked with, the one he took, the one drawn


def test_a_book_laid_with_the_drawn_card_shows_it() -> None:
    k = start()
    # Bob holds the kings he took; a king drawn now makes the book at once, with the fourth
    # king he was dealt
    book = tuple(card(KING, s) for s in range(4))
    bob_fishes(k, KING, Event(ev.BOOK, seat=BOB, rank=KING, cards=book))
    assert k.lacks(BOB, SEVEN) and k.lacks(BOB, THREE)


def test_an_ask_for_a_refused_rank_names_the_drawn_card() -> None:
    k = start()
    bob_fishes(k, NINE)  # a miss: nothing is shown
    for e in (Event(ev.TURN, seat=ME),
              Event(ev.ASK, seat=ME, target=BOB, rank=FIVE),
              Event(ev.GO_FISH, seat=ME, target=BOB, rank=FIVE),
              Event(ev.DREW, seat=ME, count=1, secret=(card(FIVE, 3),)),
              Event(ev.TURN, seat=BOB),
              # Bob refused sevens and has drawn one card since: it is a seven
              Event(ev.ASK, seat=BOB, target=ME, rank=SEVEN)):
        k.observe(e)
    assert k.lacks(BOB, THREE)
    assert k.holds(BOB, SEVEN) == 1 and k.maxx[BOB][SEVEN] == 0  # exactly one seven


def test_two_cards_drawn_give_back_at_most_two() -> None:
    k = start()
    bob_fishes(k, SIX)
    bob_fishes(k, TEN, Event(ev.LUCKY, seat=BOB, rank=TEN, cards=(card(TEN, 0),)))
    # two draws, one shown: one unknown card left that may be a seven or a three
    assert k.maxx[BOB][SEVEN] == k.maxx[BOB][THREE] == 1
