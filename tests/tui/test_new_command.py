"""``gofish new --seats ... --rules ... --seed N`` starts that game at once; without --seats it
opens the setup (filled in with --rules and --seed); a bad value is one line on stderr, exit 2."""

from __future__ import annotations

import json

import pytest
from textual.widgets import Input, Select

from gofish import cli
from gofish.engine import PRESETS
from gofish.seats import COMPUTER, HUMAN, SeatSpec
from gofish.tui import launch as launch_module
from gofish.tui.screens.setup import SetupScreen
from gofish.tui.screens.table import TableScreen


@pytest.fixture
def launched(monkeypatch):
    """``gofish`` as far as the app it would run: the app is kept, not run."""
    apps = []
    monkeypatch.setattr(launch_module, "has_terminal", lambda: True)
    monkeypatch.setattr(launch_module, "run_app", lambda app: apps.append(app) or 0)
    monkeypatch.setenv("GOFISH_DELAY", "0")
    return apps


def test_seats_rules_and_seed_start_that_game(tmp_path, launched):
    code = cli.main(["--data-dir", str(tmp_path), "new", "--seats",
                     "human:Ann,computer:hard,computer:easy:Cleo", "--rules", "quick",
                     "--seed", "7"])
    assert code == 0
    [app] = launched
    choice = app.start_choice
    assert choice.seats == (SeatSpec("Ann"), SeatSpec("Carol", COMPUTER, "hard"),
                            SeatSpec("Cleo", COMPUTER, "easy"))
    assert choice.rules == PRESETS["quick"] and choice.seed == 7


async def test_the_game_is_on_the_table_at_once(tmp_path, launched):
    cli.main(["--data-dir", str(tmp_path), "new", "--seats", "human,computer:random:Zed",
              "--seed", "3"])
    [app] = launched
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.session.names == ("Alice", "Zed") and app.session.seed == 3
        assert app.session.rules == PRESETS["standard"]


async def test_without_seats_the_setup_opens_filled_in(tmp_path, launched):
    cli.main(["--data-dir", str(tmp_path), "new", "--rules", "kids", "--seed", "9"])
    [app] = launched
    assert app.start_choice is None
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.query_one("#preset", Select).value == "kids"
        assert app.screen.query_one("#seed", Input).value == "9"


def test_a_json_file_of_rule_options(tmp_path, launched):
    path = tmp_path / "house.json"
    path.write_text(json.dumps({"pairs": True, "open_hands": True}))
    assert cli.main(["--data-dir", str(tmp_path), "new", "--seats", "human,human",
                     "--rules", str(path)]) == 0
    assert launched[0].start_choice.rules == PRESETS["kids"]
    assert [s.kind for s in launched[0].start_choice.seats] == [HUMAN, HUMAN]
    assert [s.name for s in launched[0].start_choice.seats] == ["Alice", "Bob"]


@pytest.mark.parametrize(("argv", "says"), [
    (["--seats", "human:Ann,robot"], "--seats: a seat is human, human:NAME, computer:LEVEL or "
                                     "computer:LEVEL:NAME, not robot"),
    (["--seats", "human:Ann"], "--seats: a table has 2 to 6 seats"),
    (["--seats", "computer:easy,computer:hard"], "--seats: a table needs at least one human"),
    (["--seats", "human:Ann,computer:genius"], "--seats: unknown computer level genius"),
    (["--seats", "human:Ann,computer:easy:ann"], "--seats: two seats are called 'ann'"),
    (["--seats", "human:Ann,computer:easy:" + "x" * 21], "a name must be 1 to 20 characters"),
    (["--seats", "human,human", "--rules", "fast"], "--rules: unknown preset 'fast': use one "
                                                    "of standard, quick, classic, kids"),
    (["--rules", "missing.json"], "--rules: cannot read missing.json"),
    (["--seed", "seven"], "--seed: expected a whole number, not 'seven'"),
    (["--seed", "-3"], "--seed: expected a whole number, not '-3'"),
])
def test_bad_values_are_one_clear_line(tmp_path, capsys, launched, monkeypatch, argv, says):
    monkeypatch.chdir(tmp_path)
    code = cli.main(["--data-dir", str(tmp_path), "new", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and launched == [] and out == ""
    assert len(err.splitlines()) == 1 and err.startswith("gofish: ") and says in err


@pytest.mark.parametrize(("content", "says"), [
    ("{not json", "is not JSON"),
    ('{"pairs": "yes"}', "pairs: expected true or false"),
    ('{"jokers": true}', "jokers: unknown rule option"),
    ("[1, 2]", "rules: expected an object"),
])
def test_a_bad_rules_file_is_named(tmp_path, capsys, launched, content, says):
    path = tmp_path / "house.json"
    path.write_text(content)
    code = cli.main(["--data-dir", str(tmp_path), "new", "--seats", "human,human",
                     "--rules", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and launched == []
    assert len(err.splitlines()) == 1 and str(path) in err and says in err


def test_too_many_cards_for_the_seats_is_refused(tmp_path, capsys, launched):
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"deal": "fixed", "deal_fixed": 20}))
    code = cli.main(["--data-dir", str(tmp_path), "new", "--seats", "human,human,human",
                     "--rules", str(path)])
    err = capsys.readouterr().err
    assert code == 2 and "--rules: deal_fixed: 20 cards each for 3 players" in err
