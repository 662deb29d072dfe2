"""gofish behind a real OpenSSH server, played through the real ssh client in tmux at 80x24.

sshd is configured from what ``gofish ssh-setup`` prints: the authorized_keys line (with a
profile) for the interactive game, the sshd_config Match block for the refusal without a
terminal. Each test starts and stops its own sshd on a free loopback port.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import signal
import subprocess
import time
from pathlib import Path

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


def setup_output(*args: str, lang: bool = True) -> list[str]:
    """What ``gofish ssh-setup`` prints (``--lang en`` in its forced command unless
    ``lang=False``: then the player's own language holds)."""
    done = gofish(*(["--lang", "en"] if lang else []), *args,
                  env={**os.environ, "LANGUAGE": "en"})
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def printed_block(sshd: SshServer, *, lang: bool = True) -> list[str]:
    """The sshd_config Match block ``ssh-setup`` prints for the test's account."""
    lines = setup_output("ssh-setup", "--user", sshd.user, "--allow-root", lang=lang)
    start = lines.index(f"Match User {sshd.user}")
    return lines[start:lines.index("Match all", start) + 1]


def serve_printed_block(sshd: SshServer, *, lang: bool = True,
                        replace: dict[str, str] | None = None) -> None:
    """Start sshd with the printed block (each option in ``replace`` given another value),
    the test's key allowed in."""
    block = printed_block(sshd, lang=lang)
    for option, value in (replace or {}).items():
        [i] = [i for i, line in enumerate(block) if line.split()[0] == option]
        block[i] = f"    {option} {value}"
    sshd.authorized_keys.write_text(sshd.user_key.with_suffix(".pub").read_text())
    sshd.write_config("\n".join(block))
    sshd.start()  # sshd -t checks the block first


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


def test_ssh_without_a_terminal_is_refused_naming_what_works(sshd: SshServer,
                                                             tmp_path) -> None:
    """The refusal names what works through a forced command, and each of those works: ssh -t
    for the game, TERM=dumb ssh -t for the line mode (TERM passes with a terminal). A command
    typed after the host does not (sshd runs the forced one instead), so it is not named."""
    assert any(line.strip().startswith("ForceCommand ") for line in printed_block(sshd))
    serve_printed_block(sshd)

    done = subprocess.run(sshd.ssh_command("-T"), stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.strip().splitlines() == [
        "gofish needs a terminal: connect with ssh -t, or with TERM=dumb ssh -t to play line "
        "by line (for a screen reader)."]
    assert done.stdout == ""
    wait_until(lambda: not sshd.gofish_pids(), 2, "no gofish left running")

    for command, shows in (
            (["env", "TERM=dumb", *sshd.ssh_command("-tt")], "gofish, line by line."),
            (["env", "TERM=xterm", *sshd.ssh_command("-tt"), "gofish", "--plain"],
             "New game (N)")):
        term = Tmux(tmp_path)
        try:
            term.start(command)
            term.wait_for(shows)
            [gofish_pid] = sshd.gofish_pids()
            term.keys("q", *(["Enter"] if "TERM=dumb" in command else []))
            wait_until(lambda pid=gofish_pid: not running(pid), 5, "gofish to quit")
        finally:
            term.close()


def test_the_printed_block_is_what_sshd_applies(sshd: SshServer) -> None:
    """sshd -t takes the block, and sshd -T (the settings for one connection) shows that the
    game's account gets the player's language and hangs up a dead client within about a
    minute, while another account gets none of it (the block ends with Match all)."""
    sshd.write_config("\n".join(printed_block(sshd)))
    sshd.check_config()  # sshd -t -f FILE

    def applied(user: str) -> dict[str, list[str]]:
        done = subprocess.run([SSHD, "-T", "-f", str(sshd.config), "-C",
                               f"user={user},host=localhost,addr=127.0.0.1"],
                              capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
        found: dict[str, list[str]] = {}
        for line in done.stdout.splitlines():
            name, _, value = line.partition(" ")
            found.setdefault(name, []).append(value)
        return found

    player = applied(sshd.user)
    interval, tries = int(player["clientaliveinterval"][0]), int(player["clientalivecountmax"][0])
    # sshd hangs up at the check after the last unanswered one
    assert interval > 0 and tries > 0 and interval * (tries + 1) <= 60
    assert {"LANG", "LC_*", "COLORTERM"} <= set(player["acceptenv"])
    assert player["forcecommand"] != ["none"]
    other = applied("someone-else")
    assert other["clientaliveinterval"] == ["0"] and other["forcecommand"] == ["none"]


def test_a_french_client_gets_french_through_the_printed_block(sshd: SshServer,
                                                              tmp_path) -> None:
    """LANG sent by the client (SendEnv, as Debian's ssh_config does) reaches gofish: the
    block's AcceptEnv names it beside COLORTERM (alone, it replaced Debian's, and a French
    player got English)."""
    serve_printed_block(sshd, lang=False)  # no --lang in the forced command
    term = Tmux(tmp_path)
    try:
        term.start(["env", "-u", "LANGUAGE", "-u", "LC_ALL", "-u", "LC_MESSAGES",
                    "LANG=fr_FR.UTF-8", "TERM=xterm", *sshd.ssh_command("-tt", "-o",
                                                                        "SendEnv=LANG")])
        term.settled("Nouvelle partie (N)")
        [gofish_pid] = sshd.gofish_pids()
        term.keys("q")
        wait_until(lambda: not running(gofish_pid), 5, "gofish to quit")
    finally:
        term.close()


def test_a_frozen_client_lets_the_game_go(sshd: SshServer, tmp_path) -> None:
    """A client that stops answering (stopped here with SIGSTOP: its machine asleep, its
    network gone) is hung up by sshd's keep-alive, and gofish exits and frees the game's lock.
    The printed block's own values take about a minute; here they are shrunk to 1 s and 1."""
    serve_printed_block(sshd, replace={"ClientAliveInterval": "1", "ClientAliveCountMax": "1"})
    term = Tmux(tmp_path)
    ssh_pid = 0
    try:
        # ssh under a shell, not as the pane's own process: tmux wakes a pane's process that
        # stops (SIGCONT), and the client would answer again
        term.start(["sh", "-c", shlex.join(["env", "TERM=xterm", *sshd.ssh_command("-tt")])
                    + "; true"])
        term.settled("New game (N)")
        term.keys("n")
        term.wait_for("Players (2 to 6)")
        term.keys("C-s")
        term.settled("Your turn")
        [gofish_pid] = sshd.gofish_pids()
        [info] = Store(sshd.data_dir).list()
        shell = term.pane_pid()
        [ssh_pid] = map(int, Path(f"/proc/{shell}/task/{shell}/children").read_text().split())
        os.kill(ssh_pid, signal.SIGSTOP)
        wait_until(lambda: not running(gofish_pid), 15, "gofish to go with the connection")
        Store(sshd.data_dir).lock(info.id).release()  # the game is free to resume
    finally:
        if ssh_pid:
            with contextlib.suppress(OSError):
                os.kill(ssh_pid, signal.SIGKILL)
        term.close()


def test_colour_follows_colorterm_sent_through_ssh(sshd: SshServer, tmp_path) -> None:
    serve_printed_block(sshd)
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
    serve_printed_block(sshd)
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


def test_ascii_on_a_vt100_then_the_players_choice_over_the_forced_command(sshd: SshServer,
                                                                           tmp_path) -> None:
    """TERM=vt100 (sent by ssh with the terminal) starts gofish in ASCII; the player turns it
    off in the settings (S, A: a forced command takes no --ascii) and the next login, on the
    same terminal, keeps the choice."""
    serve_printed_block(sshd)
    vt100 = ["env", "TERM=vt100", *sshd.ssh_command("-tt")]

    def start(term: Tmux) -> tuple[str, int]:
        term.start(vt100)
        screen = term.settled("New game (N)")
        [gofish_pid] = sshd.gofish_pids()
        return screen, gofish_pid

    term = Tmux(tmp_path)
    try:
        screen, gofish_pid = start(term)
        assert screen.isascii(), screen
        term.keys("s")
        term.wait_for("ASCII only (A): on")
        term.keys("a")
        screen = term.settled("ASCII only (A): off")
        assert not screen.isascii()  # the frames and the sample's suits, drawn at once
        term.keys("Escape")
        term.settled("New game (N)")
        term.keys("q")
        wait_until(lambda: not running(gofish_pid), 5, "gofish to quit")
    finally:
        term.close()
    term = Tmux(tmp_path)
    try:
        screen, gofish_pid = start(term)
        assert not screen.isascii(), "the choice was not kept"
        term.keys("q")
        wait_until(lambda: not running(gofish_pid), 5, "gofish to quit")
    finally:
        term.close()
