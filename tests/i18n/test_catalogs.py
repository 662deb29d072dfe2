"""The catalog check: every message of the source translated in every language, no placeholder
a translation could trip over, plural forms declared, the committed .mo compiled from the .po.

It runs scripts/i18n.py's own check, so a new string without translations fails the build
with the same lines ``python scripts/i18n.py check`` prints.
"""

from __future__ import annotations

import gettext
import importlib.util
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parents[2]


def _load_tool():
    spec = importlib.util.spec_from_file_location("gofish_i18n_tool", ROOT / "scripts" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
LANGS = tool.LANGUAGES


@pytest.fixture(scope="module")
def source() -> Catalog:
    return tool.extract()


def test_the_source_has_the_messages_we_know(source):
    ids = {tool.key(m) for m in source if m.id}
    assert (None, "Game over: {name} wins!") in ids
    assert ("rank, a book of", "sevens") in ids  # contexts are extracted
    assert ("rank, counted", "seven") in ids  # and plural pairs with a context
    assert (None, "usage: ") in ids  # argparse's words are marked too
    assert len(ids) > 400


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_is_complete_and_compiled(lang, source):
    found = tool.problems(lang, source)
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_declared_as_the_language_needs(lang):
    catalog = tool.read_catalog(tool.po_path(lang), lang)
    assert catalog.num_plurals == {"fr": 2, "id": 1, "ru": 3}[lang]
    with tool.mo_path(lang).open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    one, many = "{n} card", "{n} cards"
    forms = {n: compiled.ngettext(one, many, n) for n in (0, 1, 2, 5, 11, 21, 22, 25)}
    expected = {
        "fr": {0: "{n} carte", 1: "{n} carte", 2: "{n} cartes", 5: "{n} cartes",
               11: "{n} cartes", 21: "{n} cartes", 22: "{n} cartes", 25: "{n} cartes"},
        "id": dict.fromkeys(forms, "{n} kartu"),
        "ru": {0: "{n} карт", 1: "{n} карта", 2: "{n} карты", 5: "{n} карт",
               11: "{n} карт", 21: "{n} карта", 22: "{n} карты", 25: "{n} карт"},
    }[lang]
    assert forms == expected


# The check itself must be able to fail: fed a broken catalog, it says what is wrong.


def _catalog(lang: str, *messages: tuple, plural_forms: str | None = "") -> Catalog:
    catalog = Catalog(locale=lang, domain="gofish")
    headers = [(k, v) for k, v in catalog.mime_headers if k != "Plural-Forms"]
    if plural_forms is not None:
        n, rule = tool.PLURALS[lang]
        headers.append(("Plural-Forms", plural_forms or f"nplurals={n}; plural={rule};"))
    catalog.mime_headers = headers
    for msgid, string, *context in messages:
        catalog.add(msgid, string, context=context[0] if context else None)
    return catalog


def _source(*messages: tuple) -> Catalog:
    catalog = Catalog(domain="gofish")
    for msgid, *context in messages:
        catalog.add(msgid, context=context[0] if context else None)
    return catalog


def test_check_passes_a_sound_catalog():
    source = _source(("Hello {name}",), (("{n} card", "{n} cards"),), ("sevens", "of"))
    catalog = _catalog("ru", ("Hello {name}", "Привет, {name}"),
                       (("{n} card", "{n} cards"), ("{n} карта", "{n} карты", "{n} карт")),
                       ("sevens", "семёрок", "of"))
    assert tool.catalog_problems("ru", source, catalog) == []


def test_check_finds_an_untranslated_message():
    source = _source(("Hello {name}",), ("A new string",))
    catalog = _catalog("fr", ("Hello {name}", "Bonjour {name}"))
    assert tool.catalog_problems("fr", source, catalog) == [
        "fr: 'A new string': not translated"]


def test_check_finds_a_message_translated_under_another_context():
    source = _source(("sevens", "rank, asked for"))
    catalog = _catalog("ru", ("sevens", "семёрок", "rank, a book of"))
    assert tool.catalog_problems("ru", source, catalog) == [
        "ru: 'sevens' (context 'rank, asked for'): not translated"]


def test_check_finds_a_placeholder_the_source_lacks():
    source = _source(("Hello {name}",))
    catalog = _catalog("fr", ("Hello {name}", "Bonjour {nom}"))
    (problem,) = tool.catalog_problems("fr", source, catalog)
    assert "{nom}" in problem and "which the source lacks" in problem


def test_check_finds_broken_braces():
    source = _source(("Hello {name}",))
    catalog = _catalog("fr", ("Hello {name}", "Bonjour {name"))
    (problem,) = tool.catalog_problems("fr", source, catalog)
    assert "broken braces" in problem


def test_check_lets_a_translation_leave_a_placeholder_out():
    # Russian drops the asker from "{target} gave {asker} ...": the ask before says who
    source = _source(("{target} gave {asker} {what}.",))
    catalog = _catalog("ru", ("{target} gave {asker} {what}.", "{target} отдаёт {what}."))
    assert tool.catalog_problems("ru", source, catalog) == []


def test_check_finds_missing_or_wrong_plural_forms():
    source = _source((("{n} card", "{n} cards"),))
    two_forms = _catalog("ru", (("{n} card", "{n} cards"), ("{n} карта", "{n} карт")))
    (problem,) = tool.catalog_problems("ru", source, two_forms)
    assert "2 plural forms, 3 expected" in problem
    undeclared = _catalog("ru", plural_forms=None)
    undeclared.add(("{n} card", "{n} cards"), ("{n} карта", "{n} карты", "{n} карт"))
    assert any("Plural-Forms must declare nplurals=3" in p
               for p in tool.catalog_problems("ru", source, undeclared))


def test_check_keeps_argparse_fields_exact():
    source = _source(("unrecognized arguments: %s",))
    catalog = _catalog("fr", ("unrecognized arguments: %s", "arguments non reconnus"))
    (problem,) = tool.catalog_problems("fr", source, catalog)
    assert "must keep exactly the fields %s" in problem


def test_check_finds_a_fuzzy_translation():
    source = _source(("Hello",))
    catalog = _catalog("fr", ("Hello", "Bonjour"))
    catalog["Hello"].flags.add("fuzzy")
    assert tool.catalog_problems("fr", source, catalog) == ["fr: 'Hello': marked fuzzy"]


def test_a_stale_mo_is_found(tmp_path, monkeypatch):
    # the real French catalog, with its .mo one message short
    lang = "fr"
    po = tool.read_catalog(tool.po_path(lang), lang)
    monkeypatch.setattr(tool, "LOCALE", tmp_path)
    tool.write_catalog(po, tool.po_path(lang))
    del po["Quit"]
    tool.mo_path(lang).write_bytes(tool.mo_bytes(po))
    assert tool.problems(lang, _source(("Quit",), ("Your turn",))) == [
        f"{lang}: {tool.shown(tool.mo_path(lang))} is out of date: run compile"]
