"""A flood of bad messages over TCP neither changes the game nor stops the other seats."""

from __future__ import annotations

import asyncio
import io
import json
import time

from net_support import make_host, until

from gofish.engine import RANKS, preset
from gofish.net.headless import play_headless
from gofish.net.plan import parse_seats
from gofish.protocol import wire
from gofish.store.joined import SecretBook


async def test_a_flooding_seat_is_cut_off_and_the_others_play_on(tmp_path):
    host = make_host(tmp_path, threaded_saves=True)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,human,computer:easy"), preset("standard"),
                            seed=31, takeover_after=0.2)

    # the flooder takes a seat, then sends garbage, out-of-turn actions and huge lines
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write(wire.encode({"type": "join", "code": table.code, "name": "Mal"}))
    await writer.drain()
    welcome = json.loads(await reader.readline())
    assert welcome["type"] == "welcome"
    honest = asyncio.create_task(play_headless(
        "127.0.0.1", port, table.code, "Ann", "easy", book=SecretBook(tmp_path / "ann"),
        out=io.StringIO(), give_up_after=10))
    await until(lambda: table.started, 10, "the start")
    # every action the host takes from the flooder's seat: was it the flooder's turn, and did
    # the game move on (the test peeks at the flooder's hand to make asks of the right form)
    mal = welcome["seat"]
    from_flooder: list[tuple[object, bool, bool]] = []
    play = table.play

    def spy(seat, data):
        if seat != mal:
            return play(seat, data)
        in_turn, count = table.session.to_act == mal, table.session.action_count
        try:
            return play(seat, data)
        finally:
            from_flooder.append((data, in_turn, table.session.action_count != count))

    table.play = spy
    ranks = sorted({RANKS[c >> 2] for c in table.session.view(mal).hand})
    shaped = [wire.encode({"type": "action", "action": {"type": "ask", "target": (mal + 1) % 3,
                                                         "rank": r}}) for r in ranks]
    flood = [b"{not json\n", b'{"type":"action","action":{"type":"ask","target":9,"rank":"Z"}}\n',
             b'{"type":"action","action":{"type":"draw"}}\n', b"\xff\xfe\n",
             b'{"type":"join","code":"AAAAAA","name":"x"}\n', *shaped] * 2000
    start = time.monotonic()
    try:
        writer.write(b"".join(flood))
        await writer.drain()
        writer.write(b"x" * 20_000 + b"\n")
        await writer.drain()
    except ConnectionError:
        pass  # the host has already hung up on it
    replies = []
    try:
        while line := await asyncio.wait_for(reader.readline(), 10):
            replies.append(json.loads(line))
    except ConnectionError:
        pass  # closed with the flood unread: the last replies may be lost with it
    # the host hung up on it (after at most 100 refusals), at once
    await until(lambda: table.status(welcome["seat"]) != "here", 5, "the flooder to be cut off")
    assert time.monotonic() - start < 5
    errors = [m["code"] for m in replies if m["type"] == "error"]
    assert 1 <= len(errors) <= 100  # refused, and said so, until it was cut off
    # the control: asks of the right form reached the host while it was not the flooder's turn
    assert [data for data, in_turn, _applied in from_flooder if not in_turn]
    assert set(errors) <= {wire.MALFORMED, wire.ILLEGAL, wire.NOT_YOUR_TURN, wire.JOINED,
                           wire.SLOW_DOWN, wire.TOO_MANY}

    # Ann's game goes on to the end (a computer stands in for the cut-off seat)
    assert await asyncio.wait_for(honest, 30) == 0
    assert table.over
    session = table.session
    # nothing the flood sent out of turn was applied (in turn, an ask it may make is a move),
    # and every action of the game was legal in turn
    assert not [data for data, in_turn, applied in from_flooder if applied and not in_turn]
    from gofish.engine import Game

    replay = Game.replay(session.rules, 3, table.record.seed, list(session.game.actions))
    assert replay.snapshot() == session.game.snapshot()
    await host.close()
