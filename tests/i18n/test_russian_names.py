"""A name is never declined (docs/translating.md), so Russian never puts one straight after a
preposition that asks for a case: "Попросите у Bob" stood beside "у игрока Bob" (and "у Вера"
reads wrong for a Russian name). The noun takes the case instead: "у игрока {name}"."""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[2] / "src/gofish/locale/ru/LC_MESSAGES/gofish.po"
NAMES = r"\{(?:name|target|asker|giver|names|user|who|winner)\}|Bob|Alice|Carol"
BARE = re.compile(r"(?<!\w)(?:у|к|ко|от|для|с|со|о|об|при|без|до|из|за|по)\s+(?:" + NAMES + ")",
                  re.IGNORECASE)


def translations() -> list[str]:
    catalog = read_po(io.BytesIO(PO.read_bytes()))
    found = []
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [s for s in strings if s]
    return found


def test_no_name_follows_a_preposition_in_russian() -> None:
    bare = [s for s in translations() if BARE.search(s)]
    assert not bare, bare[:5]


def test_the_check_sees_what_it_looks_for() -> None:
    """The control: the check finds the old wording, and the catalog uses the new one."""
    assert BARE.search("Попросите у Bob {rank}: нажмите {key}.")
    assert BARE.search("видно, что у {name} есть {what}.")
    assert not BARE.search("Что просить у игрока {name}?")
    assert sum("у игрока {name}" in s for s in translations()) > 5
