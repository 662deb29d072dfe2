"""A Russian keyboard layout sends Cyrillic letters for the table's Latin letter keys: the pass
screen asked Вера for G and waited, the key marked G sending "п"."""

from __future__ import annotations

from gofish.engine import Ask, Game, Rules
from gofish.front.keyboard import latin_letter
from gofish.front.picker import Picker
from gofish.seats import SeatSpec
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


def test_every_letter_key_of_the_screens_has_its_russian_twin():
    """The start view's N, the results' A, the question's Y: with the Russian layout on they
    sent т, ф, н, which nothing answered."""
    from textual.binding import Binding

    from gofish.tui.screens import (
        confirm,
        game_over,
        help,
        history,
        menu,
        review,
        settings,
        table,
    )
    from gofish.tui.screens import pass_device as passing

    screens = [confirm.ConfirmScreen, game_over.GameOverScreen, history.HistoryScreen,
               history.LogScreen, history.StatsScreen, help.HelpScreen,
               menu.MenuScreen, review.ReviewScreen, settings.SettingsScreen,
               table.TableScreen, passing.PassScreen]
    checked = 0
    for screen in screens:
        for binding in screen.BINDINGS:
            assert isinstance(binding, Binding)
            keys = binding.key.split(",")
            for key in keys:
                if len(key) == 1 and "a" <= key <= "z":
                    twin = next(ru for ru in "йцукенгшщзфывапролдячсмить"
                                if latin_letter(ru) == key)
                    assert twin in keys, (screen.__name__, binding.key)
                    checked += 1
    assert checked >= 20


async def test_the_start_view_and_a_question_answer_the_russian_layout(tmp_path):
    from gofish.tui.screens.confirm import ConfirmScreen
    from gofish.tui.screens.setup import SetupScreen

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("т")  # the key marked N
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        answers: list[bool | None] = []
        app.push_screen(ConfirmScreen("Delete?"), answers.append)
        await pilot.pause()
        await pilot.press("н")  # the key marked Y
        await pilot.pause()
        assert answers == [True]


async def test_the_tutorials_keys_in_the_russian_layout(tmp_path):
    from gofish.tui.screens.tutorial import TutorialScreen

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("е")  # the key marked T: the tutorial
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TutorialScreen)
        await pilot.press("л")  # the key marked K: "Ask Bob for them: press K"
        await pilot.pause()
        assert screen.picked and not screen.done  # the kings chosen: Enter asks
        await pilot.press("enter")
        await pilot.pause()
        assert screen.done
