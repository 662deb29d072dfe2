"""The command a hint prints runs gofish from where the user is."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from gofish.command_name import command_name


def fake_gofish(folder: Path) -> Path:
    script = folder / "gofish"
    script.write_text("#!/bin/sh\nexit 0\n")
    script.chmod(0o755)
    return script


def test_gofish_on_path_is_named_by_its_name(tmp_path: Path) -> None:
    script = fake_gofish(tmp_path)
    assert command_name("gofish", path=str(tmp_path)) == "gofish"
    assert command_name(str(script), path=str(tmp_path)) == "gofish"


def test_a_venv_entry_point_off_path_is_named_by_its_full_path(tmp_path: Path) -> None:
    venv_bin = tmp_path / "project" / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    script = fake_gofish(venv_bin)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert command_name(str(script), path=str(elsewhere)) == str(script)
    # a relative .venv/bin/gofish is made absolute, so it works from any folder
    cwd = os.getcwd()
    os.chdir(tmp_path / "project")
    try:
        assert command_name(".venv/bin/gofish", path=str(elsewhere)) == str(script)
    finally:
        os.chdir(cwd)


def test_another_gofish_on_path_does_not_hide_the_one_that_ran(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    fake_gofish(tmp_path / "a")
    mine = fake_gofish(tmp_path / "b")
    assert command_name(str(mine), path=str(tmp_path / "a")) == str(mine)


def test_a_path_with_spaces_is_quoted(tmp_path: Path) -> None:
    folder = tmp_path / "my games" / "bin"
    folder.mkdir(parents=True)
    script = fake_gofish(folder)
    named = command_name(str(script), path="")
    assert shlex.split(named) == [str(script)]


def test_python_dash_m_hint_runs_as_printed() -> None:
    named = command_name("-m", path="")
    assert named.endswith(" -m gofish")
    done = subprocess.run(f"{named} --help", shell=True, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert "usage" in done.stdout.lower()


def test_the_installed_entry_point_hint_runs_as_printed() -> None:
    entry = Path(sys.executable).parent / "gofish"
    if not entry.exists():
        pytest.skip("gofish is not installed as an entry point here")
    named = command_name(str(entry), path="/nonexistent")
    assert named == shlex.quote(str(entry))
    done = subprocess.run(f"{named} --help", shell=True, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
