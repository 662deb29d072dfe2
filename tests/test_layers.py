"""Layers: the import contracts bite, gettext is a leaf, and the data folder's files are the
store's alone."""

from __future__ import annotations

import ast
import json
import os
import shutil
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


# ---------------------------------------------------------------------- the contracts bite

ROOT = SRC.parent.parent
LINT = Path(sys.executable).parent / "lint-imports"


def lint_imports(src: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with the project's contracts, over the package found in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([str(LINT), "--config", str(ROOT / "pyproject.toml"), "--no-cache"],
                          capture_output=True, text=True, timeout=120, cwd=src, env=env)


def test_the_import_contracts_hold() -> None:
    done = lint_imports(SRC.parent)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 kept, 0 broken" in done.stdout


def test_the_import_contracts_refuse_an_upward_import_and_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / "gofish"
    shutil.copytree(SRC, package, ignore=shutil.ignore_patterns("__pycache__", "locale", "web"))
    cards = package / "engine" / "cards.py"
    cards.write_text(cards.read_text(encoding="utf-8") + "\nimport gofish.tui.app\n",
                     encoding="utf-8")
    rules = package / "engine" / "rules.py"  # the game module imports the rules
    rules.write_text(rules.read_text(encoding="utf-8") + "\nimport gofish.engine.game\n",
                     encoding="utf-8")
    done = lint_imports(tmp_path)
    assert done.returncode == 1
    assert "gofish.engine.cards -> gofish.tui.app" in done.stdout
    assert "No cycles are allowed in gofish.engine" in done.stdout
    assert "0 kept, 2 broken" in done.stdout
