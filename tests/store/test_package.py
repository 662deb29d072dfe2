"""gofish.store loads its names when first asked: reading the settings (every start of gofish
does) needs neither the saves nor the engine."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import gofish.store as store

INIT = Path(store.__file__)


def typed_names() -> dict[str, str]:
    """The names the package imports for mypy (under TYPE_CHECKING), and their modules."""
    tree = ast.parse(INIT.read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
    return {alias.name: node.module or "" for node in block.body
            if isinstance(node, ast.ImportFrom) for alias in node.names}


def test_mypy_sees_the_names_the_package_loads() -> None:
    assert typed_names() == store._HOME
    assert sorted(store.__all__) == sorted(store._HOME)


@pytest.mark.parametrize("name", store.__all__)
def test_each_name_is_its_module_s(name: str) -> None:
    value = getattr(store, name)
    assert value is getattr(sys.modules[f"gofish.store.{store._HOME[name]}"], name)
    assert name in dir(store)


def test_a_name_it_does_not_have_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'Stroe'"):
        store.Stroe  # noqa: B018
    with pytest.raises(ImportError):
        from gofish.store import Stroe  # noqa: F401


def test_reading_the_settings_loads_neither_the_saves_nor_the_engine() -> None:
    code = ("import json, sys; from gofish.store.settings import read_preferences; "
            "read_preferences(None, None); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('gofish'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "gofish.store.settings" in loaded
    assert not [m for m in loaded if m.startswith(("gofish.engine", "gofish.store.repo",
                                                   "gofish.store.saves", "gofish.protocol"))]
