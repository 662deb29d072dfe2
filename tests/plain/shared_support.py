"""Shared tables for the line mode's tests: a table server in this process (or the one the line
mode starts, stopped afterwards), ``gofish --plain`` children in a pseudo-terminal, a player that
types legal answers read from the server's saved game, and seats played without a screen."""

from __future__ import annotations

import asyncio
import contextlib
import io
import math
import os
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from gofish.engine import Game
from gofish.i18n import _
from gofish.net.client import RemoteSession
from gofish.net.headless import AutoSeat
from gofish.net.lobby_client import ask_once
from gofish.net.local import stop_server
from gofish.net.seat_client import SeatClient, Stop
from gofish.net.server import serve_tables
from gofish.store.joined import SecretBook
from gofish.store.repo import read_checked
from gofish.store.saves import SavedGame
from gofish.store.server_folder import ServerFolder

from .plain_support import Player

pexpect = pytest.importorskip("pexpect")

WAIT = 60  # seconds for a prompt on a loaded machine (a test waits on the prompt, not a clock)
CHILDREN: list[Any] = []  # every gofish started here, ended before any table server is stopped


def end_children() -> None:
    """End every child still running: one at a shared table would start the table server
    again as soon as it is stopped (its seat reconnects, as it should)."""
    while CHILDREN:
        child = CHILDREN.pop()
        if child.isalive():
            child.terminate(force=True)


class ServerThread:
    """``serve_tables`` for a data folder, on a loop in a thread of this process."""

    def __init__(self, folder: ServerFolder) -> None:
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.task: asyncio.Task[int] | None = None
        self.switch = sys.getswitchinterval()  # the server changes it for its process
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + WAIT
        while not folder.socket_path.exists():
            assert self.thread.is_alive() and time.monotonic() < deadline, "no table server"
            time.sleep(0.01)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(serve_tables(self.folder, idle=math.inf, delay=0.0,
                                                       say=lambda text: None))
        with contextlib.suppress(asyncio.CancelledError):
            self.loop.run_until_complete(self.task)
        self.loop.close()

    def call(self, work: Any) -> Any:
        """A coroutine run on the server's loop (a request, a seat), its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(WAIT)

    def stop(self) -> None:
        end_children()
        if self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(WAIT)
        sys.setswitchinterval(self.switch)
        assert not self.thread.is_alive()


def opener(folder: ServerFolder):
    return lambda: asyncio.open_unix_connection(folder.socket_path)


def open_table(server: ServerThread, seats: list[dict], rules: dict, seed: int) -> dict:
    """A table opened as a lobby opens one; the ``opened`` answer (code, owner, keys)."""
    message = {"type": "open", "seats": seats, "rules": rules, "seed": seed}
    return server.call(ask_once(opener(server.folder), message, "opened"))


def stop_detached(folder: ServerFolder) -> None:
    """Stop the table server the line mode started for ``folder``, and wait until it is gone."""
    end_children()
    stop_server(folder)
    deadline = time.monotonic() + WAIT
    while folder.running() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not folder.running(), "the table server did not stop"


class AutoThread:
    """A seat played by a computer (``gofish join --auto``'s player), in a thread of its own;
    ``sit`` only: a player who takes the seat and never plays."""

    def __init__(self, folder: ServerFolder, book: Path, code: str, name: str, *,
                 level: str = "easy", sit: bool = False) -> None:
        self.out = io.StringIO()
        self.auto = AutoSeat(lambda: self.client.session, level, self.out)
        self.client = SeatClient("", 0, code, name, session=RemoteSession(),
                                 on_change=(lambda kind: None) if sit else self.auto.on_change,
                                 book=SecretBook(book), opener=opener(folder), where="local")
        self.auto.on_over = self.client.stop
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        with contextlib.suppress(Stop):  # (why is in the seat's own output, for a failure)
            self.loop.run_until_complete(self.client.run())

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.client.stop)
        self.thread.join(WAIT)


def spawn(data: Path, *args: str, lang: str = "en", term: str = "xterm"):
    env = {**os.environ, "GOFISH_DELAY": "0", "TERM": term, "LANGUAGE": lang,
           "GOFISH_DATA_DIR": str(data), "PYTHONIOENCODING": "utf-8",
           "GOFISH_SERVER_IDLE": "30"}  # a server the line mode starts, if a test forgets it
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "gofish", "--plain", "--lang", lang, *args],
                          env=env, encoding="utf-8", timeout=WAIT, dimensions=(24, 200))
    child.delaybeforesend = None
    child.logfile_read = io.StringIO()
    CHILDREN.append(child)
    return child


def pattern(message: str, **known: str) -> re.Pattern[str]:
    """``message`` (translated) as a regular expression: its fields match anything, but those
    given in ``known``."""
    parts = re.split(r"(\{\w+\})", message)
    return re.compile("".join(
        re.escape(known[p[1:-1]]) if p.startswith("{") and p[1:-1] in known else
        ".+?" if p.startswith("{") else re.escape(p) for p in parts))


LOBBY_PROMPT = "A table's number or code, host, watch and a number, list, or Enter to go back:"
REMATCH_PROMPT = "Play again with the same seats? Type yes or no."
WATCH_END = "The game is over. Press Enter to leave the table."


def to_lobby(child) -> str:
    """From the start menu to the lobby's question; what the lobby printed (the tables)."""
    child.expect_exact(_("Your choice: [1]"))
    child.sendline("p")
    child.expect_exact(_(LOBBY_PROMPT))
    return child.before.replace("\r", "")


def host(child, answers: list[str]) -> str:
    """Host a table from the lobby with these answers; its code."""
    child.sendline("host")
    for answer in answers:
        child.expect(r"[?\]] $")
        child.sendline(answer)
    child.expect(pattern(_("The code is {code}, spelled {letters}.")))
    return re.search(r"\b([A-Z]{6})\b", child.after).group(1)  # type: ignore[union-attr]


def saved(folder: ServerFolder) -> list[tuple[SavedGame, Game]]:
    """The table server's saved games, oldest first, each with its journal as a resume reads
    it (the file alone lags behind the moves)."""
    games = [read_checked(p) for p in folder.root.glob("*.json")]
    return sorted(games, key=lambda g: (g[0].created, g[0].id))


def games(folder: ServerFolder) -> list[SavedGame]:
    return [record for record, _game in saved(folder)]


def current(folder: ServerFolder) -> tuple[SavedGame, Game]:
    """The game in play at the server (the newest unfinished one), as saved now."""
    everything = saved(folder)
    return next((g for g in reversed(everything) if not g[0].finished), everything[-1])


def play_seat(child, folder: ServerFolder, name: str, player: Player, *,
              moves: int | None = None) -> str:
    """Answer ``name``'s questions at a shared table until the rematch question (or ``moves``
    asks were made); each ask must be taken: the saved game has moved on at the next one."""
    prompts = [pattern(_("{name}, ask whom for what?"), name=name),
               pattern(_("{name}, ask whom for which card?"), name=name),
               re.compile(re.escape(_("Your hand is empty: press Enter to draw."))),
               re.compile(re.escape(_("Press Enter for the next deal, or type quit."))),
               re.compile(re.escape(_(REMATCH_PROMPT)))]
    last = -1
    made = 0
    while True:
        i = child.expect(prompts)
        if i == 3:
            child.sendline("")
            continue
        if i == 4:
            return "rematch"
        record, game = current(folder)
        assert game.to_act is not None and record.seats[game.to_act].name == name, \
            child.before[-400:]
        assert len(record.actions) > last, f"an answer was refused: {child.before[-400:]}"
        if moves is not None and made == moves:
            return "moves"
        last = len(record.actions)
        child.sendline(player.move(record, game))
        made += 1


def until(check, what: str) -> None:
    """Wait until ``check()`` holds (the server hears a connection go a moment later)."""
    deadline = time.monotonic() + WAIT
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def leave(child, status: int = 0) -> str:
    """Let the child end (after quit or the end of input); everything it printed."""
    child.expect(pexpect.EOF)
    child.close()
    said = child.logfile_read.getvalue()
    assert child.exitstatus == status, said[-600:]
    assert "Traceback" not in said, said[-2000:]
    return said
