"""The bot protocol's limits, at their edges, as docs/bot-protocol.md states them."""

from __future__ import annotations

import pytest

from gofish.ai import external
from gofish.engine import events as ev
from gofish.engine import preset
from gofish.protocol import messages as bp
from gofish.protocol.seat_state import SeatState

STANDARD = preset("standard")


def test_the_protocol_is_number_one_and_no_other():
    assert bp.hello(STANDARD, 2, 1)["protocol"] == 1  # as the documented session shows
    assert bp.ready("hard")["protocol"] == 1
    assert bp.parse_hello(bp.hello(STANDARD, 2, 1)).seat == 1
    with pytest.raises(bp.ProtocolError, match="protocol 2 is not spoken here"):
        bp.parse_hello({**bp.hello(STANDARD, 2, 1), "protocol": 2})


def test_a_line_is_at_most_65536_characters():
    def line(n: int) -> str:
        head = '{"type":"x","pad":"'
        return head + "a" * (n - len(head) - 2) + '"}'

    assert len(line(65_536)) == 65_536
    assert bp.decode(line(65_536))["type"] == "x"
    with pytest.raises(bp.ProtocolError) as caught:
        bp.decode(line(65_537))
    assert caught.value.code == bp.TOO_LONG


@pytest.mark.parametrize("seat, ok", [(0, True), (2, True), (3, False), (-1, False),
                                      (True, False), ("1", False)])
def test_hello_seat_is_one_of_the_table(seat, ok):
    message = {**bp.hello(STANDARD, 3, 0), "seat": seat}
    if ok:
        assert bp.parse_hello(message).seat == seat
    else:
        with pytest.raises(bp.ProtocolError, match="seat must be a number from 0 to 2"):
            bp.parse_hello(message)


@pytest.mark.parametrize("seed, ok", [(2**63 - 1, True), (-(2**63), True), (2**63, False),
                                      (-(2**63) - 1, False), (1.5, False), (None, True)])
def test_hello_seed_is_a_64_bit_whole_number(seed, ok):
    message = bp.hello(STANDARD, 2, 0, seed)
    if ok:
        assert bp.parse_hello(message).seed == seed
    else:
        with pytest.raises(bp.ProtocolError, match="seed must be a whole number"):
            bp.parse_hello(message)


def event(**fields) -> dict:
    return {"type": "event", "event": {"kind": ev.DREW, "seat": 0, "count": 1, **fields}}


@pytest.mark.parametrize("fields, ok", [
    ({"seat": 2}, True), ({"seat": 3}, False), ({"seat": -1}, True), ({"seat": -2}, False),
    ({"count": 52}, True), ({"count": 53}, False),
    ({"kind": ev.ASK, "target": 2, "rank": "7"}, True),
    ({"kind": ev.ASK, "target": 3, "rank": "7"}, False),
    ({"deal": 10_000}, True), ({"deal": 10_001}, False),
    ({"kind": ev.GAME_OVER, "winners": [0, 2], "scores": [1, 0, 3]}, True),
    ({"kind": ev.GAME_OVER, "winners": [3]}, False),
    ({"kind": ev.GAME_OVER, "winners": [-1]}, False),
    ({"kind": ev.GAME_OVER, "scores": [1, 0, 3, 4]}, False),
    ({"cards": "7h"}, False),
])
def test_an_event_is_checked_against_the_table(fields, ok):
    message = event(**fields)
    if ok:
        assert bp.parse_event(message, 3).kind == message["event"]["kind"]
    else:
        with pytest.raises(bp.ProtocolError) as caught:
            bp.parse_event(message, 3)
        assert caught.value.code == bp.MALFORMED


def test_closing_an_outside_bot_says_bye_and_the_bot_ends_by_itself():
    import sys

    bot = external.ExternalBot([sys.executable, "-m", "gofish", "bot", "--level", "random"], 0,
                         STANDARD, 2, timeout=20)
    assert bot.process.poll() is None  # running, ready
    bot.close()
    assert bot.process.returncode == 0  # it read "bye" and left: not killed
    bot.close()  # twice is harmless


@pytest.mark.parametrize("seed", [1, 2])
def test_the_seat_state_between_deals_and_at_the_end_is_the_engines_view(seed):
    import random

    from gofish.engine import Game, Rules

    rules = Rules(match_target=8)
    game = Game(rules, 3, seed)
    states = [SeatState(rules, 3, s) for s in range(3)]
    rng = random.Random(seed)
    fed = between = 0
    while True:  # every step, the end of the match included
        for e in game.events[fed:]:
            for s, st in enumerate(states):
                st.observe(e.for_seat(s))
        fed = len(game.events)
        for s, st in enumerate(states):
            real = game.view(s, with_events=False)
            assert st.view(real.legal) == real, s
        if game.over:
            break
        between += game.deal_over
        game.apply(rng.choice(game.legal_actions()))
    assert between, "the match never stopped between deals: nothing was checked there"
