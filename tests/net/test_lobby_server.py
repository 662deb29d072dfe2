"""The table server of a data folder, in process, over its real Unix socket: the lobby's list,
opening a table, seats joined by the code, a spectator who is never sent a hand, the opener's
controls, preset words and a rematch."""

from __future__ import annotations

import asyncio
import io
import json
import os
import stat

import pytest
from net_support import card_codes, until

from gofish.engine import preset
from gofish.net.client import RemoteSession
from gofish.net.headless import AutoSeat
from gofish.net.lobby_client import LobbyClient, LobbyError, ask_once
from gofish.net.seat_client import SeatClient
from gofish.net.server import serve_tables
from gofish.net.watch import WatchSession
from gofish.store.joined import SecretBook
from gofish.store.server_folder import ServerFolder

QUICK = preset("quick").to_json()


def opener(folder: ServerFolder):
    return lambda: asyncio.open_unix_connection(folder.socket_path)


async def up(folder: ServerFolder, **options):
    task = asyncio.get_running_loop().create_task(
        serve_tables(folder, delay=0.0, say=lambda text: None, **options))
    await until(lambda: folder.socket_path.exists() or task.done(), what="the socket")
    assert not task.done(), task.result()
    return task


async def stop(task) -> None:
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


def seats(*kinds: str) -> list[dict]:
    out = []
    for k in kinds:
        kind, _sep, rest = k.partition(":")
        out.append({"kind": "computer", "level": rest} if kind == "computer" else
                   {"kind": "human", "name": rest})
    return out


def _kept(files, game_id: str):
    try:
        return files.kept(game_id)
    except (OSError, ValueError):
        return None


def unshown_cards(messages: list[dict]) -> set[str]:
    """Cards named in a message before any public event had shown them to the table (a catch
    hands cards over in the open, a book lays them down); a watcher's messages hold none."""
    shown: set[str] = set()
    early: set[str] = set()
    for m in messages:
        if m["type"] == "event":
            shown |= set(m["event"].get("cards") or ())
        early |= card_codes(m) - shown
    return early


class Seat:
    """A seat a computer plays, over the socket, with everything the host sent it."""

    def __init__(self, folder, tmp, code, name, level="easy") -> None:
        self.transcript = io.StringIO()
        self.auto = AutoSeat(lambda: self.session, level, io.StringIO())
        self.client = SeatClient("", 0, code, name, session=RemoteSession(),
                                 on_change=self.auto.on_change,
                                 book=SecretBook(tmp / name), transcript=self.transcript,
                                 opener=opener(folder), where="local")
        self.task = asyncio.get_running_loop().create_task(self.client.run())

    @property
    def session(self) -> RemoteSession:
        return self.client.session  # a new one at a rematch (another game at the table)

    def messages(self) -> list[dict]:
        return [json.loads(line) for line in self.transcript.getvalue().splitlines()]

    async def close(self) -> None:
        self.client.stop()
        await asyncio.wait([self.task], timeout=5)


async def test_the_socket_is_this_accounts_alone_and_one_server_runs(tmp_path):
    folder = ServerFolder(tmp_path / "d")
    task = await up(folder)
    try:
        mode = folder.socket_path.stat().st_mode
        assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600
        assert stat.S_IMODE(folder.root.stat().st_mode) == 0o700
        assert folder.running()
        said: list[str] = []
        assert await serve_tables(folder, say=said.append) == 0  # a second one leaves
        assert "already serves" in said[0]
    finally:
        await stop(task)
    assert not folder.socket_path.exists() and not folder.running()


async def test_a_long_data_folder_gets_a_short_private_socket(tmp_path):
    folder = ServerFolder(tmp_path / ("x" * 120))
    assert len(os.fsencode(folder.socket_path)) <= 100
    assert folder.socket_path.parent.name == f"gofish-{os.getuid()}"
    task = await up(folder)
    try:
        reply = await ask_once(opener(folder), {"type": "tables"}, "tables")
        assert reply["tables"] == []
    finally:
        await stop(task)


async def test_the_server_stops_by_itself_when_idle(tmp_path):
    folder = ServerFolder(tmp_path / "d")
    task = await up(folder, idle=0.3)
    assert await asyncio.wait_for(task, 10) == 0
    assert not folder.socket_path.exists()


async def test_open_join_watch_and_play_to_the_end(tmp_path):
    folder = ServerFolder(tmp_path / "d")
    task = await up(folder)
    lists: list = []
    lobby = LobbyClient(opener(folder), on_tables=lists.append)
    lobby_task = asyncio.get_running_loop().create_task(lobby.run())
    watcher_lines: list[bytes] = []
    try:
        await until(lambda: lobby.online, what="the lobby")
        opened = await lobby.request({"type": "open", "rules": QUICK, "seed": 3,
                                      "seats": seats("human:Ann", "human:", "computer:easy")})
        code = opened["code"]
        assert [k["name"] for k in opened["keys"]] == ["Ann"] and opened["owner"]
        await until(lambda: lobby.tables and lobby.tables[0].code == code, what="the list")
        listed = lobby.tables[0]
        assert listed.free == 2 and not listed.started
        assert [s.kind for s in listed.seats] == ["human", "human", "computer"]
        raw = json.dumps(await ask_once(opener(folder), {"type": "tables"}, "tables"))
        assert opened["keys"][0]["key"] not in raw and "secret" not in raw  # nothing to steal
        # a spectator, before the start and through the game
        reader, writer = await asyncio.open_unix_connection(folder.socket_path)
        writer.write(b'{"type": "watch", "code": "%s"}\n' % code.encode())
        watch = WatchSession()

        async def read_watcher() -> None:
            while line := await reader.readline():
                watcher_lines.append(line)
                watch.receive(json.loads(line))

        watching = asyncio.get_running_loop().create_task(read_watcher())
        ann = Seat(folder, tmp_path, f"{code}-{opened['keys'][0]['key']}", "Ann")
        await until(lambda: lobby.tables[0].waiting == ("Ann",), what="Ann waiting")
        bob = Seat(folder, tmp_path, code, "Bob")
        await until(lambda: ann.session.over and bob.session.over, timeout=60, what="the end")
        await until(lambda: watch.over, what="the watcher's end")
        # the watcher was told the game, and never a card it may not see
        assert watch.names == ann.session.names and watch.winners == ann.session.winners
        assert not any(e.secret for e in watch.events)
        # every card in every message the watcher got was shown to the table by then...
        watched = [json.loads(line) for line in watcher_lines]
        assert unshown_cards(watched) == set()
        # ...the positive control: the same check finds the cards in a seat's own record
        assert len(unshown_cards(ann.messages())) >= 5
        watching.cancel()
        writer.close()
        await ann.close()
        await bob.close()
    finally:
        lobby.stop()
        await asyncio.wait([lobby_task], timeout=5)
        await stop(task)


async def test_the_openers_controls_need_the_owners_token(tmp_path):
    folder = ServerFolder(tmp_path / "d")
    task = await up(folder)
    try:
        op = opener(folder)
        opened = await ask_once(op, {"type": "open", "rules": QUICK,
                                     "seats": seats("human:Ann", "human:", "human:")},
                                "opened")
        code = opened["code"]
        with pytest.raises(LobbyError) as refused:
            await ask_once(op, {"type": "control", "code": code, "owner": "x" * 32,
                                "op": "computer", "seat": 1, "level": "easy"}, "controlled")
        assert refused.value.code == "bad-secret"
        await ask_once(op, {"type": "control", "code": code, "owner": opened["owner"],
                            "op": "computer", "seat": 2, "level": "easy"}, "controlled")
        listing = await ask_once(op, {"type": "tables"}, "tables")
        assert [s["kind"] for s in listing["tables"][0]["seats"]] == ["human", "human",
                                                                      "computer"]
        ann = Seat(folder, tmp_path, f"{code}-{opened['keys'][0]['key']}", "Ann")
        await until(lambda: ann.client.connected, what="Ann seated")
        done = await ask_once(op, {"type": "control", "code": code, "owner": opened["owner"],
                                   "op": "start", "level": "easy"}, "controlled")
        assert done["op"] == "start"
        listing = await ask_once(op, {"type": "tables"}, "tables")
        table = listing["tables"][0]
        assert table["started"] and [s["kind"] for s in table["seats"]] == [
            "human", "computer", "computer"]
        await until(lambda: ann.session.started, what="Ann's game")
        await ann.close()
    finally:
        await stop(task)


async def test_hostile_opens_are_refused(tmp_path):
    folder = ServerFolder(tmp_path / "d")
    task = await up(folder)
    try:
        op = opener(folder)
        for bad in ({"type": "open"}, {"type": "open", "rules": QUICK, "seats": "x"},
                    {"type": "open", "rules": QUICK, "seats": seats("computer:easy") * 2},
                    {"type": "open", "rules": QUICK, "seats": [{"kind": "human",
                                                                  "name": "\x1b[2J"}] * 2},
                    {"type": "open", "rules": {"deal": "many"}, "seats": seats("human:")},
                    {"type": "open", "rules": QUICK, "seats": seats("human:", "human:"),
                     "seed": "x"}):
            with pytest.raises(LobbyError):
                await ask_once(op, bad, "opened")
        listing = await ask_once(op, {"type": "tables"}, "tables")
        assert listing["tables"] == []
    finally:
        await stop(task)


async def test_words_and_a_rematch(tmp_path):
    folder = ServerFolder(tmp_path / "d")
    task = await up(folder)
    try:
        op = opener(folder)
        opened = await ask_once(op, {"type": "open", "rules": QUICK, "seed": 5,
                                     "seats": seats("human:", "human:")}, "opened")
        code = opened["code"]
        ann = Seat(folder, tmp_path, code, "Ann")
        await until(lambda: ann.client.connected, what="Ann seated")
        bob = Seat(folder, tmp_path, code, "Bob")
        await until(lambda: ann.session.started and bob.session.started, what="the start")
        ann.session.send({"type": "say", "word": "good-game"})
        await until(lambda: bob.session.said == (ann.session.seat, "good-game"), what="the word")
        ann.session.send({"type": "say", "word": "rude words"})
        await until(lambda: ann.session.error is not None, what="the refusal")
        await until(lambda: ann.session.over and bob.session.over, timeout=60, what="the end")
        first = ann.session.game_id
        ann.session.send({"type": "rematch", "accept": True})
        await until(lambda: bob.session.votes and any(bob.session.votes), what="the offer")
        bob.session.send({"type": "rematch", "accept": True})
        await until(lambda: ann.session.game_id != first and ann.session.started
                    and not ann.session.over, what="the new deal")
        assert bob.session.game_id == ann.session.game_id
        await ann.close()
        await bob.close()
    finally:
        await stop(task)


async def test_a_computer_plays_an_absent_players_seat_and_the_log_says_so(tmp_path):
    from gofish.narrate import story

    folder = ServerFolder(tmp_path / "d")
    task = await up(folder)
    try:
        op = opener(folder)
        opened = await ask_once(op, {"type": "open", "rules": QUICK, "seed": 8,
                                     "seats": seats("human:", "human:")}, "opened")
        code = opened["code"]
        ann = Seat(folder, tmp_path, code, "Ann")
        await until(lambda: ann.client.connected, what="Ann seated")
        bob = Seat(folder, tmp_path, code, "Bob")
        await until(lambda: bob.session.started, what="the start")
        await bob.close()  # Bob hangs up; the opener gives his seat to a computer
        await ask_once(op, {"type": "control", "code": code, "owner": opened["owner"],
                            "op": "computer", "seat": bob.session.seat, "level": "easy"},
                       "controlled")
        await until(lambda: ann.session.played_by or ann.session.over, timeout=30,
                    what="a move for Bob")
        s = ann.session
        assert s.played_by and set(s.played_by.values()) == {"easy"}
        assert all(s.events[i].seat == bob.session.seat for i in s.played_by
                   if s.events[i].kind == "ask")
        told = " ".join(line.text for line in story(s.events, s.names, s.seat,
                                                    played_by=s.played_by))
        assert "Easy, for Bob, asked" in told
        listing = await ask_once(op, {"type": "tables"}, "tables")
        assert listing["tables"][0]["seats"][bob.session.seat]["status"] == "given"
        # the record says who played: kept with the game once it is over
        await until(lambda: ann.session.over, timeout=60, what="the end")
        from gofish.store.tables import TableFiles

        files = TableFiles(folder.root)
        kept = await until(lambda: _kept(files, ann.session.game_id), what="the kept record")
        assert kept["played_by"] and {level for _n, level in kept["played_by"]} == {"easy"}
        assert len(kept["played_by"]) >= len([i for i in s.played_by
                                              if s.events[i].kind == "ask"])
        await ann.close()
    finally:
        await stop(task)


async def test_a_private_table_is_listed_only_to_its_players(tmp_path):
    folder = ServerFolder(tmp_path / "d")
    task = await up(folder)
    try:
        op = opener(folder)
        opened = await ask_once(op, {"type": "open", "rules": QUICK, "private": True,
                                     "seats": seats("human:", "human:")}, "opened")
        code = opened["code"]
        assert (await ask_once(op, {"type": "tables"}, "tables"))["tables"] == []
        mine = await ask_once(op, {"type": "tables", "codes": [code]}, "tables")
        assert [t["code"] for t in mine["tables"]] == [code]
    finally:
        await stop(task)
