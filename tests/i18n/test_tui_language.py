"""The language in the app: chosen on the menu, the screen and its keys change at once and the
choice is remembered; local card letters shown and typed at the table."""

from __future__ import annotations

import pytest
from tui.helpers import confirm_pass, humans, make_app, screen_text

from gofish.i18n import LANGUAGE_NAMES, language, set_language
from gofish.names import set_local_letters
from gofish.store.settings import read_preferences


async def test_l_on_the_menu_cycles_the_languages_and_remembers(tmp_path):
    set_language("en")
    app = make_app(tmp_path, None)
    seen = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "q Quit" in screen_text(app)
        for _ in range(4):
            await pilot.press("l")
            await pilot.pause()
            seen.append((language(), screen_text(app)))
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("n")  # the next screen opens in the language chosen
        await pilot.pause()
        setup = screen_text(app)
    assert [code for code, _text in seen] == ["fr", "id", "ru", "en"]
    footers = {code: text.rstrip().splitlines()[-1] for code, text in seen}
    assert "q Quitter" in footers["fr"] and "l Langue" in footers["fr"]
    assert "q Keluar" in footers["id"] and "l Bahasa" in footers["id"]
    assert "q Выход" in footers["ru"] and "l Язык" in footers["ru"]
    assert "q Quit" in footers["en"] and "l Language" in footers["en"]
    assert "Nouvelle partie (N)" in seen[0][1]
    assert "Новая игра (N)" in seen[2][1]
    assert "Nouvelle partie" in setup and "Joueurs (2 à 6)" in setup
    assert read_preferences(tmp_path / "data").get("language") == "fr"
    assert set(LANGUAGE_NAMES) == {"en", "fr", "id", "ru"}


async def test_local_letters_show_and_pick_the_court_cards(tmp_path):
    set_language("fr")
    set_local_letters(True)
    try:
        app = make_app(tmp_path, humans("Alice", "Bob"), seed=1)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await confirm_pass(pilot)  # Alice is ready
            await pilot.pause()
            screen = app.screen
            view = screen.my_view()
            court = sorted({c >> 2 for c in view.hand if c >> 2 in (9, 10, 11)})
            assert court, "the seed deals Alice a court card"
            letter = {9: "v", 10: "d", 11: "r"}[court[0]]
            await pilot.press(letter)
            await pilot.pause()
            assert screen.flow.picker.rank == court[0]
            assert f"║{letter.upper()}" in screen_text(app)  # the chosen rank raised, by its letter
    finally:
        set_local_letters(False)


@pytest.mark.parametrize("first_run", [True, False])
@pytest.mark.parametrize("lang", ["fr", "id", "ru"])
async def test_every_line_of_the_start_view_is_in_the_language_in_force(tmp_path, lang,
                                                                        first_run):
    """Issue 29 saw the start view's T and S lines ("Learn to play (T)", "Settings (S)") in
    English under French. Every line with words differs from the English start view's."""
    from gofish.store.settings import save_preferences

    async def lines(code: str) -> list[str]:
        set_language(code)
        app = make_app(tmp_path / f"{code}-{first_run}", None)
        if not first_run:
            save_preferences({"tutorial_offered": True}, app.store.root)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            return [" ".join(line.strip("▊▎ ").split()) for line in
                    screen_text(app).splitlines()[7:]]  # below the title's art

    try:
        english = set(await lines("en"))
        words = [line for line in await lines(lang) if any(c.isalpha() for c in line)]
    finally:
        set_language("en")
    assert len(words) >= 9  # the control: the tagline, 7 options, a line under them
    untranslated = [line for line in words if line in english]
    assert not untranslated, untranslated
