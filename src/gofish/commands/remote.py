"""``gofish ssh-setup`` and ``gofish serve``: playing on a remote machine.

Over SSH, OpenSSH's own server runs one ``gofish`` process per connection, in its own terminal,
and does the authentication; ``ssh-setup`` prints the configuration for this installation. In a
browser, textual-serve runs one process per page; it has no authentication of its own, so
gofish.commands.web puts a secret token, an Origin check and a cap on sessions in front of it,
and it listens on loopback unless told otherwise.
"""

from __future__ import annotations

import argparse
import getpass
import os
import shlex
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

from gofish.commands.addresses import is_loopback
from gofish.i18n import _, language

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 4  # each page is one gofish process (about 35 MB)
# Forwarding of every kind is off: the account exists to play, not to reach the network.
# A Match block's AcceptEnv replaces the one above it (Debian's "AcceptEnv LANG LC_*"), so the
# player's language is named again beside COLORTERM. sshd asks a silent client every
# CLIENT_ALIVE seconds and hangs up after CLIENT_ALIVE_TRIES unanswered asks: a frozen or
# vanished client is let go within about a minute, and gofish (and its game's lock) with it.
# (Without these, a frozen client held both for 18 minutes, until TCP gave up.)
CLIENT_ALIVE = 15
CLIENT_ALIVE_TRIES = 3
SSHD_OPTIONS = (
    "PermitTTY yes",
    "AllowTcpForwarding no",
    "AllowStreamLocalForwarding no",
    "AllowAgentForwarding no",
    "X11Forwarding no",
    "PermitTunnel no",
    "AcceptEnv LANG LC_* COLORTERM",
    f"ClientAliveInterval {CLIENT_ALIVE}",
    f"ClientAliveCountMax {CLIENT_ALIVE_TRIES}",
)
KEY_OPTIONS = "restrict,pty"  # restrict turns everything off, pty gives the terminal back


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ssh-setup", help=_("print an sshd_config block and an authorized_keys "
                                           "line that make ssh logins play gofish"))
    p.add_argument("--user", help=_("the account players log in to (default: this one)"))
    p.add_argument("--key", metavar="FILE",
                   help=_("a player's public key file, for the authorized_keys line"))
    p.add_argument("--service", action="store_true",
                   help=_("print a systemd unit that keeps this account's table server up "
                          "(instead of the lobby starting it when first needed)"))
    p.add_argument("--allow-root", action="store_true",
                   help=_("print it even for root (a throwaway machine or container only: "
                          "every root login would play gofish)"))
    p.set_defaults(func=run_ssh_setup)
    p = sub.add_parser("serve", help=_("play in a web browser (through textual-serve)"))
    p.add_argument("--host", default=DEFAULT_HOST,
                   help=_("address to listen on (default: {host}, this machine only)").format(
                       host=DEFAULT_HOST))
    p.add_argument("--port", type=int, default=DEFAULT_PORT,
                   help=_("port to listen on (default: {port})").format(port=DEFAULT_PORT))
    p.add_argument("--public-url", metavar="URL",
                   help=_("the address browsers use, when behind a proxy "
                          "(default: http://HOST:PORT)"))
    p.add_argument("--max-sessions", type=int, default=DEFAULT_MAX_SESSIONS, metavar="N",
                   help=_("games open at once, one process each (default: {n})").format(
                       n=DEFAULT_MAX_SESSIONS))
    p.add_argument("--no-token", action="store_true",
                   help=_("no secret token in the address: only behind a proxy that asks "
                          "for a login"))
    p.set_defaults(func=run_serve)


# ---------------------------------------------------------------------- the command to run

def gofish_command() -> list[str]:
    """This installation's ``gofish``: the script beside this interpreter, else ``-m gofish``."""
    script = Path(sys.executable).parent / "gofish"
    if script.is_file():
        return [str(script.absolute())]
    return [str(Path(sys.executable).absolute()), "-m", "gofish"]


def global_options(args: argparse.Namespace, *, lang: bool = False) -> list[str]:
    """The global options given to this command, to hand on to the one the server runs."""
    options = []
    if getattr(args, "data_dir", None):
        options += ["--data-dir", str(Path(args.data_dir).expanduser().absolute())]
    if getattr(args, "profile", None):
        options += ["--profile", args.profile]
    if getattr(args, "lang", None) or lang:
        options += ["--lang", args.lang or language()]
    for flag in ("ascii", "local_letters"):
        if getattr(args, flag, False):
            options.append("--" + flag.replace("_", "-"))
    return options


# ---------------------------------------------------------------------- ssh-setup

def read_public_key(path: str) -> str:
    """The first key line of an OpenSSH public key file; ValueError if there is none."""
    text = Path(path).expanduser().read_text(encoding="utf-8", errors="replace")
    for line in text.splitlines():
        parts = line.split()
        if len(parts) >= 2 and (parts[0].startswith(("ssh-", "ecdsa-", "sk-"))):
            return " ".join(parts[:3])
    raise ValueError(_("{path} holds no OpenSSH public key").format(path=path))


def sshd_block(user: str, command: str) -> list[str]:
    """A Match block, closed by ``Match all`` so that lines after it apply to everyone again."""
    return [f"Match User {user}", f"    ForceCommand {command}",
            *(f"    {option}" for option in SSHD_OPTIONS), "Match all"]


def authorized_keys_line(command: str, key: str) -> str:
    quoted = command.replace("\\", "\\\\").replace('"', '\\"')
    return f'command="{quoted}",{KEY_OPTIONS} {key}'


def ssh_setup_lines(args: argparse.Namespace, key: str | None) -> list[str]:
    user = args.user or getpass.getuser()
    command = shlex.join([*gofish_command(), *global_options(args)])
    key_text = key or _("<a player's public key, as in ~/.ssh/id_ed25519.pub>")
    lines = [
        _("# At the end of /etc/ssh/sshd_config: every ssh login as {user} plays gofish.")
        .format(user=user),
        _("# Check it with `sshd -t`, then reload sshd."),
        *sshd_block(user, command),
        "",
        _("# Or, one line per player in ~{user}/.ssh/authorized_keys: the key picks the game.")
        .format(user=user),
    ]
    if not getattr(args, "profile", None):
        lines.append(_("# Give each person their own games and settings with "
                       "`gofish --profile NAME ssh-setup`."))
    lines += [
        authorized_keys_line(command, key_text),
        _("# Keep the Match block too, without its ForceCommand: it passes the player's "
          "language on and hangs up dead connections."),
        "",
        _("# Players connect with `ssh -t {user}@HOST`; for full colour, add "
          "`-o SendEnv=COLORTERM`.").format(user=user),
    ]
    return lines


NO_SHELLS = ("nologin", "false", "true")
CREATE_ACCOUNT = "sudo adduser --disabled-password --gecos gofish --shell /bin/sh gofish"


@dataclass(frozen=True)
class Account:
    """What ssh-setup needs to know of the account players log in to."""

    name: str
    uid: int
    gid: int
    shell: str


def find_account(user: str) -> Account | None:
    """The account named ``user`` on this machine (None if there is none)."""
    import pwd

    try:
        entry = pwd.getpwnam(user)
    except KeyError:
        return None
    return Account(entry.pw_name, entry.pw_uid, entry.pw_gid, entry.pw_shell or "/bin/sh")


def account_problem(user: str, *, allow_root: bool = False) -> str | None:
    """Why ``user`` cannot be the players' account, in one line; None if it can.

    sshd runs a forced command through the account's login shell (``shell -c command``), so
    an account whose shell is nologin or false says "This account is currently not
    available" at every login; and a forced command for root would turn every root login
    into a game.
    """
    if os.name != "posix":
        return None
    account = find_account(user)
    if account is None:
        return _("there is no account {user} on this machine: create one for the players, "
                 "for example with `{command}`").format(user=user, command=CREATE_ACCOUNT)
    if account.uid == 0 and not allow_root:
        return _("{user} is the administrator's account (uid 0): every login as {user} "
                 "would play gofish. Create an account for the players, for example with "
                 "`{command}`, and pass --user gofish").format(user=user, command=CREATE_ACCOUNT)
    shell = account.shell
    if os.path.basename(shell) in NO_SHELLS or not os.access(shell, os.X_OK):
        return _("the login shell of {user} is {shell}: sshd runs gofish through it, so every "
                 "login would end there. Give the account a shell (`sudo usermod --shell "
                 "/bin/sh {user}`) or create one for the players (`{command}`)").format(
            user=user, shell=shell, command=CREATE_ACCOUNT)
    return None


def unreachable_folder(path: Path, account: Account) -> Path | None:
    """A folder on the way to ``path`` that ``account`` may not enter, if any (it could not
    run this gofish: installed under /root, say)."""
    for folder in [*reversed(path.parents)]:
        try:
            info = folder.stat()
        except OSError:
            return folder
        if account.uid == 0 or info.st_mode & stat.S_IXOTH:
            continue
        if info.st_uid == account.uid and info.st_mode & stat.S_IXUSR:
            continue
        if info.st_gid == account.gid and info.st_mode & stat.S_IXGRP:
            continue
        return folder
    return None


def run_ssh_setup(args: argparse.Namespace) -> int:
    user = args.user or getpass.getuser()
    problem = account_problem(user, allow_root=args.allow_root)
    if problem is not None:
        print(_("gofish: {problem}").format(problem=problem), file=sys.stderr)
        return 1
    account = find_account(user) if os.name == "posix" else None
    if account is not None:  # this gofish and the Python it runs on (a venv's is a link)
        for program in (Path(gofish_command()[0]), Path(os.path.realpath(sys.executable))):
            closed = unreachable_folder(program, account)
            if closed is not None:
                print(_("gofish: warning: {user} cannot enter {folder}, so cannot run "
                        "{path}: install gofish where that account can run it").format(
                    user=user, folder=closed, path=program), file=sys.stderr)
                break
    key = None
    if args.key:
        try:
            key = read_public_key(args.key)
        except (OSError, ValueError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            print(_("gofish: cannot read the key {path}: {reason}").format(
                path=args.key, reason=reason), file=sys.stderr)
            return 1
    print("\n".join(service_lines(args, user) if args.service else ssh_setup_lines(args, key)))
    return 0


def service_lines(args: argparse.Namespace, user: str) -> list[str]:
    """A systemd unit for the data folder's table server, run as the game's account: up from
    boot, restarted if it ends, never stopped for being idle (the lobby starts one by itself
    when none runs, so the unit is a choice, not a need)."""
    from gofish.store.paths import resolve_data_dir

    data = resolve_data_dir(args.data_dir) if args.data_dir or user == getpass.getuser() \
        else None
    command = [*gofish_command()]
    if data is not None:
        command += ["--data-dir", str(data.absolute())]
    command += ["table-server", "--idle", "0"]
    return [
        "# " + _("/etc/systemd/system/gofish-tables.service: then run"),
        "#   sudo systemctl daemon-reload && sudo systemctl enable --now gofish-tables",
        "[Unit]",
        "Description=gofish table server (shared tables of the game account)",
        "After=network.target",
        "",
        "[Service]",
        f"User={user}",
        f"ExecStart={shlex.join(command)}",
        "Restart=on-failure",
        "# " + _("a logout never ends it; the players' sessions reach it through its socket"),
        "NoNewPrivileges=yes",
        "PrivateTmp=no",
        "",
        "[Install]",
        "WantedBy=multi-user.target",
    ]


# ---------------------------------------------------------------------- serve



def serve_command(args: argparse.Namespace) -> str:
    """The shell command textual-serve runs for each page: this gofish, with our options.

    ``exec`` leaves one process per page, not a shell with gofish beneath it.
    """
    return "exec " + shlex.join([*gofish_command(), *global_options(args, lang=True), "play"])


def run_serve(args: argparse.Namespace) -> int:
    from gofish.commands.web import GuardedServer, new_token

    if not 0 < args.port < 65536:
        print(_("gofish: {port} is not a port number").format(port=args.port), file=sys.stderr)
        return 2
    if args.max_sessions < 1:
        print(_("gofish: --max-sessions must be at least 1"), file=sys.stderr)
        return 2
    if not is_loopback(args.host):
        if args.no_token:
            warning = _("gofish: warning: without a token, anyone who can reach {host}:{port} "
                        "can play as you. Put it behind a proxy that asks for a login.")
        else:
            warning = _("gofish: warning: {host}:{port} speaks plain HTTP: the token crosses "
                        "the network in clear. Put it behind a proxy that serves HTTPS.")
        print(warning.format(host=args.host, port=args.port), file=sys.stderr)
    server = GuardedServer(serve_command(args), host=args.host, port=args.port, title="gofish",
                           public_url=args.public_url,
                           token=None if args.no_token else new_token(),
                           max_sessions=args.max_sessions)
    try:
        server.serve()
    except OSError as e:
        print(_("gofish: cannot serve on {host}:{port}: {reason}").format(
            host=args.host, port=args.port, reason=e.strerror or e), file=sys.stderr)
        return 1
    return 0
