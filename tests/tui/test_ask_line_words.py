"""The ask line reads as a sentence in every language while the opponent or the rank is not yet
chosen: a question ("Whom do you ask?"), never a "?" standing where a name goes ("?, дай мне
двойки!")."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from gofish.i18n import LANGUAGES, _
from gofish.names import ASK, rank_word
from gofish.tui.widgets.ask_bar import ask_sentence, seat_keys

from .helpers import make_app, screen_text
from .scenes import mixed_seats

SIZE = (80, 24)
LONG = "Bartholomew Mountbat"  # a name of the longest kind (20 characters)


def placeholder_free(sentence: str) -> bool:
    """A question mark only where a question ends, not where a word goes."""
    return "?" not in sentence.rstrip("?").rstrip("\u202f\u00a0 ")


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
def test_every_step_of_the_ask_is_a_sentence(lang):
    nines = rank_word(7, role=ASK)
    for who, what in ((None, None), (LONG, None), (None, nines), (LONG, nines)):
        sentence = ask_sentence(who, what)
        assert placeholder_free(sentence), (lang, sentence)
        for part in (who, what):
            assert part is None or part in sentence, (lang, sentence)
    assert ask_sentence(LONG, nines) == _("Ask {name} for {what}").format(name=LONG, what=nines)


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
async def test_the_ask_line_before_any_choice_and_after_the_opponent(tmp_path, lang):
    app = make_app(tmp_path, mixed_seats(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = ask_line(app)
        assert placeholder_free(before.split("   ")[0]), before
        await pilot.press("3")  # Carol
        await pilot.pause()
        after = ask_line(app)
        assert "Carol" in after and placeholder_free(after.split("   ")[0]), after


def ask_line(app) -> str:
    from gofish.tui.widgets.ask_bar import AskBar

    bar = app.screen.query_one(AskBar)
    line = str(bar.render()).strip()
    assert line and line in screen_text(app)  # on screen, whole, at 80 columns
    return line


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
def test_the_longest_question_fits_80_columns(lang):
    from gofish.names import rank_keys

    line = "{}   {}  [{}]".format(ask_sentence(LONG, None),
                                 _("{keys} or ←→").format(keys=rank_keys()), _("Ask"))
    assert cell_len(line) <= 78, (lang, line)  # the bar's padding takes the other two


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
async def test_a_kept_opponent_is_not_asked_for_again(tmp_path, lang):
    """The opponent is chosen (kept from the last ask, or chosen and stepped back from): the line
    asks for the rank and offers someone else, not "Whom?" beside "What do you ask Carol for?"."""
    app = make_app(tmp_path, mixed_seats(), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3", "backspace")  # Carol, then back to "whom" with Carol kept
        await pilot.pause()
        assert app.screen.flow.picker.step == "target" and app.screen.flow.picker.target == 2
        line = ask_line(app)
        assert line.startswith(_("What do you ask {name} for?").format(name="Carol")), line
        keys = seat_keys(app.screen.flow.picker.targets())
        assert _("Whom? {keys} or ↑↓").format(keys=keys) not in line
        assert _("Someone else? {keys} or ↑↓").format(keys=keys) in line


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
def test_someone_else_fits_80_columns(lang):
    line = "{}   {}  [{}]".format(ask_sentence(LONG, None),
                                 # the longest keys six seats can give: you third, the
                                 # sixth out of cards
                                 _("Someone else? {keys} or ↑↓").format(
                                     keys=seat_keys([0, 1, 3, 4])), _("Ask"))
    assert cell_len(line) <= 78, (lang, line)


@pytest.mark.parametrize("lang", LANGUAGES, indirect=True)
async def test_a_card_ask_before_its_suit_is_a_question(tmp_path, lang):
    """Under card asks, the rank chosen and the suit not yet: "Ask Hal for the king of ?",
    a "?" where the suit goes. It asks which suit instead, and names the card once chosen."""
    from gofish.engine import Rules
    from gofish.names import ONE, card_words

    app = make_app(tmp_path, mixed_seats(), rules=Rules(ask_for="card"), seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        rank = screen.my_view().hand[0] >> 2
        await pilot.press("3", "23456789tjqka"[rank])  # Carol, a rank held
        await pilot.pause()
        assert screen.flow.picker.step == "suit" and screen.flow.picker.suit is None
        sentence = ask_line(app).split("  ")[0]  # before the hint or the button
        assert placeholder_free(sentence), sentence
        assert "Carol" in sentence and rank_word(rank, role=ONE) in sentence, sentence
        suit = next(s for s in range(4) if rank * 4 + s not in screen.my_view().hand)
        await pilot.press("cdhs"[suit])
        await pilot.pause()
        line = ask_line(app)
        assert _("Ask {name} for {what}").format(name="Carol",
                                                  what=card_words(rank * 4 + suit)) in line
