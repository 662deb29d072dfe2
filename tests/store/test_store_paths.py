"""Where saves live, and what the store may import."""

from __future__ import annotations

import subprocess
import sys

import platformdirs
import pytest

from gofish.store import Store, StoreError, resolve_data_dir
from gofish.store.text import plain


def test_explicit_folder_beats_the_environment_which_beats_platformdirs(tmp_path, monkeypatch):
    monkeypatch.setenv("GOFISH_DATA_DIR", str(tmp_path / "env"))
    assert resolve_data_dir(tmp_path / "arg") == tmp_path / "arg"
    assert resolve_data_dir() == tmp_path / "env"
    assert Store().root == tmp_path / "env"
    monkeypatch.delenv("GOFISH_DATA_DIR")
    assert resolve_data_dir() == platformdirs.user_data_path("gofish")


def test_profiles_are_sub_folders(tmp_path):
    assert resolve_data_dir(tmp_path, profile="kid-1") == tmp_path / "profiles" / "kid-1"
    for bad in ("", "..", "a/b", ".hidden", "x" * 40):
        with pytest.raises(StoreError, match="profile name"):
            resolve_data_dir(tmp_path, profile=bad)


def test_the_store_never_imports_textual_or_rich():
    code = ("import sys, gofish.store, gofish.commands.store; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("text, shown", [
    ("Ann", "Ann"),
    ("Zoë 🐟", "Zoë 🐟"),
    ("\x1b[31mred\x1b[0m", "\ufffd[31mred\ufffd[0m"),
    ("a\rb\nc\x07", "a\ufffdb\ufffdc\ufffd"),
    ("\u202eevil", "\ufffdevil"),  # a bidi override would reorder what follows
    ("x" * 100, "x" * 79 + "\u2026"),
])
def test_plain_text(text, shown):
    assert plain(text) == shown
