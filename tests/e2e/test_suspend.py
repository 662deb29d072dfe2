"""Ctrl+Z only where a shell can bring gofish back.

Under an sshd ForceCommand (or authorized_keys ``command=``) gofish leads its own session,
with no shell above it: Textual's suspend stopped the process and nothing ever resumed it, so
the connection froze with the game locked. A tmux pane whose command is gofish itself is the
same situation (its first process leads the session); an interactive shell in the pane is
the other one.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest
from e2e_support import Tmux, kill_leftovers, pids_with_env, require, wait_until

from gofish.tui.job_control import has_job_control

pytestmark = pytest.mark.e2e

PROBE = ("import sys; sys.path[:0] = [{path!r}]; "
         "from gofish.tui.job_control import has_job_control; print(has_job_control())")


def probe(*wrap: str, **popen: object) -> str:
    """has_job_control() as seen by a child started as ``wrap`` says."""
    code = PROBE.format(path=os.path.dirname(os.path.dirname(sys.modules[
        has_job_control.__module__].__file__)))
    done = subprocess.run([*wrap, sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=30, stdin=subprocess.DEVNULL, **popen)  # type: ignore[arg-type]
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_job_control_is_a_shell_above_our_process_group() -> None:
    require("setsid")
    # a job of a shell: its own group, its parent (us) in the same session
    assert probe(process_group=0) == "True"
    # the same through a wrapper in its group (sh -c that does not exec)
    assert probe("sh", "-c", '"$@"; true', "sh", process_group=0) == "True"
    # leading a session of its own, as sshd's ForceCommand child does
    assert probe("setsid", "-w") == "False"
    assert probe("setsid", "-w", "sh", "-c", '"$@"; true', "sh") == "False"


def state(pid: int) -> str:
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()[0]


@pytest.mark.parametrize("shell", [False, True], ids=["gofish-leads", "in-a-shell"])
def test_ctrl_z_without_a_shell_says_so_and_keeps_playing(tmp_path, shell: bool) -> None:
    require("tmux")
    data = tmp_path / "z-data"
    gofish = [sys.executable, "-m", "gofish", "--lang", "en", "new"]
    term = Tmux(tmp_path)
    env = ["env", f"GOFISH_DATA_DIR={data}", "GOFISH_DELAY=0"]
    try:
        if shell:  # an interactive shell with job control, gofish one of its jobs
            term.start([*env, "PS1=$ ", "bash", "--norc", "-i"])
            term.wait_for("$")
            term.keys(" ".join(gofish), "Enter")
        else:  # gofish is the pane's first process, like sshd's ForceCommand child
            term.start([*env, *gofish])
        term.wait_for("Players (2 to 6)")
        term.keys("C-s")
        term.settled("Your turn")
        pane = term.pane_pid()  # the shell, or gofish itself (env and exec leave one process)
        [pid] = [p for p in pids_with_env("GOFISH_DATA_DIR", str(data))
                 if p != pane or not shell]
        term.keys("C-z")
        if shell:
            wait_until(lambda: state(pid) == "T", 5, "gofish to be stopped by Ctrl+Z")
            term.wait_for("$")
            term.keys("fg", "Enter")
            term.wait_for("Your turn")
            assert state(pid) != "T"
        else:
            term.wait_for("Ctrl+Z is off here")  # (the rest of the notice wraps in its box)
            time.sleep(0.3)
            assert state(pid) != "T", "gofish was stopped with nobody to resume it"
            term.keys("C-q")  # and it still answers its keys
            wait_until(lambda: not pids_with_env("GOFISH_DATA_DIR", str(data)), 10,
                       "gofish to quit")
    finally:
        term.close()
        for pid in pids_with_env("GOFISH_DATA_DIR", str(data)):
            os.kill(pid, signal.SIGCONT)
        kill_leftovers("GOFISH_DATA_DIR", str(data))
