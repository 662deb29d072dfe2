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
    session = SimpleNamespace(deal_over=False, over=True, winners=winners, names=NAMES)
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
