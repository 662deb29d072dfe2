"""Layers: gettext is a leaf, and the data folder's files are the store's alone."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "gofish"


def gofish_modules_loaded_by(module: str) -> list[str]:
    code = (f"import json, sys; import {module}; "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('gofish'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_gettext_is_a_leaf_that_imports_no_other_gofish_module() -> None:
    assert gofish_modules_loaded_by("gofish.i18n") == ["gofish", "gofish.i18n"]


def test_the_probe_sees_a_module_that_pulls_others_in() -> None:
    assert "gofish.store.paths" in gofish_modules_loaded_by("gofish.store.settings")


def test_no_module_outside_the_store_names_the_settings_folder() -> None:
    # the folder's name is defined once, in store/settings.py
    offenders = []
    for path in SRC.rglob("*.py"):
        if path.is_relative_to(SRC / "store"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ("settings", "preferences.json",
                                                                 "last-setup.json"):
                offenders.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not offenders
