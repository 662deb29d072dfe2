"""``gofish host``'s seconds: a negative --delay (or --takeover-after) is refused with a clear
message before any table opens (it was silently taken as 0)."""

from __future__ import annotations

import pytest

from gofish.cli import build_parser


@pytest.mark.parametrize("option", ["--delay", "--takeover-after"])
@pytest.mark.parametrize("value", ["-1", "-0.5", "nan", "inf"])
def test_host_refuses_seconds_that_are_not_zero_or_more(option, value, capsys):
    with pytest.raises(SystemExit) as done:
        build_parser().parse_args(["host", option, value])  # (before: a table opened)
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert option in err and value in err and "0 or more" in err, err


def test_host_takes_zero_and_fractions():
    args = build_parser().parse_args(["host", "--delay", "0", "--takeover-after", "2.5"])
    assert (args.delay, args.takeover_after) == (0.0, 2.5)


@pytest.mark.parametrize("given", ["quick", "QUICK", "file"])
def test_host_takes_a_preset_or_a_json_file_as_new_does(given, tmp_path, monkeypatch):
    """``new --rules`` took a preset or a JSON file of rule options, ``host --rules`` presets
    only ("unknown preset rules.json"): one reader for both."""
    import json

    from gofish.commands import net as net_command
    from gofish.commands.play import read_rules
    from gofish.engine import preset

    path = tmp_path / "rules.json"
    path.write_text(json.dumps({"ask_for": "card", "end": "first-out"}))
    value = str(path) if given == "file" else given
    opened = {}

    async def host(args, address, port, rules, plan):  # the table, not the server
        opened["rules"] = rules
        return 0

    monkeypatch.setattr(net_command, "_host", host)
    args = build_parser().parse_args(["host", "--rules", value])
    assert net_command.run_host(args) == 0
    assert opened["rules"] == read_rules(value)
    if given == "file":
        assert opened["rules"].ask_for == "card" and opened["rules"].end == "first-out"
    else:
        assert opened["rules"] == preset("quick")


def test_host_refuses_rules_it_cannot_read_in_the_words_new_uses(tmp_path, capsys):
    from gofish.commands import net as net_command

    for value, said in (("nonesuch", "--rules: unknown preset 'nonesuch'"),
                        (str(tmp_path / "missing.json"), "--rules: cannot read")):
        args = build_parser().parse_args(["host", "--rules", value])
        assert net_command.run_host(args) == 2
        assert said in capsys.readouterr().err
