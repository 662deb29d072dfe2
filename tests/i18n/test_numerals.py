"""Percentages and decimals are written as each language writes them (the French statistics
said "0%" and "6.0", English forms in a French table)."""

from __future__ import annotations

import pytest

from gofish.commands.store import stats_lines
from gofish.i18n import set_language
from gofish.numerals import decimal, percent
from gofish.store.stats import Stats, Tally

CASES = [("en", "25%", "6.5"), ("fr", "25\u202f%", "6,5"), ("ru", "25\u00a0%", "6,5"),
         ("id", "25%", "6,5")]


@pytest.fixture
def language():
    yield set_language
    set_language("en")


@pytest.mark.parametrize(("lang", "rate", "books"), CASES)
def test_numbers_in_each_language(language, lang, rate, books):
    language(lang)
    assert percent(0.25) == rate
    assert decimal(6.5) == books
    assert percent(0) == rate.replace("25", "0")


def test_the_french_statistics_write_french_numbers(language):
    language("fr")
    tally = Tally("Alice", played=3, wins=0, books=18)
    text = "\n".join(stats_lines(Stats(games=3, players=[tally], levels=[])))
    assert "0\u202f%" in text and "6,0" in text and "6.0" not in text, text
