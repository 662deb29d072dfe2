"""Stray things in the data folder: a file named ``damaged``, temporary files a killed writer
left, a folder that cannot be used. None of them empties the history or hides why."""

from __future__ import annotations

import argparse
import os
import time

from store_helpers import play

from gofish.commands import store as commands
from gofish.store import GameInfo, Store, Unreadable
from gofish.store.repo import STALE_TEMP_SECONDS


def run(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="gofish")
    parser.add_argument("--data-dir")
    commands.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code = args.func(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_file_named_damaged_does_not_empty_the_history(store, capsys):
    finished, _ = play(store, seed=1)
    unfinished, _ = play(store, steps=4, seed=2)
    (store.root / "damaged").write_text("not a folder\n")
    bad = store.path("20260101-000000-dead")
    bad.write_text("{")
    bad.chmod(0o600)
    entries = store.list()
    assert [e.id for e in entries if isinstance(e, GameInfo)] == [unfinished.id, finished.id]
    [broken] = [e for e in entries if isinstance(e, Unreadable)]
    assert broken.id == "20260101-000000-dead" and not broken.damaged  # nowhere to move it
    assert bad.read_text() == "{"  # left where it was, untouched
    assert store.latest_unfinished().id == unfinished.id
    code, out, err = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and err == "" and unfinished.id in out and finished.id in out
    code, out, err = run(capsys, "--data-dir", str(store.root), "stats")
    assert code == 0 and err == "" and out.startswith("1 finished game.")
    assert (store.root / "damaged").read_text() == "not a folder\n"


def aged(path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_temporary_files_of_a_killed_first_save_are_cleaned_when_stale(store):
    record, _ = play(store, steps=2, seed=3)
    lost = "20260102-030405-beef"  # a new game killed during its first save: no .json at all
    old = store.root / f".{lost}.json.k1ll3d.tmp"
    fresh = store.root / f".{lost}.json.wr1t1ng.tmp"  # a save under way, perhaps
    index_old = store.root / ".index.0ld.tmp"
    held = store.root / f".{record.id}.json.sl0w.tmp"
    stranger = store.root / ".notes.tmp"  # not ours by name: gofish only removes its own kinds
    for path in (old, fresh, index_old, held, stranger):
        path.write_bytes(b"{partial")
    for path in (old, index_old, held, stranger):
        aged(path, STALE_TEMP_SECONDS + 60)
    aged(fresh, STALE_TEMP_SECONDS - 60)
    other = Store(store.root)  # another process's view: the game is held by ``store``
    with store.lock(record.id):
        held.write_bytes(b"{partial")  # lock() cleaned its own; a slow writer made another
        aged(held, STALE_TEMP_SECONDS + 60)
        assert [e.id for e in other.list()] == [record.id]
        assert not old.exists() and not index_old.exists()
        assert fresh.exists() and held.exists()
    other.list()
    assert not held.exists()  # nobody holds it now
    assert fresh.exists()
    assert stranger.exists()
