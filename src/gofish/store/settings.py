"""The settings folder beside the saves: preferences and the last setup.

The store owns every file in the data folder, settings included, so gettext (gofish.i18n) stays a
leaf that reads nothing from disk. ``settings/`` is beside the saves, not among them: a ``*.json``
in the data folder itself is a game.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .atomic import write_atomic
from .errors import StoreError
from .paths import ensure_private_dir, resolve_data_dir

SETTINGS_DIR = "settings"
PREFERENCES = "preferences.json"  # {"language": "fr", "local_letters": true, ...}
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
