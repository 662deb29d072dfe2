"""Choosing the language: the locale as gettext reads it, --lang, the settings, the fallback to
English; the rules help and card letters in each language; the CLI's own words."""

from __future__ import annotations

import json

import pytest

from gofish import cli
from gofish.engine import PRESETS, Rules
from gofish.i18n import (
    LANGUAGES,
    _,
    from_environment,
    language,
    set_language,
)
from gofish.names import (
    card_label,
    card_words,
    local_rank,
    rank_short,
    set_ascii,
    set_local_letters,
)
from gofish.rules_text import describe, summary
from gofish.store.settings import read_preferences, save_preferences

KING_OF_HEARTS = 11 * 4 + 2


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "id_ID.UTF-8"}, "id"),
    ({"LANG": "ru_RU.UTF-8", "LC_ALL": "fr_CA"}, "fr"),
    ({"LANGUAGE": "ru:fr", "LC_ALL": "id_ID.UTF-8"}, "ru"),
    ({"LANGUAGE": "de:fr", "LANG": "ru_RU"}, "fr"),  # the first language we have
    ({"LANGUAGE": "de", "LANG": "ru_RU"}, "en"),  # as gettext: the first variable set decides
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_ALL": "POSIX", "LANG": "fr_FR"}, "en"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({"LANG": "id"}, "id"),
    ({"LANGUAGE": "", "LANG": "ru_RU.KOI8-R"}, "ru"),
])
def test_language_follows_the_locale_as_gettext_reads_it(environ, expected):
    assert from_environment(environ) == expected


def test_set_language_reads_the_environment(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert set_language() == "ru"
    assert _("Your turn") == "Ваш ход"


@pytest.mark.parametrize("code", ["xx", "klingon", "de_DE", "", "C", "../../etc"])
def test_an_unknown_language_falls_back_to_english_without_error(code, monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):  # "" reads the environment
        monkeypatch.delenv(var, raising=False)
    set_language("fr")
    assert set_language(code) == "en" == language()
    assert _("Your turn") == "Your turn"


@pytest.mark.parametrize(("code", "expected"), [
    ("fr", "À vous"), ("FR_fr.utf8", "À vous"), ("id", "Giliran Anda"), ("ru", "Ваш ход"),
    ("en", "Your turn"),
])
def test_each_language_loads_its_catalog(code, expected):
    set_language(code)
    assert _("Your turn") == expected


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_help_is_translated(lang, name):
    rules = PRESETS[name].replace(match_target=10, scoring="card-value", ask_for="card",
                                  bluff_asks=True, after_miss="asked-player")
    set_language("en")
    english = summary(rules, 3) + [x for line in describe(rules)
                                   for x in (line.label, line.explanation)]
    set_language(lang)
    text = summary(rules, 3) + [x for line in describe(rules)
                                for x in (line.label, line.explanation)]
    assert len(text) == len(english)
    if lang != "en":
        same = [t for t, e in zip(text, english, strict=True) if t == e]
        assert same in ([], ["Standard"], ["Score"]), same  # a few words are the same


@pytest.mark.parametrize(("n", "expected"), [
    (1, "Раздачи идут, пока кто-то не наберёт 1 очко, но не больше 50 раздач."),
    (3, "Раздачи идут, пока кто-то не наберёт 3 очка, но не больше 50 раздач."),
    (10, "Раздачи идут, пока кто-то не наберёт 10 очков, но не больше 50 раздач."),
    (21, "Раздачи идут, пока кто-то не наберёт 21 очко, но не больше 50 раздач."),
])
def test_rules_help_plurals(n, expected):
    set_language("ru")
    assert summary(Rules(match_target=n), 2)[-1] == expected


def test_the_rules_help_says_a_match_stops_after_max_deals():
    from gofish.engine import MAX_DEALS
    from gofish.rules_text import OPTION_LABELS

    assert summary(Rules(match_target=10), 2)[-1] == (
        f"Deals go on until someone reaches 10 points, {MAX_DEALS} deals at most.")
    assert f"{MAX_DEALS} deals at most" in OPTION_LABELS["match_target"][1]


@pytest.mark.parametrize(("lang", "king", "words"), [
    ("en", "K♥", "the king of hearts"),
    ("fr", "R♥", "le roi de cœur"),
    ("id", "K♥", "kartu raja hati"),
    ("ru", "К♥", "короля червей"),
])
def test_local_letters_are_a_setting(lang, king, words):
    set_language(lang)
    try:
        assert card_label(KING_OF_HEARTS) == "K♥"  # the international form by default
        set_local_letters(True)
        assert card_label(KING_OF_HEARTS) == king
        assert rank_short(8) == "10"
        assert card_words(KING_OF_HEARTS) == words
        if king[0] != "K":
            assert local_rank(king[0].lower()) == 11
        assert local_rank("k") is None  # K is the king's key in every language anyway
        set_ascii(True)  # an ASCII terminal keeps ASCII letters only
        assert card_label(KING_OF_HEARTS) == ("Kh" if lang == "ru" else king[0] + "h")
    finally:
        set_local_letters(False)
        set_ascii(False)


# ------------------------------------------------------------------ the command line


def test_cli_speaks_the_language_given(capsys):
    assert cli.main(["--lang", "fr", "list"]) == 0
    assert capsys.readouterr().out.startswith("Aucune partie sauvegardée dans ")
    assert cli.main(["--lang=ru", "stats"]) == 0
    assert capsys.readouterr().out.startswith("0 оконченных игр.")


def test_cli_help_and_usage_errors_are_translated(capsys):
    with pytest.raises(SystemExit):
        cli.main(["--lang", "fr", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage\u00a0: gofish")
    assert "afficher ce message d’aide et quitter" in out
    assert "lister les parties sauvegardées" in out
    with pytest.raises(SystemExit):
        cli.main(["--lang", "ru", "export"])
    err = capsys.readouterr().err
    assert "gofish export: ошибка: нужны аргументы: ID" in err


def test_the_settings_choose_the_language_and_lang_wins(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("LANG", "id_ID.UTF-8")
    monkeypatch.setenv("LANGUAGE", "")
    data = tmp_path / "data"
    assert cli.main(["--data-dir", str(data), "list"]) == 0
    assert capsys.readouterr().out.startswith("Tidak ada permainan tersimpan")  # the locale
    save_preferences({"language": "ru"}, data)
    assert read_preferences(data) == {"language": "ru"}
    assert cli.main(["--data-dir", str(data), "list"]) == 0
    assert capsys.readouterr().out.startswith("В ")  # the settings win over the locale
    assert cli.main(["--data-dir", str(data), "--lang", "fr", "list"]) == 0
    assert capsys.readouterr().out.startswith("Aucune partie")  # --lang wins over both


def test_settings_are_per_profile_and_damaged_settings_are_ignored(capsys, tmp_path):
    data = tmp_path / "data"
    save_preferences({"language": "fr", "local_letters": True}, data, profile="ann")
    assert read_preferences(data, "ann") == {"language": "fr", "local_letters": True}
    assert read_preferences(data) == {}
    save_preferences({"language": "id"}, data, profile="ann")  # a merge, not a rewrite
    assert read_preferences(data, "ann") == {"language": "id", "local_letters": True}
    path = data / "profiles" / "ann" / "settings" / "preferences.json"
    assert json.loads(path.read_text()) == {"language": "id", "local_letters": True}
    path.write_text("{not json")
    assert read_preferences(data, "ann") == {}
    assert cli.main(["--data-dir", str(data), "--profile", "ann", "list"]) == 0
    assert capsys.readouterr().out.startswith("No saved games")
    assert read_preferences(data, "../x") == {}  # a bad profile name is no crash here
