"""Atomic saves: a crash at any moment leaves the old file or the new one, never a torn one."""

from __future__ import annotations

import os
import stat

import pytest
from store_helpers import play

from gofish.store import Store, StoreError
from gofish.store import atomic as atomic_module


def test_crash_between_writing_and_replacing_keeps_the_old_save(store, monkeypatch):
    record, game = play(store, steps=5)
    before = store.path(record.id).read_bytes()
    game.apply(game.legal_actions()[0])
    newer = record.updated_with(game)

    def crash(src, dst):
        raise OSError(5, "Input/output error")  # the power goes between write and rename

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(StoreError, match="could not save the game .*Input/output error"):
        store.save(newer)
    monkeypatch.undo()
    assert store.path(record.id).read_bytes() == before
    assert store.load(record.id) == record
    assert sorted(os.listdir(store.root)) == [f"{record.id}.json", "locks"]  # no temp file
    store.save(newer)  # and the next save goes through
    assert store.load(record.id) == newer


def test_a_killed_writer_leaves_a_temp_file_that_is_ignored_then_cleaned(store):
    record, _ = play(store, steps=2)
    leftover = store.root / f".{record.id}.json.abc123.tmp"
    leftover.write_bytes(b'{"half a')
    assert [e.id for e in store.list()] == [record.id]
    with store.lock(record.id):
        assert not leftover.exists()  # the lock holder is the only writer: safe to clean
    assert store.load(record.id) == record


def test_save_fsyncs_the_file_and_the_folder(store, monkeypatch):
    record, _ = play(steps=1)
    synced = []
    real = os.fsync

    def fsync(fd):
        synced.append(stat.S_IFMT(os.fstat(fd).st_mode))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    order = []
    real_replace = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (order.append(len(synced)),
                                                     real_replace(a, b)))
    store.save(record)
    assert synced == [stat.S_IFREG, stat.S_IFDIR]
    assert order == [1]  # the file is on disk before the rename, the folder after it


def test_files_are_0600_and_the_folder_0700(tmp_path):
    old = os.umask(0o022)
    try:
        store = Store(tmp_path / "a" / "data")
        record, _ = play(store, steps=1)
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(store.root).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(store.path(record.id)).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(store.root / "locks").st_mode) == 0o700


def test_write_atomic_leaves_no_temp_file_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "x.json"
    target.write_bytes(b"old")
    monkeypatch.setattr(os, "fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "No space")))
    with pytest.raises(OSError):
        atomic_module.write_atomic(target, b"new")
    assert target.read_bytes() == b"old" and os.listdir(tmp_path) == ["x.json"]


def test_every_autosave_loads_back_as_saved(store):
    import random

    record = store.new_game(play()[0].rules, play()[0].seats, 5)
    game = record.to_game()
    rng = random.Random(5)
    with store.lock(record.id):
        store.save(record)
        for _ in range(15):
            game.apply(rng.choice(game.legal_actions()))
            record = record.updated_with(game, clock=store.clock)
            store.save(record)
            loaded, replayed = store.load_game(record.id)
            assert loaded == record and replayed.snapshot() == game.snapshot()
