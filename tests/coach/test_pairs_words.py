"""Under the pairs option a book is a pair, and the coach says so as the log does: the hint read
"A hit makes you a book of nines" while the log said "You laid down a pair of fives"."""

from __future__ import annotations

import re

import pytest

from gofish.coach.advice import BOOK_CHANCE, BOOK_WORTH, NONE_LEFT, Reason
from gofish.coach.review import AskMark
from gofish.coach.words import mark_text, no_turning_text, reason_text, turning_title
from gofish.engine import Ask
from gofish.i18n import LANGUAGES

NAMES = ("Alice", "Bob")
NINES = 7
# the word each language's log uses for a pair, and for a book (which must not be said)
PAIR = {"en": r"\bpairs?\b", "fr": r"\bpaires?\b", "id": r"\b(se)?pasang", "ru": r"пар"}
BOOK = {"en": r"\bbooks?\b", "fr": r"\blivres?\b", "id": r"\bset\b", "ru": r"книг"}


def texts(pairs: bool) -> list[str]:
    book = Reason(BOOK_CHANCE, 1, NINES, chance=0.4, held=1)
    mark = AskMark(chance=0.2, best=Ask(1, NINES), best_chance=0.4, is_best=False,
                   sure_hit_left=False, sure_miss=False, hit=False, best_reason=book)
    return [reason_text(book, NAMES, pairs=pairs),
            reason_text(Reason(BOOK_WORTH, 1, NINES, chance=0.3, held=1), NAMES, pairs=pairs),
            reason_text(Reason(NONE_LEFT, 1, NINES), NAMES, pairs=pairs),
            mark_text(mark, NAMES, pairs=pairs),
            turning_title(pairs=pairs), no_turning_text(pairs=pairs)]


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
def test_the_coach_says_pair_under_the_pairs_option(lang):
    for text in texts(pairs=True):
        assert re.search(PAIR[lang], text, re.IGNORECASE), text
        assert not re.search(BOOK[lang], text, re.IGNORECASE), text
    for text in texts(pairs=False):
        assert re.search(BOOK[lang], text, re.IGNORECASE), text
