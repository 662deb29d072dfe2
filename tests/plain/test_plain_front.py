"""The line mode in this process: its console, leaving at any question, locks, the TUI and the
line mode resuming each other's games, and TERM=dumb choosing it."""

from __future__ import annotations

import io
import sys

import pytest

from gofish.cli import main
from gofish.engine import PRESETS, Ask
from gofish.i18n import LANGUAGES, _, set_language
from gofish.plain.console import CLEAR, Console
from gofish.plain.start import PlainFront
from gofish.seats import COMPUTER, SeatSpec
from gofish.session import Session
from gofish.store import Store

SEATS = (SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "easy"))


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def front(data, answers: str) -> tuple[PlainFront, io.StringIO]:
    out = io.StringIO()
    console = Console(io.StringIO(answers), out, clear=False)
    return PlainFront(console, Store(data), command="gofish --plain"), out


def first_ask(store: Store, game_id: str) -> str:
    """A legal answer for the human to act in the saved game, as a player types it."""
    record, game = store.load_game(game_id)
    view = game.view(game.to_act, with_events=False)
    ask = next(a for a in view.legal if isinstance(a, Ask))
    return f"{ask.target + 1} {'23456789tjqka'[ask.rank]}"


def test_the_console_keeps_typography_and_drops_controls() -> None:
    out = io.StringIO()
    Console(io.StringIO(), out).say("Votre choix\u00a0: Ann\x1b[2J\u202eBob")
    assert out.getvalue() == "Votre choix\u00a0: Ann\ufffd[2J\ufffdBob\n"


def test_a_terminal_that_can_clear_is_cleared_and_a_dumb_one_scrolled(monkeypatch) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    tty = Tty()
    Console(io.StringIO(), tty).clear()
    assert tty.getvalue() == CLEAR
    monkeypatch.setenv("TERM", "dumb")
    dumb = Tty()
    Console(io.StringIO(), dumb).clear()
    assert "\x1b" not in dumb.getvalue() and dumb.getvalue().count("\n") >= 26
    piped = io.StringIO()  # a pipe (ssh without -t) cannot clear either
    monkeypatch.setenv("TERM", "xterm")
    Console(io.StringIO(), piped).clear()
    assert "\x1b" not in piped.getvalue()


@pytest.mark.parametrize("answers", ["", "n\n", "n\n3\nAnn\n", "n\n2\nAnn\nhuman\nBob\ncomputer\n"])
def test_end_of_input_at_any_question_leaves_cleanly(tmp_path, answers, capsys,
                                                     monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(answers))
    assert main(["--plain", "--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err and out.err == ""
    assert Store(tmp_path).games() == []  # nothing was started


def test_quit_at_the_table_keeps_the_game_and_says_how_to_resume(tmp_path) -> None:
    store = Store(tmp_path)
    game = Session.start(store, PRESETS["standard"], SEATS, seed=4)
    game.close()
    move = first_ask(store, game.game_id)
    plain, out = front(tmp_path, f"{move}\nquit\n")
    plain.main("resume")
    said = out.getvalue()
    assert f"Your game is saved. Resume it with: gofish --plain resume {game.game_id}" in said
    record, _game = store.load_game(game.game_id)
    assert len(record.actions) >= 1  # the ask was saved before the prompt came back
    with store.lock(record.id):  # and the game was let go
        pass


def test_a_game_open_elsewhere_is_refused_with_who_holds_it(tmp_path) -> None:
    store = Store(tmp_path)
    game = Session.start(store, PRESETS["standard"], SEATS, seed=4)
    try:
        plain, out = front(tmp_path, "q\n")
        plain.main("resume", game.game_id)
    finally:
        game.close()
    said = out.getvalue()
    assert f"Cannot resume {game.game_id}: this game is open in another gofish (process " in said
    assert "The history reads its log." in said and "read-only" not in said
    assert "Ann, ask whom for what?" not in said


def test_the_tui_resumes_a_game_played_here(tmp_path) -> None:
    from gofish.tui.app import GofishApp

    store = Store(tmp_path)
    game = Session.start(store, PRESETS["standard"], SEATS, seed=4)
    game.close()
    plain, _out = front(tmp_path, f"{first_ask(store, game.game_id)}\nquit\n")
    plain.main("resume")
    record, _game = store.load_game(game.game_id)

    async def check() -> None:
        app = GofishApp(data_dir=str(tmp_path), computer_delay=0, start="resume",
                        game_id=record.id)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.session is not None
            assert app.session.game.actions[:len(record.actions)] == list(record.actions)

    import asyncio

    asyncio.run(check())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_made_as_the_tui_makes_it_resumes_here(tmp_path, lang) -> None:
    set_language(lang)
    store = Store(tmp_path)
    game = Session.start(store, PRESETS["standard"], SEATS, seed=9)
    game.close()
    plain, out = front(tmp_path, "1\nquit\n")  # the menu's first line continues it
    plain.main()
    said = out.getvalue()
    assert _("Since your last turn:") in said
    assert _("{name}, ask whom for what?").format(name="Ann") in said
    set_language("en")


def test_term_dumb_plays_line_by_line(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["--data-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("This terminal (TERM=dumb) cannot draw the table: playing line by "
                          "line, as gofish --plain does.\n")
    assert "1. New game" in out


def test_resume_of_a_finished_game_says_so_and_holds_nothing(tmp_path) -> None:
    store = Store(tmp_path)
    game = Session.start(store, PRESETS["standard"], SEATS, seed=4)
    while not game.over:
        view = game.view(game.to_act, with_events=False)
        game._apply(view.legal[0])
    game.close()
    plain, out = front(tmp_path, "q\n")
    plain.main("resume", game.game_id)
    said = out.getvalue()
    assert "Scores: " in said and "Resume it with" not in said
    Session.resume(store, game.game_id).close()  # not held
