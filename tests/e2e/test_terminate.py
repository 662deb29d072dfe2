"""SIGTERM (a plain ``kill``, a shutdown) ends gofish with status 143, the game saved and its
lock given up, and the terminal left as it was found: the resume hint is printed on it."""

from __future__ import annotations

import os
import signal

import pytest
from e2e_support import NEW_GAME, Tmux, kill_leftovers, require, start_new_game, wait_until

from gofish.command_name import command_name
from gofish.store import Store
from gofish.store.repo import LOCKS

pytestmark = pytest.mark.e2e


def test_sigterm_saves_frees_the_game_and_exits_143(tmp_path) -> None:
    require("tmux")
    data = tmp_path / "term-data"
    status = tmp_path / "status"
    # the shell stays on after gofish, so the pane shows what gofish left on the terminal
    script = f"{NEW_GAME}; echo $? > {status}; echo shell-again; sleep 30"
    term = Tmux(tmp_path)
    try:
        pid = start_new_game(term, data, script)
        store = Store(data)
        [info] = store.list()
        lock_file = store.root / LOCKS / f"{info.id}.lock"
        assert lock_file.exists()  # held while the game is open
        os.kill(pid, signal.SIGTERM)
        wait_until(lambda: status.exists() and status.read_text().strip(), 10,
                   "gofish to exit after SIGTERM")
        screen = term.wait_for("shell-again")
    finally:
        term.close()
        kill_leftovers("GOFISH_DATA_DIR", str(data))
    assert status.read_text().strip() == str(128 + signal.SIGTERM)
    # the app let the game go itself (a process that is simply killed leaves its lock file)
    assert not lock_file.exists()
    # the terminal is back to the shell's screen, with the way back into the game on it
    # started as `python -m gofish`, so the hint names that interpreter (the line may wrap at 80)
    hint = f"Your game is saved. Resume it with: {command_name('-m')} resume {info.id}"
    # the wrap may fall on a space, which is then not on the screen: compare without spaces
    assert "".join(hint.split()) in "".join(screen.split()), screen
    assert "Your turn" not in screen
    store.lock(info.id).release()  # free: a new session can resume it at once
    assert store.load_game(info.id)[0].id == info.id
