"""The README's install lines, .ci/run and pyproject.toml agree: CI runs the README's test
command word for word, and the name the README tells users to install is the distribution's."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def commands(section: str) -> list[str]:
    """The lines of the sh blocks under the README's heading ``section``."""
    body = README.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return [line for block in re.findall(r"```sh\n(.*?)```", body, re.DOTALL)
            for line in block.splitlines() if line.strip()]


def test_ci_runs_the_readme_s_test_command_word_for_word() -> None:
    test = commands("Test it")[0]
    assert test.startswith("python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]'")
    assert test.endswith("&& .venv/bin/python -m pytest -q")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test in ci


def test_the_readme_installs_the_distribution_by_its_name() -> None:
    play, by_name = commands("Play it")
    assert play == "python3 -m venv .venv && .venv/bin/pip install -q -e . && .venv/bin/gofish"
    name = PROJECT["name"]
    assert name != "gofish"  # taken on the package index by another program
    assert f"pipx install {name}" in by_name and f"uv tool install {name}" in by_name
    assert PROJECT["scripts"] == {"gofish": "gofish.cli:main"}


def test_the_readme_names_the_pythons_the_classifiers_name() -> None:
    versions = [c.rsplit(" ", 1)[1] for c in PROJECT["classifiers"]
                if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    said = ", ".join(versions[:-1]) + f" or {versions[-1]}"
    assert f"Python {said}" in README
    assert PROJECT["requires-python"] == f">={versions[0]}"
