"""The engine, the wire format, the computer players and the store never pull in textual or rich.

Each is imported in a fresh interpreter, whose ``sys.modules`` is then read: importing them in
this process would prove nothing, since the test run itself may have loaded textual already.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

PURE = ["gofish.engine", "gofish.protocol", "gofish.ai", "gofish.store", "gofish.coach"]
FORBIDDEN = ("textual", "rich")

PROBE = """
import json, sys
for name in sys.argv[1:]:
    __import__(name)
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {forbidden!r})))
"""


def loaded_by(*modules: str) -> list[str]:
    """The forbidden modules that importing ``modules`` loads in a fresh interpreter."""
    code = PROBE.format(forbidden=set(FORBIDDEN))
    done = subprocess.run(
        [sys.executable, "-c", code, *modules], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("module", PURE)
def test_pure_module_imports_no_ui(module: str) -> None:
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} does not exist yet")
    assert loaded_by(module) == []


def test_all_pure_modules_together_import_no_ui() -> None:
    present = [m for m in PURE if importlib.util.find_spec(m) is not None]
    assert "gofish.engine" in present
    assert loaded_by(*present) == []


def test_the_probe_sees_textual() -> None:
    # the check above can fail: importing textual itself is seen
    assert "textual" in loaded_by("textual")


def test_the_line_mode_imports_no_ui() -> None:
    # gofish --plain runs where no screen can be drawn: it must not need textual or rich
    assert loaded_by("gofish.plain.start", "gofish.front.hints") == []
