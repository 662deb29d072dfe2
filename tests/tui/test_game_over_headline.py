"""A shared win names its winners as the log does: the headline read "Борис, Вера share the
win!" over a log that said "Борис и Вера"."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from gofish.engine import events as ev
from gofish.narrate import sentence
from gofish.tui.screens.game_over import headline

NAMES = ("Аня", "Борис", "Вера")


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"], indirect=True)
@pytest.mark.parametrize("winners", [(1, 2), (0, 1, 2)])
def test_the_headline_names_shared_winners_as_the_log_does(lang, winners):
    session = SimpleNamespace(deal_over=False, over=True, winners=winners, names=NAMES,
                              joined_seat=None, human_seats=[0])
    text = headline(session).plain
    told = sentence(ev.Event(ev.GAME_OVER, winners=winners), NAMES, None)
    listed = told[told.index(NAMES[winners[0]]):]
    last = NAMES[winners[-1]]
    assert listed[:listed.index(last) + len(last)] in text, (text, told)


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"], indirect=True)
def test_the_place_column_holds_its_title_and_every_place(lang):
    """Indonesian "Posisi" was cut to "Posi…" in a column sized for "=1st"."""
    from rich.cells import cell_len

    from gofish.i18n import _
    from gofish.tui.screens.game_over import ORDINALS, place_width

    width = place_width()
    assert cell_len(_("Place")) < width
    assert all(cell_len("=" + _(o)) < width for o in ORDINALS)


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"], indirect=True)
def test_the_headline_says_you_where_the_log_does(lang):
    """"Alice wins!" over a log that told Alice "Game over: you win!"."""
    from gofish.i18n import _
    from gofish.tui.screens.game_over import viewer_of

    session = SimpleNamespace(deal_over=False, over=True, winners=(0,), names=NAMES,
                              joined_seat=None, human_seats=[0])
    told = sentence(ev.Event(ev.GAME_OVER, winners=(0,)), NAMES, viewer_of(session))
    assert NAMES[0] not in told  # the control: the log says "you"
    text = headline(session).plain
    assert text == _("You win!") and NAMES[0] not in text
    # two at one screen: nobody is "you", in the log nor here
    session.human_seats = [0, 1]
    assert headline(session).plain == _("{name} wins!").format(name=NAMES[0])
    session.winners = (1,)  # the one human lost: the winner's name
    session.human_seats = [0]
    assert headline(session).plain == _("{name} wins!").format(name=NAMES[1])
