"""``gofish ssh-setup``, ``gofish serve`` options, ``--profile`` and the refusal without a
terminal, run in-process (quick); the real servers are in test_ssh.py and test_serve.py."""

from __future__ import annotations

import argparse
import asyncio
import shlex
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from textual import events

from gofish.cli import main
from gofish.commands import remote
from gofish.commands.remote import is_loopback, serve_command
from gofish.engine import PRESETS, Rules
from gofish.front.choice import SetupChoice
from gofish.front.pace import environment_delay
from gofish.seats import SeatSpec
from gofish.store import Store
from gofish.tui.app import GofishApp

KEY = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHb0eW9RZw3xYc1vN7b9kVw4Vd2nX2h3nO5cCqgJm0vA carol@lap"


def gofish_script() -> str:
    return str((Path(sys.executable).parent / "gofish").absolute())


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def accounts(monkeypatch) -> dict[str, remote.Account]:
    """The accounts ssh-setup finds: ``games`` and ``carol`` with a shell, as players' accounts
    are; this checkout is taken to be within their reach."""
    found = {name: remote.Account(name, uid, uid, shell) for name, uid, shell in (
        ("games", 5, "/bin/sh"), ("carol", 1001, "/bin/bash"), ("root", 0, "/bin/bash"),
        ("daemon", 1, "/usr/sbin/nologin"), ("ghost", 1002, "/nonexistent/shell"))}
    monkeypatch.setattr(remote, "find_account", found.get)
    monkeypatch.setattr(remote, "unreachable_folder", lambda path, account: None)
    return found


def test_ssh_setup_prints_a_match_block_and_a_key_line(capsys, tmp_path, accounts) -> None:
    key = tmp_path / "carol.pub"
    key.write_text(KEY + "\n")
    code, out, err = run(capsys, "--profile", "carol", "ssh-setup", "--user", "games",
                         "--key", str(key))
    assert code == 0 and err == ""
    lines = out.splitlines()
    block = lines[lines.index("Match User games"):lines.index("Match all") + 1]
    force = next(line.split(None, 1)[1] for line in block if "ForceCommand" in line)
    assert shlex.split(force) == [gofish_script(), "--profile", "carol", "--lang", "en"]
    assert Path(shlex.split(force)[0]).is_file()
    assert "    AcceptEnv LANG LC_* COLORTERM" in block and "    AllowTcpForwarding no" in block
    [key_line] = [line for line in lines if line.startswith("command=")]
    assert key_line == f'command="{force}",restrict,pty {KEY}'


def test_ssh_setup_without_a_key_or_profile_says_what_to_fill_in(capsys, accounts) -> None:
    code, out, _err = run(capsys, "ssh-setup", "--user", "carol")
    assert code == 0
    assert "--profile NAME" in out
    [key_line] = [line for line in out.splitlines() if line.startswith("command=")]
    assert key_line.endswith("<a player's public key, as in ~/.ssh/id_ed25519.pub>")
    assert "--profile" not in key_line


@pytest.mark.parametrize("content", [None, "not a key\n"])
def test_ssh_setup_refuses_a_missing_or_wrong_key_file(capsys, tmp_path, content,
                                                       accounts) -> None:
    key = tmp_path / "key.pub"
    if content is not None:
        key.write_text(content)
    code, out, err = run(capsys, "ssh-setup", "--user", "games", "--key", str(key))
    assert code == 1 and out == ""
    assert err.startswith(f"gofish: cannot read the key {key}: ")


CREATE = "sudo adduser --disabled-password --gecos gofish --shell /bin/sh gofish"


@pytest.mark.parametrize(("user", "why"), [
    ("root", "root is the administrator's account (uid 0): every login as root would play "
             f"gofish. Create an account for the players, for example with `{CREATE}`, and "
             "pass --user gofish"),
    ("daemon", "the login shell of daemon is /usr/sbin/nologin: sshd runs gofish through it, "
               "so every login would end there. Give the account a shell (`sudo usermod "
               f"--shell /bin/sh daemon`) or create one for the players (`{CREATE}`)"),
    ("ghost", "the login shell of ghost is /nonexistent/shell: sshd runs gofish through it, "
              "so every login would end there. Give the account a shell (`sudo usermod "
              f"--shell /bin/sh ghost`) or create one for the players (`{CREATE}`)"),
    ("nobody-here", "there is no account nobody-here on this machine: create one for the "
                    f"players, for example with `{CREATE}`"),
])
def test_ssh_setup_refuses_root_and_accounts_that_cannot_log_in(capsys, accounts, user,
                                                                 why) -> None:
    code, out, err = run(capsys, "ssh-setup", "--user", user)
    assert code == 1 and out == ""
    assert err == f"gofish: {why}\n"


def test_ssh_setup_as_root_needs_user_or_allow_root(capsys, accounts, monkeypatch) -> None:
    monkeypatch.setattr(remote.getpass, "getuser", lambda: "root")
    code, out, err = run(capsys, "ssh-setup")  # run by root, for root: refused
    assert code == 1 and out == "" and "uid 0" in err
    code, out, err = run(capsys, "ssh-setup", "--user", "games")  # run by root, for games
    assert code == 0 and "Match User games" in out
    code, out, err = run(capsys, "ssh-setup", "--allow-root")
    assert code == 0 and "Match User root" in out


def test_ssh_setup_warns_when_the_account_cannot_reach_gofish() -> None:
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as top:  # (pytest's tmp_path is under a 0700 folder)
        os.chmod(top, 0o755)
        check_reach(Path(top) / "closed")


def check_reach(closed: Path) -> None:
    import os

    (closed / "bin").mkdir(parents=True)
    program = closed / "bin" / "gofish"
    program.write_text("")
    closed.chmod(0o700)
    player = remote.Account("carol", 4242, 4242, "/bin/sh")
    owner = remote.Account("me", os.stat(closed).st_uid, 4242, "/bin/sh")
    assert remote.unreachable_folder(program, player) == closed
    assert remote.unreachable_folder(program, owner) is None
    closed.chmod(0o711)  # others may pass through
    assert remote.unreachable_folder(program, player) is None


def test_a_profile_keeps_games_apart(capsys) -> None:
    store = Store(profile="dana")
    record = store.new_game(Rules(), [SeatSpec("Dana"), SeatSpec("Eve")], seed=3)
    with store.lock(record.id):
        store.save(record)
    _code, out, _err = run(capsys, "--profile", "dana", "list")
    assert record.id in out and "Dana, Eve" in out
    _code, out, _err = run(capsys, "list")
    assert record.id not in out and out.startswith("No saved games")
    _code, out, _err = run(capsys, "--profile", "frank", "list")
    assert record.id not in out


def test_a_bad_profile_name_is_refused(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "en", "--profile", "../x", "list"])
    assert stop.value.code == 2
    assert "a profile name is 1 to 32 letters, digits, - or _" in capsys.readouterr().err


def test_without_a_terminal_play_refuses_in_one_line(capsys, monkeypatch) -> None:
    # under pytest stdin is not a terminal, just as with ssh -T or a pipe
    monkeypatch.delenv("SSH_CONNECTION", raising=False)
    code, out, err = run(capsys, "play")
    assert code == 2 and out == ""
    assert err == ("gofish needs a terminal: run it in one (with ssh, use ssh -t), or play line "
                   "by line with gofish --plain.\n")


def test_without_a_terminal_over_ssh_the_refusal_names_what_a_forced_command_takes(
        capsys, monkeypatch) -> None:
    """Over SSH gofish --plain cannot be typed (a forced command runs itself), but TERM=dumb
    reaches it; tests/e2e/test_ssh.py shows both through a real sshd."""
    monkeypatch.setenv("SSH_CONNECTION", "127.0.0.1 50000 127.0.0.1 22")
    code, out, err = run(capsys, "play")
    assert code == 2 and out == ""
    assert err == ("gofish needs a terminal: connect with ssh -t, or with TERM=dumb ssh -t to "
                   "play line by line (for a screen reader).\n")


def test_the_served_command_is_this_gofish_with_our_options(tmp_path) -> None:
    args = argparse.Namespace(data_dir=str(tmp_path / "d"), profile="gil", lang=None,
                              ascii=True)
    command = serve_command(args)
    assert command.startswith("exec ")
    assert shlex.split(command)[1:] == [gofish_script(), "--data-dir", str(tmp_path / "d"),
                                        "--profile", "gil", "--lang", "en", "--ascii", "play"]


def test_loopback_addresses() -> None:
    assert all(map(is_loopback, ["127.0.0.1", "127.1.2.3", "::1", "localhost"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "192.0.2.7", "example.org"]))


def test_serving_beyond_loopback_warns_and_a_busy_port_is_reported(tmp_path) -> None:
    with socket.socket() as busy:
        busy.bind(("0.0.0.0", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "gofish", "--lang", "en", "serve",
                               "--host", "0.0.0.0", "--port", str(port)],
                              capture_output=True, text=True, timeout=30,
                              stdin=subprocess.DEVNULL)
    assert done.returncode == 1
    assert "the token crosses the network in clear" in done.stderr
    assert f"gofish: cannot serve on 0.0.0.0:{port}: " in done.stderr


def test_the_origins_a_served_page_may_have() -> None:
    from gofish.commands.web import origin_of, served_origins

    assert origin_of("HTTP://LocalHost:8000/x?y") == "http://localhost:8000"
    assert origin_of("https://games.example.org") == "https://games.example.org:443"
    assert origin_of("http://[::1]:80") == "http://[::1]:80"
    assert [origin_of(u) for u in ("null", "", "file:///x", "http://h:99999")] == [None] * 4
    assert served_origins("127.0.0.1", 8000, "http://127.0.0.1:8000") == {
        "http://127.0.0.1:8000", "http://localhost:8000", "http://[::1]:8000"}
    # behind a proxy: the address browsers use, and this machine's names
    assert served_origins("127.0.0.1", 8000, "https://games.example.org") == {
        "https://games.example.org:443", "http://127.0.0.1:8000", "http://localhost:8000",
        "http://[::1]:8000"}
    assert served_origins("0.0.0.0", 8000, "https://g.example.org/play") == {
        "https://g.example.org:443"}


def test_serve_gives_its_address_once_the_port_listens(capsys, monkeypatch) -> None:
    """Printed on aiohttp's startup signal, the address came before the port was bound, and a
    client quick to follow it (a test under load) found the port closed."""
    from aiohttp import web

    from gofish.commands.web import GuardedServer

    calls = {}

    def run_app(app, **kwargs) -> None:  # stands for aiohttp: bind, then call print
        assert "gofish is served at" not in capsys.readouterr().out
        app.close()  # the coroutine making the app: not run here
        calls.update(kwargs)
        kwargs["print"]("======== Running on http://127.0.0.1:8000 ========")

    monkeypatch.setattr(web, "run_app", run_app)
    server = GuardedServer("true", host="127.0.0.1", port=8000, title="gofish",
                           public_url=None, token="T0KEN", max_sessions=2)
    server.serve()
    calls["loop"].close()
    asyncio.set_event_loop(None)
    assert calls["port"] == 8000
    assert "gofish is served at http://127.0.0.1:8000/?token=T0KEN" in capsys.readouterr().out


def test_serve_refuses_a_cap_below_one(capsys) -> None:
    code, out, err = run(capsys, "serve", "--max-sessions", "0")
    assert code == 2 and out == ""
    assert err == "gofish: --max-sessions must be at least 1\n"


@pytest.mark.parametrize(("value", "delay"), [("0", 0.0), ("0.25", 0.25), ("", None),
                                              ("soon", None), ("-1", 0.0), ("inf", None)])
def test_computer_pacing_from_the_environment(monkeypatch, value, delay) -> None:
    monkeypatch.setenv("GOFISH_DELAY", value)
    assert environment_delay() == delay  # None: the pace remembered in the settings


async def test_the_app_keeps_a_profiles_games_in_its_folder(tmp_path) -> None:
    choice = SetupChoice((SeatSpec("Ida"), SeatSpec("Jo")), Rules(), 5)
    app = GofishApp(data_dir=str(tmp_path / "d"), profile="ida", computer_delay=0,
                    choice=choice)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.session is not None
        game_id = app.session.game_id
        assert app.exit_message.endswith(f"gofish --profile ida resume {game_id}")
    assert (tmp_path / "d" / "profiles" / "ida" / f"{game_id}.json").is_file()
    assert Store(tmp_path / "d", profile="ida").load(game_id).id == game_id
    assert Store(tmp_path / "d").list() == []


async def test_keys_in_a_burst_start_the_setup_shown(tmp_path) -> None:
    """Over ssh, keys typed ahead arrive together: Ctrl+S may come before the setup's seat rows
    are mounted, and must still start the setup on screen (Alice against the computer)."""
    app = GofishApp(data_dir=str(tmp_path / "d"), computer_delay=0, start="menu")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, character in (("n", "n"), ("ctrl+s", None)):  # queued together, no waiting
            app.post_message(events.Key(key, character))
        for _ in range(50):
            if app.session is not None:
                break
            await pilot.pause(0.05)
        assert app.session is not None
        assert [(s.name, s.is_human) for s in app.session.seats] == [("Alice", True),
                                                                    ("Bob", False)]
        assert app.session.rules == PRESETS["standard"]


def test_an_ipv6_address_is_written_in_brackets() -> None:
    """`gofish serve --host ::1` printed http://::1:8000/?token=…, which no browser opens, and
    gave its page the WebSocket ws://::1:8000/ws/…"""
    from gofish.commands.web import GuardedServer

    server = GuardedServer("true", host="::1", port=8000, title="gofish", public_url=None,
                           token="T0KEN", max_sessions=2)
    assert server.url == "http://[::1]:8000/?token=T0KEN"
    assert "http://[::1]:8000" in server.origins
