"""End to end with real processes: ``gofish host`` and ``gofish join`` as a player would run them.

The joined seats are ``gofish join --auto`` processes (a seat with no screen, played by a
computer level): the same handshake, secret file and reconnection as the table screen.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gofish.engine import Game, card_code
from gofish.store.repo import Store

pytestmark = pytest.mark.e2e


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def env_for(folder: Path) -> dict[str, str]:
    return {**os.environ, "GOFISH_DATA_DIR": str(folder), "LANGUAGE": "en",
            "PYTHONUNBUFFERED": "1"}


class Proc:
    """A gofish process whose output goes to a file (so a full pipe never stalls it)."""

    def __init__(self, tmp: Path, label: str, args: list[str], data: Path) -> None:
        self.out = tmp / f"{label}.out"
        self.err = tmp / f"{label}.err"
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "gofish", *args], env=env_for(data), stdin=subprocess.DEVNULL,
            stdout=self.out.open("w"), stderr=self.err.open("w"))

    def text(self) -> str:
        return self.out.read_text(encoding="utf-8", errors="replace")

    def wait(self, timeout: float) -> int:
        try:
            return self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.popen.kill()
            raise AssertionError(f"still running after {timeout} s:\n{self.text()[-2000:]}\n"
                                 f"{self.err.read_text()[-2000:]}") from None

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(5)


def wait_for(check, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(0.05)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def table_code(host: Proc) -> str:
    def find() -> str | None:
        for line in host.text().splitlines():
            if line.startswith("Table ") and "players join" in line:
                return line.split()[1]
        return None

    return wait_for(find, 15, f"the table code in\n{host.text()}")


def invitation(host: Proc, name: str) -> str:
    """The code (table and key) the host printed for the seat kept for ``name``."""
    def find() -> str | None:
        lines = host.text().splitlines()
        for line, after in zip(lines, lines[1:], strict=False):
            if line.startswith("Seat ") and f"kept for {name}:" in line:
                return after.split()[3]
        return None

    return wait_for(find, 15, f"{name}'s invitation in\n{host.text()}")


def transcript(path: Path) -> list[dict]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.endswith("}")]


def events_in(path: Path) -> int:
    return sum(1 for m in transcript(path) if m["type"] == "event")


@pytest.fixture
def procs():
    started: list[Proc] = []
    yield started
    for p in started:
        p.kill()


def join(tmp: Path, procs: list[Proc], port: int, code: str, name: str, label: str) -> Proc:
    p = Proc(tmp, label, ["join", f"127.0.0.1:{port}", code, "--name", name, "--auto", "medium",
                          "--transcript", str(tmp / f"{label}.jsonl")], tmp / f"data-{name}")
    procs.append(p)
    return p


def test_three_players_and_a_rejoin_play_a_whole_game(tmp_path, procs):
    port = free_port()
    host = Proc(tmp_path, "host", ["host", "--listen", f"127.0.0.1:{port}", "--seed", "77",
                                   "--seats", "human,human,human,computer:medium",
                                   "--delay", "0.01"], tmp_path / "host-data")
    procs.append(host)
    code = table_code(host)
    ann = join(tmp_path, procs, port, code, "Ann", "ann")
    ben = join(tmp_path, procs, port, code, "Ben", "ben")
    cid = join(tmp_path, procs, port, code, "Cid", "cid")

    # Ann's terminal dies mid-game; the table waits for her
    wait_for(lambda: events_in(tmp_path / "ann.jsonl") >= 40, 20, "the game to get going")
    ann.kill()
    wait_for(lambda: "Ann is away" in host.text(), 10, "the host to see Ann go")
    again = join(tmp_path, procs, port, code, "Ann", "ann2")  # same name, same code
    for p in (again, ben, cid):
        assert p.wait(30) == 0, p.err.read_text()
    assert host.wait(15) == 0  # every game over and every player gone: it stops by itself
    assert "game over" in host.text() and "Ann is back" in host.text()

    # she had her seat back, with her hand and the whole log as she had seen it
    seat = transcript(tmp_path / "ann.jsonl")[0]["seat"]
    messages = transcript(tmp_path / "ann2.jsonl")
    assert messages[0]["type"] == "welcome" and messages[0]["seat"] == seat
    assert "secret" not in messages[0]  # the seat was proved with the secret she kept
    assert messages[1]["type"] == "hello" and messages[1]["names"][seat] == "Ann"
    first_state = next(i for i, m in enumerate(messages) if m["type"] == "state")
    view = messages[first_state]["view"]
    events = [m["event"] for m in messages[2:first_state] if m["type"] == "event"]
    (saved,) = Store(tmp_path / "host-data").games()
    record, _game = Store(tmp_path / "host-data").load_game(saved.id)
    assert record.finished
    then = Game.replay(record.rules, 4, record.seed, list(record.actions[: view["actions"]]))
    assert view["hand"] == [card_code(c) for c in then.hand_cards(seat)]
    assert events == [e.for_seat(seat).to_json() for e in then.events]
    assert len(events) >= 40
    assert "Your hand:" in again.text() and "Game over" in again.text()


def test_a_restarted_host_resumes_the_game(tmp_path, procs):
    port = free_port()
    args = ["host", "--listen", f"127.0.0.1:{port}", "--seed", "5",
            "--seats", "human,human,computer:easy", "--delay", "0.03"]
    host = Proc(tmp_path, "host", args, tmp_path / "host-data")
    procs.append(host)
    code = table_code(host)
    ann = join(tmp_path, procs, port, code, "Ann", "ann")
    ben = join(tmp_path, procs, port, code, "Ben", "ben")
    wait_for(lambda: events_in(tmp_path / "ann.jsonl") >= 30, 20, "the game to get going")
    host.kill()  # no goodbye: the machine could have lost power
    (saved,) = Store(tmp_path / "host-data").games()
    assert not saved.finished
    played = len(Store(tmp_path / "host-data").load(saved.id).actions)

    again = Proc(tmp_path, "host2", args, tmp_path / "host-data")
    procs.append(again)
    assert table_code(again) == code  # the same table, reopened
    assert ann.wait(30) == 0 and ben.wait(30) == 0
    assert again.wait(15) == 0
    record, game = Store(tmp_path / "host-data").load_game(saved.id)
    assert record.finished and len(record.actions) > played
    assert len(Store(tmp_path / "host-data").games()) == 1  # no second game was started
    for name in ("ann", "ben"):
        messages = transcript(tmp_path / f"{name}.jsonl")
        assert sum(1 for m in messages if m["type"] == "hello") == 2
        final = [m for m in messages if m["type"] == "state"][-1]["view"]
        assert final["over"] and final["actions"] == len(record.actions)
        assert "Connection lost: reconnecting" in (tmp_path / f"{name}.out").read_text()


def test_join_refusals_are_plain_messages(tmp_path, procs):
    port = free_port()
    host = Proc(tmp_path, "host", ["host", "--listen", f"127.0.0.1:{port}", "--seats",
                                   "human,human:Ben"], tmp_path / "host-data")
    procs.append(host)
    code = table_code(host)
    other = "ABCDEF" if code != "ABCDEF" else "BCDEFG"
    wrong = Proc(tmp_path, "wrong", ["join", f"127.0.0.1:{port}", other, "--name", "Ann",
                                     "--auto", "easy"], tmp_path / "wrong")
    assert wrong.wait(15) == 1
    assert wrong.err.read_text().strip() == "gofish: No table is open with this code."
    # Ben's seat does not go to whoever types his name first: it needs his invitation
    kept = Proc(tmp_path, "kept", ["join", f"127.0.0.1:{port}", code, "--name", "Ben",
                                   "--auto", "easy"], tmp_path / "kept")
    assert kept.wait(15) == 1
    assert "This seat is kept for a player the host named" in kept.err.read_text()
    ben = invitation(host, "Ben")
    assert ben.startswith(code + "-") and len(ben) == 13
    sham = Proc(tmp_path, "sham", ["join", f"127.0.0.1:{port}", code + "-ABCDEF", "--name",
                                   "Ben", "--auto", "easy"], tmp_path / "sham")
    assert sham.wait(15) == 1 and "seat is someone else's" in sham.err.read_text()
    bad = Proc(tmp_path, "bad", ["join", "nowhere:1", "AB", "--name", "Ann"], tmp_path / "bad")
    assert bad.wait(15) == 2 and "not a table code" in bad.err.read_text()
    host.popen.send_signal(signal.SIGTERM)
    assert host.wait(15) == 0 and "The host has stopped." in host.text()


# ---------------------------------------------------------------------- the real table screen

class Tmux:
    """A tmux server of our own (its own socket), a pane of 80x24 running a command."""

    def __init__(self, tmp: Path, name: str = "tmux") -> None:
        self.socket = str(tmp / f"{name}.sock")

    def run(self, *args: str) -> str:
        # a suite run from inside tmux must not hand this server the outer one's $TMUX
        env = {k: v for k, v in os.environ.items() if k != "TMUX"}
        return subprocess.run(["tmux", "-S", self.socket, *args], capture_output=True,
                              text=True, timeout=10, env=env).stdout

    def start(self, command: str, env: dict[str, str]) -> None:
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        self.run("new-session", "-d", "-x", "80", "-y", "24", "-s", "join",
                 f"env {exports} {command}; sleep 30")

    def screen(self) -> str:
        return self.run("capture-pane", "-p", "-t", "join")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.run("send-keys", "-t", "join", key)
            time.sleep(0.15)

    def close(self) -> None:
        self.run("kill-server")


def saved_game(folder: Path) -> Game:
    store = Store(folder)
    (info,) = store.games()
    return store.load_game(info.id)[1]


@pytest.mark.skipif(not shutil.which("tmux"), reason="tmux is not installed")
def faces(screen: str) -> set[str]:
    """The hand's ASCII card faces: the rank just inside a card's left edge, the suit letter
    below it in the same column ("10" over "h" is 10h)."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if "Your hand" in line) + 1
    shown = set()
    for i in range(start, len(lines) - 1):
        for m in re.finditer(r"[|#](10|[2-9AJQK])", lines[i]):
            below = lines[i + 1][m.start(1):m.start(1) + 1]
            if below and below in "cdhs":
                shown.add(m.group(1) + below)
    return shown


def test_the_table_screen_in_a_real_terminal(tmp_path, procs):
    from gofish.engine import RANKS, SUITS

    port = free_port()
    host = Proc(tmp_path, "host", ["host", "--listen", f"127.0.0.1:{port}", "--seed", "9",
                                   "--seats", "human:Alice,human,computer:easy",
                                   "--delay", "0"], tmp_path / "host-data")
    procs.append(host)
    code = invitation(host, "Alice")  # her seat is kept: the table code and her key
    tmux = Tmux(tmp_path)
    env = {"GOFISH_DATA_DIR": str(tmp_path / "alice"), "LANGUAGE": "en", "TERM": "xterm-256color"}
    command = shlex.join([sys.executable, "-m", "gofish", "--ascii", "join",
                          f"127.0.0.1:{port}", code, "--name", "Alice"])
    try:
        tmux.start(command, env)
        wait_for(lambda: "Table " + code.partition("-")[0] in tmux.screen(), 15,
                 "the waiting screen")
        # the lobby (its free seats) follows once connected: slower on a busy machine
        wait_for(lambda: "free" in tmux.screen(), 15, "the free seats")
        join(tmp_path, procs, port, table_code(host), "Bob", "bob")

        def alice_to_act() -> Game | None:
            if "Your turn" not in tmux.screen():
                return None
            game = saved_game(tmp_path / "host-data")
            return game if game.to_act == 0 else None

        game = wait_for(alice_to_act, 20, "Alice's turn")
        screen = tmux.screen()
        hand = game.hand_cards(0)
        assert f"Your hand, Alice - {len(hand)} cards" in screen
        shown = faces(screen)
        for c in hand:
            assert RANKS[c >> 2] + SUITS[c & 3] in shown  # ASCII card faces
        # ask by keys: the opponent's number, a rank held, Enter
        target = next(t for t in (1, 2) if game.counts[t])
        rank = hand[0] >> 2
        actions = len(game.actions)
        tmux.keys(str(target + 1), {"10": "t"}.get(RANKS[rank], RANKS[rank].lower()), "Enter")
        def asked():
            # (the words may wrap between "Enter" and "again": read the rows as one text)
            if "Enter again" in " ".join(tmux.screen().split()):  # asked on a second Enter
                tmux.keys("Enter")
            return (g := saved_game(tmp_path / "host-data")).actions[actions:] and g

        try:
            game = wait_for(asked, 10, "Alice's ask to reach the host")
        except AssertionError as e:
            raise AssertionError(f"{e}\n{tmux.screen()}") from None
        assert game.actions[actions].target == target and game.actions[actions].rank == rank
        # leave, and come back to the same seat and hand
        # the others may have played since: the log (30 columns at 80x24) scrolls back to it
        seen = False
        for _page in range(8):
            try:
                wait_for(lambda: "You asked" in tmux.screen(), 2, "the ask in Alice's log")
                seen = True
                break
            except AssertionError:
                tmux.keys("PPage")
        assert seen, tmux.screen()
        tmux.keys("C-q")
        wait_for(lambda: "Take your seat again with" in tmux.screen(), 10, "the way back")
        tmux.close()
        tmux = Tmux(tmp_path, "again")  # a new terminal
        tmux.start(command, env)
        game = wait_for(alice_to_act, 20, "Alice's turn after rejoining")
        screen = tmux.screen()
        hand = game.hand_cards(0)
        assert f"Your hand, Alice - {len(hand)} card" in screen
        shown = faces(screen)
        for c in hand:
            assert RANKS[c >> 2] + SUITS[c & 3] in shown
    finally:
        tmux.close()
