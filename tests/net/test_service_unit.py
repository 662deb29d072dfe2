"""ssh-setup --service: a systemd unit whose ExecStart, run as printed, serves the data folder's
tables (and is never stopped for being idle)."""

from __future__ import annotations

import getpass
import os
import shlex
import subprocess
import sys
import time

from gofish.net.local import stop_server
from gofish.store.server_folder import ServerFolder


def unit(data_dir) -> dict[str, str]:
    out = subprocess.run([sys.executable, "-m", "gofish", "--data-dir", str(data_dir),
                          "ssh-setup", "--service", "--allow-root"], capture_output=True,
                         text=True, check=True).stdout
    return dict(line.split("=", 1) for line in out.splitlines()
                if "=" in line and not line.startswith("#"))


def test_the_unit_runs_the_table_server_of_the_folder_for_the_account(tmp_path):
    fields = unit(tmp_path / "data")
    assert fields["User"] == getpass.getuser()
    assert fields["Restart"] == "on-failure" and fields["WantedBy"] == "multi-user.target"
    command = shlex.split(fields["ExecStart"])
    assert command[-3:] == ["table-server", "--idle", "0"]
    assert command[command.index("--data-dir") + 1] == str((tmp_path / "data").absolute())
    folder = ServerFolder(tmp_path / "data")
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ["PATH"]}
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 20
        while not folder.socket_path.exists():
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            assert time.monotonic() < deadline, "the server did not listen"
            time.sleep(0.05)
        assert folder.running()
    finally:
        stop_server(folder)
        proc.wait(10)
    assert proc.returncode == 0
