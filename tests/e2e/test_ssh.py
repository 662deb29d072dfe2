"""gofish behind a real OpenSSH server, played through the real ssh client in tmux at 80x24.

sshd is configured from what ``gofish ssh-setup`` prints: the authorized_keys line (with a
profile) for the interactive game, the sshd_config Match block for the refusal without a
terminal. Each test starts and stops its own sshd on a free loopback port.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time

import pytest
from e2e_support import (
    SSHD,
    SshServer,
    Tmux,
    colour_params,
    extended_colours,
    gofish,
    require,
    running,
    wait_until,
)

from gofish.engine import Game
from gofish.names import card_label
from gofish.store import Store

pytestmark = pytest.mark.e2e
PROFILE = "alice"
MOVES = 3


@pytest.fixture
def sshd(tmp_path):
    require(SSHD, "ssh", "ssh-keygen", "tmux")
    if os.geteuid() != 0:
        pytest.skip("sshd must run as root here (it needs /run/sshd and to switch users)")
    server = SshServer(tmp_path)
    yield server
    server.close()


def setup_output(*args: str) -> list[str]:
    done = gofish("--lang", "en", *args)
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def hand_on_screen(screen: str) -> list[str]:
    """The card faces in the hand (below "Your hand", down to the ask line): each face has its
    rank just inside its left edge and its suit on the row below, in the same column."""
    lines = screen.splitlines()
    start = next(i for i, line in enumerate(lines) if "Your hand" in line) + 1
    end = next(i for i, line in enumerate(lines) if i > start and "Ask " in line)
    faces = []
    for i in range(start, end - 1):
        for m in re.finditer(r"[│║|#](10|[2-9AJQK])", lines[i]):
            column = m.start(1)
            below = lines[i + 1][column:column + 1]
            if below in "♣♦♥♠" and below:
                faces.append(m.group(1) + below)
    return faces


def stock_on_screen(screen: str) -> int:
    return int(re.search(r"(\d+) cards? in the stock", screen).group(1))  # type: ignore[union-attr]


def moves_by(record_game: Game, seat: int) -> int:
    """How many of the game's actions ``seat`` took, found by replaying them."""
    replay = Game(record_game.rules, record_game.players, record_game.seed)
    count = 0
    for action in record_game.actions:
        count += replay.to_act == seat
        replay.apply(action)
    return count


def test_play_over_ssh_then_drop_the_connection(sshd: SshServer, tmp_path) -> None:
    # (root is the only account here that can run this checkout's Python: see --allow-root)
    lines = setup_output("--profile", PROFILE, "ssh-setup", "--allow-root", "--key",
                         f"{sshd.user_key}.pub")
    key_line = next(line for line in lines if line.startswith("command="))
    assert f"--profile {PROFILE}" in key_line and key_line.endswith(
        " ".join((sshd.user_key.parent / "user_key.pub").read_text().split()[:3]))
    sshd.authorized_keys.write_text(key_line + "\n")
    sshd.write_config()
    sshd.start()

    term = Tmux(tmp_path)
    try:
        term.start(["env", "-u", "COLORTERM", "TERM=xterm", *sshd.ssh_command("-tt")])
        term.settled("New game (N)")
        coloured = term.screen(escapes=True)
        assert colour_params(coloured), "the start screen has no colour at all"
        assert extended_colours(coloured) == [], "TERM=xterm must give 16 colours only"

        term.keys("n")
        term.wait_for("Players (2 to 6)")
        term.keys("C-s")  # the default setup: Alice against Bob (computer)
        screen = term.settled("Your turn")
        for _move in range(MOVES):
            term.keys("Right")  # a rank Alice holds
            before = term.settled("Your turn")
            term.keys("Enter")  # ask Bob for it: the log always says so
            wait_until(lambda before=before: term.screen() != before, 10, "the ask to show")
            # (the words may wrap between "Enter" and "again": read the rows as one text)
            if "Enter again" in " ".join(term.screen().split()):  # a proved miss: ask anyway
                warned = term.screen()
                time.sleep(0.8)  # a moment to read why: the same Enter twice sends nothing
                term.keys("Enter")
                wait_until(lambda warned=warned: term.screen() != warned, 10, "the ask to show")
            screen = term.settled("Your turn")
        [gofish_pid] = sshd.gofish_pids()

        ssh_pid = term.pane_pid()
        os.kill(ssh_pid, signal.SIGKILL)  # the connection drops
        dropped = time.monotonic()
        wait_until(lambda: not running(gofish_pid), 2, "the server-side gofish to exit")
        gone_after = time.monotonic() - dropped
    finally:
        term.close()

    assert gone_after < 2
    assert sshd.gofish_pids() == [], "a gofish process was left behind"
    store = Store(sshd.data_dir, profile=PROFILE)
    [info] = store.list()
    record, game = store.load_game(info.id)
    assert not info.finished
    assert moves_by(game, 0) == MOVES
    assert [s.name for s in record.seats][:2] == ["Alice", "Bob"]
    assert stock_on_screen(screen) == game.view(0).stock
    assert sorted(hand_on_screen(screen)) == sorted(card_label(c) for c in game.hand_cards(0))
    # nothing in the default folder: the profile kept the game apart
    assert not list(sshd.data_dir.glob("*.json"))


def test_ssh_without_a_terminal_is_refused(sshd: SshServer) -> None:
    lines = setup_output("ssh-setup", "--user", sshd.user, "--allow-root")
    start = lines.index(f"Match User {sshd.user}")
    block = lines[start:lines.index("Match all", start) + 1]
    assert any(line.strip().startswith("ForceCommand ") for line in block)
    sshd.authorized_keys.write_text(f"{sshd.user_key.with_suffix('.pub').read_text()}")
    sshd.write_config("\n".join(block))  # sshd -t checks the block before sshd starts
    sshd.start()

    done = subprocess.run(sshd.ssh_command("-T"), stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.strip().splitlines() == [
        "gofish needs a terminal: run it in one (with ssh, use ssh -t), or play line by line "
        "with gofish --plain."]
    assert done.stdout == ""
    wait_until(lambda: not sshd.gofish_pids(), 2, "no gofish left running")


def test_colour_follows_colorterm_sent_through_ssh(sshd: SshServer, tmp_path) -> None:
    lines = setup_output("ssh-setup", "--user", sshd.user, "--allow-root")
    start = lines.index(f"Match User {sshd.user}")
    sshd.authorized_keys.write_text(f"{sshd.user_key.with_suffix('.pub').read_text()}")
    sshd.write_config("\n".join(lines[start:lines.index("Match all", start) + 1]))
    sshd.start()
    term = Tmux(tmp_path)
    try:
        term.start(["env", "TERM=xterm", "COLORTERM=truecolor",
                    *sshd.ssh_command("-tt", "-o", "SendEnv=COLORTERM")])
        term.settled("New game (N)")
        assert any(p[:2] in (["38", "2"], ["48", "2"])
                   for p in colour_params(term.screen(escapes=True))), "no 24-bit colour"
        [gofish_pid] = sshd.gofish_pids()
        term.keys("q")  # quit from the start screen: the session ends
        wait_until(lambda: not running(gofish_pid), 5, "gofish to quit")
    finally:
        term.close()


def test_ctrl_z_under_the_forced_command_does_not_freeze_the_session(sshd: SshServer,
                                                                      tmp_path) -> None:
    """No shell to resume gofish under ForceCommand: Ctrl+Z says so and the game plays on
    (it used to stop the process, freezing the connection with the game locked)."""
    lines = setup_output("ssh-setup", "--user", sshd.user, "--allow-root")
    start = lines.index(f"Match User {sshd.user}")
    sshd.authorized_keys.write_text(f"{sshd.user_key.with_suffix('.pub').read_text()}")
    sshd.write_config("\n".join(lines[start:lines.index("Match all", start) + 1]))
    sshd.start()
    term = Tmux(tmp_path)
    try:
        term.start(["env", "TERM=xterm", *sshd.ssh_command("-tt")])
        term.settled("New game (N)")
        [gofish_pid] = sshd.gofish_pids()
        term.keys("C-z")
        term.wait_for("Ctrl+Z is off here")
        with open(f"/proc/{gofish_pid}/stat") as f:
            assert f.read().rsplit(")", 1)[1].split()[0] != "T", "gofish was stopped"
        term.keys("n")  # it still answers
        term.wait_for("Players (2 to 6)")
        term.keys("C-q")
        wait_until(lambda: not running(gofish_pid), 5, "gofish to quit")
    finally:
        term.close()
