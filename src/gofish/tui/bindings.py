"""Key descriptions in the current language: each node's copy of its class's bindings,
translated when it is shown (a class's BINDINGS are built once, at import, in English)."""

from __future__ import annotations

import dataclasses

from gofish.i18n import _


def translate_bindings(node: object) -> None:
    """Give a Textual node (a screen, the app) key descriptions in the current language.

    A class's BINDINGS are built once, at import, and hold the English messages (marked with
    N_); each node holds its own copy of the table, so translating that copy from the class's
    when a screen is shown makes the footer follow the language, even one changed in the app.
    Duck-typed: it reads the two tables Textual keeps (tests/tui/test_textual_private.py
    checks they are still there).
    """
    table = getattr(getattr(node, "_bindings", None), "key_to_bindings", None)
    if not isinstance(table, dict):
        return
    originals = getattr(getattr(type(node), "_merged_bindings", None), "key_to_bindings", {})
    for key, bindings in table.items():
        source = bindings
        if isinstance(originals, dict) and key in originals:
            source = originals[key]
        table[key] = [dataclasses.replace(b, description=_(b.description))
                      if getattr(b, "description", "") else b for b in source]
