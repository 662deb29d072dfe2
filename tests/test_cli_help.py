"""Every command's own ``--help`` says what the command does: ``gofish play --help``, ``list``
and ``stats`` showed a usage line and ``-h`` alone."""

from __future__ import annotations

import pytest

from gofish.cli import build_parser, main


def commands() -> dict[str, str]:
    """Each command and its line in ``gofish --help``."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    return {a.dest: a.help for a in sub._choices_actions}


def test_every_command_is_listed_with_a_line() -> None:
    listed = commands()
    assert {"play", "new", "resume", "list", "stats", "host", "join", "bot"} <= set(listed)
    assert all(listed.values()), listed


@pytest.mark.parametrize("command", sorted(commands()))
def test_every_commands_help_says_what_it_does(command, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    head, _, rest = out.partition("\n\n")
    assert head.startswith("usage: gofish " + command)
    description = " ".join(rest.split("\n\n")[0].split())  # as wrapped
    assert not description.startswith(("options:", "positional arguments:")), out
    assert description[0].isupper() and description.endswith("."), description
    line = " ".join(commands()[command].split())
    if command != "bot":  # bot says more in its own words; the others say their line
        assert description == line[0].upper() + line[1:] + ".", (description, line)
