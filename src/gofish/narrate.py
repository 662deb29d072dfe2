"""Events told as plain sentences, from one seat's point of view.

Sentences are built whole for translation (one message per case, plural forms through ngettext);
"you" is its own sentence, never a substituted name. The text returned is plain: front ends must
show it literally, since player names can hold anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from gofish.engine import events as ev
from gofish.engine.events import Event
from gofish.i18n import _, ngettext
from gofish.names import ASK, COUNT, OF, ONE, card_label, card_words, cards_label, rank_word
from gofish.seats import level_title

# The kind of each line, so a front end can mark lucky draws, books and the end of a turn.
PLAIN, ASKED, LUCKY, BOOK, TURN_END, OVER = "plain", "asked", "lucky", "book", "turn-end", "over"
EMPTY: Mapping[int, str] = {}


@dataclass(frozen=True)
class Line:
    text: str
    kind: str = PLAIN
    seat: int = -1  # the seat the line is mostly about


def and_list(names: Sequence[str]) -> str:
    """ "Bob", "Bob and Carol", "Alice, Bob and Carol": names listed as a sentence lists them."""
    if len(names) == 1:
        return names[0]
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def sentence(e: Event, names: Sequence[str], viewer: int | None, pairs: bool = False,
             asked_card: bool = False, words: bool = False, by: str = "") -> str:
    """One event as a sentence for ``viewer`` (None: nobody in particular), or "" to skip.

    ``asked_card``: the ask this event answers named one exact card, so the card handed over or
    drawn is named with its suit ("the ace of hearts"), not counted by rank. ``words``: cards
    drawn are named in words too ("the ten of hearts", not "10♥"), for the line mode, which a
    screen reader reads aloud."""
    label, labels = (card_words, _words_label) if words else (card_label, cards_label)
    me = viewer is not None and e.seat == viewer
    who = names[e.seat] if 0 <= e.seat < len(names) else ""
    other = names[e.target] if 0 <= e.target < len(names) else ""
    k = e.kind
    if k == ev.ASK:
        if e.suit >= 0:
            what = card_words(e.rank * 4 + e.suit)
        else:
            what = rank_word(e.rank, role=ASK)
        if by:  # a computer played the seat of a player who was away ("Hard, for Dora, ...")
            level = level_title(by)
            level = level[:1].upper() + level[1:]  # it begins the sentence
            if me:
                return _("{level}, for you, asked {target} for {what}.").format(
                    level=level, target=other, what=what)
            if viewer is not None and e.target == viewer:
                return _("{level}, for {asker}, asked you for {what}.").format(
                    level=level, asker=who, what=what)
            return _("{level}, for {asker}, asked {target} for {what}.").format(
                level=level, asker=who, target=other, what=what)
        if me:
            return _("You asked {target} for {what}.").format(target=other, what=what)
        if viewer is not None and e.target == viewer:
            return _("{asker} asked you for {what}.").format(asker=who, what=what)
        return _("{asker} asked {target} for {what}.").format(asker=who, target=other, what=what)
    if k == ev.GAVE and asked_card and len(e.cards) == 1:
        card = card_words(e.cards[0])
        if me:
            return _("{target} gave you {card}.").format(target=other, card=card)
        if viewer is not None and e.target == viewer:
            return _("You gave {asker} {card}.").format(asker=who, card=card)
        return _("{target} gave {asker} {card}.").format(target=other, asker=who, card=card)
    if k == ev.GAVE:
        n = e.count
        what = rank_word(e.rank, n, role=COUNT)
        if me:
            return ngettext("{target} gave you {n} {what}.", "{target} gave you {n} {what}.",
                            n).format(target=other, n=n, what=what)
        if viewer is not None and e.target == viewer:
            return ngettext("You gave {asker} {n} {what}.", "You gave {asker} {n} {what}.",
                            n).format(asker=who, n=n, what=what)
        return ngettext("{target} gave {asker} {n} {what}.", "{target} gave {asker} {n} {what}.",
                        n).format(target=other, asker=who, n=n, what=what)
    if k == ev.GO_FISH:
        if viewer is not None and e.target == viewer:
            return _("You said “Go fish!”")
        return _("{target} said “Go fish!”").format(target=other)
    if k == ev.NO_STOCK:
        if viewer is not None and e.target == viewer:
            return _("You had none, and the stock is empty: the turn ends.")
        return _("{target} had none, and the stock is empty: the turn ends.").format(target=other)
    if k == ev.DREW:
        if e.secret and me:
            if len(e.secret) == 1:
                return _("You drew {card}.").format(card=label(e.secret[0]))
            return _("You drew {cards}.").format(cards=labels(e.secret))
        if e.secret:
            return ngettext("{name} drew {cards}.", "{name} drew {cards}.",
                            len(e.secret)).format(name=who, cards=labels(e.secret))
        return ngettext("{name} drew a card.", "{name} drew {n} cards.",
                        e.count).format(name=who, n=e.count)
    if k == ev.LUCKY:
        # in words, not card faces: the pass-the-device recap shows no card at all
        what = card_words(e.cards[0]) if asked_card and e.cards else rank_word(e.rank, role=ONE)
        if me:
            return _("Lucky draw! You drew {what}, what you asked for: ask again.").format(
                what=what)
        return _("Lucky draw! {name} drew {what}, what they asked for, and asks again.").format(
            name=who, what=what)
    if k == ev.BOOK:
        ranks = rank_word(e.rank, role=OF)
        if pairs:
            if me:
                return _("You laid down a pair of {rank}.").format(rank=ranks)
            return _("{name} laid down a pair of {rank}.").format(name=who, rank=ranks)
        if me:
            return _("You laid down a book of {rank}.").format(rank=ranks)
        return _("{name} laid down a book of {rank}.").format(name=who, rank=ranks)
    if k == ev.PASS:
        if me:
            return _("Nobody else holds a card: you pass.")
        return _("Nobody else holds a card: {name} passes.").format(name=who)
    if k == ev.OUT:
        if me:
            return _("You have no cards and the stock is empty: you are out of this deal.")
        return _("{name} has no cards and the stock is empty: out of this deal.").format(name=who)
    if k == ev.DEALER_CARD:
        return _("{name} turned up {card}.").format(name=who, card=card_words(e.cards[0]))
    if k == ev.DEAL:
        return _("Deal {n}: {dealer} deals, {first} plays first.").format(
            n=e.deal + 1, dealer=who, first=other)
    if k == ev.DEAL_OVER:
        return _("Deal {n} is over.").format(n=e.deal + 1)
    if k == ev.GAME_OVER:
        winners = [names[w] for w in e.winners]
        if len(winners) == 1:
            if viewer is not None and e.winners[0] == viewer:
                return _("Game over: you win!")
            return _("Game over: {name} wins!").format(name=winners[0])
        return _("Game over: {names} share the win.").format(names=and_list(winners))
    return ""  # TURN and DEALT are bookkeeping, not news


def _words_label(cards: Sequence[int]) -> str:
    return ", ".join(card_words(c) for c in cards)


def story(events: Iterable[Event], names: Sequence[str], viewer: int | None,
          pairs: bool = False, words: bool = False, played_by: Mapping[int, str] = EMPTY,
          start: int = 0) -> list[Line]:
    """Events grouped into lines: an ask and what came of it read as one line (``words``:
    see ``sentence``). ``played_by``: the events (by index, the first of ``events`` being
    ``start``) that a computer made for an absent player, with its level."""
    lines: list[Line] = []
    current: list[str] = []
    current_kind = PLAIN
    current_seat = -1
    asked_card = False  # the last ask named an exact card

    def flush() -> None:
        nonlocal current, current_kind, current_seat
        if current:
            lines.append(Line(" ".join(current), current_kind, current_seat))
        current, current_kind, current_seat = [], PLAIN, -1

    for i, e in enumerate(events, start):
        if e.kind == ev.ASK:
            asked_card = e.suit >= 0
        text = sentence(e, names, viewer, pairs, asked_card, words,
                        played_by.get(i, "") if played_by else "")
        if e.kind == ev.ASK:
            flush()
            current, current_kind, current_seat = [text], ASKED, e.seat
            continue
        if not text:
            if e.kind == ev.TURN:
                flush()
            continue
        follows_ask = e.kind in (ev.GAVE, ev.GO_FISH, ev.NO_STOCK) or (
            e.kind == ev.DREW and current_seat == e.seat)
        if follows_ask and current:
            current.append(text)
            continue
        if e.kind == ev.LUCKY and current:
            current.append(text)
            current_kind = LUCKY
            continue
        flush()
        kind = {ev.BOOK: BOOK, ev.GAME_OVER: OVER, ev.DEAL_OVER: OVER}.get(e.kind, PLAIN)
        lines.append(Line(text, kind, e.seat))
    flush()
    return lines


def since_last_turn(events: Sequence[Event], seat: int) -> list[Event]:
    """The events after ``seat``'s previous turn ended: what they missed while away."""
    # find the last TURN event for this seat that was followed by a TURN for somebody else
    last_end = 0
    mine = False
    for i, e in enumerate(events):
        if e.kind == ev.TURN:
            if e.seat == seat:
                mine = True
            elif mine:
                last_end = i
                mine = False
    return list(events[last_end:])
