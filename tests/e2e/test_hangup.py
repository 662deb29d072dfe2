"""SIGHUP ends gofish at once, even when it was started with SIGHUP ignored (nohup, some
shells): a terminal that has hung up would otherwise leave it running with no one to play."""

from __future__ import annotations

import os
import signal
import time

import pytest
from e2e_support import NEW_GAME, Tmux, kill_leftovers, require, start_new_game, wait_until

from gofish.store import Store

pytestmark = pytest.mark.e2e


def test_sighup_ends_gofish_at_once_with_its_game_saved_and_free(tmp_path) -> None:
    require("tmux")
    data = tmp_path / "hup-data"
    status = tmp_path / "status"
    script = f'trap "" HUP; {NEW_GAME}; echo $? > {status}'
    term = Tmux(tmp_path)
    try:
        pid = start_new_game(term, data, script)
        sent = time.monotonic()
        os.kill(pid, signal.SIGHUP)
        wait_until(lambda: status.exists() and status.read_text().strip(), 1,
                   "gofish to exit after SIGHUP")
        took = time.monotonic() - sent
    finally:
        term.close()
        kill_leftovers("GOFISH_DATA_DIR", str(data))
    assert status.read_text().strip() == str(128 + signal.SIGHUP)
    assert took < 1
    store = Store(data)
    [info] = store.list()
    store.lock(info.id).release()  # free: a new session can resume it at once
    assert store.load_game(info.id)[0].id == info.id
