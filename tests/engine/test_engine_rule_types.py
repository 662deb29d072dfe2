"""The rule options are Literal types, so a misspelt value is a type error (mypy's
strict_equality, on in pyproject.toml), not a comparison that is quietly never true."""

from __future__ import annotations

from pathlib import Path

import pytest
from mypy import api

ROOT = Path(__file__).resolve().parents[2]

CODE = """\
from gofish.engine import Rules


def card_asks(rules: Rules) -> bool:
    return rules.ask_for == "{value}"
"""


def check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str) -> tuple[str, int]:
    monkeypatch.setenv("MYPYPATH", str(ROOT / "src"))
    module = tmp_path / "snippet.py"
    module.write_text(CODE.format(value=value))
    out, err, status = api.run([
        "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(tmp_path / "cache"),
        "--no-error-summary", str(module)])
    return out + err, status


def test_a_misspelt_option_value_fails_type_checking(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    out, status = check(tmp_path, monkeypatch, "crad")
    assert status == 1
    assert "Non-overlapping equality check" in out and "crad" in out, out


def test_the_right_value_passes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out, status = check(tmp_path, monkeypatch, "card")
    assert status == 0, out


def test_book_values_decide_the_score() -> None:
    from gofish.engine import RANK_VALUES, Rules

    assert Rules().book_values == (1,) * 13
    assert Rules(scoring="card-value").book_values == RANK_VALUES
    assert Rules(scoring="card-value").points([0, 12]) == 2 + 15
    assert Rules().points([0, 12, 12]) == 3
    assert Rules(scoring="card-value", pairs=True).deal_points == 2 * sum(RANK_VALUES)
