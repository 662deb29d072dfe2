"""A full disk: starting, resuming and importing a game say so in one line, lose nothing and
leave no lock behind; saving mid-game keeps the last good save.

Each case runs twice: with ENOSPC injected into the writes (anywhere), and on a real, small
tmpfs filled to the last page (as root only; skipped otherwise).
"""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from store_helpers import play

from gofish.cli import main
from gofish.engine import Rules
from gofish.front.choice import SetupChoice
from gofish.seats import SeatSpec
from gofish.store import Store, StoreError
from gofish.tui.app import GofishApp

NO_SPACE = os.strerror(errno.ENOSPC)


@dataclass
class Disk:
    """A data folder and a way to make its disk full (and to free it again)."""

    root: Path
    fill: Callable[[], None]
    free: Callable[[], None]


def _no_space(*_args: object, **_kwargs: object) -> object:
    raise OSError(errno.ENOSPC, NO_SPACE)


@pytest.fixture
def injected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    """Every write to a file fails with ENOSPC, as on a full disk (creating a file works)."""
    real = {name: getattr(os, name) for name in ("write", "pwrite", "fsync")}

    def fill() -> None:  # (a file's data may also meet the full disk at its fsync)
        for name in real:
            monkeypatch.setattr(os, name, _no_space)

    def free() -> None:
        for name, function in real.items():
            monkeypatch.setattr(os, name, function)

    yield Disk(tmp_path / "data", fill, free)


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Disk]:
    """A 1 MB tmpfs, really full: a filler file takes every page left."""
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root (the injected ENOSPC case runs instead)")
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "gofish-full",
                           str(mount)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    filler = mount / "filler"

    def fill() -> None:
        with open(filler, "ab", buffering=0) as f, contextlib.suppress(OSError):
            while True:
                f.write(b"\0" * 4096)
        with pytest.raises(OSError):
            (mount / "probe").write_bytes(b"x")  # not a page left
        with contextlib.suppress(OSError):
            (mount / "probe").unlink()

    def free() -> None:
        filler.unlink()

    try:
        yield Disk(mount / "data", fill, free)
    finally:
        subprocess.run(["umount", str(mount)], check=False)
        if os.path.ismount(mount):
            subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.fixture(params=["injected", "tmpfs"])
def disk(request: pytest.FixtureRequest) -> Disk:
    return request.getfixturevalue(request.param)


def lock_files(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "locks").glob("*")) if (root / "locks").exists() else []


def temp_files(root: Path) -> list[str]:
    return sorted(p.name for p in root.glob(".*.tmp"))


def test_locking_on_a_full_disk_says_so_and_leaves_no_lock(disk: Disk) -> None:
    store = Store(disk.root)
    record, _game = play(store, steps=3)
    before = (disk.root / f"{record.id}.json").read_bytes()
    disk.fill()
    with pytest.raises(StoreError) as caught:
        store.lock(record.id)
    assert caught.value.reason == f"cannot lock the game: {NO_SPACE}"
    assert lock_files(disk.root) == []
    assert (disk.root / f"{record.id}.json").read_bytes() == before
    disk.free()
    with store.lock(record.id):  # the game was not left held
        assert store.load(record.id) == record


def test_saving_mid_game_on_a_full_disk_keeps_the_last_save(disk: Disk) -> None:
    store = Store(disk.root)
    record, game = play(store, steps=3)
    before = (disk.root / f"{record.id}.json").read_bytes()
    with store.lock(record.id):
        disk.fill()
        game.apply(game.legal_actions()[0])
        with pytest.raises(StoreError) as caught:
            store.save(record.updated_with(game))
        assert caught.value.reason == f"could not save the game {record.id}: {NO_SPACE}"
        disk.free()
    assert (disk.root / f"{record.id}.json").read_bytes() == before
    assert temp_files(disk.root) == []
    assert lock_files(disk.root) == []


def test_import_on_a_full_disk_is_one_line_and_no_lock(disk: Disk, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture) -> None:
    record, _game = play(None, steps=5)
    source = tmp_path / "game.json"
    source.write_bytes(record.to_bytes())
    Store(disk.root).list()  # the folder exists
    disk.fill()
    code = main(["--lang", "en", "--data-dir", str(disk.root), "import", str(source)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err == f"gofish: cannot import {source}: cannot lock the game: {NO_SPACE}\n"
    assert lock_files(disk.root) == [] and temp_files(disk.root) == []
    assert not (disk.root / f"{record.id}.json").exists()
    disk.free()
    assert main(["--lang", "en", "--data-dir", str(disk.root), "import", str(source)]) == 0
    assert Store(disk.root).load(record.id) == record


def app_on(disk: Disk, **kw: object) -> GofishApp:
    return GofishApp(data_dir=str(disk.root), computer_delay=0, pass_guard=0.0, **kw)


async def test_the_tui_on_a_full_disk_says_why_and_keeps_the_game(disk: Disk) -> None:
    store = Store(disk.root)
    record, _game = play(store, steps=3)
    before = (disk.root / f"{record.id}.json").read_bytes()
    disk.fill()
    app = app_on(disk, start="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        messages = [n.message for n in app._notifications]
        assert messages == [f"cannot lock the game: {NO_SPACE}"]
        assert app.session is None and app.is_running
        # a new game: refused the same way, the setup kept for another try
        app.start_game(SetupChoice((SeatSpec("Ann"), SeatSpec("Bo")), Rules(), 4),
                       remember=False)
        await pilot.pause()
        assert [n.message for n in app._notifications][-1] == (
            f"Could not start the game: cannot lock the game: {NO_SPACE}")
        assert app.session is None and app.store._held == {}
        assert lock_files(disk.root) == []
        disk.free()
        app.resume_game(record.id)  # space again: the game is there and plays
        await pilot.pause()
        assert app.session is not None and app.session.game_id == record.id
        app.close_game()
    assert (disk.root / f"{record.id}.json").read_bytes() == before
    assert lock_files(disk.root) == []


def test_a_full_disk_from_the_command_line(tmpfs: Disk, tmp_path: Path) -> None:
    """The whole process, as a player runs it: no traceback, status 1."""
    record, _game = play(None, steps=5)
    source = tmp_path / "game.json"
    source.write_bytes(record.to_bytes())
    Store(tmpfs.root).list()
    tmpfs.fill()
    done = subprocess.run([sys.executable, "-m", "gofish", "--lang", "en", "--data-dir",
                           str(tmpfs.root), "import", str(source)], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 1
    assert done.stderr == f"gofish: cannot import {source}: cannot lock the game: {NO_SPACE}\n"
    assert lock_files(tmpfs.root) == []
