"""Under card asks, the card handed over or drawn is named with its suit, in every language."""

from __future__ import annotations

import pytest

from gofish.engine import events as ev
from gofish.engine.cards import parse_card
from gofish.engine.events import Event
from gofish.i18n import LANGUAGES, set_language
from gofish.names import card_words
from gofish.narrate import story

NAMES = ["Ann", "Bob", "Zoe"]
ACE_HEARTS = parse_card("Ah")


def card_ask_then(kind: str) -> list[Event]:
    ask = Event(ev.ASK, seat=0, target=1, rank=ACE_HEARTS >> 2, suit=ACE_HEARTS & 3)
    if kind == ev.GAVE:
        return [ask, Event(ev.GAVE, seat=0, target=1, rank=ACE_HEARTS >> 2, count=1,
                           cards=(ACE_HEARTS,))]
    return [ask, Event(ev.GO_FISH, seat=0, target=1, rank=ACE_HEARTS >> 2),
            Event(ev.DREW, seat=0, count=1),
            Event(ev.LUCKY, seat=0, rank=ACE_HEARTS >> 2, cards=(ACE_HEARTS,))]


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


@pytest.mark.parametrize("kind", [ev.GAVE, ev.LUCKY])
@pytest.mark.parametrize("viewer", [0, 1, 2])
def test_english_names_the_card_not_a_count(kind, viewer) -> None:
    set_language("en")
    [line] = story(card_ask_then(kind), NAMES, viewer)
    text = line.text
    # said twice: in the ask and again in what came of it
    assert text.count("the ace of hearts") == 2, text
    assert "1 ace" not in text and "drew an ace" not in text


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("kind", [ev.GAVE, ev.LUCKY])
def test_every_language_names_the_suit_in_the_answer(lang, kind) -> None:
    set_language("en")
    english_rank_count = story(card_ask_then(kind), NAMES, 2)[0].text
    set_language(lang)
    with_suit = story(card_ask_then(kind), NAMES, 2)[0].text
    # the ask names the card once; the answer names it again, with its suit word
    set_language(lang)

    assert with_suit.count(card_words(ACE_HEARTS)) == 2, with_suit
    assert with_suit != english_rank_count


def test_rank_asks_still_count_cards() -> None:
    set_language("en")
    events = [Event(ev.ASK, seat=0, target=1, rank=5),
              Event(ev.GAVE, seat=0, target=1, rank=5, count=2, cards=(20, 21))]
    assert story(events, NAMES, 2)[0].text == "Ann asked Bob for sevens. Bob gave Ann 2 sevens."
