"""Who may take which seat: kept seats need their key, look-alike names are refused, emoji
joined with a ZWJ are a name like any other."""

from __future__ import annotations

import json

import pytest
from net_support import Recorder, make_host

from gofish.engine import preset
from gofish.net.codes import format_code, parse_code
from gofish.net.plan import PlanError, TableRecord, check_name, parse_seats
from gofish.protocol import wire
from gofish.seats import SeatError, SeatSpec, name_key, printable_name


def join(code: str, name: str, secret: str | None = None) -> dict:
    message = {"type": "join", "code": code, "name": name}
    if secret:
        message["secret"] = secret
    return message


@pytest.mark.parametrize("a, b", [
    ("Alice", "\u0410lice"),  # Cyrillic А
    ("Alice", "AL\u0406CE"),  # Cyrillic І
    ("Alice", "AIice"),  # a capital i for the l
    ("Bob", "\u0412\u043e\u0432".replace("\u0432", "b")),  # Cyrillic В, о
    ("Alice", "\uff21lice"),  # fullwidth
    ("Olga", "0lga"),
    ("Eve", "\u0395ve"),  # Greek Epsilon
    ("👩\u200d👩\u200d👧", "👩👩👧"),  # the same picture, or nearly
])
def test_look_alike_names_have_one_key(a, b):
    assert a != b and name_key(a) == name_key(b)


@pytest.mark.parametrize("a, b", [("Alice", "Alicia"), ("Zoë", "Zoe"), ("Ann", "Anna"),
                                  ("Иван", "Ivan")])
def test_different_names_keep_different_keys(a, b):
    assert name_key(a) != name_key(b)


@pytest.mark.parametrize("name", ["👩\u200d👩\u200d👧", "🏳️\u200d🌈", "Zoë 👍🏽\u200d❤\ufe0f", "Ann"])
def test_emoji_joined_with_a_zwj_make_a_name(name):
    assert printable_name(name)
    SeatSpec(name).validate()


@pytest.mark.parametrize("name", ["A\u200dB", "\u200d👩", "👩\u200d", "👩\u200d\u200d👧",
                                  "A\u202eB", "A\x1bB", "A\u200bB", "A\u2066B"])
def test_other_invisible_and_control_characters_are_refused(name):
    assert not printable_name(name)
    with pytest.raises(SeatError):
        SeatSpec(name).validate()


def test_codes_with_a_seat_key():
    assert parse_code("abcdef") == ("ABCDEF", "")
    assert parse_code("abc-def-ghj klm") == ("ABCDEF", "GHJKLM")
    assert parse_code("ABCDEFG") is None and parse_code("ABCDEF-GHJKLI") is None
    assert format_code("ABCDEF", "GHJKLM") == "ABCDEF-GHJKLM"


async def test_a_kept_seat_goes_only_to_the_player_with_its_key(tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human:Alice,human,human"), preset("standard"), seed=1)
    key = table.seats[0].key
    assert len(key) == 6
    eve = Recorder(host, "10.0.0.5")
    assert (await eve.say(join(table.code, "Alice")))[0]["code"] == wire.SEAT_KEPT
    assert (await eve.say(join(table.code, "alice")))[0]["code"] == wire.SEAT_KEPT
    assert (await eve.say(join(table.code, "\u0410lice")))[0]["code"] == wire.SEAT_KEPT
    wrong = "ABCDEF" if key != "ABCDEF" else "BCDEFG"
    assert (await eve.say(join(format_code(table.code, wrong), "Alice")))[0]["code"] == \
        wire.BAD_SECRET
    assert (await eve.say(join(format_code(table.code, key), "Eve")))[0]["code"] == \
        wire.BAD_SECRET  # the key is for Alice
    alice = Recorder(host, "10.0.0.6")
    welcome = (await alice.say(join(format_code(table.code, key), "alice")))[0]
    assert welcome["type"] == "welcome" and welcome["seat"] == 0
    assert welcome["name"] == "Alice"  # the seat keeps the name the host gave it
    # the key is spent: the seat is taken, the secret is what brings her back
    again = Recorder(host, "10.0.0.6")
    assert (await again.say(join(format_code(table.code, key), "Alice")))[0]["code"] == \
        wire.BAD_SECRET
    back = await again.say(join(format_code(table.code, key), "Alice", welcome["secret"]))
    assert back[0]["type"] == "welcome" and back[0]["seat"] == 0
    # a look-alike of a seated name is refused, as the same name is
    assert (await eve.say(join(table.code, "AL\u0406CE")))[0]["code"] == wire.NAME_TAKEN
    assert (await eve.say(join(table.code, "Eve")))[0]["type"] == "welcome"
    await host.close()


async def test_a_key_gets_its_player_in_past_anyone_elses_wrong_codes(tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human:Ben,human"), preset("standard"), seed=1)
    guesser = Recorder(host, "127.0.0.1")
    for _ in range(12):
        await guesser.say(join("ZZZZZZ", "Eve"))
    assert guesser.errors()[-1] == wire.TOO_MANY
    ben = Recorder(host, "127.0.0.1")
    welcome = await ben.say(join(format_code(table.code, table.seats[0].key), "Ben"))
    assert welcome[0]["type"] == "welcome"
    # while a wrong key from there is refused like any attempt, saying nothing
    sham = Recorder(host, "127.0.0.1")
    assert (await sham.say(join(format_code(table.code, "ABCDEF"), "Ann")))[0]["code"] == \
        wire.TOO_MANY
    await host.close()


def test_kept_seats_keep_their_key_across_a_restart_and_look_alikes_are_one_seat(tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human:Alice,human"), preset("standard"), seed=1)
    data = json.loads((host.tables_dir / f"{table.code}.json").read_text())
    assert TableRecord.from_json(data).seats[0].key == table.seats[0].key
    data["seats"][0]["key"] = "abc"
    with pytest.raises(PlanError):
        TableRecord.from_json(data)
    with pytest.raises(PlanError):
        parse_seats("human:Alice,human:\u0410lice")
    plans = parse_seats("human:Car0l,computer:easy")
    assert plans[1].name != "Carol"  # the computer takes a name unlike the player's


async def test_a_table_kept_by_an_older_host_gets_keys_when_reopened(tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human:Alice,human"), preset("standard"), seed=1)
    path = host.tables_dir / f"{table.code}.json"
    await host.close()
    data = json.loads(path.read_text())
    del data["seats"][0]["key"]  # as an older host wrote it
    path.write_text(json.dumps(data))
    again = make_host(tmp_path)
    (reopened,) = again.reopen()
    key = reopened.seats[0].key
    assert len(key) == 6 and json.loads(path.read_text())["seats"][0]["key"] == key
    eve = Recorder(again, "10.0.0.5")
    assert (await eve.say(join(table.code, "Alice")))[0]["code"] == wire.SEAT_KEPT
    await again.close()


# Characters Python calls printable that draw nothing: the combining grapheme joiner, the
# Hangul fillers, Khmer and Mongolian invisible marks, variation selectors that follow no
# emoji, the braille blank. Found joining as "Ann" + U+034F beside Ann: both seats read "Ann".
INVISIBLE = ["\u034f", "\u115f", "\u1160", "\u17b4", "\u180b", "\u2800", "\u3164", "\ufe00",
             "\uffa0", "\U000e0100"]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_a_name_with_an_invisible_character_is_refused_and_keys_as_without_it(mark):
    with pytest.raises(PlanError):
        check_name("Ann" + mark)
    with pytest.raises(PlanError):
        check_name(mark)  # a name that shows as nothing
    assert name_key("An" + mark + "n") == name_key("Ann")
    check_name("Ann")  # and what is left is a name


async def test_a_seat_that_looks_like_another_through_an_invisible_character_is_refused(
        tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human,human,human"), preset("standard"), seed=1)
    ann = Recorder(host, "10.0.0.5")
    assert (await ann.say(join(table.code, "Ann")))[0]["type"] == "welcome"
    eve = Recorder(host, "10.0.0.6")
    for name in ("Ann\u034f", "Ann\u2800", "\u3164"):
        refused = (await eve.say(join(table.code, name)))[0]
        assert refused["type"] == "error" and refused["code"] == wire.BAD_NAME, refused
    assert [p.name for p in table.seats if p.taken] == ["Ann"]
    await host.close()


@pytest.mark.parametrize("name", ["You", "YOU", "y\u043eu", "Vous", "Anda", "\u0412\u044b"])
def test_a_name_that_is_the_games_word_for_the_player_is_refused(name):
    """A joiner called You made the other screens read 'You asked Bob for kings. Bob gave You
    2 kings.': the log's words for the viewer, in any of the game's languages, are not names."""
    with pytest.raises(PlanError):
        check_name(name)
    check_name(name + "r")  # Your, Vousr: names like any other


async def test_joining_as_you_is_refused(tmp_path):
    host = make_host(tmp_path)
    table = host.open_table(parse_seats("human,human"), preset("standard"), seed=1)
    eve = Recorder(host, "10.0.0.6")
    refused = (await eve.say(join(table.code, "you")))[0]
    assert refused["type"] == "error" and refused["code"] == wire.BAD_NAME, refused
    await host.close()
