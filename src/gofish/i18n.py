"""The one gettext entry point: every word a player reads goes through here.

Kept free of textual and rich so the engine, store and CLI can use it too. The catalogs are
``locale/<lang>/LC_MESSAGES/gofish.mo``, compiled from the ``.po`` sources by
``scripts/i18n.py compile`` and committed beside them, so a plain or editable install has them.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "gofish"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("en", "fr", "id", "ru")
# Each language by its own name, as a menu offers it to someone who does not read the others.
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "id": "Bahasa Indonesia", "ru": "Русский"}
# The order gettext itself reads the environment in (the first variable set wins).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_translation: _gettext.NullTranslations = _gettext.NullTranslations()
_language = "en"


def normalize(code: str | None) -> str | None:
    """"fr_FR.UTF-8" -> "fr"; None for anything that is not a language we have."""
    if not code:
        return None
    code = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the locale asks for, as gettext reads it; English when we lack it.

    As in gettext, the first variable that is set decides; LANGUAGE may list several
    languages ("ru:fr") and the first one we have is used.
    """
    env = os.environ if environ is None else environ
    for var in LOCALE_VARIABLES:
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            if part.split(".")[0] in ("C", "POSIX"):
                return "en"
            code = normalize(part)
            if code:
                return code
        return "en"
    return "en"


def set_language(code: str | None = None) -> str:
    """Switch language (None: from the environment); unknown codes fall back to English."""
    global _translation, _language
    chosen = normalize(code) if code else from_environment()
    _language = chosen or "en"
    _translation = _gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[_language], fallback=True
    )
    return _language


def language() -> str:
    return _language


# --ascii: the catalogs' typography (curly quotes, guillemets, arrows, no-break spaces) folded
# to plain ASCII as each message is looked up, so no screen needs to know about it
_ARROWS = (("↑↓", "Up/Down"), ("←→", "Left/Right"), ("↑", "Up"), ("↓", "Down"), ("←", "Left"),
           ("→", "Right"), ("⏎", "Enter"))
_FOLD = str.maketrans({"“": '"', "”": '"', "„": '"', "«": '"', "»": '"', "‘": "'", "’": "'",
                       "–": "-", "—": "-", "…": "...", "\u00a0": " ", "\u202f": " ", "•": "-"})
# French guillemets hold their words with spaces (« Va pêcher ! »); as ASCII quotes, those
# spaces would float inside them (" Va pêcher ! ")
_SPACES = " \u00a0\u202f"
_GUILLEMET_SPACES = re.compile("«[ \u00a0\u202f]+|[ \u00a0\u202f]+»")
_ascii = False


def set_ascii_text(on: bool) -> None:
    global _ascii
    _ascii = on


def ascii_text(text: str) -> str:
    """``text`` with its typography in plain ASCII (letters of other scripts stay)."""
    text = _GUILLEMET_SPACES.sub(lambda m: m.group(0).strip(_SPACES), text)  # « x » -> "x"
    for arrow, word in _ARROWS:
        text = text.replace(arrow, word)
    return text.translate(_FOLD)


def _(message: str) -> str:
    text = _translation.gettext(message)
    return ascii_text(text) if _ascii else text


def ngettext(singular: str, plural: str, n: int) -> str:
    text = _translation.ngettext(singular, plural, n)
    return ascii_text(text) if _ascii else text


def pgettext(context: str, message: str) -> str:
    """A message whose translation depends on its role, such as a rank word's case."""
    text = _translation.pgettext(context, message)
    return ascii_text(text) if _ascii else text


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    text = _translation.npgettext(context, singular, plural, n)
    return ascii_text(text) if _ascii else text


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet."""
    return message


def Np_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with a context for extraction; translate later with pgettext."""
    return context, message


# argparse's own words that a player sees in ``gofish --help`` and in usage errors.
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"), N_("the following arguments are required: %s"),
    N_("expected one argument"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def translate_argparse() -> None:
    """Let argparse's headings and errors go through our catalogs too."""
    import argparse

    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


