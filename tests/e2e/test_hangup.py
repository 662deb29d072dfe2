"""SIGHUP ends gofish at once, even when it was started with SIGHUP ignored (nohup, some
shells): a terminal that has hung up would otherwise leave it running with no one to play."""

from __future__ import annotations

import os
import signal
import time

import pytest
from e2e_support import NEW_GAME, Tmux, kill_leftovers, require, start_new_game, wait_until

from gofish.store import Store, Summary

pytestmark = pytest.mark.e2e


def test_sighup_ends_gofish_at_once_with_its_game_saved_and_free(tmp_path) -> None:
    require("tmux")
    data = tmp_path / "hup-data"
    status = tmp_path / "status"
    script = f'trap "" HUP; {NEW_GAME}; echo $? > {status}'
    term = Tmux(tmp_path)
    try:
        pid = start_new_game(term, data, script)
        before = saved(data).actions
        term.keys("Right", "Enter")  # ask: a move of our own, saved before the hang-up

        def asked() -> bool:
            # (the words may wrap between "Enter" and "again": read the rows as one text)
            if "Enter again" in " ".join(term.screen().split()):  # asked on a second Enter
                term.keys("Enter")
            return saved(data).actions > before and saved(data).turn == "Alice"

        wait_until(asked, 5, "the ask (and the computer's answer) to be saved")
        moves = saved(data).actions
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
    assert info.summary.actions == moves  # saved, up to the last move
    # free: let go by the handler itself, not merely a dead holder's lock taken over
    assert not list((data / "locks").glob("*.lock"))
    lock = store.lock(info.id)
    assert lock.stale == {}
    lock.release()
    assert store.load_game(info.id)[0].id == info.id


def saved(data) -> Summary:
    return Store(data).games()[0].summary
