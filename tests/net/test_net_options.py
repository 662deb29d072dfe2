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
