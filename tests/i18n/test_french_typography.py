"""French puts a no-break space before : (narrow before ; ! ?) and inside « », so a line never breaks
between a word and its punctuation ("1 livre : K" never ends a line with "livre")."""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[2] / "src/gofish/locale/fr/LC_MESSAGES/gofish.po"
LOOSE = re.compile(r" [:;!?](\s|$)|« | »")


def test_no_plain_space_before_french_double_punctuation() -> None:
    catalog = read_po(io.BytesIO(PO.read_bytes()))
    loose = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        loose += [s for s in strings if s and LOOSE.search(s)]
    assert not loose, loose[:5]


def test_the_rule_is_followed_where_french_needs_it() -> None:
    text = PO.read_text(encoding="utf-8")
    assert text.count("\u00a0:") > 50 and text.count("\u202f!") + text.count("\u00a0!") > 5
