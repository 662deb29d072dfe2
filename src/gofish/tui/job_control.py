"""Whether Ctrl+Z can come back: is there a shell with job control to resume gofish?

Textual suspends on Ctrl+Z by stopping its own process (SIGSTOP) and waits for a SIGCONT that
only a job-control shell sends (``fg``). Under an sshd ``ForceCommand`` or an authorized_keys
``command=``, gofish is the session's first process (or a non-interactive shell's child, in
its group): nobody will ever send that SIGCONT, and the connection freezes with the game
locked. The kernel's own test for this is the orphaned process group (POSIX: a stop signal
from the terminal is discarded in one): a group is not orphaned while one of its members has a
parent in another group of the same session, which is what a job-control shell is to its jobs.
We look up our own line of ancestors in our group.
"""

from __future__ import annotations

import os
from collections.abc import Callable

MAX_DEPTH = 64  # ancestors in our own process group (wrappers): a handful in practice


def proc_parent(pid: int) -> int | None:
    """The parent of ``pid`` from /proc (Linux); None where that cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
        return int(stat.rsplit(b")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def has_job_control(parent_of: Callable[[int], int | None] = proc_parent) -> bool:
    """True if a shell in this session above our process group can resume us after a stop."""
    if os.name != "posix":
        return False
    try:
        pgrp, session = os.getpgrp(), os.getsid(0)
    except OSError:
        return False
    if pgrp == session:
        return False  # the session leader's own group: no shell above it in this session
    parent: int | None = os.getppid()
    for _depth in range(MAX_DEPTH):
        if parent is None or parent <= 1:
            return False
        try:
            if os.getsid(parent) != session:
                return False  # our line leaves the session without meeting a shell
            if os.getpgid(parent) != pgrp:
                return True  # a parent in the session, in another group: a job-control shell
        except OSError:
            return False
        parent = parent_of(parent)  # a wrapper in our own group: look above it
    return False
