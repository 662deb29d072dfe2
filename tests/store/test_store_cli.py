"""``gofish list``, ``stats``, ``export ID`` and ``import FILE``."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap

import pytest
from store_helpers import SEATS, play

from gofish import cli
from gofish.commands import store as commands
from gofish.seats import COMPUTER, SeatSpec
from gofish.store import SavedGame, Store


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """The store commands through a parser shaped like gofish's (--data-dir is global)."""
    parser = argparse.ArgumentParser(prog="gofish")
    parser.add_argument("--data-dir")
    commands.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code = args.func(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_commands_are_part_of_gofish():
    assert "gofish.commands.store" in cli.COMMAND_MODULES


def test_list_prints_a_table_newest_first(capsys, store):
    old, _ = play(store, seed=1)
    new, _ = play(store, steps=4, seed=2)
    code, out, err = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split() == ["ID", "DATE", "PLAYERS", "RULES", "STATUS", "WINNER"]
    assert lines[1].startswith(new.id) and "in progress" in lines[1]
    assert lines[2].startswith(old.id) and "finished" in lines[2]
    assert "Ann, Bob, Zoë" in lines[1] and "standard" in lines[2]
    assert lines[2].rstrip().endswith(", ".join(old.summary.winners))


def test_list_uses_the_environment_data_dir_by_default(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("GOFISH_DATA_DIR", str(tmp_path / "env"))
    record, _ = play(Store(), seed=1)
    code, out, _ = run(capsys, "list")
    assert code == 0 and record.id in out


def test_list_shows_unreadable_files_with_their_reason(capsys, store):
    store.root.mkdir(parents=True)
    store.path("20260101-000000-dead").write_text("")
    code, out, _ = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0
    assert "damaged" in out and "20260101-000000-dead: empty file" in out


def test_list_of_nothing(capsys, tmp_path):
    code, out, _ = run(capsys, "--data-dir", str(tmp_path / "none"), "list")
    assert code == 0 and out.startswith("No saved games in ")


def test_stats_table(capsys, store):
    seats = (SeatSpec("Ann"), SeatSpec("Robo", COMPUTER, "hard"))
    records = [play(store, seats=seats, seed=s)[0] for s in range(3)]
    play(store, seats=seats, seed=9, steps=3)  # in progress: not counted
    code, out, _ = run(capsys, "--data-dir", str(store.root), "stats")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "3 finished games."
    wins = sum("Ann" in r.summary.winners for r in records)
    books = sum(r.summary.seats[0].books for r in records) / 3
    [ann] = [line for line in lines if line.startswith("Ann ")]
    assert ann.split() == ["Ann", "3", str(wins), f"{wins / 3:.0%}", f"{books:.1f}"]
    assert any(line.split()[:2] == ["hard", "3"] for line in lines)


def test_export_prints_the_checked_save(capsys, store):
    record, _ = play(store, steps=6)
    code, out, _ = run(capsys, "--data-dir", str(store.root), "export", record.id)
    assert code == 0
    assert out.encode() == store.path(record.id).read_bytes()
    assert SavedGame.from_json(json.loads(out)) == record


def test_export_of_a_missing_or_damaged_game(capsys, store):
    code, _, err = run(capsys, "--data-dir", str(store.root), "export", "20260101-000000-0000")
    assert code == 1 and "no saved game 20260101-000000-0000" in err
    store.root.mkdir(parents=True)
    store.path("20260101-000000-0000").write_text("{}")
    code, out, err = run(capsys, "--data-dir", str(store.root), "export", "20260101-000000-0000")
    assert code == 1 and out == "" and "missing field: schema" in err


def test_a_french_error_keeps_its_no_break_spaces(capsys, store):
    """'impossible d'exporter X\u00a0: ...' printed a U+FFFD where the space was."""
    from gofish.i18n import set_language

    set_language("fr")
    try:
        code, _, err = run(capsys, "--data-dir", str(store.root), "export", "20260101-000000-0000")
    finally:
        set_language("en")
    assert code == 1 and "20260101-000000-0000\u00a0: " in err and "\ufffd" not in err


def test_import_round_trip_between_two_data_folders(capsys, store, tmp_path):
    record, _ = play(store, seed=3)
    export = tmp_path / "game.json"
    run(capsys, "--data-dir", str(store.root), "export", record.id)
    export.write_bytes(store.path(record.id).read_bytes())
    other = tmp_path / "other"
    code, out, _ = run(capsys, "--data-dir", str(other), "import", str(export))
    assert code == 0 and out.strip() == f"Imported {record.id}."
    assert Store(other).load(record.id) == record
    code, _, err = run(capsys, "--data-dir", str(other), "import", str(export))
    assert code == 1 and "already saved" in err
    assert Store(other).load(record.id) == record


@pytest.mark.parametrize("content, reason", [
    (b"", "empty file"),
    (b"{", "truncated JSON at byte 1"),
])
def test_import_checks_like_a_load_and_leaves_the_file_alone(capsys, tmp_path, content, reason):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    code, out, err = run(capsys, "--data-dir", str(tmp_path / "d"), "import", str(bad))
    assert code == 1 and out == "" and reason in err
    assert bad.read_bytes() == content  # not ours: never moved


def test_import_of_an_illegal_game(capsys, tmp_path):
    record, _ = play(steps=10)
    doc = record.to_json()
    doc["actions"][4] = {"type": "draw"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    code, _, err = run(capsys, "--data-dir", str(tmp_path / "d"), "import", str(bad))
    assert code == 1 and "action 5 is not legal" in err
    assert not (tmp_path / "d").exists() or Store(tmp_path / "d").list() == []


def test_nothing_from_a_file_reaches_the_terminal_as_control_codes(capsys, store):
    store.root.mkdir(parents=True)
    doc = play(steps=2)[0].to_json()
    doc["\x1b[2J\x1b]0;owned\x07"] = 1
    store.path("20260101-000000-0bad").write_text(json.dumps(doc))
    for command in (["list"], ["export", "20260101-000000-0bad"], ["stats"]):
        _, out, err = run(capsys, "--data-dir", str(store.root), *command)
        assert "\x1b" not in out + err and "\x07" not in out + err


def test_gofish_list_as_a_command(tmp_path):
    """The real entry point, in a fresh interpreter (the CLI is gofish.cli:main)."""
    record, _ = play(Store(tmp_path / "d"), seats=SEATS, seed=1)
    code = textwrap.dedent("""
        import sys
        from gofish.cli import main
        sys.exit(main(sys.argv[1:]))
    """)
    done = subprocess.run([sys.executable, "-c", code, "--data-dir", str(tmp_path / "d"),
                           "list"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert record.id in done.stdout


def test_stats_name_long_names_and_every_level_in_full(capsys, store):
    long = "Bartholomew Fairweat"  # the longest name a seat may have
    seats = (SeatSpec(long), SeatSpec("Ann"), SeatSpec("Carol", COMPUTER, "easy"),
             SeatSpec("Dave", COMPUTER, "expert"))
    for seed in range(2):
        play(store, seats=seats, seed=seed)
    code, out, _ = run(capsys, "--data-dir", str(store.root), "stats")
    assert code == 0
    firsts = [line.split("  ")[0].strip() for line in out.splitlines()]
    assert long in firsts and "Ann" in firsts
    assert "easy" in firsts and "expert" in firsts


def test_stats_levels_in_the_readers_language(capsys, store):
    from gofish.i18n import set_language

    play(store, seats=(SeatSpec("Ann"), SeatSpec("Carol", COMPUTER, "expert")), seed=1)
    set_language("ru")
    try:
        code, out, _ = run(capsys, "--data-dir", str(store.root), "stats")
    finally:
        set_language("en")
    assert code == 0
    assert "эксперт" in out.lower() and "expert" not in out
