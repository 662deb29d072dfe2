"""Start-up: each command loads its own module only, the start view loads neither the computer
players nor the network, and lint-imports sees every command the command line can dispatch.

What a start loads is read in a fresh interpreter: this test process has loaded everything.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import grimp
import pytest

from gofish import cli

PROBE = """
import json, sys
{setup}
print(json.dumps(sorted(m for m in sys.modules if m.startswith(("gofish", "textual", "asyncio")))))
"""

# gofish's own start: main() as the `gofish` script calls it, with the argv given (a bot reads
# its standard input: one "bye" ends it)
MAIN = """
from gofish.cli import main
try:
    main({argv!r})
except SystemExit:
    pass
"""


def loaded(setup: str) -> set[str]:
    """The modules of gofish, textual and asyncio loaded after running ``setup``."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(setup=setup)],
                          input='{"type": "bye"}\n', capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def loaded_by_main(*argv: str) -> set[str]:
    return loaded(MAIN.format(argv=list(argv)))


def under(modules: set[str], *packages: str) -> set[str]:
    return {m for m in modules if m in packages or m.startswith(tuple(p + "." for p in packages))}


# ------------------------------------------------------------------ one command, one module

def test_gofish_version_loads_no_command_engine_or_interface() -> None:
    modules = loaded_by_main("--version")
    assert "gofish.cli" in modules  # the probe ran main
    assert not under(modules, "gofish.commands", "gofish.engine", "gofish.ai", "gofish.net",
                     "gofish.tui", "gofish.store.repo", "textual", "asyncio")
    # where the rules page is (the epilog of --help alone), and what writes the settings
    assert not under(modules, "gofish.rules_page", "gofish.store.atomic")


def test_gofish_bot_loads_its_own_command_and_no_interface() -> None:
    modules = loaded_by_main("bot", "--level", "easy")
    assert under(modules, "gofish.commands") == {"gofish.commands", "gofish.commands.bot"}
    assert "gofish.ai" in modules
    assert not under(modules, "gofish.net", "gofish.tui", "gofish.plain", "gofish.store.repo",
                     "textual", "asyncio")


def test_gofish_rules_loads_its_own_command_only() -> None:
    modules = loaded_by_main("--lang", "fr", "rules", "--path")
    assert under(modules, "gofish.commands") == {"gofish.commands", "gofish.commands.rules"}
    assert not under(modules, "gofish.ai", "gofish.net", "textual", "asyncio")


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    for name in cli.COMMANDS:
        assert f"    {name} " in out or f"    {name}\n" in out, name


def test_only_gofish_s_own_help_says_where_the_rules_are(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    assert "Every rule option and the rule texts it comes from" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli.main(["bot", "--help"])
    assert "Every rule option" not in capsys.readouterr().out


def test_an_unknown_command_is_refused_with_every_command_named(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["plya"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'plya'" in err
    assert all(repr(name) in err for name in cli.COMMANDS)


@pytest.mark.parametrize(("argv", "modules"), [
    ([], ["gofish.commands.play"]),
    (["--ascii", "--lang", "fr"], ["gofish.commands.play"]),
    (["--version"], []),
    (["--vers", "bot"], []),
    (["--data-dir", "list", "bot"], ["gofish.commands.bot"]),  # "list" is the folder
    (["--data-dir=x", "serve", "--port", "1"], ["gofish.commands.remote"]),
    (["--", "join"], ["gofish.commands.net"]),
    (["bot", "--help"], ["gofish.commands.bot"]),
    (["-h", "bot"], cli.COMMAND_MODULES),  # the whole list
    (["--help"], cli.COMMAND_MODULES),
    (["nope"], cli.COMMAND_MODULES),
    (["--l", "fr", "bot"], cli.COMMAND_MODULES),  # ambiguous: argparse says so
    (["--lang"], cli.COMMAND_MODULES),
])
def test_the_modules_a_command_line_needs(argv: list[str], modules: list[str]) -> None:
    assert cli.modules_for(argv) == modules


# ------------------------------------------------------------------ the table and the contract

def registered(modules: list[str]) -> list[str]:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    for name in modules:
        cli.command_module(name.rsplit(".", 1)[1]).register(sub)
    return list(sub.choices)


@pytest.mark.parametrize("module", cli.COMMAND_MODULES)
def test_each_module_registers_the_commands_the_table_gives_it(module: str) -> None:
    assert cli.command_module(module.rsplit(".", 1)[1]) is sys.modules[module]
    assert registered([module]) == [c for c, m in cli.COMMANDS.items()
                                    if f"gofish.commands.{m}" == module]


def test_the_table_lists_every_command_in_the_help_s_order() -> None:
    assert registered(cli.COMMAND_MODULES) == list(cli.COMMANDS)


def test_lint_imports_sees_the_command_line_import_every_command_module() -> None:
    # cli imported them with importlib.import_module, which import-linter cannot see: the
    # layers contract never checked that arrow
    graph = grimp.build_graph("gofish", cache_dir=None)
    seen = graph.find_modules_directly_imported_by("gofish.cli")
    assert set(cli.COMMAND_MODULES) <= seen


# ------------------------------------------------------------------ the start view

START_VIEW = "import gofish.tui.app, gofish.tui.screens.menu"


def test_the_start_view_loads_neither_computer_players_nor_network() -> None:
    modules = loaded(START_VIEW)
    assert "gofish.tui.screens.menu" in modules and "textual" in modules
    assert not under(modules, "gofish.ai", "gofish.net")


def test_gofish_up_to_the_start_view_loads_neither_computer_players_nor_network() -> None:
    # the whole start of plain `gofish`, with the app's run replaced by the start view's import
    modules = loaded(f"""
import gofish.tui.launch
def launch(args):
    {START_VIEW}
    return 0
gofish.tui.launch.launch = launch
""" + MAIN.format(argv=[]))
    assert {"gofish.commands.play", "gofish.tui.launch", "gofish.tui.app"} <= modules
    assert not under(modules, "gofish.ai", "gofish.net", "gofish.commands.bot")


def test_the_probe_sees_the_computer_players_loaded() -> None:
    assert "gofish.ai" in loaded("import gofish.commands.bot")
