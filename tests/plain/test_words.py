"""The line mode's reader: every accepted form of an answer, and every refusal, in one line."""

from __future__ import annotations

import dataclasses

import pytest

from gofish.engine import PRESETS, Ask, Draw, Game
from gofish.engine.cards import parse_card, parse_rank
from gofish.i18n import set_language
from gofish.plain.words import Command, Context, Refusal, Vocabulary, read

NAMES = ("Ann", "Bob", "Carol")
HAND = ("3h", "3s", "9d", "Qc", "Kc", "Ah", "10s")


def ctx(hand=HAND, names=NAMES, counts=None, card=False, bluff=False, seat=0) -> Context:
    rules = PRESETS["standard"].replace(ask_for="card" if card else "rank", bluff_asks=bluff)
    view = Game(rules, len(names), seed=1).view(seat, with_events=False)
    cards = tuple(sorted(parse_card(c) for c in hand))
    counts = counts or tuple(len(cards) if s == seat else 5 for s in range(len(names)))
    ranks = sorted({c >> 2 for c in cards})
    legal: list = []
    for target in range(len(names)):
        if target == seat or not counts[target]:
            continue
        for rank in ranks:
            if card:
                legal += [Ask(target, rank, s) for s in range(4)
                          if bluff or rank * 4 + s not in cards]
            else:
                legal.append(Ask(target, rank))
    if not cards:
        legal = [Draw()]
    view = dataclasses.replace(view, seat=seat, hand=cards, counts=counts, legal=tuple(legal),
                               to_act=seat)
    return Context(view, names)


def ask(target: int, rank: str, suit: int | None = None) -> Ask:
    return Ask(target, parse_rank(rank), suit)


@pytest.mark.parametrize(("text", "expected"), [
    ("carol nines", ask(2, "9")),
    ("Carol Nines", ask(2, "9")),
    ("carol, nines!", ask(2, "9")),
    ("3 9", ask(2, "9")),
    ("ask 2 for queens", ask(1, "Q")),
    ("2 q", ask(1, "Q")),
    ("2 Q", ask(1, "Q")),
    ("bob 10", ask(1, "10")),
    ("bob t", ask(1, "10")),
    ("bob 0", ask(1, "10")),
    ("bob tens", ask(1, "10")),
    ("bob ten", ask(1, "10")),
    ("bob 3s", ask(1, "3")),  # under rank asks "3s" is threes
    ("bob threes", ask(1, "3")),
    ("ask bob for a king", ask(1, "K")),
    ("ask bob for the kings please", ask(1, "K")),
    ("ask bob for a", ask(1, "A")),  # "a" alone is the ace, not an article
    ("bob a", ask(1, "A")),
    ("2 a", ask(1, "A")),
    ("ask 2 for a nine", ask(1, "9")),
    ("bob aces", ask(1, "A")),
    ("nines carol", ask(2, "9")),
    ("car 9", ask(2, "9")),  # the start of a name
    ("c 9", ask(2, "9")),  # an initial
    ("do you have any queens, bob?", ask(1, "Q")),
    ("bob 9h", ask(1, "9")),  # a suit under rank asks: the rank is meant
    ("bob the nine of hearts", ask(1, "9")),
])
def test_rank_asks(text, expected) -> None:
    assert read(text, ctx()) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("carol 9h", ask(2, "9", 2)),
    ("carol 9♥", ask(2, "9", 2)),
    ("bob qs", ask(1, "Q", 3)),
    ("bob 9s", ask(1, "9", 3)),  # under card asks "9s" is the nine of spades
    ("ask 2 for the nine of hearts", ask(1, "9", 2)),
    ("2 nine hearts", ask(1, "9", 2)),
    ("3 10h", ask(2, "10", 2)),
    ("bob king of spades", ask(1, "K", 3)),
])
def test_card_asks(text, expected) -> None:
    assert read(text, ctx(card=True)) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("h", Command("help")), ("help", Command("help")), ("?", Command("help")),
    ("HAND", Command("hand")), ("books", Command("books")), ("log", Command("log")),
    ("log all", Command("log", "all")), ("quit", Command("quit")), ("exit", Command("quit")),
])
def test_commands(text, expected) -> None:
    assert read(text, ctx()) == expected


def test_with_one_opponent_the_rank_alone_will_do() -> None:
    two = ctx(names=("Ann", "Bob"))
    assert read("nines", two) == ask(1, "9")
    assert read("q", two) == ask(1, "Q")  # a queen, never quit
    three = ctx(counts=(7, 0, 5))  # Bob has no cards: Carol is the only one to ask
    assert read("9", three) == ask(2, "9")


def test_an_empty_hand_draws_on_enter_or_draw() -> None:
    empty = ctx(hand=())
    assert read("", empty) == Draw()
    assert read("draw", empty) == Draw()
    with pytest.raises(Refusal, match="Your hand is empty: press Enter"):
        read("bob nines", empty)


@pytest.mark.parametrize(("text", "options", "reason"), [
    ("", {}, "Say whom you ask and for what, for example “bob threes”; h for help."),
    ("nines", {}, "Whom do you ask? Name a player or a seat number: Bob (2), Carol (3)."),
    ("zzz", {}, "“zzz” is neither a player nor a card here: try “bob threes”, or h for help."),
    ("7 9", {}, "There is no seat 7."),
    ("1 9", {}, "That is you: ask one of the others."),
    ("ann nines", {}, "That is you: ask one of the others."),
    ("bob fives", {}, "You have no fives: you may only ask for a rank you hold."),
    ("bob 2", {}, "You have no twos: you may only ask for a rank you hold."),
    ("bob", {}, "Ask Bob for what? Name a rank you hold, for example threes."),
    ("ask bob for", {}, "Ask Bob for what? Name a rank you hold, for example threes."),
    ("bob nines queens", {}, "Ask for one rank at a time."),
    ("bob zebras", {}, "“zebras” is neither a player nor a card here: try “bob threes”, or h "
                       "for help."),
    ("bob nines", {"counts": (7, 0, 5)}, "Bob has no cards to ask for."),
    ("draw", {}, "You draw only when your hand is empty."),
    ("bob 9", {"card": True}, "Under these rules you ask for one card: name its suit too, for "
                              "example Bob 9h."),
    ("bob 3h", {"card": True}, "You already hold the three of hearts; bluff asks are off."),
    ("hearts bob", {"card": True}, "“hearts” is neither a player nor a card here: try “bob "
                                   "3c”, or h for help."),
])
def test_refusals_are_one_line(text, options, reason) -> None:
    with pytest.raises(Refusal) as refused:
        read(text, ctx(**options))
    assert str(refused.value) == reason
    assert "\n" not in reason


def test_a_bluff_is_an_ask_when_bluffs_are_on() -> None:
    assert read("bob 3h", ctx(card=True, bluff=True)) == ask(1, "3", 2)


def test_names_with_spaces_and_names_that_are_rank_words() -> None:
    names = ("Ann", "Mary Jane", "Jack")
    c = ctx(names=names, hand=("Jh", "9s", "9d"))
    assert read("mary jane nines", c) == ask(1, "9")
    assert read("jack nines", c) == ask(2, "9")
    assert read("ask jack for jacks", c) == ask(2, "J")
    assert read("mary jacks", c) == ask(1, "J")


@pytest.mark.parametrize(("lang", "text", "expected"), [
    ("fr", "bob neuf", ask(1, "9")),
    ("fr", "bob le neuf de cœur", ask(1, "9")),
    ("fr", "demander à carol des dames", ask(2, "Q")),
    ("fr", "2 r", ask(1, "K")),  # R, the French king
    ("fr", "aide", Command("help")),
    ("ru", "bob девятки", ask(1, "9")),
    ("ru", "у bob девятку", ask(1, "9")),
    ("ru", "3 дамы", ask(2, "Q")),
    ("ru", "выход", Command("quit")),
    ("id", "bob ratu", ask(1, "Q")),
    ("id", "minta 3 raja", ask(2, "K")),
    ("id", "bantuan", Command("help")),
])
def test_the_words_of_each_language(lang, text, expected) -> None:
    set_language(lang)
    assert read(text, ctx(), Vocabulary.current()) == expected
    assert read("bob nines", ctx(), Vocabulary.current()) == ask(1, "9")  # English still works
