"""A Russian keyboard layout sends Cyrillic letters for the table's Latin letter keys: the pass
screen asked Вера for G and waited, the key marked G sending "п"."""

from __future__ import annotations

from gofish.engine import Ask, Game, Rules
from gofish.seats import SeatSpec
from gofish.tui.keyboard import latin_letter
from gofish.tui.picker import Picker
from gofish.tui.screens.pass_device import PassScreen
from gofish.tui.screens.table import TableScreen
from gofish.tui.widgets.keys import KeyFooter

from .helpers import make_app


def test_each_russian_letter_is_the_latin_letter_on_its_key():
    assert latin_letter("п") == "g" and latin_letter("П") == "g"
    assert [latin_letter(c) for c in "олфьш"] == list("jkami")
    assert latin_letter("g") == "g" and latin_letter("х") == "х"  # ([ has no letter)


def test_rank_and_suit_letters_typed_in_the_russian_layout():
    twins = {8: "е", 9: "о", 10: "й", 11: "л", 12: "ф"}  # T J Q K A
    suits = "свры"  # C D H S
    tried = 0
    for seed in range(30):
        game = Game(Rules(ask_for="card"), 2, seed)
        seat = game.to_act
        view = game.view(seat)
        for rank in sorted({c >> 2 for c in view.hand} & set(twins)):
            suit = next(s for s in range(4) if rank * 4 + s not in view.hand)
            picker = Picker(("Аня", "Борис"), ask_for_card=True)
            picker.start(view, 0)
            assert picker.key(twins[rank]).handled and picker.rank == rank
            assert picker.key(suits[suit]).handled and picker.suit == suit
            assert picker.confirm().action == Ask(1 - seat, rank, suit)
            tried += 1
    assert tried > 10


async def test_the_pass_screen_takes_its_key_from_the_russian_layout(tmp_path):
    app = make_app(tmp_path, [SeatSpec("Аня"), SeatSpec("Вера")], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PassScreen)
        key = screen.confirm_key
        twin = next(ru for ru in "йцукенгшщзфывапролдячсмить" if latin_letter(ru) == key)
        await pilot.press(twin)
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)


async def test_the_coachs_keys_in_the_russian_layout(tmp_path):
    from gofish.seats import COMPUTER

    app = make_app(tmp_path, [SeatSpec("Аня"), SeatSpec("Борис", COMPUTER, "random")], seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen)
        shown = screen.show_memory
        await pilot.press("ь")  # the key marked M
        await pilot.pause()
        assert screen.show_memory != shown
        keys = screen.query_one(KeyFooter).keys()
        assert [k.shown for k in keys if k.description in ("Memory", "Hint")] == ["m", "i"]
