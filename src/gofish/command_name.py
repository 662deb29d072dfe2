"""How to run gofish again, written as the user can type it where they are.

A hint such as "Resume it with: gofish resume ID" is useless when ``gofish`` is not on PATH (a
venv that was not activated): there the hint names the entry point by its full path, or the
interpreter with ``-m gofish``.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def command_name(argv0: str | None = None, path: str | None = None) -> str:
    """The shortest command that runs this gofish from the user's shell.

    ``argv0`` and ``path`` default to ``sys.argv[0]`` and ``$PATH`` (tests pass their own)."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    on_path = shutil.which("gofish", path=path)
    script = Path(argv0)
    if script.name in ("__main__.py", "-m", "-c", "") or not script.name.startswith("gofish"):
        # python -m gofish (or embedded): the interpreter is what the user ran
        return f"{shlex.quote(sys.executable)} -m gofish"
    if on_path and (os.sep not in argv0 or _same_file(on_path, argv0)):
        return "gofish"
    return shlex.quote(str(script.absolute()))
