"""Whole games of ``gofish --plain`` in a pseudo-terminal, in every language: against a
computer, pass and play with a hand-over, and a game left with Ctrl+D and resumed."""

from __future__ import annotations

import io
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from gofish.i18n import LANGUAGES, _, ngettext, pgettext, set_language
from gofish.names import SUIT_WORDS
from gofish.plain.console import CLEAR

from .plain_support import (
    EMPTY,
    MENU,
    NEXT_DEAL,
    OVER_TURN,
    READY,
    TURN,
    Player,
    prompt_patterns,
    saved_game,
)

pexpect = pytest.importorskip("pexpect")

NAMES = ("Ann", "Bob", "Zoe")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def spawn(data: Path, lang: str, *args: str, term: str = "xterm"):
    env = {**os.environ, "GOFISH_DELAY": "0", "TERM": term, "LANGUAGE": lang,
           "GOFISH_DATA_DIR": str(data), "PYTHONIOENCODING": "utf-8"}
    env.pop("NO_COLOR", None)
    child = pexpect.spawn(sys.executable, ["-m", "gofish", "--plain", "--lang", lang, *args],
                          env=env, encoding="utf-8", timeout=30, dimensions=(24, 80))
    child.delaybeforesend = None  # pexpect's default 50 ms before each line adds up
    child.logfile_read = io.StringIO()  # everything gofish printed, for the checks at the end
    return child


def before_field(message: str, **known: str) -> str:
    """``message`` up to its first field not in ``known``: what can be waited for."""
    return message.split("{key}" if known else "{n}")[0].format(**known)


def answer_setup(child, answers: list[str]) -> None:
    """The menu's choice and a new game's questions: each ends with its default in brackets."""
    for answer in answers:
        child.expect_exact("] ")
        child.sendline(answer)


def play_out(child, data: Path, player: Player, *, hand_over=None, moves: int | None = None):
    """Answer every prompt until the game is over and the menu is back (or ``moves`` asks were
    made); each ask must be taken: the saved game moves on before the next prompt."""
    patterns = prompt_patterns()
    order = [TURN, "card-turn", EMPTY, OVER_TURN, READY, NEXT_DEAL, MENU]
    last_actions = -1
    made = 0
    while True:
        i = child.expect([patterns[k] for k in order])
        kind = order[i]
        if kind in (TURN, "card-turn", EMPTY):
            record, game = saved_game(data)
            assert len(record.actions) > last_actions, f"an answer was refused: {child.before}"
            if moves is not None and made == moves:
                return
            last_actions = len(record.actions)
            child.sendline(player.move(record, game))
            made += 1
        elif kind == OVER_TURN:
            child.sendline("")
        elif kind == READY:
            hand_over(child) if hand_over else child.sendline("")
        elif kind == NEXT_DEAL:
            child.sendline("")
        else:
            return


def finish(child) -> None:
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_whole_game_against_a_computer(tmp_path, lang) -> None:
    set_language(lang)
    data = tmp_path / "data"
    child = spawn(data, lang)
    answer_setup(child, ["n", "2", "Ann", "human", "Bob", "computer", "easy", "standard"])
    play_out(child, data, Player(seed=len(lang)))
    record, game = saved_game(data)
    assert game.over and record.finished
    finish(child)
    said = child.logfile_read.getvalue()
    winners = [record.seats[w].name for w in game.winners]
    endings = ([_("Game over: you win!")] if winners == ["Ann"] else
               [_("Game over: {name} wins!").format(name=winners[0])] if len(winners) == 1 else
               [_("Game over: {names} share the win.").format(names=_("{first} and {last}")
                                                               .format(first="Ann", last="Bob"))])
    assert endings[0] in said
    assert _("Scores: {scores}.").split("{")[0] in said
    assert "Traceback" not in said


@pytest.mark.parametrize(("lang", "term"), [("en", "xterm"), ("fr", "dumb"), ("id", "xterm"),
                                           ("ru", "dumb")])
def test_pass_and_play_hands_over_with_the_players_own_key(tmp_path, lang, term) -> None:
    set_language(lang)
    data = tmp_path / "data"
    child = spawn(data, lang, term=term)
    answer_setup(child, ["n", "3", "Ann", "human", "Bob", "human", "Zoe", "computer", "easy",
                         "standard"])
    suits = {pgettext(*w) for w in SUIT_WORDS} | set("♣♦♥♠")
    hand_overs = []

    def hand_over(child) -> None:
        before = child.before
        # what was on screen is taken off before the next player is named
        cleared = CLEAR in before if term == "xterm" else "\n" * 24 in before.replace("\r", "")
        assert cleared, repr(before[-300:])
        assert CLEAR not in before or term == "xterm"
        record, game = saved_game(data)
        seat = game.to_act
        child.sendline("")  # Enter is not the player's key
        child.expect_exact(before_field(_("That is not {name}'s key: {name} types {key}."),
                                        name=NAMES[seat]))
        child.sendline(str(seat + 1))
        child.expect_exact(_("Since your last turn:"))
        child.expect_exact([before_field(ngettext("Your hand, {n} card: {cards}.",
                                                  "Your hand, {n} cards: {cards}.", 2)),
                            _("Your hand is empty.")])
        recap = child.before
        assert not any(s in recap for s in suits), recap  # no card in the recap
        hand_overs.append(seat)

    play_out(child, data, Player(seed=3), hand_over=hand_over)
    record, game = saved_game(data)
    assert game.over
    finish(child)
    assert {0, 1} <= set(hand_overs)
    assert "Traceback" not in child.logfile_read.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ctrl_d_saves_and_the_game_resumes(tmp_path, lang) -> None:
    set_language(lang)
    data = tmp_path / "data"
    child = spawn(data, lang)
    answer_setup(child, ["n", "2", "Ann", "human", "Bob", "computer", "medium", "quick"])
    play_out(child, data, Player(seed=5), moves=2)
    record, game = saved_game(data)
    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert f"--plain resume {record.id}" in child.before
    assert not list(data.rglob(f"{record.id}.lock"))  # let go: another gofish may take it

    # the menu offers it first; Enter continues it
    child = spawn(data, lang)
    answer_setup(child, [""])
    child.expect(re.escape(_("Since your last turn:")))
    again, _game = saved_game(data)
    assert again.actions == record.actions  # nothing was lost or replayed twice
    play_out(child, data, Player(seed=6))
    record, game = saved_game(data)
    assert game.over
    finish(child)


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGHUP, 129), (signal.SIGTERM, 143)])
def test_a_hang_up_or_a_kill_lets_the_game_go(tmp_path, sig, status) -> None:
    set_language("en")
    data = tmp_path / "data"
    child = spawn(data, "en")
    answer_setup(child, ["n", "2", "Ann", "human", "Bob", "computer", "easy", "standard"])
    play_out(child, data, Player(seed=2), moves=1)
    record, _game = saved_game(data)
    child.kill(sig)
    child.expect(pexpect.EOF)
    child.close()
    assert child.signalstatus is None and child.exitstatus == status
    assert "Traceback" not in child.logfile_read.getvalue()
    # let go properly (a released lock's file is removed), not left for a stale-lock check
    assert not list(data.rglob(f"{record.id}.lock"))
    again, _game = saved_game(data)
    assert again.actions == record.actions
