"""What the players said at the table: the last ask and its answer, in their own words, for the
asker's and the answerer's seats (the log says it too, in the third person).

And how long the table dwells on a move: a move that concerns you (you were asked, your cards
were taken, your lucky draw or book) stays up longer than one between two others.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gofish.engine import events as ev
from gofish.i18n import _
from gofish.names import ASK as ASKED_FOR
from gofish.names import card_label, cards_label, rank_word


@dataclass(frozen=True)
class Exchange:
    """One ask and its answer, as said aloud."""

    asker: int
    asked: int
    question: str  # "Carol, any nines?"
    answer: str  # "Go fish!", "Here: 9♠, 9♥"; "" until answered

    def said_by(self, seat: int) -> str:
        if seat == self.asker:
            return self.question
        return self.answer if seat == self.asked else ""


def last_exchange(events: Iterable[ev.Event], names: Sequence[str]) -> Exchange | None:
    """The last ask among ``events`` with its answer; None if there is none. A new deal ends
    the talk of the last one."""
    found: Exchange | None = None
    for e in events:
        if e.kind == ev.DEAL:
            found = None
        elif e.kind == ev.ASK:
            if e.suit >= 0:
                question = _("{name}, the {card}?").format(
                    name=names[e.target], card=card_label(e.rank << 2 | e.suit))
            else:
                question = _("{name}, any {rank}?").format(
                    name=names[e.target], rank=rank_word(e.rank, role=ASKED_FOR))
            found = Exchange(e.seat, e.target, question, "")
        elif found is not None and not found.answer and e.target == found.asked:
            if e.kind == ev.GAVE:
                found = Exchange(found.asker, found.asked, found.question,
                                 _("Here: {cards}").format(cards=cards_label(sorted(e.cards))))
            elif e.kind in (ev.GO_FISH, ev.NO_STOCK):
                found = Exchange(found.asker, found.asked, found.question, _("Go fish!"))
    return found


def concerns(events: Iterable[ev.Event], seats: frozenset[int]) -> bool:
    """Whether a move concerns one of ``seats``: one was asked (and so answered, or had cards
    taken), or drew luckily, or laid a book."""
    for e in events:
        if e.kind == ev.ASK and e.target in seats:
            return True
        if e.kind in (ev.LUCKY, ev.BOOK) and e.seat in seats:
            return True
    return False
