"""The one gettext entry point: every word a player reads goes through here.

Kept free of textual and rich so the engine, store and CLI can use it too.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path

DOMAIN = "gofish"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "fr", "id", "ru")

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def _from_environment() -> str:
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("_")[0].lower()
            if code and code not in ("c", "posix"):
                return code
    return "en"


def set_language(code: str | None = None) -> str:
    """Switch language; unknown codes fall back to English without error."""
    global _translation, _language
    code = (code or _from_environment()).split("_")[0].lower()
    if code not in LANGUAGES:
        code = "en"
    _language = code
    _translation = _gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True
    )
    return code


def language() -> str:
    return _language


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message
