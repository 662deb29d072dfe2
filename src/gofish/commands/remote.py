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
import shlex
import sys
from pathlib import Path

from gofish.commands.addresses import is_loopback
from gofish.i18n import _, language

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 4  # each page is one gofish process (about 35 MB)
# Forwarding of every kind is off: the account exists to play, not to reach the network.
SSHD_OPTIONS = (
    "PermitTTY yes",
    "AllowTcpForwarding no",
    "AllowStreamLocalForwarding no",
    "AllowAgentForwarding no",
    "X11Forwarding no",
    "PermitTunnel no",
    "AcceptEnv COLORTERM",
)
KEY_OPTIONS = "restrict,pty"  # restrict turns everything off, pty gives the terminal back


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("ssh-setup", help=_("print an sshd_config block and an authorized_keys "
                                           "line that make ssh logins play gofish"))
    p.add_argument("--user", help=_("the account players log in to (default: this one)"))
    p.add_argument("--key", metavar="FILE",
                   help=_("a player's public key file, for the authorized_keys line"))
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
        "",
        _("# Players connect with `ssh -t {user}@HOST`; for full colour, add "
          "`-o SendEnv=COLORTERM`.").format(user=user),
    ]
    return lines


def run_ssh_setup(args: argparse.Namespace) -> int:
    key = None
    if args.key:
        try:
            key = read_public_key(args.key)
        except (OSError, ValueError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            print(_("gofish: cannot read the key {path}: {reason}").format(
                path=args.key, reason=reason), file=sys.stderr)
            return 1
    print("\n".join(ssh_setup_lines(args, key)))
    return 0


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
