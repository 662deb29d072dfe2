"""The language chosen on the menu: the screen and its keys change at once, and the choice is
remembered in the settings for the next start."""

from __future__ import annotations

from tui.helpers import make_app, screen_text

from gofish.i18n import LANGUAGE_NAMES, language, read_preferences, set_language


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
    assert read_preferences(tmp_path / "data") == {"language": "fr"}
    assert set(LANGUAGE_NAMES) == {"en", "fr", "id", "ru"}
