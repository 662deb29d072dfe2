"""Real servers for the end-to-end tests: OpenSSH's sshd, tmux as the player's terminal.

Nothing here is a mock: sshd authenticates with real keys and runs the installed ``gofish``
for each connection, and the ssh client runs in a tmux pane of a given size and TERM.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

SSHD = "/usr/sbin/sshd"
INSTALL_HINT = "apt-get install openssh-server openssh-client tmux (.ci/run does)"
SGR = re.compile(r"\x1b\[([0-9;:]*)m")


def require(*programs: str) -> None:
    """Skip, naming what is missing, unless this is CI, where a missing server is a failure."""
    missing = [p for p in programs if not (os.access(p, os.X_OK) if p.startswith("/")
                                           else shutil.which(p))]
    if not missing:
        return
    reason = f"not installed here: {', '.join(missing)} ({INSTALL_HINT})"
    if os.environ.get("CI"):
        pytest.fail(f"CI must run this test, but {reason}")
    pytest.skip(reason)


def gofish(*args: str, env: dict[str, str] | None = None, stdin=subprocess.DEVNULL,
           timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """This checkout's ``gofish`` command, as a real process."""
    return subprocess.run([sys.executable, "-m", "gofish", *args], capture_output=True,
                          text=True, env=env, stdin=stdin, timeout=timeout)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check: Callable[[], object], timeout: float, what: str,
               interval: float = 0.05) -> object:
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


# ---------------------------------------------------------------------- processes

def _environ(pid: int) -> list[bytes]:
    try:
        return Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:  # gone, a zombie, or not ours to read
        return []


def pids_with_env(name: str, value: str) -> list[int]:
    """Live processes whose environment has ``name=value`` (a zombie has no environment)."""
    entry = f"{name}={value}".encode()
    return [int(d) for d in os.listdir("/proc") if d.isdigit() and entry in _environ(int(d))]


def running(pid: int) -> bool:
    """True while ``pid`` exists and has not exited (an exited, unreaped process is done)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def kill_leftovers(name: str, value: str) -> None:
    """After a failed test: end whatever it started that is still running (found by env)."""
    for pid in pids_with_env(name, value):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


# ---------------------------------------------------------------------- colours

def colour_params(screen: str) -> list[list[str]]:
    """The parameter lists of every SGR sequence that sets a colour."""
    found = []
    for match in SGR.finditer(screen):
        params = re.split("[;:]", match.group(1)) if match.group(1) else ["0"]
        if any(p in ("38", "48") or p.isdigit() and (30 <= int(p) <= 49 or 90 <= int(p) <= 107)
               for p in params):
            found.append(params)
    return found


def extended_colours(screen: str) -> list[str]:
    """SGR sequences using 256 or 24-bit colour (38;5 / 38;2 and the 48 forms): not 16 colours."""
    return [";".join(p) for p in colour_params(screen) if "38" in p or "48" in p]


# ---------------------------------------------------------------------- tmux

class Tmux:
    """One tmux server of our own (its own socket), one pane: the player's terminal."""

    def __init__(self, folder: Path, width: int = 80, height: int = 24) -> None:
        self.socket = folder / "tmux.sock"
        self.width, self.height = width, height
        self.env = {k: v for k, v in os.environ.items() if k not in ("TMUX", "COLORTERM")}
        self.env.update(LANG="C.UTF-8", TERM="xterm")

    def tmux(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["tmux", "-f", "/dev/null", "-S", str(self.socket), *args],
                              capture_output=True, text=True, env=self.env, timeout=10)
        if check and done.returncode:
            raise AssertionError(f"tmux {args[0]} failed: {done.stderr.strip()}")
        return done.stdout

    def start(self, command: list[str]) -> None:
        self.tmux("new-session", "-d", "-s", "play", "-x", str(self.width),
                  "-y", str(self.height), "exec " + shlex.join(command))

    def screen(self, escapes: bool = False) -> str:
        return self.tmux("capture-pane", "-p", *(["-e"] if escapes else []), "-t", "play")

    def keys(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", "play", *keys)

    def wait_for(self, text: str, timeout: float = 15) -> str:
        last = [""]

        def shows() -> str | None:
            last[0] = self.screen()
            return last[0] if text in last[0] else None

        try:
            return wait_until(shows, timeout, repr(text), interval=0.1)  # type: ignore[return-value]
        except AssertionError as e:
            raise AssertionError(f"{e}; the screen was:\n{last[0]}") from None

    def settled(self, text: str, timeout: float = 15) -> str:
        """The screen once it shows ``text`` and has stopped changing."""
        deadline = time.monotonic() + timeout
        screen = self.wait_for(text, timeout)
        while time.monotonic() < deadline:
            time.sleep(0.3)
            again = self.screen()
            if again == screen and text in again:
                return again
            screen = again
        raise AssertionError(f"the screen did not settle on {text!r}:\n{screen}")

    def pane_pid(self) -> int:
        return int(self.tmux("display-message", "-p", "-t", "play", "#{pane_pid}").strip())

    def close(self) -> None:
        self.tmux("kill-server", check=False)


# a new game from the setup, in English (a shell line runs it, so its exit status can be kept)
NEW_GAME = " ".join([sys.executable, "-m", "gofish", "--lang", "en", "new"])


def start_new_game(term: Tmux, data: Path, script: str) -> int:
    """Run ``script`` (a shell line that runs NEW_GAME) in the pane with its own data folder,
    start the game from the setup, and return gofish's process id once the table is up."""
    term.start(["env", f"GOFISH_DATA_DIR={data}", "GOFISH_DELAY=0", "sh", "-c", script])
    term.wait_for("Players (2 to 6)")
    term.keys("C-s")
    term.settled("Your turn")
    shell = term.pane_pid()
    [pid] = [p for p in pids_with_env("GOFISH_DATA_DIR", str(data)) if p != shell]
    return pid

# ---------------------------------------------------------------------- sshd

class SshServer:
    """OpenSSH's sshd on a free loopback port, with its own host key, config and keys file."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.data_dir = folder / "server-data"  # gofish's data there, and its mark in /proc
        self.host_key = folder / "host_key"
        self.user_key = folder / "user_key"
        self.authorized_keys = folder / "authorized_keys"
        self.config = folder / "sshd_config"
        self.log = folder / "sshd.log"
        self.port = 0
        self.process: subprocess.Popen | None = None
        for key in (self.host_key, self.user_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)],
                           check=True, timeout=30)

    @property
    def user(self) -> str:
        import getpass

        return getpass.getuser()

    def write_config(self, extra: str = "") -> None:
        env = {"GOFISH_DATA_DIR": str(self.data_dir), "GOFISH_DELAY": "0"}
        # sshd gives each session a fresh environment: keep the test's import path, if any
        if os.environ.get("PYTHONPATH"):
            env["PYTHONPATH"] = os.environ["PYTHONPATH"]
        self.port = free_port()
        self.config.write_text("\n".join([
            f"Port {self.port}",
            "ListenAddress 127.0.0.1",
            f"HostKey {self.host_key}",
            f"PidFile {self.folder / 'sshd.pid'}",
            f"AuthorizedKeysFile {self.authorized_keys}",
            "StrictModes no",
            "UsePAM no",
            "PasswordAuthentication no",
            "KbdInteractiveAuthentication no",
            "PermitRootLogin prohibit-password",
            "SetEnv " + " ".join(f"{k}={v}" for k, v in env.items()),
            extra,
            "",
        ]))

    def check_config(self) -> None:
        done = subprocess.run([SSHD, "-t", "-f", str(self.config)], capture_output=True,
                              text=True, timeout=30)
        assert done.returncode == 0, f"sshd -t refused the config: {done.stderr}"

    def start(self) -> None:
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # sshd's privilege-separation dir
        self.check_config()
        with self.log.open("wb") as log:
            self.process = subprocess.Popen([SSHD, "-D", "-e", "-f", str(self.config)],
                                            stdin=subprocess.DEVNULL, stdout=log, stderr=log)
        wait_until(lambda: "Server listening" in self.log.read_text(errors="replace")
                   or self.process.poll() is not None, 15, "sshd to listen")
        if self.process.poll() is not None:
            raise AssertionError(f"sshd did not start:\n{self.log.read_text(errors='replace')}")

    def ssh_command(self, *options: str) -> list[str]:
        return ["ssh", *options, "-F", "/dev/null", "-i", str(self.user_key),
                "-p", str(self.port), "-o", "StrictHostKeyChecking=no",
                "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
                "-o", "IdentitiesOnly=yes", "-o", "LogLevel=ERROR",
                f"{self.user}@127.0.0.1"]

    def gofish_pids(self) -> list[int]:
        return pids_with_env("GOFISH_DATA_DIR", str(self.data_dir))

    def close(self) -> None:
        if self.process is not None:
            stop(self.process)
        kill_leftovers("GOFISH_DATA_DIR", str(self.data_dir))
