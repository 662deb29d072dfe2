"""Indonesian speaks to the player in one register, the formal "Anda" of the rest of the
catalog: the pass screen said "tanganmu" (your hand, familiar) beside "Anda" everywhere else."""

from __future__ import annotations

import io
import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).resolve().parents[2] / "src/gofish/locale/id/LC_MESSAGES/gofish.po"
# kamu, kau/engkau and the -mu of "tanganmu" (words of this catalog that end in "mu" and are
# no pronoun would be listed here; there are none)
FAMILIAR = re.compile(r"\b(kamu|kau|engkau|dikau|\w+mu)\b", re.IGNORECASE)


def translations() -> list[str]:
    catalog = read_po(io.BytesIO(PO.read_bytes()))
    found = []
    for message in catalog:
        if message.id:
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            found += [s for s in strings if s]
    return found


def test_the_player_is_always_anda() -> None:
    familiar = [s for s in translations() if FAMILIAR.search(s)]
    assert not familiar, familiar
    assert sum("Anda" in s for s in translations()) > 100  # the control: the register used
    assert FAMILIAR.search("saat perangkat sudah di tanganmu")
