"""The ask line is one row: at a hand-over in French a long name ran off its end ("...passez
l’appareil à Bartholomew-Smi"), the one word the next step needs."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from rich.cells import cell_len

from gofish.engine import Game, Rules
from gofish.front.picker import Picker
from gofish.tui.widgets.ask_bar import ask_content

NAMES = ("Alice", "Bartholomew Smithson")  # 20 characters: the longest a name may be
WIDTH = 78  # 80 columns, less the line's padding


def session(to_act: int):
    return SimpleNamespace(over=False, deal_over=False, to_act=to_act, names=NAMES,
                           rules=Rules(), computer_to_act=lambda: False)


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"], indirect=True)
def test_the_hand_over_line_keeps_the_next_players_name_in_its_row(lang):
    text = ask_content(session(1), Picker(NAMES), can_ask=False, handover=True,
                       width=WIDTH).plain
    assert cell_len(text) <= WIDTH, text
    assert NAMES[1] in text


@pytest.mark.parametrize("lang", ["en", "fr", "id", "ru"], indirect=True)
def test_the_ask_line_keeps_its_ask_and_button_in_its_row(lang):
    from gofish.i18n import _

    game = next(g for g in (Game(Rules(), 2, seed) for seed in range(20)) if g.to_act == 0)
    view = game.view(game.to_act)
    picker = Picker(NAMES)
    picker.start(view, 0)
    picker.choose_target(1 - game.to_act)
    picker.choose_rank(view.hand[0] >> 2)
    text = ask_content(session(game.to_act), picker, can_ask=True, handover=False,
                       width=WIDTH).plain
    assert cell_len(text) <= WIDTH, text
    assert NAMES[1] in text and text.rstrip().endswith("[" + _("Ask") + "]"), text
