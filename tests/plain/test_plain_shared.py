"""Play with others from the line mode: the menu's line in every language, a table hosted here
and joined from a second ``gofish --plain`` played to the end and to a rematch, a table watched
(the public story only), a seat taken back after its process was killed, quit, help and the end
of input at each new question, and a hostile host's text printed cleaned."""

from __future__ import annotations

import asyncio
import io
import re
import signal
import sys
import threading

import pytest

from gofish.cli import main
from gofish.engine import PRESETS, Game
from gofish.i18n import LANGUAGES, _, set_language
from gofish.narrate import story
from gofish.net.lobby_client import ask_once
from gofish.plain.console import Console
from gofish.plain.start import PlainFront
from gofish.protocol import messages, wire
from gofish.store import Store
from gofish.store.server_folder import ServerFolder

from .plain_support import Player
from .shared_support import (
    LOBBY_PROMPT,
    REMATCH_PROMPT,
    WATCH_END,
    AutoThread,
    ServerThread,
    current,
    end_children,
    games,
    host,
    leave,
    open_table,
    opener,
    pattern,
    play_seat,
    spawn,
    stop_detached,
    to_lobby,
    until,
)

pexpect = pytest.importorskip("pexpect")

QUICK = PRESETS["quick"].to_json()
FREE = {"kind": "human", "name": ""}
EASY = {"kind": "computer", "level": "easy"}
KEPT = _("Your seat is kept. Take it again with {command}: Play with others, then {code}.")


@pytest.fixture(autouse=True)
def no_child_left():
    yield
    end_children()


@pytest.fixture
def server(tmp_path):
    """The data folder's table server, in this process; stopped after the test."""
    running = ServerThread(ServerFolder(tmp_path / "data"))
    yield running
    running.stop()


def listed(server: ServerThread) -> list[dict]:
    return server.call(ask_once(opener(server.folder), {"type": "tables"}, "tables"))["tables"]


# ---------------------------------------------------------------------- the menu


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_start_menu_offers_play_with_others_in_every_language(tmp_path, lang) -> None:
    set_language(lang)
    out = io.StringIO()
    PlainFront(Console(io.StringIO("q\n"), out, clear=False), Store(tmp_path)).main()
    line = _("Play with others")
    assert f"\n2. {line}\n" in out.getvalue()
    assert lang == "en" or line != "Play with others"  # translated, not left in English
    set_language("en")


def test_p_at_the_menu_opens_the_lobby_and_enter_comes_back(tmp_path, server, capsys,
                                                            monkeypatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("p\n\nq\n"))
    assert main(["--plain", "--data-dir", str(tmp_path / "data")]) == 0
    out = capsys.readouterr().out
    assert _("No table is open on this machine yet: type host to open one, and your friends "
             "find it here.") in out
    assert out.count(_("Your choice: [1]")) == 2  # back at the menu, then q


# ---------------------------------------------------------------------- a whole shared game


def test_a_table_hosted_here_is_joined_from_another_line_mode_and_played_out(tmp_path) -> None:
    data = tmp_path / "data"
    folder = ServerFolder(data)
    assert not folder.running()
    try:
        ann = spawn(data)
        to_lobby(ann)
        code = host(ann, ["3", "Ann", "human", "", "computer", "Cid", "easy", "quick", "5"])
        ann.expect_exact(_("Friends join from gofish: P (Play with others), then the code "
                           "{code}.").format(code=code))
        ann.expect_exact(_("Seats: {seats}.").split("{")[0] +
                         f"1. Ann ({_('here')}); 2. {_('free')}; 3. Cid (")
        assert folder.running()  # the line mode started the data folder's table server
        bea = spawn(data, "--profile", "bea")  # another player: her own seats and secrets
        tables = to_lobby(bea)
        assert f"\n1. {code}, {_('Quick')}: Ann ({_('here')}), {_('free')}, Cid (" in tables
        bea.sendline(code.lower())
        bea.expect_exact(_("Your name at the table?"))
        bea.sendline("Bea")
        ended: dict[str, str] = {}

        def play(child, name: str, seed: int) -> None:
            ended[name] = play_seat(child, folder, name, Player(seed=seed))

        def play_both(seed: int) -> None:
            """Each seat's questions answered at once, to the end of the game."""
            ended.clear()
            threads = [threading.Thread(target=play, args=(ann, "Ann", seed)),
                       threading.Thread(target=play, args=(bea, "Bea", seed + 1))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(300)
            assert ended == {"Ann": "rematch", "Bea": "rematch"}

        play_both(1)
        [first] = games(folder)
        game = first.to_game()
        assert first.finished and game.over
        assert [s.name for s in first.seats] == ["Ann", "Bea", "Cid"]
        # everything Bea's seat was told, as it happened at the host: each line of her story
        bea_said = bea.logfile_read.getvalue()
        lines = story([e.for_seat(1, False) for e in game.events], ["Ann", "Bea", "Cid"], 1,
                      words=True)
        missing = [line.text for line in lines if line.text not in bea_said]
        assert not missing, missing[:3]
        assert any(line.text.startswith("Ann asked") for line in lines)  # the others' moves

        # a word, then a rematch both accept: a new deal at the same table
        ann.sendline("say 1")
        bea.expect_exact(_("{name}: {word}").format(name="Ann", word=_("Good game!")))
        ann.sendline("yes")
        bea.expect_exact(_("Rematch: {votes}").format(votes=f"Ann {_('yes')}, Bea ?"))
        bea.sendline("yes")
        for child in (ann, bea):
            child.expect_exact(_("The rematch begins: a new deal, the same seats."))
        record, _game = current(folder)
        assert record.id != first.id and [s.name for s in record.seats] == ["Ann", "Bea", "Cid"]
        # the rematch to its end; then Ann declines another while Bea's question waits
        play_both(3)
        ann.sendline("no")
        bea.expect_exact(_("No rematch this time."))
        for child in (ann, bea):
            child.expect_exact(_(LOBBY_PROMPT))
            child.sendline("quit")
            said = leave(child)
            assert KEPT.split("{")[0] not in said  # a game over: no seat to come back to
        assert [r.finished for r in games(folder)] == [True, True]
    finally:
        stop_detached(folder)


# ---------------------------------------------------------------------- watching


@pytest.mark.parametrize("ending", ["enter", "quit", "eof"])
def test_a_watcher_is_told_the_public_story_and_no_card_of_a_hand(tmp_path, server,
                                                                   ending) -> None:
    folder = server.folder
    code = open_table(server, [FREE, EASY], QUICK, 4)["code"]
    child = spawn(folder.base)
    to_lobby(child)
    child.sendline("watch 1")
    child.expect_exact(_("Seats: {seats}.").split("{")[0] + f"1. {_('free')}; 2. ")
    seat = AutoThread(folder, tmp_path / "bea", code, "Bea")
    try:
        child.expect_exact(_(WATCH_END))
        child.sendline("help")
        child.expect_exact(_("You are watching table {code}").format(code=code))
        child.expect_exact(_(WATCH_END))
        if ending == "enter":
            child.sendline("")
            child.expect_exact(_(LOBBY_PROMPT))
            child.sendline("quit")
        elif ending == "quit":
            child.sendline("quit")
        else:
            child.sendeof()
        said = leave(child)
    finally:
        seat.stop()
    [record] = games(folder)
    game = record.to_game()
    names = [s.name for s in record.seats]
    public = [line.text for line in story([e.public() for e in game.events], names, None,
                                          words=True)]
    assert [line for line in public if line not in said] == []
    # the lines the seats' own stories tell (their draws, named) are never the watcher's
    secret = {line.text for seat in range(2) for line in
              story([e.for_seat(seat, False) for e in game.events], names, None,
                    words=True)} - set(public)
    assert secret, "the check cannot fail: no seat drew a card it kept"
    assert [line for line in secret if line in said] == []
    assert _("Your hand") not in said and KEPT.split("{")[0] not in said


# ---------------------------------------------------------------------- a seat taken back


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_seat_held_is_taken_back_after_the_process_was_killed(tmp_path, server,
                                                                lang) -> None:
    set_language(lang)
    folder = server.folder
    ann = spawn(folder.base, lang=lang)
    to_lobby(ann)
    code = host(ann, ["2", "Ann", "computer", "Bob", "easy", "quick", "3"])
    assert play_seat(ann, folder, "Ann", Player(seed=1), moves=2) == "moves"
    before, _game = current(folder)
    ann.kill(signal.SIGKILL)
    ann.expect(pexpect.EOF)
    ann.close()

    again = spawn(folder.base, lang=lang)
    tables = to_lobby(again)
    line = pattern(_("{number}. {code}, {rules}: {players}; {state}."), number="1", code=code)
    found = line.search(tables)
    assert found, tables
    assert _("you: {state}").format(state=_("in play")) in found.group(0)
    assert f"Ann ({_('away')})" in found.group(0)
    again.sendline("1")
    again.expect_exact(_("Your seat at table {code}, as {name}.").format(code=code, name="Ann"))
    again.expect_exact(_("Since your last turn:"))
    record, _game = current(folder)
    assert record.id == before.id and record.actions[:len(before.actions)] == before.actions
    assert play_seat(again, folder, "Ann", Player(seed=2)) == "rematch"
    again.sendline(_("no"))
    again.expect_exact(_(LOBBY_PROMPT))
    again.sendline("quit")
    said = leave(again)
    assert _("Scores: {scores}.").split("{")[0] in said
    [record] = games(folder)
    assert record.finished
    set_language("en")


def test_the_opener_starts_now_and_the_free_seats_go_to_computers(tmp_path, server) -> None:
    folder = server.folder
    child = spawn(folder.base)
    to_lobby(child)
    host(child, ["3", "Ann", "human", "", "human", "", "quick", "11"])
    child.expect_exact(_("Type start to begin now: the free seats go to computers."))
    child.expect_exact(_("Seats: {seats}.").split("{")[0])
    child.sendline("start")
    assert play_seat(child, folder, "Ann", Player(seed=1), moves=1) == "moves"
    record, _game = current(folder)
    assert [s.kind for s in record.seats] == ["human", "computer", "computer"]
    child.sendline("quit")
    said = leave(child)
    assert said.count("Deal 1: ") == 1  # the story heard while asking to start: told once


# ---------------------------------------------------------------------- quit, help, Ctrl+D

QUESTIONS = {
    "lobby": (["p"], LOBBY_PROMPT, "Type a table's number (or its code, six letters)"),
    "kind": (["p", "host", "2", "Ann"], "Is player 2 a human or a computer?",
             "Answer the question, or press Enter"),
    "friend": (["p", "host", "2", "Ann", "human"], "Player 2: the friend's name",
               "A seat kept for a name opens only with its own code"),
    "seed": (["p", "host", "2", "Ann", "computer", "Bob", "easy", "quick"],
             "The deal's seed", "The same seed deals the same cards"),
    "name": (["p", "1"], "Your name at the table?", "The name the others see at the table"),
    "players": (["n"], "How many players, 2 to 6?", "Answer the question, or press Enter"),
}


@pytest.mark.parametrize("ending", ["quit", "eof"])
@pytest.mark.parametrize("question", sorted(QUESTIONS))
def test_quit_help_and_the_end_of_input_at_each_question(tmp_path, server, question, ending,
                                                         capsys, monkeypatch) -> None:
    if question == "name":
        open_table(server, [FREE, EASY], QUICK, 1)
    answers, prompt, help_text = QUESTIONS[question]
    typed = [*answers, "help", *(["quit"] if ending == "quit" else [])]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(a + "\n" for a in typed)))
    assert main(["--plain", "--data-dir", str(server.folder.base)]) == 0
    out = capsys.readouterr()
    assert out.err == "" and "Traceback" not in out.out
    assert help_text in out.out
    assert out.out.count(prompt) == 2, out.out[-800:]  # asked again after the help
    assert len(listed(server)) == (1 if question == "name" else 0)  # nothing opened
    assert Store(server.folder.base).games() == []


def seat_0_first() -> int:
    """A seed whose two-seat quick game begins with seat 0's move."""
    return next(seed for seed in range(500)
                if Game.replay(PRESETS["quick"], 2, seed, []).to_act == 0)


@pytest.mark.parametrize("ending", ["quit", "eof", "hang-up"])
@pytest.mark.parametrize("where", ["waiting-room", "turn", "others", "rematch"])
def test_quit_help_and_the_end_of_input_at_a_shared_table(tmp_path, server, where,
                                                          ending) -> None:
    folder = server.folder
    sitting = None
    if where == "others":  # Bea holds seat 1 and is to move; she never does
        opened = open_table(server, [{"kind": "human", "name": "Bea"}, FREE], QUICK,
                            seat_0_first())
        key = opened["keys"][0]["key"]
        sitting = AutoThread(folder, tmp_path / "bea", f"{opened['code']}-{key}", "Bea",
                             sit=True)
    profile = ["--profile", "ann"] if where == "others" else []  # her seat is the profile's
    child = spawn(folder.base, *profile)
    to_lobby(child)
    if where == "others":
        child.sendline("1")
        child.expect_exact(_("Your name at the table?"))
        child.sendline("Ann")
        child.expect_exact(_("Waiting for {name}.").format(name="Bea"))
        again = None  # a wait asks nothing: it goes on
        expected = _("At a shared table, ")
    elif where == "waiting-room":
        host(child, ["2", "Ann", "human", "", "quick", ""])
        child.expect_exact(_("Seats: {seats}.").split("{")[0])
        again = None
        expected = _("Type start to begin now: the free seats go to computers.")
    else:
        host(child, ["2", "Ann", "computer", "Bob", "easy", "quick", "7"])
        prompt = _("{name}, ask whom for what?").format(name="Ann")
        if where == "turn":
            assert play_seat(child, folder, "Ann", Player(seed=1), moves=0) == "moves"
        else:
            assert play_seat(child, folder, "Ann", Player(seed=1)) == "rematch"
            prompt = _(REMATCH_PROMPT)
        again = re.compile(re.escape(prompt))
        expected = _("To ask, type the player (name or seat number)")
    try:
        child.sendline("help")
        child.expect_exact(expected)
        if again is not None:
            child.expect(again)
        if ending == "quit":
            child.sendline("quit")
        elif ending == "eof":
            child.sendeof()
        else:
            child.kill(signal.SIGHUP)
        said = leave(child, 129 if ending == "hang-up" else 0)
    finally:
        if sitting is not None:
            sitting.stop()
    assert (KEPT.split("{")[0] in said) == (where != "rematch")  # a game over holds no seat
    if where != "rematch":  # the way back names the profile that holds the seat's secret
        way = " --plain --profile ann:" if profile else " --plain:"
        assert re.search(re.escape(way) + r" Play with others, then [A-Z]{6}\.", said), said
    if where != "rematch":  # the seat is kept: Ann is away, not gone

        def ann_away() -> bool:
            return any(s["name"] == "Ann" and s["status"] == "away"
                       for table in listed(server) for s in table["seats"])

        until(ann_away, "Ann's seat kept, and away")


# ---------------------------------------------------------------------- a hostile host

EVIL = "Ev\x1b]0;owned\x07il\x1b[2J\u202eX\x9b6n\r\nAnn asked"


class HostileHost:
    """A table server that answers with terminal controls in every text it can."""

    def __init__(self, folder: ServerFolder) -> None:
        folder.prepare()
        self.folder = folder
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        assert self.ready.wait(30)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_unix_server(self.serve, str(self.folder.socket_path)))
        self.ready.set()
        self.loop.run_forever()

    async def serve(self, reader, writer) -> None:
        rules = PRESETS["quick"]
        game = Game.replay(rules, 2, seat_0_first(), [])  # Ann's move first
        names = ("Ann", EVIL)
        while line := await reader.readline():
            message = wire.decode(line)
            out: list[dict] = []
            if message["type"] == "tables":
                out.append({"type": "tables", "tables": [{
                    "code": "KQWZRT", "rules": rules.to_json(), "started": False,
                    "over": False, "seats": [{"name": EVIL, "kind": "human", "status": "here"},
                                             {"name": None, "kind": "human",
                                              "status": "empty"}]}]})
            elif message["type"] == "join":
                view = game.view(0)
                out += [{"type": "welcome", "seat": 0, "secret": "s" * 20},
                        {"type": "lobby", "code": "KQWZRT",
                         "seats": [{"name": "Ann", "kind": "human", "status": "here"},
                                   {"name": EVIL, "kind": "computer", "status": "computer",
                                    "level": "easy\x1b[5m"}]},
                        wire.hello(0, rules, names, ("human", "human"), "g\x1b[1mame"),
                        {"type": "seat", "seat": 1, "status": "away"},
                        *[messages.event_message(e) for e in view.events],
                        wire.state(view, 0),
                        {"type": "said", "seat": 1, "word": "hurry-up"},
                        {"type": "error", "code": "illegal", "message": EVIL},
                        {"type": "error", "code": "\x1b[31mcode", "message": EVIL},
                        messages.your_turn(view.legal)]
            for m in out:
                writer.write(wire.encode(m))
            await writer.drain()
        writer.close()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(30)


def test_what_a_hostile_host_sends_is_printed_cleaned(tmp_path) -> None:
    folder = ServerFolder(tmp_path / "data")
    fake = HostileHost(folder)
    try:
        child = spawn(folder.base)
        tables = to_lobby(child)
        assert "1. KQWZRT" in tables
        child.sendline("1")
        child.expect_exact(_("Your name at the table?"))
        child.sendline("Ann")
        child.expect_exact(_("{name}, ask whom for what?").format(name="Ann"))
        child.sendline("quit")
        said = leave(child)
    finally:
        fake.stop()
    shown = "Ev\ufffd]0;owned\ufffdil\ufffd[2J\ufffdX\ufffd6n\ufffd\ufffdAnn asked"
    assert shown in said  # every one of the host's texts arrived, and was printed cleaned
    assert said.count(shown) >= 5  # the list, the seats, the word said, the errors, the hand
    for control in ("\x1b", "\x07", "\x9b", "\u202e"):
        assert control not in said
    assert "\nAnn asked" not in said.replace("\r", "")  # no line forged by a name's newline
