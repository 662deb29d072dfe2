"""Translations: extract the messages, update the catalogs, compile them, check them.

    python scripts/i18n.py extract   # src -> src/gofish/locale/gofish.pot
    python scripts/i18n.py update    # extract, then merge the template into every .po
    python scripts/i18n.py compile   # every .po -> its .mo (committed beside it)
    python scripts/i18n.py check     # what tests/i18n checks: complete, sound, compiled
    python scripts/i18n.py bench     # what translating costs: a game's log told in each language

Needs Babel (the ``test`` extra). The configuration (what is scanned, the keywords) is
scripts/babel.cfg and KEYWORDS below; docs/translating.md says how to work with it.
"""

from __future__ import annotations

import argparse
import io
import re
import string
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src"
LOCALE = SOURCE / "gofish" / "locale"
TEMPLATE = LOCALE / "gofish.pot"
MAPPING = Path(__file__).resolve().parent / "babel.cfg"
DOMAIN = "gofish"
# (what a translation must declare, and the rule it uses); French keeps the usual gettext rule
PLURALS = {
    "fr": (2, "(n > 1)"),
    "id": (1, "0"),
    "ru": (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) "
              "? 1 : 2)"),
}
LANGUAGES = tuple(PLURALS)
KEYWORDS = parse_keywords([
    "_", "N_", "ngettext:1,2", "Nn_:1,2", "pgettext:1c,2", "npgettext:1c,2,3",
    "Np_:1c,2", "Nnp_:1c,2,3",
])
COMMENT_TAGS = ("TRANSLATORS:",)


HEADER = ("# {what} of gofish, the Go Fish game for the terminal.\n"
          "# Made with scripts/i18n.py; docs/translating.md says how.\n#")
NAMES = {"fr": "French", "id": "Indonesian", "ru": "Russian"}


def shown(path: Path) -> str:
    """A path as a message names it: from the repository's root when it is inside."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def version() -> str:
    text = (SOURCE / "gofish" / "__init__.py").read_text(encoding="utf-8")
    return re.search(r'__version__ = "([^"]+)"', text).group(1)  # type: ignore[union-attr]


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def extract() -> Catalog:
    """Every message in the source, as a template."""
    with MAPPING.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    catalog = Catalog(project="gofish", version=version(), domain=DOMAIN, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="gofish contributors",
                      header_comment=HEADER.format(what="Messages"), fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            SOURCE, method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
            strip_comment_tags=True):
        path = (SOURCE / filename).relative_to(ROOT).as_posix()
        catalog.add(message, None, [(path, lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale, domain=DOMAIN)


def write_catalog(catalog: Catalog, path: Path) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, ignore_obsolete=True)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(buf.getvalue())


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def key(message: Message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, tuple | list) else message.id
    return message.context, msgid


def placeholders(text: str) -> set[str]:
    """The ``{name}`` fields of a str.format text; ValueError if its braces are broken."""
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text)
            if field is not None}


PERCENT = re.compile(r"%(?:\(\w+\))?[a-z%]")


def percent_fields(text: str) -> list[str]:
    """The printf-style fields of a text argparse formats with ``%`` (ours use ``{}``)."""
    return sorted(PERCENT.findall(text))


def _texts(value: str | tuple[str, ...] | list[str]) -> list[str]:
    return list(value) if isinstance(value, tuple | list) else [value]


def problems(lang: str, source: Catalog | None = None) -> list[str]:
    """What is wrong with one language's catalog and its .mo, as lines to act on."""
    source = source if source is not None else extract()
    path = po_path(lang)
    if not path.exists():
        return [f"{lang}: no catalog at {shown(path)}"]
    catalog = read_catalog(path, lang)
    found = catalog_problems(lang, source, catalog)
    compiled = mo_path(lang)
    if not compiled.exists():
        found.append(f"{lang}: {shown(compiled)} is missing: run compile")
    elif compiled.read_bytes() != mo_bytes(catalog):
        found.append(f"{lang}: {shown(compiled)} is out of date: run compile")
    return found


def catalog_problems(lang: str, source: Catalog, catalog: Catalog) -> list[str]:
    """Every source message translated, no placeholder the source lacks, plurals declared."""
    found: list[str] = []
    nplurals, rule = PLURALS[lang]
    declared = catalog._num_plurals  # read from the file's Plural-Forms header, or None
    if declared != nplurals:
        found.append(f"{lang}: Plural-Forms must declare nplurals={nplurals}; plural={rule};")
    for message in source:
        if not message.id:
            continue
        ctx, msgid = key(message)
        where = f"{lang}: {msgid!r}" + (f" (context {ctx!r})" if ctx else "")
        translated = catalog.get(msgid, context=ctx)
        if translated is None or not translated.string:
            found.append(f"{where}: not translated")
            continue
        if translated.fuzzy:
            found.append(f"{where}: marked fuzzy")
        forms = _texts(translated.string)
        if message.pluralizable:
            if len(forms) != nplurals:
                found.append(f"{where}: {len(forms)} plural forms, {nplurals} expected")
        elif len(forms) != 1:
            found.append(f"{where}: plural forms for a message that has none")
        if any(not f for f in forms):
            found.append(f"{where}: a plural form is empty")
        try:
            allowed = set().union(*(placeholders(t) for t in _texts(message.id)))
        except ValueError as e:
            found.append(f"{where}: the source text's braces are broken ({e})")
            continue
        for form in forms:
            try:
                extra = placeholders(form) - allowed
            except ValueError as e:
                found.append(f"{where}: broken braces in {form!r} ({e})")
                continue
            if extra:
                found.append(f"{where}: {form!r} has {{{', '.join(sorted(extra))}}}, "
                             "which the source lacks")
            source_percent = percent_fields(_texts(message.id)[0])
            if source_percent and percent_fields(form) != source_percent:
                found.append(f"{where}: {form!r} must keep exactly the fields "
                             f"{' '.join(source_percent)}")
    return found


# ------------------------------------------------------------------ commands


def cmd_extract() -> Catalog:
    template = extract()
    write_catalog(template, TEMPLATE)
    print(f"{len(template)} messages -> {shown(TEMPLATE)}")
    return template


def cmd_update(languages: Iterable[str]) -> None:
    template = cmd_extract()
    for lang in languages:
        path = po_path(lang)
        if path.exists():
            catalog = read_catalog(path, lang)
        else:
            catalog = Catalog(locale=lang, domain=DOMAIN, project="gofish", fuzzy=False)
        catalog.update(template, update_header_comment=False)
        catalog.header_comment = HEADER.format(what=f"{NAMES[lang]} messages")
        catalog.project, catalog.version = "gofish", template.version
        catalog.last_translator = "gofish contributors"
        catalog.language_team = f"{NAMES[lang]} <{lang}>"
        nplurals, rule = PLURALS[lang]
        headers = [(k, v) for k, v in catalog.mime_headers if k != "Plural-Forms"]
        headers.append(("Plural-Forms", f"nplurals={nplurals}; plural={rule};"))
        catalog.mime_headers = headers
        write_catalog(catalog, path)
        missing = sum(1 for m in catalog if m.id and (not m.string or m.fuzzy))
        print(f"{lang}: {missing} to translate or check -> {shown(path)}")


def cmd_compile(languages: Iterable[str]) -> None:
    for lang in languages:
        catalog = read_catalog(po_path(lang), lang)
        mo_path(lang).write_bytes(mo_bytes(catalog))
        print(f"{lang}: {shown(mo_path(lang))}")


def cmd_check(languages: Iterable[str]) -> int:
    source = extract()
    found = [p for lang in languages for p in problems(lang, source)]
    for line in found:
        print(line)
    print(f"{len(found)} problems" if found else "every catalog is complete and compiled")
    return 1 if found else 0


def cmd_bench() -> None:
    """Median time to tell a whole game's log (story()) in each language, and the ratio to English.

    The table re-tells the log on every refresh, so this is the cost translation adds there.
    """
    import random
    import statistics
    import timeit

    sys.path.insert(0, str(SOURCE))
    from gofish.engine import Game, Rules
    from gofish.i18n import LANGUAGES as ALL
    from gofish.i18n import set_language
    from gofish.narrate import story

    game = Game(Rules(), players=4, seed=3)
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    events, names = game.view(0).events, ["Alice", "Bob", "Carol", "Dave"]
    medians = {}
    for lang in ALL:
        set_language(lang)
        runs = timeit.repeat(lambda: story(events, names, 0), number=20, repeat=9)
        medians[lang] = statistics.median(runs) / 20
    print(f"story() of a {len(events)}-event game log, median of 9 x 20 runs:")
    for lang in ALL:
        print(f"  {lang}: {medians[lang] * 1000:.2f} ms  ({medians[lang] / medians['en']:.2f} x en)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "check", "bench"))
    parser.add_argument("languages", nargs="*", default=list(LANGUAGES),
                        help="languages to work on (default: all)")
    args = parser.parse_args(argv)
    unknown = set(args.languages) - set(LANGUAGES)
    if unknown:
        parser.error(f"unknown language: {', '.join(sorted(unknown))} "
                     "(add it to PLURALS in this script first)")
    if args.command == "extract":
        cmd_extract()
    elif args.command == "update":
        cmd_update(args.languages)
    elif args.command == "compile":
        cmd_compile(args.languages)
    elif args.command == "bench":
        cmd_bench()
    else:
        return cmd_check(args.languages)
    return 0


if __name__ == "__main__":
    sys.exit(main())
