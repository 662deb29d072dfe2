"""Two processes must not play one game: the second is told who holds it and may only view."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap

import pytest
from store_helpers import play

from gofish.store import GameLocked, LoadError, Store, StoreError

HOLDER = textwrap.dedent("""
    import sys
    from gofish.store import Store
    store = Store(sys.argv[1])
    lock = store.lock(sys.argv[2])
    print("locked", flush=True)
    sys.stdin.read()          # hold the game until the parent closes our stdin
    lock.release()
""")


def hold(data_dir, game_id) -> subprocess.Popen:
    """Another gofish process that opens ``game_id`` for play and keeps it."""
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(data_dir), game_id],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "locked"
    return child


@pytest.fixture
def saved(store):
    record, game = play(store, steps=4)
    return record, game


def test_second_process_is_refused_with_who_holds_it(store, saved):
    record, game = saved
    child = hold(store.root, record.id)
    try:
        with pytest.raises(GameLocked) as caught:
            store.lock(record.id)
        assert caught.value.holder["pid"] == child.pid
        assert caught.value.holder["host"] == socket.gethostname()
        assert f"process {child.pid} on {socket.gethostname()}" in caught.value.reason
        # a clause for "Cannot resume X: ..."; it no longer offers a read-only view, which
        # the front ends do not give by that name (their history reads the log)
        assert caught.value.reason == (f"this game is open in another gofish (process "
                                       f"{child.pid} on {socket.gethostname()}, since "
                                       f"{caught.value.holder['since']})")
        # read-only: it loads, but a save is refused and the file is left as it was
        assert store.load(record.id) == record
        game.apply(game.legal_actions()[0])
        with pytest.raises(GameLocked):
            store.save(record.updated_with(game))
        with pytest.raises(GameLocked):
            store.delete(record.id)
        assert store.load(record.id) == record
    finally:
        child.stdin.close()
        child.wait(timeout=30)
    assert child.returncode == 0
    with store.lock(record.id) as lock:  # released on a clean exit: ours now
        assert lock.stale == {}
        store.save(record.updated_with(game))


def test_a_crashed_holder_leaves_a_stale_lock_that_is_taken_over(store, saved):
    record, _ = saved
    child = hold(store.root, record.id)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    child.stdin.close()
    child.stdout.close()
    lock_file = store.root / "locks" / f"{record.id}.lock"
    assert lock_file.exists()  # the crash left its lock file behind...
    with store.lock(record.id) as lock:  # ...but nobody holds it: stale
        assert lock.stale["pid"] == child.pid
    assert not lock_file.exists()


def test_two_children_race_for_one_game_and_exactly_one_wins(store, saved):
    record, _ = saved
    script = textwrap.dedent("""
        import sys, time
        from gofish.store import Store, GameLocked
        store = Store(sys.argv[1])
        try:
            lock = store.lock(sys.argv[2])
        except GameLocked:
            print("refused", flush=True)
        else:
            print("won", flush=True)
            sys.stdin.read()
    """)
    children = [subprocess.Popen([sys.executable, "-c", script, str(store.root), record.id],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                for _ in range(3)]
    try:
        answers = sorted(c.stdout.readline().strip() for c in children)
    finally:
        for c in children:
            c.stdin.close()
            c.wait(timeout=30)
    assert answers == ["refused", "refused", "won"]


def test_the_same_store_cannot_open_a_game_twice(store, saved):
    record, _ = saved
    with store.lock(record.id), pytest.raises(GameLocked, match="already open here"):
        store.lock(record.id)
    other = Store(store.root)  # another window of this process: a second open file
    with store.lock(record.id), pytest.raises(GameLocked, match=f"process {os.getpid()}"):
        other.lock(record.id)


def test_release_is_idempotent_and_frees_the_game(store, saved):
    record, _ = saved
    lock = store.lock(record.id)
    lock.release()
    lock.release()
    Store(store.root).lock(record.id).release()


def test_the_holder_of_a_game_moves_its_own_damaged_save_aside(store, saved):
    """The TUI holds a game's lock while loading it: a save whose first line reads but whose
    body does not must still go to damaged/, or Continue offers it for ever."""
    record, _ = saved
    path = store.path(record.id)
    lines = path.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"', b"'", 1)  # the header line intact, the body broken
    path.write_bytes(b"\n".join(lines))
    with store.lock(record.id), pytest.raises(LoadError):
        store.load_game(record.id)
    assert not path.exists()
    assert (store.damaged_dir / path.name).read_bytes() == b"\n".join(lines)
    assert store.games() == []


def test_a_damaged_save_another_process_plays_stays_where_it_is(store, saved):
    record, _ = saved
    path = store.path(record.id)
    path.write_bytes(path.read_bytes()[:-40])
    child = hold(store.root, record.id)
    try:
        with pytest.raises(LoadError):
            store.load_game(record.id)
        assert path.exists()  # the player's next save replaces it
    finally:
        child.stdin.close()
        child.wait(timeout=30)


# ---------------------------------------------------------------------- no flock


@pytest.fixture(params=["no flock on this file system", "no fcntl (Windows)"])
def without_flock(request, monkeypatch):
    """A file system whose flock fails with ENOLCK (some NFS, SMB), or no fcntl at all: the
    lock trusts the pid it records instead. Untested before: a fallback that took every lock
    (or none) went unseen."""
    import errno

    from gofish.store import lock as lock_module

    if request.param.startswith("no fcntl"):
        monkeypatch.setattr(lock_module, "fcntl", None)
    else:
        def no_flock(fd, operation):
            raise OSError(errno.ENOLCK, "No locks available")

        monkeypatch.setattr(lock_module.fcntl, "flock", no_flock)
    return request.param


def recorded_holder(store, game_id, pid, host=None) -> None:
    """A lock file as a holder writes it, naming ``pid`` on ``host`` (this one by default)."""
    import json

    path = store.root / "locks" / f"{game_id}.lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"pid": pid, "host": host or socket.gethostname(),
                                "since": "2026-11-29T19:05:12+00:00"}))


def test_without_flock_a_running_holder_is_refused_and_a_dead_one_taken_over(
        store, saved, without_flock):
    from gofish.store.lock import locked_elsewhere

    record, _ = saved
    lock_path = store.root / "locks" / f"{record.id}.lock"
    running = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"],
                               stdin=subprocess.PIPE)
    try:
        recorded_holder(store, record.id, running.pid)
        with pytest.raises(GameLocked) as caught:
            store.lock(record.id)
        assert caught.value.holder["pid"] == running.pid
        assert locked_elsewhere(lock_path)["pid"] == running.pid
        recorded_holder(store, record.id, running.pid, host="another-machine")
        with pytest.raises(GameLocked):  # another host's process cannot be looked up: held
            store.lock(record.id)
    finally:
        running.stdin.close()
        running.wait(timeout=30)
    recorded_holder(store, record.id, running.pid)  # that process has ended: stale
    assert locked_elsewhere(lock_path) is None
    with store.lock(record.id) as lock:
        assert lock.stale["pid"] == running.pid
        assert locked_elsewhere(lock_path)["pid"] == os.getpid()  # now it names us
        store.save(record)  # and the holder may save
        with pytest.raises(GameLocked):
            Store(store.root).lock(record.id)  # a second opener is refused
    assert not lock_path.exists()


# ---------------------------------------------------------------------- a new game's id


def test_a_new_games_id_never_takes_one_in_use(store, saved, monkeypatch):
    """Two games started in the same second draw 4 hex digits each: a collision (1 in 65,536)
    was untested, so a new_game that took the id of a saved game, or of one this Store has
    just started and holds, went unseen. It draws again."""
    from gofish.store import repo

    record, _ = saved
    before = store.path(record.id).read_bytes()
    held, _game = play(steps=0, seed=9)
    lock = store.lock(held.id)  # started here, not saved yet
    try:
        draws = iter([record.id, held.id, record.id, "20261129-190512-f00d"])
        monkeypatch.setattr(repo, "new_id", lambda now: next(draws))
        fresh = store.new_game(record.rules, record.seats, 4)
        assert fresh.id == "20261129-190512-f00d"
        assert store.path(record.id).read_bytes() == before  # the saved game untouched
        monkeypatch.setattr(repo, "new_id", lambda now: record.id)  # nothing else, ever
        with pytest.raises(StoreError, match="cannot find a free game id"):
            store.new_game(record.rules, record.seats, 4)
    finally:
        lock.release()
