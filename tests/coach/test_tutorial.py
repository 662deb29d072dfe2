"""The tutorial's prepared deal tells the story its words promise, in every language."""

from __future__ import annotations

import pytest

from gofish.coach.tutorial import BOB, LEARNER, STEPS, closing, tutorial_game
from gofish.engine import Ask
from gofish.engine import events as ev
from gofish.i18n import set_language


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def test_the_deal_tells_the_story() -> None:
    game = tutorial_game()
    assert game.to_act == LEARNER and not any(game.books)
    hand = game.view(LEARNER).hand
    assert sum(1 for c in hand if c >> 2 == STEPS[0].ask.rank) == 3  # "you hold 3 kings"
    legal = game.legal_actions()
    assert all(step.ask in legal or i for i, step in enumerate(STEPS))
    # 1: a hit (Bob gives the fourth king), a book, and the learner asks again
    happened = game.apply(STEPS[0].ask)
    assert kinds(happened) == [ev.ASK, ev.GAVE, ev.BOOK]
    assert game.books[LEARNER] and game.to_act == LEARNER
    # 2: "Go fish!", and the card drawn is the one asked for: a lucky draw, ask again
    happened = game.apply(STEPS[1].ask)
    assert kinds(happened) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.LUCKY]
    assert game.to_act == LEARNER
    # 3: "Go fish!", a card that is not the one asked for: the turn passes to Bob
    happened = game.apply(STEPS[2].ask)
    assert kinds(happened) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.TURN]
    assert game.to_act == BOB
    assert all(step.ask.target == BOB and isinstance(step.ask, Ask) for step in STEPS)


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"])
def test_every_step_is_worded(lang: str) -> None:
    set_language(lang)
    texts = [t for step in STEPS for t in (step.before(), step.after())] + [closing()]
    assert all(texts)
    for step in STEPS:
        assert step.key in step.before()  # the key to press is named
    if lang != "en":
        set_language("en")
        english = [t for step in STEPS for t in (step.before(), step.after())] + [closing()]
        assert not set(texts) & set(english)  # translated, every one


def test_local_letters_name_and_take_the_key_the_hand_shows() -> None:
    """With French local letters the hand shows the king as R: the step says "R", and takes R
    as well as the K the table also takes; a key of another rank does not make the ask."""
    from gofish.names import set_local_letters

    set_language("fr")
    set_local_letters(True)
    try:
        kings = STEPS[0]
        assert kings.key == "R" and "R" in kings.before()
        assert kings.takes("r") and kings.takes("K") and not kings.takes("8")
        assert STEPS[1].takes("8") and not STEPS[1].takes("R")
    finally:
        set_local_letters(False)
        set_language("en")
    assert STEPS[0].key == "K" and not STEPS[0].takes("r")
