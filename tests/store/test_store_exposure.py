"""A data folder others can change, saves others can read: said once, with the fix, and left
as they are (see gofish.store.exposure for why gofish does not chmod them itself)."""

from __future__ import annotations

import argparse
import os

import pytest
from store_helpers import play

from gofish.commands import store as commands
from gofish.store.exposure import exposure_warnings
from gofish.tui.app import GofishApp


def run(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser(prog="gofish")
    parser.add_argument("--data-dir")
    commands.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    code = args.func(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def games(store):
    first, _ = play(store, steps=2, seed=1)
    second, _ = play(store, steps=2, seed=2)
    return store, [first.id, second.id]


def folder_warning(root, mode: str) -> str:
    return (f"the data folder {root} can be changed by other users (mode {mode}): they could "
            f"replace or delete your games. `chmod 700 {root}` makes it yours alone.")


def saves_warning(root, n: int) -> str:
    games = "game" if n == 1 else "games"
    them = "it" if n == 1 else "them"
    return (f"{n} saved {games} in {root} can be read by other users: `chmod 600 "
            f"{root}/*.json` makes {them} private.")


def test_what_gofish_makes_raises_no_warning(games):
    store, _ids = games
    assert oct(store.root.stat().st_mode & 0o777) == "0o700"
    assert exposure_warnings(store.root) == []
    os.chmod(store.root, 0o755)  # readable, as older gofish made it: the saves are 0600
    assert exposure_warnings(store.root) == []


def test_a_folder_others_can_write_and_saves_others_can_read(games, capsys):
    store, ids = games
    os.chmod(store.root, 0o777)
    os.chmod(store.path(ids[0]), 0o644)
    expected = [folder_warning(store.root, "0777"), saves_warning(store.root, 1)]
    assert exposure_warnings(store.root) == expected
    code, out, err = run(capsys, "--data-dir", str(store.root), "list")
    assert code == 0 and ids[0] in out and ids[1] in out
    assert err.splitlines() == [f"gofish: warning: {w}" for w in expected]
    os.chmod(store.path(ids[1]), 0o666)
    code, out, err = run(capsys, "--data-dir", str(store.root), "stats")
    assert code == 0 and saves_warning(store.root, 2) in err
    # told, not changed
    assert oct(store.root.stat().st_mode & 0o777) == "0o777"
    assert oct(store.path(ids[0]).stat().st_mode & 0o777) == "0o644"


async def test_the_start_view_says_it_once(games):
    store, ids = games
    os.chmod(store.root, 0o777)
    app = GofishApp(data_dir=str(store.root), computer_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")  # the history and back: no second warning
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        warnings = [n for n in app._notifications if n.severity == "warning"]
        assert [(n.title, n.message) for n in warnings] == [
            ("Your saved games are not private", folder_warning(store.root, "0777"))]
