"""Small values of the store: times kept in UTC, summaries as values, the index's fast path."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta, timezone

import pytest
from store_helpers import play

from gofish.store import GameInfo, LoadError, SavedGame, Store, Summary
from gofish.store import repo as store_repo
from gofish.store.saves import as_utc


def test_times_are_kept_in_utc_to_the_millisecond():
    paris = timezone(timedelta(hours=1))
    assert as_utc(datetime(2026, 1, 1, 12, 0, 0, 123456, tzinfo=paris)) == \
        datetime(2026, 1, 1, 11, 0, 0, 123000, tzinfo=UTC)
    naive = as_utc(datetime(2026, 1, 1, 12, 0, 0, 999999))  # a naive time is taken as UTC
    assert naive == datetime(2026, 1, 1, 12, 0, 0, 999000, tzinfo=UTC)
    assert naive.tzinfo is UTC


def test_a_summary_is_a_value():
    record, _game = play(steps=5)
    summary = record.summary
    assert isinstance(summary, Summary)
    with pytest.raises(dataclasses.FrozenInstanceError):
        summary.turn = "x"  # type: ignore[misc]
    assert hash(summary) == hash(dataclasses.replace(summary))


@pytest.mark.parametrize("data, kind", [(b"null", "constant"), (b"true", "constant"),
                                        (b"3", "number"), (b'"x"', "string"), (b"[]", "list")])
def test_a_json_value_that_is_not_an_object_is_named(data, kind):
    with pytest.raises(LoadError, match=rf"^not a saved game \(a JSON {kind}, not an object\)$"):
        SavedGame.from_bytes(data)


def test_a_second_listing_comes_from_the_index_without_reading_the_files(tmp_path, monkeypatch):
    store = Store(tmp_path / "data")
    records = [play(store, steps=n, seed=n)[0] for n in (2, 4, 6)]
    first = store.list()
    assert sorted(e.id for e in first) == sorted(r.id for r in records)

    def no_reading(path):
        raise AssertionError(f"read {path} although the index had it")

    monkeypatch.setattr(store_repo, "_read_header", no_reading)
    monkeypatch.setattr(store_repo, "read_checked", no_reading)
    again = Store(tmp_path / "data").list()  # a new Store: nothing remembered but the index
    assert again == first
    assert all(isinstance(e, GameInfo) for e in again)


def test_a_file_of_exactly_the_limit_is_read(tmp_path):
    from gofish.store import MAX_BYTES

    store = Store(tmp_path / "data")
    store.root.mkdir(parents=True)
    path = store.path("20260101-000000-abcd")
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES)  # sparse
    with pytest.raises(LoadError) as caught:
        store.load("20260101-000000-abcd")
    assert not caught.value.reason.startswith("too large"), caught.value.reason


@pytest.mark.parametrize("name", ["../games/x", "a/b", ".index", ".hidden"])
def test_deleting_a_damaged_file_takes_only_a_game_id(tmp_path, name):
    from gofish.store import GameNotFound

    store = Store(tmp_path / "data")
    store.damaged_dir.mkdir(parents=True)
    with pytest.raises(GameNotFound, match="is not a game id"):
        store.delete(name, damaged=True)


def test_the_time_of_a_file_that_is_gone_is_the_epoch(tmp_path):
    assert store_repo._mtime(tmp_path / "gone.json") == datetime.fromtimestamp(0, UTC)


def test_a_failed_save_names_the_system_error_plainly(tmp_path, monkeypatch):
    import errno

    store = Store(tmp_path / "data")
    record, _game = play(steps=3)

    def refuse(path, data):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))

    monkeypatch.setattr(store_repo, "write_atomic", refuse)
    from gofish.store import StoreError

    with pytest.raises(StoreError) as caught:
        store.save(record)
    assert str(caught.value.reason) == f"could not save the game {record.id}: Permission denied"
