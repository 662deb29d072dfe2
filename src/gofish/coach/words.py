"""The coach's sentences: hints, sure misses and the table memory, in whole translated lines.

Names are never declined and say nothing of gender, so each sentence repeats a name rather than
use a pronoun (see docs/translating.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from gofish.engine import Ask
from gofish.i18n import _, ngettext, pgettext
from gofish.names import ASK, OF, ONE, card_words, rank_word

from . import evidence as why
from .advice import (
    ALL_KNOWN,
    BLUFF,
    BOOK_CHANCE,
    BOOK_WORTH,
    CHANCE,
    DEDUCED,
    HELD_MOST,
    KNOWN,
    LACKS_CARD,
    NO_HIT,
    NONE_LEFT,
    SEEN,
    SEEN_LACK,
    WEIGHED,
    Hint,
    Reason,
)
from .review import AskMark, Review


def chance_words(p: float) -> str:
    """A chance as a child reads it: "sure", "about 4 chances in 10", "less than 1 in 10"."""
    if p >= 1.0:
        return _("sure")
    if p <= 0.0:
        return _("no chance")
    n = min(9, round(p * 10))
    if n == 0:
        return _("less than 1 chance in 10")
    return ngettext("about {n} chance in 10", "about {n} chances in 10", n).format(n=n)


def ask_words(ask: Ask) -> str:
    """What is asked for: "sevens", or "the seven of hearts" under the card option."""
    if ask.suit is not None:
        return card_words(ask.rank * 4 + ask.suit)
    return rank_word(ask.rank, role=ASK)


def ask_text(ask: Ask, names: Sequence[str]) -> str:
    return _("Ask {name} for {what}.").format(name=names[ask.target], what=ask_words(ask))


def hint_text(hint: Hint, names: Sequence[str], *, pairs: bool = False) -> str:
    """The hint as two sentences: the ask, and why."""
    return ask_text(hint.ask, names) + " " + reason_text(hint.reason, names, pairs=pairs)


def reason_text(reason: Reason, names: Sequence[str], *, pairs: bool = False) -> str:
    """Why an ask is sure, or the best bet, or sure to miss: one sentence. Under the pairs
    option (``pairs``) a book is a pair, as the log says."""
    k = reason.kind
    name = names[reason.target]
    other = names[reason.other] if 0 <= reason.other < len(names) else ""
    n = reason.turns
    card = card_words(reason.rank * 4 + reason.suit) if reason.suit >= 0 else ""
    what = card or rank_word(reason.rank, role=ASK)
    if k == why.ASKED and not card:
        return ngettext(
            "{name} asked for {rank} {n} turn ago and has not given any away: {name} holds at "
            "least one.",
            "{name} asked for {rank} {n} turns ago and has not given any away: {name} holds at "
            "least one.", n).format(name=name, rank=what, n=n)
    if k == why.TOOK_YOURS and not card:
        return ngettext(
            "{name} took your {rank} {n} turn ago and has not given them away: ask for them "
            "back!",
            "{name} took your {rank} {n} turns ago and has not given them away: ask for them "
            "back!", n).format(name=name, rank=what, n=n)
    if k == why.GOT and not card:
        return ngettext(
            "{name} got {rank} from {giver} {n} turn ago and has not given them away.",
            "{name} got {rank} from {giver} {n} turns ago and has not given them away.",
            n).format(name=name, rank=what, giver=other, n=n)
    if k == why.LUCKY and not card:
        return ngettext(
            "{name} showed {one} on a lucky draw {n} turn ago and still holds it.",
            "{name} showed {one} on a lucky draw {n} turns ago and still holds it.",
            n).format(name=name, one=rank_word(reason.rank, role=ONE), n=n)
    if k in (why.ASKED, why.TOOK_YOURS, why.GOT, why.LUCKY, KNOWN) and card:
        return _("The table saw {card} go into {name}'s hand, and it has not left.").format(
            card=card, name=name)
    if k == KNOWN:
        return _("The record shows that {name} holds {rank}.").format(name=name, rank=what)
    if k == DEDUCED:
        return _("{name} must hold {card}: it is the only one of the {rank} left that {name} "
                 "can have.").format(name=name, card=card,
                                     rank=rank_word(reason.rank, role=OF))
    if k == SEEN:
        return _("Hands are open: you can see that {name} holds {what}.").format(
            name=name, what=what)
    if k == SEEN_LACK:
        return _("Hands are open: you can see that {name} does not hold {what}.").format(
            name=name, what=what)
    if k == NO_HIT:
        return _("No ask can find a card this time: whatever you ask, you will fish.")
    if k == BOOK_CHANCE and pairs:
        return _("No ask is sure yet. A hit makes you a pair of {rank}; this one has {chance}, "
                 "the best bet you have.").format(rank=rank_word(reason.rank, role=OF),
                                                  chance=chance_words(reason.chance))
    if k == BOOK_WORTH and pairs:
        return _("No ask is sure yet. A hit makes you a pair of {rank}; this one has {chance}: "
                 "other asks are likelier to hit, none would gain as much.").format(
            rank=rank_word(reason.rank, role=OF), chance=chance_words(reason.chance))
    if k == BOOK_CHANCE:
        return _("No ask is sure yet. A hit makes you a book of {rank}; this one has {chance}, "
                 "the best bet you have.").format(rank=rank_word(reason.rank, role=OF),
                                                  chance=chance_words(reason.chance))
    if k == BOOK_WORTH:
        return _("No ask is sure yet. A hit makes you a book of {rank}; this one has {chance}: "
                 "other asks are likelier to hit, none would gain as much.").format(
            rank=rank_word(reason.rank, role=OF), chance=chance_words(reason.chance))
    if k == CHANCE:
        return _("No ask is sure yet: asking {name} for {what} has {chance}, the best bet you "
                 "have.").format(name=name, what=what, chance=chance_words(reason.chance))
    if k == HELD_MOST:
        return _("No ask is sure yet: asking {name} for {what} has {chance}. You hold {count} "
                 "of them: a hit brings a book nearer, and your other ranks stay out of sight."
                 ).format(name=name, what=what, chance=chance_words(reason.chance),
                          count=reason.held)
    if k == WEIGHED:
        return _("No ask is sure yet: asking {name} for {what} has {chance}; the coach weighs "
                 "what each ask would tell the others, not the chance alone.").format(
            name=name, what=what, chance=chance_words(reason.chance))
    if k == why.SAID_GO_FISH and n == 0:  # this very turn: not "0 turns ago"
        return _("{name} had no {rank} just now and has drawn no card since: a sure "
                 "miss.").format(name=name, rank=rank_word(reason.rank, role=OF))
    if k == why.GAVE_AWAY and n == 0:
        return _("{name} has just given away {rank} and has drawn no card since: a sure "
                 "miss.").format(name=name, rank=what)
    if k == why.SAID_GO_FISH:
        return ngettext(
            "{name} had no {rank} {n} turn ago and has drawn no card since: a sure miss.",
            "{name} had no {rank} {n} turns ago and has drawn no card since: a sure miss.",
            n).format(name=name, rank=rank_word(reason.rank, role=OF), n=n)
    if k == why.GAVE_AWAY:
        return ngettext(
            "{name} gave away {rank} {n} turn ago and has drawn no card since: a sure miss.",
            "{name} gave away {rank} {n} turns ago and has drawn no card since: a sure miss.",
            n).format(name=name, rank=what, n=n)
    if k == BLUFF:
        return _("You hold {card} yourself: {name} cannot give it to you.").format(
            card=card, name=name)
    if k == LACKS_CARD:
        return _("The table saw that {name} does not hold {card}, and {name} has drawn no card "
                 "since: a sure miss.").format(name=name, card=card)
    if k == ALL_KNOWN:
        return _("Every card in {name}'s hand is known, and none is {one}: a sure miss.").format(
            name=name, one=rank_word(reason.rank, role=ONE))
    if k == NONE_LEFT and card:
        return _("{name} cannot hold {card}: the table knows where it is, or that {name} "
                 "lacks it.").format(name=name, card=card)
    if k == NONE_LEFT and pairs:
        return _("{name} cannot hold any {rank}: all the others are in pairs or in other "
                 "hands you know.").format(name=name, rank=rank_word(reason.rank, role=OF))
    if k == NONE_LEFT:
        return _("{name} cannot hold any {rank}: all the others are in books or in other "
                 "hands you know.").format(name=name, rank=rank_word(reason.rank, role=OF))
    return ""


# ---------------------------------------------------------------------- the review

def swing_words(swing: float) -> str:
    """A change of standing, in books: "+0.75", "-1.5"."""
    text = f"{swing:+.2f}".rstrip("0").rstrip(".")
    return text.replace(".", pgettext("decimal separator", "."))


def turning_title(*, pairs: bool = False) -> str:
    if pairs:
        return _("Turning points: the moves that changed your lead over your strongest rival "
                 "most, in pairs (each card in hand counts as half a pair).")
    return _("Turning points: the moves that changed your lead over your strongest rival most, "
             "in books (each card in hand counts as its share of a book).")


def no_turning_text(*, pairs: bool = False) -> str:
    if pairs:
        return _("No move changed the game by half a pair or more.")
    return _("No move changed the game by half a book or more.")


def mark_text(mark: AskMark, names: Sequence[str], *, pairs: bool = False) -> str:
    """How the reviewed seat's ask looked from its seat at the time."""
    if mark.chance >= 1.0:
        text = _("Your ask was sure to hit.")
    elif mark.sure_miss:
        text = _("Your ask was sure to miss: the record proved it.")
    else:
        text = _("Your ask had {chance}.").format(chance=chance_words(mark.chance))
    if mark.is_best:
        text += " " + _("The coach would have made it too.")
    else:
        text += " " + _("The coach would have asked {name} for {what} ({chance}).").format(
            name=names[mark.best.target], what=ask_words(mark.best),
            chance=chance_words(mark.best_chance))
        reason = mark.best_reason
        if reason is not None and mark.best_chance >= 1.0:
            text += " " + reason_text(reason, names, pairs=pairs)  # why it was sure
        elif reason is not None and reason.kind in (BOOK_CHANCE, BOOK_WORTH):
            made = (_("A hit would have made you a pair of {rank}.") if pairs
                    else _("A hit would have made you a book of {rank}."))
            text += " " + made.format(rank=rank_word(reason.rank, role=OF))
        elif mark.sure_hit_left:
            text += " " + _("A sure hit was on the table.")
    return text


def review_summary(review: Review) -> str:
    asks, left, misses = review.asks, review.sure_hits_left, review.sure_misses
    parts = [ngettext("Of your {n} ask, {hits} found cards.",
                      "Of your {n} asks, {hits} found cards.", asks).format(
                          n=asks, hits=review.hits)]
    if left:
        parts.append(ngettext("You left {n} sure hit on the table.",
                              "You left {n} sure hits on the table.", left).format(n=left))
    elif asks:
        parts.append(_("You never left a sure hit on the table."))
    if misses:
        parts.append(ngettext("{n} ask was sure to miss while another might have hit.",
                              "{n} asks were sure to miss while another might have hit.",
                              misses).format(n=misses))
    return " ".join(parts)
