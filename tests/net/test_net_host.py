"""The host's handling of messages: joining, acting, refusing, limits, away seats, restarts."""

from __future__ import annotations

import asyncio
import json

import pytest
from net_support import Recorder, idle, make_host, until

from gofish.engine import Ask, preset
from gofish.net.limits import MAX_ERRORS, MESSAGE_BURST
from gofish.net.plan import parse_seats
from gofish.protocol import wire
from gofish.store.repo import Store


def join(code: str, name: str, secret: str | None = None) -> dict:
    message = {"type": "join", "code": code, "name": name}
    if secret is not None:
        message["secret"] = secret
    return message


async def two_seats(tmp_path, seats: str = "human,human,computer:easy",
                    takeover_after: float | None = None, **options):
    host = make_host(tmp_path, **options)
    table = host.open_table(parse_seats(seats), preset("standard"), seed=7,
                            takeover_after=takeover_after)
    a, b = Recorder(host), Recorder(host, "10.0.0.2")
    welcome_a = (await a.say(join(table.code, "Ann")))[0]
    welcome_b = (await b.say(join(table.code.lower(), "Ben")))[0]
    await until(lambda: idle(table), what="the computers")
    a.new(), b.new()  # replies to later messages start from here
    return host, table, a, b, welcome_a, welcome_b


def seat_to_act(table, a, b):
    seat = table.session.to_act
    return (a, b)[seat], (b, a)[seat], seat


async def test_joining_fills_the_seats_and_starts_the_game(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path)
    assert (wa["type"], wa["seat"], wa["name"]) == ("welcome", 0, "Ann")
    assert wb["seat"] == 1 and wa["secret"] != wb["secret"]
    assert table.started and table.names() == ("Ann", "Ben", "Carol")
    kinds = [m["type"] for m in a.messages]
    assert "lobby" in kinds and "hello" in kinds and "state" in kinds
    hello = next(m for m in a.messages if m["type"] == "hello")
    assert hello["seat"] == 0 and hello["names"] == ["Ann", "Ben", "Carol"]
    assert hello["kinds"] == ["human", "human", "computer"]
    # the seat to act was told so, with the same legal actions the engine lists
    mover, _other, seat = seat_to_act(table, a, b)
    turn = [m for m in mover.messages if m["type"] == "your-turn"][-1]
    legal = table.session.game.legal_actions()
    assert turn["legal"] == [x.to_json() for x in legal]
    # and the record on disk holds hashes, never secrets
    text = (host.tables_dir / f"{table.code}.json").read_text()
    assert wa["secret"] not in text and wb["secret"] not in text
    await host.close()


async def test_refusals_change_nothing(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path)
    mover, waiter, seat = seat_to_act(table, a, b)
    game = table.session.game
    before = (len(game.actions), game.snapshot())
    legal = game.legal_actions()[0]
    # out of turn: the same ask, from the other seat
    assert (await waiter.say({"type": "action", "action": legal.to_json()}))[0]["code"] == \
        wire.NOT_YOUR_TURN
    # a rank the mover does not hold
    missing = next(r for r in range(13) if not game.hands[seat][r])
    target = next(t for t in range(3) if t != seat and game.counts[t])
    reply = await mover.say({"type": "action",
                             "action": Ask(target, missing).to_json()})
    assert reply[0]["code"] == wire.ILLEGAL and "must hold" in reply[0]["message"]
    for bad in ({"type": "action"}, {"type": "action", "action": "ask"},
                {"type": "action", "action": {"type": "ask", "target": True, "rank": "Q"}},
                {"type": "action", "action": {"type": "fly"}}):
        assert (await mover.say(bad))[0]["code"] == wire.ILLEGAL
    assert (await mover.say({"type": "dance"}))[0]["code"] == wire.UNKNOWN
    assert (await mover.say(b"not json\n"))[0]["code"] == wire.MALFORMED
    assert (await mover.say(join(table.code, "Ann")))[0]["code"] == wire.JOINED
    stranger = Recorder(host, "10.0.0.9")
    assert (await stranger.say({"type": "action", "action": legal.to_json()}))[0]["code"] == \
        wire.NOT_JOINED
    assert (len(game.actions), game.snapshot()) == before
    # and the mover can still play
    await mover.say({"type": "action", "action": legal.to_json()})
    assert len(game.actions) == before[0] + 1
    await host.close()


async def test_a_line_over_the_limit_closes_the_connection(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path)
    reply = await a.say(b'{"type":"ping","pad":"' + b"x" * 10_000 + b'"}\n')
    assert reply[0]["code"] == wire.TOO_LONG and a.closed
    await host.close()


async def test_join_refusals(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path)
    c = Recorder(host, "10.0.0.3")
    assert (await c.say(join("ZZZZZZ", "Cy")))[0]["code"] == wire.BAD_CODE
    assert (await c.say(join(table.code, "ann")))[0]["code"] == wire.NAME_TAKEN
    assert (await c.say(join(table.code, "Cy")))[0]["code"] == wire.TABLE_FULL
    assert (await c.say(join(table.code, "Ann", "x" * 32)))[0]["code"] == wire.BAD_SECRET
    assert (await c.say(join(table.code, "Ben", wa["secret"])))[0]["code"] == wire.BAD_SECRET
    assert (await c.say(join(table.code, " Cy")))[0]["code"] == wire.TABLE_FULL or \
        c.errors()[-1] == wire.BAD_NAME
    assert (await c.say(join(table.code, 5)))[0]["code"] == wire.BAD_NAME  # type: ignore[arg-type]
    assert c.conn.table is None and not c.closed
    await host.close()


async def test_a_join_in_another_protocol_is_refused(tmp_path):
    """The host took ``"protocol": 2`` as if it were 1: a newer client would then misread
    every message. It is refused, and the seat stays free for a join that speaks 1."""
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human,human"), preset("standard"))
    c = Recorder(host, "10.0.0.3")
    for version in (2, 0, "1", None, True):
        reply = (await c.say({**join(table.code, "Cy"), "protocol": version}))[0]
        assert reply["type"] == "error" and reply["code"] == wire.MALFORMED, (version, reply)
        assert c.conn.table is None
    assert "protocol 2" in (await c.say({**join(table.code, "Cy"), "protocol": 2}))[0]["message"]
    welcome = (await c.say({**join(table.code, "Cy"), "protocol": wire.PROTOCOL}))[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    await host.close()


async def test_guessing_codes_is_cut_short(tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human,human"), preset("standard"))
    guesser = Recorder(host, "10.6.6.6")
    codes = []
    for i in range(20):
        if guesser.closed:
            break
        reply = await guesser.say(join("ABCDE" + "ABCDEFGHJKLMNPQRSTUVWXYZ"[i], "Eve"))
        codes.append(reply[0]["code"])
    assert codes[:10] == [wire.BAD_CODE] * 10
    assert codes[-1] == wire.TOO_MANY and guesser.closed
    # the address stays refused on a new connection, another address is not
    again = Recorder(host, "10.6.6.6")
    assert (await again.say(join("ABCDEF", "Eve")))[0]["code"] == wire.TOO_MANY
    other = Recorder(host, "10.7.7.7")
    wrong = "ABCDEF" if table.code != "ABCDEF" else "ABCDEG"
    assert (await other.say(join(wrong, "Eve")))[0]["code"] == wire.BAD_CODE
    await host.close()


async def test_rate_limit_then_close(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path)
    flooder = Recorder(host, clock=lambda: 0.0)  # time stands still: no token comes back
    await flooder.say(join(table.code, "Ann", wa["secret"]))  # takes one token
    replies = []
    for _ in range(int(MESSAGE_BURST) + MAX_ERRORS + 10):
        if flooder.closed:
            break
        replies += await flooder.say({"type": "ping"})
    kinds = [m.get("code", m["type"]) for m in replies]
    assert kinds.index(wire.SLOW_DOWN) == int(MESSAGE_BURST) - 1
    assert set(kinds[: int(MESSAGE_BURST) - 1]) == {"pong"}
    assert flooder.closed and kinds[-1] == wire.TOO_MANY
    # the other seat is untouched
    assert (await b.say({"type": "ping"})) == [{"type": "pong"}]
    await host.close()


async def test_rejoin_with_the_secret_gets_the_whole_view_back(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path)
    mover, _other, seat = seat_to_act(table, a, b)
    await mover.say({"type": "action",
                     "action": table.session.game.legal_actions()[0].to_json()})
    await until(lambda: idle(table))
    again = Recorder(host, "10.0.0.1")
    replies = await again.say(join(table.code, "ann", wa["secret"]))
    assert replies[0]["type"] == "welcome" and replies[0]["seat"] == 0
    assert "secret" not in replies[0]
    assert a.closed and a.messages[-1]["code"] == wire.REPLACED
    events = [m["event"] for m in replies if m["type"] == "event"]
    game = table.session.game
    assert events == [e.for_seat(0).to_json() for e in game.events]
    state = [m for m in replies if m["type"] == "state"][-1]["view"]
    assert state["hand"] == [wire.card_code(c) for c in game.hand_cards(0)]
    assert state["actions"] == len(game.actions)
    await host.close()


async def test_an_away_seat_waits_then_a_computer_stands_in(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path, takeover_after=None)
    mover, other, seat = seat_to_act(table, a, b)
    table.detach(seat, mover.conn)
    assert {"type": "seat", "seat": seat, "status": "away"} in other.messages
    count = table.session.action_count
    assert table.session.to_act == seat and not table.session.computer_to_act()
    assert table.due() == (None, None)  # the driver is told to wait until woken: no stand-in
    await asyncio.sleep(0.1)
    assert table.session.action_count == count  # the table waits
    await host.close()

    host, table, a, b, wa, wb = await two_seats(tmp_path / "2", takeover_after=0.05)
    mover, other, seat = seat_to_act(table, a, b)
    count = table.session.action_count
    table.detach(seat, mover.conn)
    await until(lambda: table.session.action_count > count, what="the stand-in")
    assert {"type": "seat", "seat": seat, "status": "computer"} in other.messages
    # the player comes back: the seat is theirs again
    back = Recorder(host)
    await back.say(join(table.code, table.seats[seat].name,
                        (wa, wb)[seat]["secret"]))
    assert table.status(seat) == "here" and seat not in table.stand_ins
    assert {"type": "seat", "seat": seat, "status": "here"} in other.messages
    await host.close()


async def test_a_restarted_host_reopens_its_tables(tmp_path):
    host, table, a, b, wa, wb = await two_seats(tmp_path)
    mover, _other, seat = seat_to_act(table, a, b)
    await mover.say({"type": "action",
                     "action": table.session.game.legal_actions()[0].to_json()})
    await until(lambda: idle(table))
    code, actions = table.code, table.session.action_count
    snapshot = table.session.game.snapshot()
    await host.close()

    host2 = make_host(tmp_path)
    reopened = host2.reopen()
    assert [t.code for t in reopened] == [code]
    table2 = reopened[0]
    assert table2.session.action_count == actions and table2.session.game.snapshot() == snapshot
    assert table2.status(0) == "away" and table2.status(1) == "away"
    # a second host on the same folder cannot take it
    host3 = make_host(tmp_path)
    assert host3.reopen() == []
    c = Recorder(host2)
    assert (await c.say(join(code, "Ann")))[0]["code"] == wire.NAME_TAKEN
    replies = await c.say(join(code, "Ann", wa["secret"]))
    assert replies[0]["type"] == "welcome" and any(m["type"] == "hello" for m in replies)
    await host2.close()
    await host3.close()


async def test_host_start_fills_free_seats_and_the_end_frees_the_table(tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human,human:Zed,human"), preset("quick"), seed=3)
    a = Recorder(host)
    await a.say(join(table.code, "Ann"))
    assert not table.started
    await host.start(table, fill="random")
    assert table.started and [p.kind for p in table.seats] == ["human", "computer", "computer"]
    assert table.seats[1].name != "Zed" or table.seats[1].kind == "human"
    # play Ann's seat to the end through the protocol
    fresh: list = []
    for _ in range(500):
        await until(lambda: idle(table))
        if table.over:
            break
        fresh += a.new()
        turn = [m for m in fresh if m["type"] == "your-turn"]
        assert turn, "Ann was not told it is her turn"
        fresh = await a.say({"type": "action", "action": turn[-1]["legal"][0]})
    assert table.over
    assert a.messages[-1]["type"] == "state" and a.messages[-1]["view"]["over"]
    assert not (host.tables_dir / f"{table.code}.json").exists()
    Store(tmp_path / "host").lock(table.session.game_id).release()  # the host let it go
    await host.close()


async def test_any_seat_may_start_the_next_deal(tmp_path):
    host = make_host(tmp_path)
    rules = preset("quick").replace(match_target=50)
    table = host.open_table(parse_seats("human,human"), rules, seed=4)
    a, b = Recorder(host), Recorder(host)
    await a.say(join(table.code, "Ann"))
    await b.say(join(table.code, "Ben"))
    s = table.session
    while not s.deal_over:
        seat = s.to_act
        await (a, b)[seat].say({"type": "action",
                                "action": s.game.legal_actions()[0].to_json()})
    assert [m for m in a.messages if m["type"] == "your-turn"][-1]["legal"] == \
        [{"type": "next-deal"}]
    assert [m for m in b.messages if m["type"] == "your-turn"][-1]["legal"] == \
        [{"type": "next-deal"}]
    waiter = (a, b)[1 - s.to_act]
    await waiter.say({"type": "action", "action": {"type": "next-deal"}})
    assert not s.deal_over and s.game.deal == 1
    assert (await waiter.say({"type": "action", "action": {"type": "next-deal"}}))[0][
        "code"] == wire.ILLEGAL
    await host.close()


def test_table_record_on_disk_is_private(tmp_path):
    async def run():
        host = make_host(tmp_path)
        table = host.open_table(parse_seats("human,human"), preset("standard"))
        path = host.tables_dir / f"{table.code}.json"
        mode = path.stat().st_mode & 0o777
        data = json.loads(path.read_text())
        await host.close()
        return mode, data

    mode, data = asyncio.run(run())
    assert mode == 0o600
    assert data["seats"][0]["secret_hash"] == ""


@pytest.mark.parametrize("seats", ["human", "human,computer,computer,computer,computer,human,human"])
def test_bad_seat_lists_never_open_a_table(tmp_path, seats):
    with pytest.raises(ValueError):
        parse_seats(seats)
