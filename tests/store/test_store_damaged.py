"""Bad files and bad luck: every failure has a one-line reason and loses nothing."""

from __future__ import annotations

import copy
import errno
import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import play

from gofish.store import (
    MAX_BYTES,
    GameInfo,
    GameNotFound,
    LoadError,
    NewerSchema,
    SavedGame,
    Store,
    StoreError,
    Unreadable,
)

RECORD, _GAME = play(steps=40, seed=11)
GOOD = RECORD.to_bytes()
DOC = RECORD.to_json()


def put(store: Store, data: bytes | str, game_id: str = RECORD.id) -> Path:
    store.root.mkdir(parents=True, exist_ok=True)
    path = store.path(game_id)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def load_reason(store: Store, data: bytes | str, game_id: str = RECORD.id) -> str:
    """Load a file holding ``data``; check it was moved aside intact with its reason."""
    put(store, data, game_id)
    raw = data.encode() if isinstance(data, str) else data
    with pytest.raises(LoadError) as caught:
        store.load(game_id)
    reason = caught.value.reason
    assert "\n" not in reason and reason
    assert not store.path(game_id).exists()
    moved = store.damaged_dir / f"{game_id}.json"
    assert moved.read_bytes() == raw
    assert (store.damaged_dir / f"{game_id}.json.reason.txt").read_text().strip() == reason
    return reason


# ---------------------------------------------------------------------- truncation


def test_every_truncation_is_reported_as_truncated_with_its_length():
    for n in range(1, len(GOOD) - 1):  # GOOD[:-1] only lacks the final newline: still whole
        with pytest.raises(LoadError) as caught:
            SavedGame.from_bytes(GOOD[:n])
        expected = "empty file" if not GOOD[:n].strip() else f"truncated JSON at byte {n}"
        assert caught.value.reason == expected, n


def test_truncation_inside_a_multibyte_character():
    n = GOOD.index("Zoë".encode()) + 3  # between the two bytes of ë
    with pytest.raises(LoadError, match=f"^truncated JSON at byte {n}$"):
        SavedGame.from_bytes(GOOD[:n])


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=1, max_value=len(GOOD) - 2))
def test_truncated_file_is_moved_aside_and_listed(tmp_path_factory, cut):
    store = Store(tmp_path_factory.mktemp("data"))
    reason = load_reason(store, GOOD[:cut])
    assert reason == f"truncated JSON at byte {cut}"
    [entry] = store.list()
    assert isinstance(entry, Unreadable) and entry.damaged and entry.reason == reason


# ---------------------------------------------------------------------- wrong content


@pytest.mark.parametrize("data, reason", [
    (b"", "empty file"),
    (b"  \n", "empty file"),
    (b"hello", "not JSON: Expecting value at byte 0"),
    (b"\xff\xfe{}", "not UTF-8 text (byte 0)"),
    (b"[1, 2]", "not a saved game (a JSON list, not an object)"),
    (b'"text"', "not a saved game (a JSON string, not an object)"),
    (b"{}", "missing field: schema"),
    (b'{"schema": 1}', "missing field: id"),
    (b'{"schema": "1"}', "schema: expected a whole number"),
    (b'{"schema": 1.0}', "schema: expected a whole number"),
    (b'{"schema": NaN}', "not JSON: NaN is not a number"),
    (b"[" * 100_000, "not JSON: nested too deeply"),
    (b'{"a": 1} {"b": 2}', "not JSON: Extra data at byte 9"),
])
def test_non_json_and_foreign_files(store, data, reason):
    assert load_reason(store, data) == reason


def edited(path: tuple, value=None, *, delete: bool = False) -> bytes:
    doc = copy.deepcopy(DOC)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return json.dumps(doc).encode()


@pytest.mark.parametrize("path, value, reason", [
    (("seed",), "7", "seed: expected a whole number"),
    (("seed",), True, "seed: expected a whole number"),
    (("id",), 5, "id: expected text"),
    (("id",), "../etc/passwd", "id: '../etc/passwd' is not a valid game id"),
    (("created",), "yesterday", "created: expected a UTC time in ISO 8601"),
    (("updated",), "2026-11-29T19:05:12", "updated: expected a UTC time in ISO 8601"),
    (("status",), "won", "status: expected one of in-progress, finished"),
    (("actions",), {}, "actions: expected a list"),
    (("actions", 2), {"type": "ask", "target": 1}, "action 3 is malformed (missing field in ask: rank)"),
    (("actions", 0), "ask", "action 1 is malformed (an action must be an object, got str)"),
    (("seats",), [], "seats: a game needs 2 to 6 seats"),
    (("seats", 1, "kind"), "robot", "seat 2: unknown seat kind 'robot'"),
    (("seats", 0, "name"), "\x1b[31mred", "seat 1: a name cannot hold control characters"),
    (("rules", "end"), "never", "rules: end: expected one of all-books, first-out, got 'never'"),
    (("summary", "seats", 0, "score"), "3", "summary.seats[0].score: expected a whole number"),
    (("summary", "actions"), -1, "summary.actions: -1 is out of range"),
    (("summary", "turn"), 3, "summary.turn: expected text"),
    (("snapshot",), [], "snapshot: expected an object"),
    (("schema",), 3, None),
])
def test_wrong_types(store, path, value, reason):
    if reason is None:
        return  # the newer schema has its own test
    assert load_reason(store, edited(path, value)) == reason


@pytest.mark.parametrize("field", ["schema", "id", "created", "updated", "status", "summary",
                                   "rules", "seats", "seed", "actions", "snapshot"])
def test_missing_fields(store, field):
    assert load_reason(store, edited((field,), delete=True)) == f"missing field: {field}"


@pytest.mark.parametrize("path, reason", [
    (("extra",), "unknown field: extra"),
    (("summary", "extra"), "unknown field: summary.extra"),
    (("summary", "seats", 1, "extra"), "unknown field: summary.seats[1].extra"),
    (("seats", 0, "extra"), "unknown field: seats[0].extra"),
    (("rules", "extra"), "rules: extra: unknown rule option"),
    (("actions", 0, "extra"), "action 1 is malformed (unknown field in ask: extra)"),
    (("snapshot", "extra"), "the replay does not match the saved snapshot (extra differs)"),
])
def test_extra_fields(store, path, reason):
    assert load_reason(store, edited(path, 1)) == reason


def leaves(value, path=()):
    """Every (path, value) of a JSON document, objects and lists included."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from leaves(v, (*path, i))


LEAVES = [p for p, _ in leaves(DOC) if p]
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                                 max_size=3),
    max_leaves=6,
)


def json_type(value) -> str:
    return "int" if type(value) is int else type(value).__name__


@settings(max_examples=300, deadline=None)
@given(where=st.sampled_from(LEAVES), value=JSON_VALUES)
def test_any_changed_value_is_refused_or_means_the_same_game(where, value):
    """Change one value anywhere: a LoadError (never another exception), or exactly the
    same game (a rank given as its number, say); and a change of JSON type never passes
    unless it means the same."""
    data = edited(where, value)
    try:
        again = SavedGame.from_bytes(data)
        again.to_game()
    except LoadError as e:
        assert e.reason and "\n" not in e.reason
        return
    assert again == RECORD, (where, value)


@settings(max_examples=100, deadline=None)
@given(where=st.sampled_from([p for p, v in leaves(DOC) if isinstance(v, (dict, list))]),
       key=st.text(min_size=1, max_size=6))
def test_any_removed_or_added_field_is_refused_or_means_the_same_game(where, key):
    doc = copy.deepcopy(DOC)
    target = doc
    for k in where:
        target = target[k]
    if isinstance(target, dict):
        if key in target:
            return
        target[key] = 0
    elif target:
        target.pop()
    try:
        SavedGame.from_json(doc).to_game()
    except LoadError as e:
        assert e.reason and "\n" not in e.reason
        return
    assert SavedGame.from_json(doc) == RECORD


def test_illegal_action_is_reported_and_moved_aside(store):
    doc = copy.deepcopy(DOC)
    doc["actions"][20] = {"type": "next-deal"}
    reason = load_reason(store, json.dumps(doc))
    assert reason == "action 21 is not legal (the deal is not over)"


def test_id_must_match_the_file_name(store):
    record, _ = play(steps=2, seed=3)
    put(store, record.to_bytes(), "20260101-000000-beef")
    with pytest.raises(LoadError, match=r"the id inside \(.*\) does not match the file name"):
        store.load("20260101-000000-beef")


def test_reasons_quoting_a_file_are_plain_text(store):
    reason = load_reason(store, edited(("summary", "\x1b]0;pwned\x07\x1b[2J"), 1))
    assert "\x1b" not in reason and "\x07" not in reason
    assert reason.startswith("unknown field: summary.\ufffd]0;pwned")


# ---------------------------------------------------------------------- newer schema


def test_newer_schema_is_left_where_it_is_untouched(store):
    data = edited(("schema",), 3)
    path = put(store, data)
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    with pytest.raises(NewerSchema) as caught:
        store.load(RECORD.id)
    assert caught.value.reason == "made by a newer gofish (schema 3)" and caught.value.schema == 3
    [entry] = store.list()
    assert isinstance(entry, Unreadable) and not entry.damaged
    assert entry.reason == "made by a newer gofish (schema 3)"
    assert path.read_bytes() == data and path.stat().st_mtime_ns == 1_000_000_000
    assert not store.damaged_dir.exists()


# ---------------------------------------------------------------------- not even a file


def test_a_directory_where_a_file_should_be(store):
    path = store.path(RECORD.id)
    (path / "inside").mkdir(parents=True)
    with pytest.raises(LoadError, match="^a folder where a save file should be$"):
        store.load(RECORD.id)
    assert (store.damaged_dir / f"{RECORD.id}.json" / "inside").is_dir()
    # and saving over it: refused, the folder kept
    (path / "inside").mkdir(parents=True)
    with pytest.raises(StoreError, match="could not save the game"):
        store.save(RECORD)
    assert (path / "inside").is_dir()


def test_a_symlink_is_not_followed(store, tmp_path):
    secret = tmp_path / "secret.json"
    secret.write_bytes(GOOD)
    store.root.mkdir(parents=True)
    store.path(RECORD.id).symlink_to(secret)
    with pytest.raises(LoadError, match="symbolic link"):
        store.load(RECORD.id)
    assert secret.read_bytes() == GOOD


def test_a_fifo_does_not_hang_the_listing(store):
    store.root.mkdir(parents=True)
    os.mkfifo(store.path(RECORD.id))
    [entry] = store.list()
    assert isinstance(entry, Unreadable) and entry.reason == "not a regular file"


def test_too_large_is_refused_without_reading_it(store, monkeypatch):
    path = put(store, GOOD)
    with open(path, "r+b") as f:
        f.truncate(MAX_BYTES + 1)  # sparse: nothing is written
    read = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    with pytest.raises(LoadError, match=r"^too large \(5242881 bytes; the limit is 5 MB\)$"):
        store.load(RECORD.id)
    assert sum(read) == 0
    assert (store.damaged_dir / f"{RECORD.id}.json").stat().st_size == MAX_BYTES + 1


def test_missing_game_is_not_found_not_damaged(store):
    with pytest.raises(GameNotFound, match="no saved game"):
        store.load("20260101-000000-0000")
    with pytest.raises(GameNotFound, match="is not a game id"):
        store.load("../../etc/passwd")


# ---------------------------------------------------------------------- never overwrite


def test_damaged_files_never_overwrite_each_other(store):
    load_reason(store, b"first")
    put(store, b"second")
    with pytest.raises(LoadError):
        store.load(RECORD.id)
    put(store, b"third")
    with pytest.raises(LoadError):
        store.load(RECORD.id)
    kept = sorted(p.read_bytes() for p in store.damaged_dir.glob("*.json"))
    assert kept == [b"first", b"second", b"third"]
    listed = [e for e in store.list() if isinstance(e, Unreadable)]
    assert len(listed) == 3 and all(e.damaged for e in listed)


def test_listing_moves_bad_files_aside_and_keeps_good_ones(store):
    good, _ = play(store, steps=3, seed=1)
    bad = put(store, GOOD[:500], "20200101-000000-dead")
    os.utime(bad, (1_600_000_000, 1_600_000_000))  # sorted by its time: in 2020, the oldest
    entries = store.list()
    assert [type(e) for e in entries] == [GameInfo, Unreadable]
    bad = entries[1]
    assert bad.id == "20200101-000000-dead" and bad.damaged
    assert bad.reason == "truncated JSON at byte 500"
    assert store.load(good.id) == good


# ---------------------------------------------------------------------- unwritable folder


def deny_writes(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make ``folder`` read-only; as root (who ignores modes) refuse writes the same way."""
    folder.chmod(0o500)
    if not os.access(folder, os.W_OK):
        return

    def denied(*paths) -> bool:
        return any(Path(p).parent == folder or Path(p) == folder for p in paths if p)

    def refuse(real):
        def call(*args, **kwargs):
            paths = [a for a in args if isinstance(a, str | Path)] + [kwargs.get("dir")]
            if denied(*paths):
                raise PermissionError(errno.EACCES, "Permission denied")
            return real(*args, **kwargs)
        return call

    for name in ("link", "rename", "replace", "unlink", "mkdir"):
        monkeypatch.setattr(os, name, refuse(getattr(os, name)))
    monkeypatch.setattr(tempfile, "mkstemp", refuse(tempfile.mkstemp))


def test_unwritable_data_folder_refuses_to_save_and_loses_nothing(store, monkeypatch):
    record, game = play(store, steps=4)
    before = store.path(record.id).read_bytes()
    game.apply(game.legal_actions()[0])
    deny_writes(store.root, monkeypatch)
    with pytest.raises(StoreError, match="^could not save the game .*Permission denied"):
        store.save(record.updated_with(game))
    assert store.path(record.id).read_bytes() == before
    assert store.load(record.id) == record
    assert [e.id for e in store.list()] == [record.id]


def test_unwritable_data_folder_keeps_a_bad_file_in_place(store, monkeypatch):
    path = put(store, b"not json")
    deny_writes(store.root, monkeypatch)
    with pytest.raises(LoadError, match="not JSON"):
        store.load(RECORD.id)
    [entry] = store.list()
    assert isinstance(entry, Unreadable) and not entry.damaged
    assert entry.reason.startswith("not JSON")
    assert path.read_bytes() == b"not json"


def test_data_folder_that_is_a_file(tmp_path):
    (tmp_path / "file").write_text("x")
    store = Store(tmp_path / "file")
    with pytest.raises(StoreError, match="is not a folder"):
        store.list()
    with pytest.raises(StoreError, match="is not a folder"):
        store.save(RECORD)
    assert (tmp_path / "file").read_text() == "x"

