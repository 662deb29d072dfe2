"""Everything the host sends a seat, over a whole game, holds no card of another hand.

Three remote seats and a computer play a game over real TCP. Every message the host writes is
recorded together with the hands at that moment; each message to seat k is then checked
against the other seats' hands, except for cards that were shown to everyone (handed over,
lucky draws, books, dealer cards). One seat is cut off mid-game and rejoins, so the catch-up
after a rejoin is checked too. The clients' own transcripts must equal what was recorded, so
the recording is what went over the wire.
"""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from net_support import card_codes, leaks, make_host, public_cards, until

from gofish.engine import preset
from gofish.net.conn import Conn
from gofish.net.headless import play_headless
from gofish.net.plan import parse_seats
from gofish.net.seat_client import SecretBook
from gofish.protocol import wire

RULES = {
    "standard": preset("standard"),
    "cards-classic": preset("classic").replace(ask_for="card", bluff_asks=True,
                                               draw_until_hit=True),
}


@pytest.mark.parametrize("rules_name", sorted(RULES))
async def test_a_seat_is_never_sent_another_seats_cards(tmp_path, monkeypatch, rules_name):
    rules = RULES[rules_name]
    host = make_host(tmp_path, threaded_saves=True)
    sent: list[tuple[Conn, dict, list[tuple[int, ...]], set[str]]] = []
    send_many = Conn.send_many

    def tap(self: Conn, messages: list[dict]) -> None:
        session = self.table.session if self.table is not None else None
        hands = [] if session is None else [session.game.hand_cards(s) for s in range(4)]
        revealed = set() if session is None else public_cards(session.game.events)
        for message in messages:
            sent.append((self, json.loads(json.dumps(message)), hands, revealed))
        send_many(self, messages)

    monkeypatch.setattr(Conn, "send_many", tap)
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    table = host.open_table(parse_seats("human,human,human,computer:medium"), rules, seed=2024)
    names = ["Ann", "Ben", "Cid"]
    transcripts = [io.StringIO() for _ in names]
    book = SecretBook(tmp_path / "players")
    players = [asyncio.create_task(play_headless(
        "127.0.0.1", port, table.code, name, "medium", book=book, transcript=transcripts[i],
        out=io.StringIO(), give_up_after=10)) for i, name in enumerate(names)]

    # cut Ann off once the game is under way; her client comes back with its secret
    await until(lambda: table.started and table.session.action_count >= 12, 20, "the game")
    first = table.links[0]
    first.close()
    await until(lambda: 0 in table.links and table.links[0] is not first, 10, "Ann's rejoin")
    results = await asyncio.wait_for(asyncio.gather(*players), 60)
    assert results == [0, 0, 0] and table.over
    await host.close()

    by_seat: dict[int, list[tuple[Conn, dict, list, set]]] = {0: [], 1: [], 2: []}
    for conn, message, hands, revealed in sent:
        if conn.seat is not None:
            by_seat[conn.seat].append((conn, message, hands, revealed))
    checked = 0
    for seat, records in by_seat.items():
        assert records, f"nothing was sent to seat {seat}"
        for _conn, message, hands, revealed in records:
            if not hands:
                assert card_codes(message) == set(), message  # before the deal: no card
                continue
            assert leaks(message, seat, hands, revealed) == set(), message
            if message["type"] == "event" and "secret" in message["event"]:
                assert message["event"]["seat"] == seat  # secret cards go to their owner only
            checked += 1
    assert checked > 300
    # Ann was sent the whole game twice over: once live, once when she came back
    assert sum(1 for c, m, _h, _r in by_seat[0] if m["type"] == "hello") == 2

    # what the clients received is what was recorded, message for message, in order; the
    # only messages a client may miss went to Ann's cut connection as it closed, or are the
    # news of the others leaving after the game's end
    for seat, transcript in enumerate(transcripts):
        received = [json.loads(line) for line in transcript.getvalue().splitlines()]
        matched = 0
        for conn, message, _h, _r in by_seat[seat]:
            if matched < len(received) and message == received[matched]:
                matched += 1
            else:
                assert conn is first or message["type"] == "seat", message
        assert matched == len(received)
        assert received[-1]["type"] == "state" and received[-1]["view"]["over"]


def test_the_leak_check_catches_a_leak():
    """The check above is only worth something if it fails on another seat's cards."""
    from gofish.engine import Game

    game = Game(preset("standard"), 3, seed=1)
    hands = [game.hand_cards(s) for s in range(3)]
    revealed = public_cards(game.events)
    others_view = {"type": "state", "view": wire.view_to_json(game.view(1, with_events=False),
                                                               0)}
    own_view = {"type": "state", "view": wire.view_to_json(game.view(0, with_events=False), 0)}
    assert leaks(others_view, 0, hands, revealed) == {wire.card_code(c) for c in hands[1]}
    assert leaks(own_view, 0, hands, revealed) == set()
    dealt = [e for e in game.events if e.kind == "dealt" and e.seat == 2][0]
    assert leaks(wire.event_message(dealt), 0, hands, revealed)
    assert not leaks(wire.event_message(dealt.for_seat(0)), 0, hands, revealed)
