"""What the players said at the table: the last ask and its answer, in their own words, for the
asker's and the answerer's seats (the log says it too, in the third person).

And how long the table dwells on a move: a move that concerns you (you were asked, your cards
were taken, your lucky draw or book) stays up longer than one between two others.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from gofish.engine import events as ev
from gofish.i18n import _, ngettext
from gofish.names import ASK as ASKED_FOR
from gofish.names import COUNT, card_words, rank_word


@dataclass(frozen=True)
class Exchange:
    """One ask and its answer, as said aloud."""

    asker: int
    asked: int
    question: str  # "Carol, any nines?"
    answer: str  # "Go fish!", "Here: 2 nines"; "" until answered

    def said_by(self, seat: int) -> str:
        if seat == self.asker:
            return self.question
        return self.answer if seat == self.asked else ""


def last_exchange(events: Iterable[ev.Event], names: Sequence[str]) -> Exchange | None:
    """The last ask among ``events`` with its answer; None if there is none. A new deal ends
    the talk of the last one. Cards are named as the log names them: in words, and the cards
    handed over by their count (their suits are not shown to the others)."""
    found: Exchange | None = None
    asked_card = False  # the last ask named one card (the "ask for a card" option)
    for e in events:
        if e.kind == ev.DEAL:
            found = None
        elif e.kind == ev.ASK:
            asked_card = e.suit >= 0
            if asked_card:
                question = _("{name}, {card}?").format(
                    name=names[e.target], card=card_words(e.rank << 2 | e.suit))
            else:
                question = _("{name}, any {rank}?").format(
                    name=names[e.target], rank=rank_word(e.rank, role=ASKED_FOR))
            found = Exchange(e.seat, e.target, question, "")
        elif found is not None and not found.answer and e.target == found.asked:
            if e.kind == ev.GAVE:
                if asked_card and len(e.cards) == 1:  # the card asked for: named in the ask
                    given = _("Here: {card}").format(card=card_words(e.cards[0]))
                else:
                    n = e.count or len(e.cards)
                    given = ngettext("Here: {n} {what}", "Here: {n} {what}", n).format(
                        n=n, what=rank_word(e.rank, n, role=COUNT))
                found = Exchange(found.asker, found.asked, found.question, given)
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


@dataclass
class Talk:
    """The last ask and its answer, from the events not read yet (a resumed game: the last
    ones, as if just heard). Asks and answers are public: the public events tell them."""

    exchange: Exchange | None = None
    upto: int | None = None  # the events read

    def heard(self, session) -> Exchange | None:
        start = self.upto
        count = session.event_count
        if start is None:
            start = max(0, count - 60)
        if start < count:
            events = session.events_for(None, start)
            if any(e.kind in (ev.DEAL, ev.ASK) for e in events):
                self.exchange = last_exchange(events, session.names)
        self.upto = count
        return self.exchange
