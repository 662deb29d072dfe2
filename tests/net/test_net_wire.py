"""The wire format, table codes, seat secrets, rate limits and seat plans."""

from __future__ import annotations

import json

import pytest

from gofish.engine import Game, preset
from gofish.net.codes import (
    CODE_ALPHABET,
    new_code,
    new_secret,
    normalize_code,
    secret_hash,
    secret_matches,
)
from gofish.net.limits import AddressBook, TokenBucket, network
from gofish.net.plan import PlanError, SeatPlan, TableRecord, parse_seats
from gofish.net.seat_client import parse_address
from gofish.protocol import wire


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_decode_refuses_what_is_not_one_message():
    assert wire.decode(b'{"type":"ping"}\n') == {"type": "ping"}
    for line in (b"", b"\xff\xfe\n", b"[1,2]\n", b'{"type":3}\n', b'{"kind":"x"}\n',
                 b'{"type":""}\n', b'{"type":"x","n":NaN}\n', b"[" * 5000 + b"\n", b"{\n"):
        with pytest.raises(wire.WireError) as e:
            wire.decode(line)
        assert e.value.code == wire.MALFORMED, line[:20]
    with pytest.raises(wire.WireError) as e:
        wire.decode(b'{"type":"ping","pad":"' + b"x" * wire.MAX_LINE + b'"}\n')
    assert e.value.code == wire.TOO_LONG


def test_encode_is_one_line_of_json():
    line = wire.encode({"type": "hello", "names": ["Zoë", "a\nb"]})
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line) == {"type": "hello", "names": ["Zoë", "a\nb"]}


@pytest.mark.parametrize("name", ["standard", "kids", "quick"])
def test_view_round_trip(name):
    rules = preset(name).replace(match_target=0)
    game = Game(rules, 4, seed=11)
    rng_steps = 0
    while not game.over and rng_steps < 25:
        game.apply(game.legal_actions()[0])
        rng_steps += 1
    for seat in range(4):
        view = game.view(seat, with_events=False)
        data = json.loads(json.dumps(wire.view_to_json(view, len(game.actions))))
        back, actions = wire.view_from_json(data, rules, legal=view.legal)
        assert back == view
        assert actions == len(game.actions)


def test_view_from_json_refuses_bad_shapes():
    game = Game(preset("standard"), 3, seed=2)
    good = wire.view_to_json(game.view(0, with_events=False), 0)
    bad_values = [("hand", ["Zz"]), ("hand", [7]), ("counts", [1, 2]), ("players", 9),
                  ("seat", 5), ("to_act", "me"), ("over", 1), ("books", "none"),
                  ("stock", -1), ("hands", None)]
    for key, value in bad_values:
        with pytest.raises(wire.WireError):
            wire.view_from_json({**good, key: value}, game.rules)


def test_codes_are_short_unambiguous_and_normalized():
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190
    for code in codes:
        assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
        assert "I" not in code and "O" not in code
    assert normalize_code("abc-def") == "ABCDEF"
    assert normalize_code(" ab cd ef ") == "ABCDEF"
    for bad in ("ABCDE", "ABCDEFG", "ABCDE1", "ABCDEI", 7, None, "A" * 100):
        assert normalize_code(bad) is None  # type: ignore[arg-type]
    assert new_code({"AAAAAA"}) != "AAAAAA"


def test_secrets_are_random_and_checked_by_hash():
    a, b = new_secret(), new_secret()
    assert a != b and len(a) >= 32
    stored = secret_hash(a)
    assert a not in stored
    assert secret_matches(a, stored)
    assert not secret_matches(b, stored)
    assert not secret_matches(None, stored)
    assert not secret_matches(a, "")
    assert not secret_matches("x" * 1000, stored)


def test_token_bucket_refills_at_its_rate():
    clock = FakeClock()
    bucket = TokenBucket(2.0, 4.0, clock)
    assert [bucket.take() for _ in range(5)] == [True, True, True, True, False]
    clock.now += 0.5  # one token back
    assert bucket.take() and not bucket.take()
    clock.now += 100
    assert sum(bucket.take() for _ in range(10)) == 4  # never more than the burst


def test_address_book_makes_the_oldest_pending_give_way_and_counts_failed_joins():
    clock = FakeClock()
    book = AddressBook(clock, most_pending=20, most_pending_per_network=16)
    assert all(book.arrive(i, "10.0.0.1") == [] for i in range(16))
    assert book.arrive(16, "10.0.0.1") == [0]  # the oldest from that network gives way
    book.settled(1)  # joined: no longer pending
    assert book.arrive(17, "10.0.0.1") == []
    assert all(book.arrive(f"b{i}", "10.0.0.2") == [] for i in range(4))
    assert book.arrive("c", "10.0.0.3") == [2]  # 20 pending in all: the oldest of all goes
    assert all(book.failed("10.0.0.1") for _ in range(10))
    assert not book.failed("10.0.0.1")
    assert not book.may_try("10.0.0.1") and book.may_try("10.0.0.2")
    clock.now += 60
    assert book.may_try("10.0.0.1")


def test_every_loopback_address_is_one_network():
    assert network("127.0.0.1") == network("127.8.9.10") == network("::1") == \
        network("::ffff:127.0.0.1") == "loopback"
    assert network("2001:db8::1") == network("2001:db8::2") == "2001:db8::/64"
    assert network("2001:db8:0:1::1") != network("2001:db8::1")
    assert network("192.168.1.2") == "192.168.1.2" and network("?") == "?"


def test_parse_seats():
    plans = parse_seats("human, human:Bob, computer:easy, cpu")
    assert [(p.kind, p.name, p.reserved, p.level) for p in plans] == [
        ("human", "", False, ""), ("human", "Bob", True, ""), ("computer", "Carol", False, "easy"),
        ("computer", "Dave", False, "hard")]
    for bad in ("human", "computer,computer", "human,robot", "human,computer:genius",
                "human:Al,human:al", ",".join(["human"] * 7)):
        with pytest.raises(PlanError):
            parse_seats(bad)


def test_table_record_round_trip_and_refusals():
    record = TableRecord("ABCDEF", preset("quick"), parse_seats("human:Ann,computer:easy"), 5,
                         takeover_after=3.5)
    record.seats[0].secret_hash = secret_hash("s")
    data = json.loads(json.dumps(record.to_json()))
    back = TableRecord.from_json(data)
    assert back.to_json() == record.to_json()
    for key, value in [("code", "abc"), ("seed", "1"), ("seats", []), ("version", 2),
                       ("takeover_after", -1), ("rules", {"deal": "all"}), ("game_id", "../x")]:
        with pytest.raises(PlanError):
            TableRecord.from_json({**data, key: value})
    with pytest.raises(PlanError):
        SeatPlan.from_json({"kind": "human", "secret_hash": "not hex"})


def test_parse_address():
    assert parse_address("") == ("127.0.0.1", wire.DEFAULT_PORT)
    assert parse_address("example.org") == ("example.org", wire.DEFAULT_PORT)
    assert parse_address("10.1.2.3:9000") == ("10.1.2.3", 9000)
    assert parse_address("[::1]:9000") == ("::1", 9000)
    assert parse_address(":9000") == ("127.0.0.1", 9000)
    for bad in ("host:port", "host:70000", "[::1]x"):
        with pytest.raises(ValueError):
            parse_address(bad)
