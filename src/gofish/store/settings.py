"""The settings folder beside the saves: preferences and the last setup.

The store owns every file in the data folder, settings included, so gettext (gofish.i18n) stays a
leaf that reads nothing from disk. ``settings/`` is beside the saves, not among them: a ``*.json``
in the data folder itself is a game.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import StoreError
from .paths import ensure_private_dir, resolve_data_dir

SETTINGS_DIR = "settings"
PREFERENCES = "preferences.json"  # {"language": "fr", "local_letters": true, "ascii": true, ...}
LAST_SETUP = "last-setup.json"

DataDir = str | os.PathLike[str] | None


def settings_path(name: str, data_dir: DataDir = None, profile: str | None = None) -> Path:
    """Where the settings file ``name`` lives for that data folder and profile."""
    return resolve_data_dir(data_dir, profile=profile) / SETTINGS_DIR / name


def read_settings(name: str, data_dir: DataDir = None, profile: str | None = None) -> Any:
    """The JSON in a settings file, or None when it is missing or cannot be read."""
    try:
        return json.loads(settings_path(name, data_dir, profile).read_text(encoding="utf-8"))
    except (OSError, ValueError, StoreError):
        return None


def write_settings(name: str, data: Any, data_dir: DataDir = None,
                   profile: str | None = None) -> None:
    """Write a settings file atomically; raises OSError or StoreError when it cannot."""
    from .atomic import write_atomic  # tempfile and its imports: every start reads, few write

    path = settings_path(name, data_dir, profile)
    ensure_private_dir(path.parent)
    write_atomic(path, json.dumps(data, indent=1, sort_keys=True).encode("utf-8"))


def preferences_path(data_dir: DataDir = None, profile: str | None = None) -> Path:
    return settings_path(PREFERENCES, data_dir, profile)


def read_preferences(data_dir: DataDir = None, profile: str | None = None) -> dict[str, object]:
    """The saved preferences, or {} when there are none or they cannot be read."""
    data = read_settings(PREFERENCES, data_dir, profile)
    return data if isinstance(data, dict) else {}


def save_preferences(changes: dict[str, object], data_dir: DataDir = None,
                     profile: str | None = None) -> None:
    """Merge ``changes`` into the preferences file, atomically.

    Raises OSError or StoreError when it cannot; callers treat preferences as a convenience.
    """
    data = read_preferences(data_dir, profile)
    data.update(changes)
    write_settings(PREFERENCES, data, data_dir, profile)


@dataclass(frozen=True)
class Preferences:
    """The player's remembered choices, typed: what screens read instead of the file. Anything
    the file holds that is not of the field's type (an older or hand-edited file) is the
    default."""

    language: str | None = None
    local_letters: bool = False
    tutorial_offered: bool = False
    table_memory: bool | None = None  # None: never chosen (on under Kids, else off)
    warn_sure_miss: bool = True
    ascii: bool | None = None  # None: never chosen (on where the terminal cannot draw)
    player_name: str = ""  # the name this player last took a seat under at a shared table

    @classmethod
    def read(cls, data_dir: DataDir = None, profile: str | None = None) -> Preferences:
        return cls.of(read_preferences(data_dir, profile))

    @classmethod
    def of(cls, prefs: dict[str, object]) -> Preferences:
        def flag(name: str, default: bool | None) -> bool | None:
            value = prefs.get(name)
            return value if isinstance(value, bool) else default

        def text(name: str) -> str:
            value = prefs.get(name)
            return value if isinstance(value, str) and len(value) <= 40 else ""

        language = prefs.get("language")
        return cls(language=language if isinstance(language, str) else None,
                   local_letters=flag("local_letters", False) is True,
                   tutorial_offered=flag("tutorial_offered", False) is True,
                   table_memory=flag("table_memory", None),
                   warn_sure_miss=flag("warn_sure_miss", True) is not False,
                   ascii=flag("ascii", None),
                   player_name=text("player_name"))


@dataclass(frozen=True)
class Display:
    """How the table is drawn for this player: kept in the preferences, read at every start
    (the terminal, ``gofish serve``'s pages, a joined seat), changed in the settings screen."""

    four_colours: bool = False  # spades black, hearts red, diamonds blue, clubs green
    high_contrast: bool = False  # a theme whose every text reads at 4.5:1 or more (WCAG AA)

    @classmethod
    def from_preferences(cls, prefs: dict[str, object]) -> Display:
        """Anything but ``true`` (missing, edited by hand, an older file) is the default."""
        return cls(four_colours=prefs.get(FOUR_COLOURS) is True,
                   high_contrast=prefs.get(HIGH_CONTRAST) is True)

    def to_preferences(self) -> dict[str, object]:
        return {FOUR_COLOURS: self.four_colours, HIGH_CONTRAST: self.high_contrast}


FOUR_COLOURS = "four_colour_deck"
HIGH_CONTRAST = "high_contrast"


def read_display(data_dir: DataDir = None, profile: str | None = None) -> Display:
    return Display.from_preferences(read_preferences(data_dir, profile))


def save_display(display: Display, data_dir: DataDir = None,
                 profile: str | None = None) -> None:
    """Raises OSError or StoreError when it cannot (the setting still holds for this run)."""
    save_preferences(display.to_preferences(), data_dir, profile)
