"""No module of gofish is named like one of the standard library.

A script run from inside src/gofish (or a tool that puts a package's folder on sys.path) finds
gofish's file first: with src/gofish/numbers.py, ``import jinja2`` there failed, since jinja2
imports the standard library's ``numbers``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "gofish"


def module_names(root: Path) -> dict[str, Path]:
    """Every module and package under ``root``, by the name it has when its folder is on
    sys.path."""
    names = {}
    for path in sorted(root.rglob("*")):
        if "__pycache__" in path.parts:
            continue
        if path.suffix == ".py" and path.name != "__init__.py":
            names.setdefault(path.stem, path)
        elif path.is_dir() and (path / "__init__.py").exists():
            names.setdefault(path.name, path)
    return names


def test_no_module_shadows_the_standard_library() -> None:
    shadows = {name: str(path.relative_to(SRC)) for name, path in module_names(SRC).items()
               if name in sys.stdlib_module_names}
    assert shadows == {}


def test_the_check_sees_a_shadowing_module(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "numbers.py").write_text("")
    (tmp_path / "pkg" / "tallies.py").write_text("")
    found = set(module_names(tmp_path / "pkg"))
    assert found == {"numbers", "tallies"}
    assert found & sys.stdlib_module_names == {"numbers"}


def test_the_standard_library_imports_from_inside_the_package() -> None:
    # the symptom itself: the package's folder first on sys.path, as for a script run there
    done = subprocess.run([sys.executable, "-c", "import numbers, fractions; "
                           "print(numbers.__file__)"], cwd=SRC, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert not done.stdout.strip().startswith(str(SRC))
