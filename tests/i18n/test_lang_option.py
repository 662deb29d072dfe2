"""``--lang`` with a language gofish does not have is refused with the list, not ignored."""

from __future__ import annotations

import pytest

from gofish.cli import main
from gofish.i18n import language, set_language


def test_an_unknown_language_is_refused_with_the_ones_that_exist(tmp_path, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--data-dir", str(tmp_path), "--lang", "de", "list"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "'de'" in err
    for code in ("en", "fr", "id", "ru"):
        assert f"{code} (" in err


@pytest.mark.parametrize("given, used", [("fr_FR.UTF-8", "fr"), ("RU", "ru"), ("en", "en")])
def test_known_languages_in_any_usual_spelling_are_used(tmp_path, given, used) -> None:
    try:
        assert main(["--data-dir", str(tmp_path), "--lang", given, "list"]) == 0
        assert language() == used
    finally:
        set_language("en")
