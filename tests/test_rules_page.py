"""Where the rules are written down: docs/rules.md, shipped in the package so that an installed
gofish (no clone beside it) prints it with ``gofish rules``, and named by the help screen and
``gofish --help``."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.rules_page import rules_page

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "rules.md"


def test_the_package_carries_the_rules_page_as_written_in_docs() -> None:
    copy = ROOT / "src" / "gofish" / "rules.md"
    assert copy.read_text(encoding="utf-8") == DOC.read_text(encoding="utf-8"), (
        "docs/rules.md changed: copy it over src/gofish/rules.md (the installed package's copy)")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "rules.md" in config["tool"]["setuptools"]["package-data"]["gofish"]


def test_gofish_rules_prints_the_page_and_where_it_is(capsys) -> None:
    assert main(["rules"]) == 0
    assert capsys.readouterr().out == DOC.read_text(encoding="utf-8")
    assert main(["rules", "--path"]) == 0
    path = Path(capsys.readouterr().out.strip())
    assert path == rules_page() and path.read_text(encoding="utf-8") == DOC.read_text("utf-8")


def test_an_unreadable_page_is_said_so(capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.setattr("gofish.commands.rules.rules_page", lambda: tmp_path / "rules.md")
    assert main(["rules"]) == 1
    err = capsys.readouterr().err
    assert "cannot read the rules page" in err and str(tmp_path / "rules.md") in err


def test_gofish_help_says_where_the_rules_are(capsys, monkeypatch) -> None:
    monkeypatch.setattr("gofish.command_name.command_name", lambda *a: "gofish")
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = " ".join(capsys.readouterr().out.split())  # as wrapped
    assert f"gofish rules prints them ({rules_page()})" in out

