"""``gofish import``: a missing file is named as such, and ``-`` reads standard input."""

from __future__ import annotations

import io
import json
import subprocess
import sys

from store_helpers import play
from test_store_cli import run

from gofish.store import MAX_BYTES, Store


def test_a_missing_file_is_said_to_be_missing(capsys, tmp_path):
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "d"), "import",
                         str(tmp_path / "foo.json"))
    assert code == 1 and out == ""
    assert "there is no file" in err and "foo.json" in err
    assert "no saved game" not in err


def test_dash_reads_the_save_from_standard_input(capsys, monkeypatch, tmp_path):
    record, _ = play(seed=5)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(record.to_bytes())))
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "d"), "import", "-")
    assert code == 0 and out.strip() == f"Imported {record.id}." and err == ""
    assert Store(tmp_path / "d").load(record.id) == record


def test_dash_checks_like_a_file(capsys, monkeypatch, tmp_path):
    record, _ = play(steps=10)
    doc = record.to_json()
    doc["actions"][4] = {"type": "draw"}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(doc).encode())))
    code, _, err = run(capsys, "--data-dir", str(tmp_path / "d"), "import", "-")
    assert code == 1 and "action 5 is not legal" in err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b" " * (MAX_BYTES + 10))))
    code, _, err = run(capsys, "--data-dir", str(tmp_path / "d"), "import", "-")
    assert code == 1 and "too large" in err
    assert not (tmp_path / "d").exists() or Store(tmp_path / "d").list() == []


def test_export_piped_into_import_between_two_folders(tmp_path):
    from gofish.store import Store as S

    store = S(tmp_path / "a")
    record, _ = play(store, seed=8)
    gofish = [sys.executable, "-m", "gofish", "--lang", "en"]
    exported = subprocess.run([*gofish, "--data-dir", str(tmp_path / "a"), "export", record.id],
                              capture_output=True, check=True, timeout=60).stdout
    done = subprocess.run([*gofish, "--data-dir", str(tmp_path / "b"), "import", "-"],
                          input=exported, capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert Store(tmp_path / "b").load(record.id) == record
