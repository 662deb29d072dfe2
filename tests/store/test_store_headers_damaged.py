"""The listing's fast path on damaged files that keep the save's layout.

A save's first line is its header; ``Store.list()`` reads only that line (``_read_header``,
``Header.quick``) when the file looks like ours. These files look like ours: one field of the
first line is edited and everything else is left as the program wrote it. Whatever the fast
path decides must be what a full load decides: the same header, or the same reason.
"""

from __future__ import annotations

import copy
import errno
import json
import os
from pathlib import Path

import pytest
from store_helpers import play

from gofish.seats import MAX_NAME
from gofish.store import GameInfo, LoadError, Store, Unreadable
from gofish.store import repo as store_repo
from gofish.store.saves import HEADER_FIELDS, Header

RECORD, _GAME = play(steps=40, seed=11)
GOOD = RECORD.to_bytes()
FIRST, REST = GOOD.split(b"\n", 1)
HEADER = json.loads(FIRST[:-1] + b"}")  # the first line ends with "," instead of "}"


def dump(value) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def with_header(header: dict) -> bytes:
    """The save with its first line replaced, laid out the way the program writes it."""
    return dump(header)[:-1] + b",\n" + REST


def edit(path: tuple, value=None, *, delete: bool = False) -> dict:
    header = copy.deepcopy(HEADER)
    target = header
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return header


def full_load_reason(tmp_path: Path, data: bytes, game_id: str = RECORD.id) -> str:
    store = Store(tmp_path / "full")
    store.root.mkdir(parents=True, exist_ok=True)
    store.path(game_id).write_bytes(data)
    with pytest.raises(LoadError) as caught:
        store.load(game_id)
    return caught.value.reason


def listed(tmp_path: Path, data: bytes, game_id: str = RECORD.id) -> list:
    store = Store(tmp_path / "list")
    store.root.mkdir(parents=True, exist_ok=True)
    store.path(game_id).write_bytes(data)
    return store.list()


def test_the_good_file_is_read_by_the_fast_path():
    """The control: without it every test below could pass with the fast path never taken."""
    assert GOOD.count(b"\n") > 10 and FIRST.endswith(b",")
    path = f"/nonexistent/{RECORD.id}.json"
    assert Header.quick(HEADER) == Header.from_json(HEADER)
    info = GameInfo.quick(HEADER, file=path)
    assert info is not None and info.summary == RECORD.summary and info.status == RECORD.status


def test_the_good_file_is_listed_from_its_first_line(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / f"{RECORD.id}.json"
    path.write_bytes(GOOD)
    info = store_repo._read_header(str(path))
    assert info is not None and info.id == RECORD.id and info.updated == RECORD.updated
    # a finished game whose header line says something else than its body is still listed
    # as its header says: proof that the listing took the fast path and did not replay (an
    # unfinished one is checked whole: test_an_unfinished_game_is_checked_whole_once)
    finished, _game = play(seed=11)
    header = json.loads(finished.to_bytes().split(b"\n", 1)[0][:-1] + b"}")
    header["summary"]["actions"] = 999
    path = folder / f"{finished.id}.json"
    path.write_bytes(dump(header)[:-1] + b",\n" + finished.to_bytes().split(b"\n", 1)[1])
    entry = next(e for e in Store(folder).list() if e.id == finished.id)
    assert isinstance(entry, GameInfo) and entry.finished and entry.summary.actions == 999


TOO_LONG = "x" * (MAX_NAME + 1)
SEAT = HEADER["summary"]["seats"][0]

# one field of the first line edited; the reason a full load gives
REFUSED = [
    (("summary", "turn"), None, True, "missing field: summary.turn"),
    (("summary", "winners"), None, True, "missing field: summary.winners"),
    (("summary", "seats", 1, "books"), None, True, "missing field: summary.seats[1].books"),
    (("summary", "extra"), 1, False, "unknown field: summary.extra"),
    (("summary", "seats", 0, "extra"), 1, False, "unknown field: summary.seats[0].extra"),
    (("extra",), 1, False, "unknown field: extra"),
    (("status",), "paused", False, "status: expected one of in-progress, finished"),
    (("status",), 1, False, "status: expected one of in-progress, finished"),
    (("summary", "seats", 1, "kind"), "robot", False,
     "summary.seats[1].kind: expected one of human, computer"),
    (("summary", "seats", 1, "level"), "godlike", False,
     'summary.seats[1].level: expected one of "", random, easy, medium, hard, expert, reader'),
    (("summary", "seats", 0, "score"), -1, False, "summary.seats[0].score: -1 is out of range"),
    (("summary", "seats", 0, "score"), 100_001, False,
     "summary.seats[0].score: 100001 is out of range"),
    (("summary", "seats", 0, "score"), True, False,
     "summary.seats[0].score: expected a whole number"),
    (("summary", "seats", 2, "books"), -1, False, "summary.seats[2].books: -1 is out of range"),
    (("summary", "seats", 2, "books"), 100_001, False,
     "summary.seats[2].books: 100001 is out of range"),
    (("summary", "seats", 2, "books"), "3", False,
     "summary.seats[2].books: expected a whole number"),
    (("summary", "seats", 0, "name"), TOO_LONG, False,
     f"summary.seats[0].name: longer than {MAX_NAME} characters"),
    (("summary", "seats", 0, "name"), 7, False, "summary.seats[0].name: expected text"),
    (("summary", "seats"), [SEAT] * 7, False, "summary.seats: more than 6 items"),
    (("summary", "seats"), {}, False, "summary.seats: expected a list"),
    (("summary", "seats", 0), [], False, "summary.seats[0]: expected an object"),
    (("summary", "turn"), 3, False, "summary.turn: expected text"),
    (("summary", "turn"), TOO_LONG, False,
     f"summary.turn: longer than {MAX_NAME} characters"),
    (("summary", "winners"), "Ann", False, "summary.winners: expected a list"),
    (("summary", "winners"), ["Ann"] * 7, False, "summary.winners: more than 6 items"),
    (("summary", "winners"), [TOO_LONG], False,
     f"summary.winners: longer than {MAX_NAME} characters"),
    (("summary", "winners"), [1], False, "summary.winners: expected text"),
    (("summary", "rules"), "x" * 41, False, "summary.rules: longer than 40 characters"),
    (("summary", "rules"), None, False, "summary.rules: expected text"),
    (("summary", "actions"), -1, False, "summary.actions: -1 is out of range"),
    (("summary", "actions"), 10_000_001, False, "summary.actions: 10000001 is out of range"),
    (("summary", "actions"), 2.0, False, "summary.actions: expected a whole number"),
    (("summary", "deal"), -1, False, "summary.deal: -1 is out of range"),
    (("summary", "deal"), 10_001, False, "summary.deal: 10001 is out of range"),
    (("summary",), [], False, "summary: expected an object"),
    (("id",), 5, False, "id: expected text"),
    (("id",), "-bad", False, "id: '-bad' is not a valid game id"),
    (("created",), "yesterday", False, "created: expected a UTC time in ISO 8601"),
    (("created",), 5, False, "created: expected text"),
    (("updated",), "2026-11-29T19:05:12", False, "updated: expected a UTC time in ISO 8601"),
    (("updated",), None, False, "updated: expected text"),
    # the two paths once disagreed here (the fast one read these as good): one definition now
    (("schema",), True, False, "schema: expected a whole number"),
    (("created",), "2026-11-29T19:05:12.123456+05:30:15.123456", False,
     "created: longer than 40 characters"),
]


@pytest.mark.parametrize("path, value, delete, reason", REFUSED,
                         ids=[f"{'.'.join(map(str, p))}={v!r}"[:40] for p, v, _d, _r in REFUSED])
def test_a_damaged_first_line_is_listed_with_the_reason_a_full_load_gives(
        tmp_path, path, value, delete, reason):
    header = edit(path, value, delete=delete)
    with pytest.raises(LoadError) as caught:
        Header.from_json(header)
    assert caught.value.reason == reason
    assert Header.quick(header) is None
    data = with_header(header)
    assert full_load_reason(tmp_path, data) == reason
    [entry] = listed(tmp_path, data)  # no KeyError, no TypeError: a reason
    assert isinstance(entry, Unreadable) and entry.damaged
    assert entry.reason == reason
    assert entry.path.read_bytes() == data  # moved aside intact


# edits that leave a valid header: the fast path must read them as a full header check does
ACCEPTED = [
    (("summary", "seats", 0, "score"), 100_000),
    (("summary", "seats", 0, "books"), 0),
    (("summary", "seats", 0, "name"), "x" * MAX_NAME),
    (("summary", "turn"), None),
    (("summary", "turn"), "y" * MAX_NAME),
    (("summary", "winners"), ["Ann"] * 6),
    (("summary", "winners"), ["w" * MAX_NAME]),
    (("summary", "rules"), "r" * 40),
    (("summary", "actions"), 10_000_000),
    (("summary", "actions"), 0),
    (("summary", "deal"), 10_000),
    (("summary", "seats"), [SEAT] * 6),
    (("summary", "seats", 1, "level"), ""),
    (("status",), "finished"),
    (("created",), "2026-11-29T20:05:12+01:00"),
    (("updated",), "2026-11-29T14:05:12-05:00"),
]


@pytest.mark.parametrize("path, value", ACCEPTED)
def test_a_valid_edit_reads_the_same_by_both_paths(path, value):
    header = edit(path, value)
    slow = Header.from_json(header)
    fast = Header.quick(header)
    assert fast == slow
    assert fast.created.utcoffset().total_seconds() == 0
    assert fast.updated.utcoffset().total_seconds() == 0


def test_a_save_cut_just_after_its_first_line_is_not_playable(tmp_path):
    data = FIRST + b"\n"
    reason = full_load_reason(tmp_path, data)
    assert reason == f"truncated JSON at byte {len(data)}"
    [entry] = listed(tmp_path, data)
    assert isinstance(entry, Unreadable) and entry.damaged and entry.reason == reason


def test_a_save_cut_after_any_of_its_lines_is_not_playable(tmp_path):
    """A cut at a line's end keeps the layout; the last action's line even ends in "}\\n"."""
    ends = [i + 1 for i, byte in enumerate(GOOD[:-1]) if byte == 0x0A]
    assert len(ends) > 10
    for n, end in enumerate(ends):
        data = GOOD[:end]
        folder = tmp_path / str(n)
        [entry] = listed(folder, data)
        assert isinstance(entry, Unreadable), (end, data[-40:])
        assert entry.reason == full_load_reason(folder, data) == f"truncated JSON at byte {end}"


def test_a_file_of_one_line_is_checked_whole(tmp_path):
    """A good save written on one line has no header line: the full check lists it."""
    data = json.dumps(RECORD.to_json()).encode() + b"\n"
    [entry] = listed(tmp_path, data)
    assert isinstance(entry, GameInfo) and entry.summary == RECORD.summary


# ---------------------------------------------------------------------- a damaged body

DOC = RECORD.to_json()


def laid_out(doc: dict) -> bytes:
    """``doc`` in the program's layout: the header on the first line (valid: it is not what
    is edited), the body after it, ending as a save ends."""
    head = {k: doc[k] for k in doc if k in HEADER_FIELDS}
    body = ",\n".join(f'"{k}":{dump(doc[k]).decode()}' for k in doc if k not in HEADER_FIELDS)
    return dump(head)[:-1] + b",\n" + body.encode() + b"}\n"


def body_edited(path: tuple, value=None, *, delete: bool = False) -> bytes:
    doc = copy.deepcopy(DOC)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return laid_out(doc)


# the kinds of test_store_damaged whose damage is below the first line
BODY_DAMAGE = [
    (("seed",), "7", False), (("seed",), True, False), (("actions",), {}, False),
    (("actions", 2), {"type": "ask", "target": 1}, False), (("actions", 0), "ask", False),
    (("actions", 20), {"type": "next-deal"}, False), (("actions", 0, "extra"), 1, False),
    (("seats",), [], False), (("seats", 1, "kind"), "robot", False),
    (("seats", 0, "name"), "\x1b[31mred", False), (("seats", 0, "extra"), 1, False),
    (("rules", "end"), "never", False), (("rules", "extra"), 1, False),
    (("snapshot", "extra"), 1, False), (("snapshot",), [], False),
    *[((field,), None, True) for field in ("rules", "seats", "seed", "actions", "snapshot")],
]


def test_the_layout_of_the_damaged_bodies_is_the_programs(tmp_path):
    """The control: undamaged, laid_out gives a file the fast path reads, with the program's
    own first line, and a playable game, so the damage below is all that differs."""
    good = laid_out(DOC)
    assert good.split(b"\n", 1)[0] == FIRST and good.endswith(b"}}\n")
    path = tmp_path / f"{RECORD.id}.json"
    path.write_bytes(good)
    assert store_repo._read_header(str(path)) is not None
    [entry] = listed(tmp_path, good)
    assert isinstance(entry, GameInfo) and not entry.finished
    assert Store(tmp_path / "list").latest_unfinished() == entry


@pytest.mark.parametrize("path, value, delete", BODY_DAMAGE,
                         ids=[f"{'.'.join(map(str, p))}={v!r}"[:40] for p, v, _d in BODY_DAMAGE])
def test_an_unfinished_game_with_a_damaged_body_is_not_listed_as_playable(
        tmp_path, path, value, delete):
    """The first line of these files is the program's own: the listing read it alone and
    offered the game to continue (start view, history) until it was opened."""
    data = body_edited(path, value, delete=delete)
    assert data.split(b"\n", 1)[0] == FIRST  # only the body is damaged
    reason = full_load_reason(tmp_path, data)
    [entry] = listed(tmp_path, data)
    assert isinstance(entry, Unreadable) and entry.damaged, entry
    assert entry.reason == reason
    assert entry.path.read_bytes() == data  # moved aside intact
    assert Store(tmp_path / "list").latest_unfinished() is None


def test_an_unfinished_game_is_checked_whole_once(tmp_path, monkeypatch):
    """The full check is for a file the index does not vouch for: the next listing (a new
    Store: a fresh ``gofish list``) takes it from the index, without a replay."""
    store = Store(tmp_path / "data")
    store.root.mkdir(parents=True)
    store.path(RECORD.id).write_bytes(GOOD)
    replays = []
    real = store_repo.read_checked
    monkeypatch.setattr(store_repo, "read_checked",
                        lambda *a, **k: replays.append(a) or real(*a, **k))
    [entry] = store.list()
    assert isinstance(entry, GameInfo) and not entry.finished and len(replays) == 1
    [again] = Store(store.root).list()
    assert again == entry and len(replays) == 1


# ---------------------------------------------------------------------- moving aside


@pytest.mark.parametrize("code", [errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EMLINK])
def test_a_bad_file_is_moved_aside_where_hard_links_fail(tmp_path, monkeypatch, code):
    """On FUSE or SMB (or across devices) os.link fails: the file is renamed instead."""
    store = Store(tmp_path / "data")
    store.root.mkdir(parents=True)
    first = store.damaged_dir / f"{RECORD.id}.json"
    store.damaged_dir.mkdir(mode=0o700)
    first.write_bytes(b"an older bad file")  # the fallback must not replace it either
    path = store.path(RECORD.id)
    path.write_bytes(b"not json")
    calls = []

    def no_link(src, dst, *args, **kwargs):
        calls.append(dst)
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "link", no_link)
    with pytest.raises(LoadError, match="^not JSON"):
        store.load(RECORD.id)
    assert calls, "the hard link was not even tried"
    assert not path.exists()
    moved = store.damaged_dir / f"{RECORD.id}-2.json"
    assert moved.read_bytes() == b"not json"
    assert first.read_bytes() == b"an older bad file"
    assert (store.damaged_dir / f"{RECORD.id}-2.json.reason.txt").read_text().startswith(
        "not JSON")
    [entry, older] = sorted(store.list(), key=lambda e: str(e.path))
    assert isinstance(entry, Unreadable) and entry.damaged


def test_an_unexpected_link_error_leaves_the_bad_file_in_place(tmp_path, monkeypatch):
    store = Store(tmp_path / "data")
    store.root.mkdir(parents=True)
    path = store.path(RECORD.id)
    path.write_bytes(b"not json")

    def broken_link(src, dst, *args, **kwargs):
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "link", broken_link)
    with pytest.raises(LoadError, match="^not JSON"):
        store.load(RECORD.id)
    assert path.read_bytes() == b"not json"
    [entry] = store.list()
    assert isinstance(entry, Unreadable) and not entry.damaged
    assert not list(store.damaged_dir.glob("*.json"))


def test_a_long_save_is_read_from_its_first_line_and_its_last_bytes(tmp_path):
    """Over HEAD_BYTES the end is read apart from the head: the same checks apply there."""
    from gofish.engine import preset

    record, _game = play(rules=preset("standard").replace(match_target=100), seed=11, steps=400)
    data = record.to_bytes()
    assert len(data) > 2 * store_repo.HEAD_BYTES
    folder = tmp_path / "whole"
    [entry] = listed(folder, data, record.id)
    assert isinstance(entry, GameInfo) and entry.summary == record.summary
    last_action = data.index(b"\n],\n") + 1
    for n, part in enumerate((data[:last_action], data[:-2] + b"\n")):
        folder = tmp_path / f"cut{n}"
        [entry] = listed(folder, part, record.id)
        assert isinstance(entry, Unreadable), n
        assert entry.reason == full_load_reason(folder, part, record.id)


@pytest.mark.parametrize("finished", [False, True])
def test_a_newer_save_in_the_programs_layout_is_listed_unreadable_and_left_alone(
        tmp_path, finished):
    """A newer gofish's save was tested only as a one-line file, which the fast path never
    reads: a fast path that took schema 3 for its own (a mutant of _Schema.ok) listed it as a
    game. Here the header is the program's first line, schema 3, the rest untouched."""
    record, _game = play(seed=11) if finished else (RECORD, None)
    first, rest = record.to_bytes().split(b"\n", 1)
    header = json.loads(first[:-1] + b"}")
    assert header["status"] == ("finished" if finished else "in-progress")
    header["schema"] = 3
    data = dump(header)[:-1] + b",\n" + rest
    store = Store(tmp_path / "data")
    store.root.mkdir(parents=True)
    path = store.path(record.id)
    path.write_bytes(data)
    assert Header.quick(header) is None  # the fast path does not vouch for it
    [entry] = store.list()
    assert isinstance(entry, Unreadable) and not entry.damaged
    assert entry.reason == "made by a newer gofish (schema 3)"
    assert path.read_bytes() == data and not store.damaged_dir.exists()
    assert store.latest_unfinished() is None
