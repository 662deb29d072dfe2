"""A save per move appends to the game's journal; the file is written whole only now and then.

What must hold: every completed action is on disk (a new process reads it back) while the save
file itself is not rewritten; a torn last line is ignored; a journal without its file, a
journal left after folding, a damaged journal line; the listing shows the game as it is now;
and a resumed game is replayed once.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from store_helpers import SEATS

from gofish.engine import preset
from gofish.session import Session
from gofish.store import GameNotFound, LoadError, Store, journal
from gofish.store.held import hold_new, hold_saved


def playing(store: Store, actions: int, seed: int = 3) -> Session:
    """A session (seats all human, so nothing moves by itself) after ``actions`` actions."""
    seats = tuple(s.__class__(s.name) for s in SEATS)
    session = Session.start(store, preset("standard"), seats, seed)
    rng = random.Random(seed)
    while session.action_count < actions and not session.over:
        session.play(session.to_act, rng.choice(session.game.legal_actions()))  # type: ignore[arg-type]
    return session


def lines(store: Store, game_id: str) -> list[bytes]:
    return store.journal_path(game_id).read_bytes().splitlines(keepends=True)


def test_each_move_appends_a_line_and_the_file_is_not_rewritten(store: Store) -> None:
    session = playing(store, 1)
    path = store.path(session.game_id)
    before = os.stat(path)
    for n in range(2, 12):
        session.play(session.to_act, session.game.legal_actions()[0])  # type: ignore[arg-type]
        assert len(lines(store, session.game_id)) == n
    after = os.stat(path)
    assert (after.st_ino, after.st_mtime_ns, after.st_size) == (
        before.st_ino, before.st_mtime_ns, before.st_size)
    # another process reads every move back, file and journal together
    record, game = Store(store.root).load_game(session.game_id)
    assert record.actions == tuple(session.game.actions)
    assert game.snapshot() == session.game.snapshot()
    session.close()


def test_closing_folds_the_journal_into_the_file(store: Store) -> None:
    session = playing(store, 15)
    assert store.journal_path(session.game_id).exists()
    session.close()
    assert not store.journal_path(session.game_id).exists()
    record, _game = Store(store.root).load_game(session.game_id)
    assert len(record.actions) == 15


def test_the_file_is_written_whole_every_so_often(store: Store,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal, "COMPACT_EVERY", 5)
    session = playing(store, 0)
    counts = []
    for _ in range(13):
        session.play(session.to_act, session.game.legal_actions()[0])  # type: ignore[arg-type]
        path = store.journal_path(session.game_id)
        counts.append(len(lines(store, session.game_id)) if path.exists() else 0)
    assert counts == [1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 0, 1]
    assert len(Store(store.root).load(session.game_id).actions) == 13
    session.close()


def test_the_end_of_a_game_writes_the_file_whole(store: Store) -> None:
    session = playing(store, 10_000)
    assert session.over
    assert not store.journal_path(session.game_id).exists()
    assert store.load(session.game_id).finished
    session.close()


def test_a_torn_last_line_is_ignored(store: Store) -> None:
    session = playing(store, 8)
    game_id = session.game_id
    expected = list(session.game.actions[:7])  # the session stays open: a crash
    path = store.journal_path(game_id)
    data = path.read_bytes()
    path.write_bytes(data[: data.rindex(b"\n", 0, len(data) - 1) + 20])  # cut inside line 8
    record, _game = Store(store.root).load_game(game_id)
    assert list(record.actions) == expected


def test_a_damaged_line_before_good_ones_is_a_damaged_save(store: Store) -> None:
    session = playing(store, 6)
    game_id = session.game_id
    session._saved.lock.release()  # type: ignore[union-attr]  # a crash: the lock is gone
    path = store.journal_path(game_id)
    rows = lines(store, game_id)
    rows[2] = b'{"n": 3, "actions": [nonsense\n'
    path.write_bytes(b"".join(rows))
    other = Store(store.root)
    with pytest.raises(LoadError, match="journal"):
        other.load_game(game_id)
    # moved aside with its file, never deleted
    assert not path.exists() and not store.path(game_id).exists()
    assert (store.damaged_dir / f"{game_id}.json").exists()
    assert (store.damaged_dir / f"{game_id}.journal").exists()


def test_a_journal_left_after_folding_is_not_applied_twice(store: Store) -> None:
    session = playing(store, 9)
    game_id = session.game_id
    left = store.journal_path(game_id).read_bytes()
    session.close()  # folds it in and removes it
    store.journal_path(game_id).write_bytes(left)  # as if killed just before the removal
    record, game = Store(store.root).load_game(game_id)
    assert len(record.actions) == 9 and len(game.actions) == 9


def test_a_journal_without_its_file(store: Store) -> None:
    session = playing(store, 5)
    game_id = session.game_id
    session._saved.lock.release()  # type: ignore[union-attr]
    store.path(game_id).unlink()
    other = Store(store.root)
    assert [e for e in other.list() if e.id == game_id] == []
    with pytest.raises(GameNotFound):
        Session.resume(other, game_id)


def test_the_listing_reads_the_journal(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session = playing(store, 7)
    real = os.scandir

    def journals_last(path: object) -> object:  # whatever order the folder gives its names
        class Ordered:
            def __init__(self) -> None:
                self.it = real(path)  # type: ignore[call-overload]

            def __enter__(self) -> object:
                entries = list(self.it)
                return iter(sorted(entries, key=lambda e: e.name.endswith(".journal")))

            def __exit__(self, *exc: object) -> None:
                self.it.close()
        return Ordered()

    for order in (real, journals_last):
        monkeypatch.setattr(os, "scandir", order)
        (info,) = Store(store.root).games()
        assert info.summary.actions == 7
        assert info.summary.turn == session.names[session.to_act]  # type: ignore[index]
    monkeypatch.undo()
    session.close()


def test_resume_folds_the_journal_and_plays_on(store: Store) -> None:
    session = playing(store, 6)
    game_id = session.game_id
    session._saved.lock.release()  # type: ignore[union-attr]  # killed: no close
    again = Session.resume(Store(store.root), game_id)
    assert again.action_count == 6
    assert not store.journal_path(game_id).exists()
    again.play(again.to_act, again.game.legal_actions()[0])  # type: ignore[arg-type]
    assert len(lines(store, game_id)) == 1
    again.close()
    assert len(store.load(game_id).actions) == 7


def test_a_resumed_game_is_replayed_once(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session = playing(store, 20)
    game_id = session.game_id
    session.close()
    from gofish.engine import Game

    replays = []
    real = Game.apply

    def counted(self: Game, action: object) -> object:
        replays.append(action)
        return real(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(Game, "apply", counted)
    again = Session.resume(Store(store.root), game_id)
    assert len(replays) == 20  # read and checked once, by the store; the session plays on it
    again.close()


def test_a_failed_append_writes_the_file_whole_next_time(store: Store,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    held = hold_new(store, preset("standard"), tuple(s.__class__(s.name) for s in SEATS), 5)
    from gofish.engine import Game

    game = Game(held.record.rules, len(held.record.seats), held.record.seed)
    game.apply(game.legal_actions()[0])

    def full(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal, "append", full)
    with pytest.raises(Exception, match="No space left"):
        held.save(game)
    monkeypatch.undo()
    game.apply(game.legal_actions()[0])
    held.save(game)  # the whole file this time: no line of the failed one could be torn
    assert not store.journal_path(held.record.id).exists()
    assert len(store.load(held.record.id).actions) == 2
    held.release()
    assert hold_saved(store, held.record.id).game is not None
