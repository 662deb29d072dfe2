"""One local user cannot lock the other local players out (real sockets on loopback).

Every player on the host's machine comes from 127.0.0.1 (or any 127.x address it picks): wrong
codes, idle connections and floods of connections from there must never keep a seated player
from taking their seat back, and a connection that has not joined in time goes, whatever it
sends meanwhile.
"""

from __future__ import annotations

import asyncio
import json
import time

from net_support import make_host

from gofish.engine import preset
from gofish.net.limits import FAILED_JOINS_PER_MINUTE, MAX_PENDING_PER_NETWORK
from gofish.net.plan import parse_seats
from gofish.protocol import wire


class Client:
    """A raw connection to the host, from a chosen loopback address."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int, source: str = "127.0.0.1") -> Client:
        reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                       local_addr=(source, 0))
        return cls(reader, writer)

    async def say(self, message: dict) -> dict | None:
        """Send a line; the first reply (None if the host hung up without one)."""
        self.writer.write(wire.encode(message))
        await self.writer.drain()
        return await self.read()

    async def read(self, timeout: float = 5.0) -> dict | None:
        line = await asyncio.wait_for(self.reader.readline(), timeout)
        return json.loads(line) if line else None

    async def closed_within(self, timeout: float) -> bool:
        try:
            while await asyncio.wait_for(self.reader.readline(), timeout):
                pass
        except TimeoutError:
            return False
        except ConnectionError:
            pass
        return True

    def close(self) -> None:
        self.writer.close()


def join(code: str, name: str, secret: str | None = None) -> dict:
    message = {"type": "join", "code": code, "name": name}
    if secret:
        message["secret"] = secret
    return message


async def seated_table(tmp_path, **options):
    host = make_host(tmp_path, **options)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,human,human"), preset("standard"), seed=4)
    ann = await Client.open(port)
    welcome = await ann.say(join(table.code, "Ann"))
    assert welcome is not None and welcome["type"] == "welcome"
    await ann.read()  # the lobby
    return host, port, table, ann, welcome["secret"]


async def spend_wrong_codes(port: int, n: int, source: str = "127.0.0.1") -> list[str]:
    """``n`` wrong codes, a new connection whenever the host hangs up; the replies' codes."""
    replies: list[str] = []
    guesser = await Client.open(port, source)
    for i in range(n):
        reply = await guesser.say(join("ZZZZZ" + "ABCDEFGH"[i % 8], "Eve"))
        replies.append(reply["code"] if reply else "")
        if reply is None or reply["code"] == wire.TOO_MANY:
            guesser.close()
            guesser = await Client.open(port, source)
    guesser.close()
    return replies


async def test_wrong_codes_never_keep_a_seated_player_out(tmp_path):
    said: list[str] = []
    host, port, table, ann, secret = await seated_table(tmp_path, say=said.append)
    ann.close()
    replies = await spend_wrong_codes(port, 200)
    replies += await spend_wrong_codes(port, 20, "127.0.0.9")  # another loopback address
    assert replies.count(wire.BAD_CODE) == FAILED_JOINS_PER_MINUTE  # then refused, all of them
    assert set(replies) == {wire.BAD_CODE, wire.TOO_MANY}
    warnings = [line for line in said if "wrong table codes" in line]
    assert warnings == ["Too many wrong table codes from loopback: new players from there must "
                        "wait a minute (seated players still get back in)."]  # once a minute
    # the seated player takes her seat back at once, from the same address
    start = time.perf_counter()
    back = await Client.open(port)
    welcome = await back.say(join(table.code, "Ann", secret))
    assert welcome is not None and welcome["type"] == "welcome" and welcome["seat"] == 0
    assert time.perf_counter() - start < 2
    # a new player from the loopback waits a while: the refusal does not say the code is right
    bob = await Client.open(port, "127.0.0.5")
    assert (await bob.say(join(table.code, "Bob")))["code"] == wire.TOO_MANY
    back.close()
    bob.close()
    await host.close()


async def test_a_connection_that_does_not_join_goes_at_its_deadline_whatever_it_sends(tmp_path):
    host, port, table, ann, secret = await seated_table(tmp_path, join_timeout=0.6)
    idler = await Client.open(port)
    guesser = await Client.open(port, "127.0.0.3")
    start = time.perf_counter()
    pongs = 0
    while time.perf_counter() - start < 3:
        reply = await idler.say({"type": "ping"})
        if reply is None or reply["type"] == "error":
            break
        pongs += 1
        await guesser.say(join("ZZZZZZ", "Eve"))  # a failed join does not move it either
        await asyncio.sleep(0.05)
    lasted = time.perf_counter() - start
    assert reply is not None and reply["code"] == wire.TIMEOUT, reply
    assert 0.5 < lasted < 1.5 and pongs >= 5
    assert await guesser.closed_within(2)
    # a joined connection is not held to it
    await asyncio.sleep(0.3)
    assert await ann.say({"type": "ping"}) == {"type": "pong"}
    for c in (idler, guesser, ann):
        c.close()
    await host.close()


async def test_idle_connections_make_way_for_a_rejoin_and_a_new_player(tmp_path):
    host, port, table, ann, secret = await seated_table(tmp_path)
    ann.close()
    # more idle connections than were ever allowed: from 8 loopback addresses, 40 each
    idle = [await Client.open(port, f"127.0.0.{2 + i % 8}") for i in range(320)]
    await asyncio.sleep(0.1)
    assert len(host.addresses.pending) <= MAX_PENDING_PER_NETWORK
    start = time.perf_counter()
    back = await Client.open(port)
    welcome = await back.say(join(table.code, "Ann", secret))
    assert welcome is not None and welcome["type"] == "welcome", welcome
    bob = await Client.open(port, "127.0.0.7")
    assert (await bob.say(join(table.code, "Bob")))["type"] == "welcome"
    assert time.perf_counter() - start < 2
    # the idle ones were told why they went, and a client told so connects again
    gone = 0
    for c in idle[:50]:
        reply = await c.read(2)
        if reply is not None:
            assert reply["code"] == wire.TIMEOUT
            gone += 1
    assert gone == 50
    for c in (*idle, back, bob):
        c.close()
    await host.close()


async def test_a_seat_reconnecting_in_a_loop_is_a_few_lines_at_the_hosts_terminal(
        tmp_path):
    """A seated player reconnecting again and again with their own secret printed two lines
    each time at the host's terminal (6,000 lines for 3,000 reconnects), pushing the kept
    seats' commands out of sight. The host now says a few at once, then one a second, and
    always where the seat is in the end."""
    said: list[str] = []
    host = make_host(tmp_path, say=said.append)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,human"), preset("standard"), seed=1)
    mal = await Client.open(port)
    welcome = await mal.say({"type": "join", "code": table.code, "name": "Mal"})
    assert welcome is not None and welcome["type"] == "welcome", welcome
    for _round in range(100):
        mal.writer.close()
        mal = await Client.open(port)
        back = await mal.say({"type": "join", "code": table.code, "name": "Mal",
                              "secret": welcome["secret"]})
        assert back is not None and back["type"] == "welcome", back
    mal.writer.close()
    await until_true(lambda: not table.links, "Mal to go")
    await asyncio.sleep(1.2)
    about_mal = [line for line in said if "Mal" in line]
    assert len(about_mal) <= 10, f"{len(about_mal)} lines: {about_mal[:4]}"
    assert about_mal[0].endswith("Mal takes seat 1.") and about_mal[-1].endswith("Mal is away.")
    await host.close()


async def until_true(check, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.01)
