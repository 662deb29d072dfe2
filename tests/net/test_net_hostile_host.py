"""A hostile host cannot write to a joined terminal: what it sends is data, cleaned on receipt.

A fake host (a real socket on loopback) sends names, statuses and messages full of escape
sequences, C1 controls, DEL, line breaks and bidi overrides; neither ``--auto`` nor the join
screen lets one of them through, and the transcript file is safe to ``cat``.
"""

from __future__ import annotations

import asyncio
import io
import json

import pytest
from test_net_join_app import text_of, wait

from gofish.commands import net as net_command
from gofish.engine import Game, preset
from gofish.net.client import ANOTHER_TABLE, RemoteSession
from gofish.net.headless import play_headless
from gofish.net.seat_client import SeatClient
from gofish.net.text import json_line
from gofish.protocol import wire
from gofish.store.text import is_clean, plain
from gofish.tui.join_app import joined_app

# retitle the window, clear the screen, CSI by its C1 form, DEL, NUL, a forged line, bidi
ESCAPES = ["\x1b]0;pwned\x07", "\x1b[2J", "\x9b2J", "\x7f", "\x00", "\r\n", "\u202e", "\u2028",
           "\x1bP", "\x85", "\u2066"]
EVIL = "".join(ESCAPES)


def hostile_messages(seat: int = 0) -> list[dict]:
    game = Game(preset("standard"), 2, seed=5)
    names = ["Ann", f"Evil{EVIL}"]
    view = game.view(seat, with_events=False)
    messages = [
        {"type": "welcome", "protocol": wire.PROTOCOL, "code": "ABCDEF", "seat": seat,
         "name": "Ann", "secret": "s" * 32},
        {"type": "lobby", "code": f"AB{EVIL}",
         "seats": [{"name": "Ann", "kind": "human", "status": "here"},
                   {"name": f"Evil{EVIL}", "kind": f"human{EVIL}", "status": f"away{EVIL}"}]},
        wire.hello(seat, game.rules, tuple(names), ("human", "human"), f"g{EVIL}"),
        *[wire.event_message(e.for_seat(seat)) for e in game.events],
        wire.state(view, 0),
        {"type": "seat", "seat": 1, "status": f"away{EVIL}"},
        {"type": "seat", "seat": 1, "status": "away"},
        wire.error(wire.ILLEGAL, f"no{EVIL}"),
        wire.error(f"odd{EVIL}", f"what{EVIL}"),
    ]
    return messages


class FakeHost:
    """Answers a join with ``messages``, then (if ``last``) one more and closes."""

    def __init__(self, messages: list[dict], last: dict | None = None) -> None:
        self.messages = messages
        self.last = last
        self.received: list[bytes] = []
        self.server: asyncio.Server | None = None

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        return self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader, writer) -> None:
        self.received.append(await reader.readline())
        writer.write(b"".join(wire.encode(m) for m in self.messages))
        await writer.drain()
        if self.last is not None:
            await asyncio.sleep(0.05)
            writer.write(wire.encode(self.last))
            await writer.drain()
            writer.close()
            return
        with pytest.raises(Exception):  # noqa: B017 - held open until the client goes
            await asyncio.wait_for(reader.read(), 30)

    async def close(self) -> None:
        assert self.server is not None
        self.server.close()


def test_plain_replaces_every_control_and_keeps_the_rest():
    assert plain("Zoë 🐟 Ångström") == "Zoë 🐟 Ångström"
    assert plain("👩\u200d👩\u200d👧") == "👩\u200d👩\u200d👧"  # a ZWJ sequence: one picture
    for bad in ESCAPES:
        assert is_clean(plain(f"a{bad}b"))
    assert "\x1b" not in plain(EVIL) and "\x9b" not in plain(EVIL)
    assert len(plain("x" * 500, 40)) == 40


def test_a_transcript_line_has_no_raw_control_and_reads_back_the_same():
    message = {"type": "error", "message": f"é{EVIL}\ud800"}
    line = json_line(message)
    assert is_clean(line) and line.isascii() is False
    assert json.loads(line) == message


def test_the_session_cleans_every_text_the_host_sends():
    s = RemoteSession()
    for m in hostile_messages()[1:]:
        s.receive(m)
    assert s.names[0] == "Ann" and s.names[1].startswith("Evil\ufffd]0;pwned\ufffd\ufffd[2J")
    texts = [*s.names, *s.kinds, s.game_id, *s.statuses.values(), *s.error,
             *(str(v) for seat in s.lobby["seats"] for v in seat.values()), s.lobby["code"]]
    assert all(is_clean(t) for t in texts), [t for t in texts if not is_clean(t)]


async def test_auto_prints_nothing_a_terminal_would_obey(tmp_path, capsys):
    host = FakeHost(hostile_messages(),
                    last=wire.error(wire.REPLACED, f"bye{EVIL}"))
    port = await host.start()
    out = io.StringIO()
    transcript = io.StringIO()
    code = await asyncio.wait_for(
        play_headless("127.0.0.1", port, "ABCDEF", "Ann", "easy", book=None, out=out,
                      transcript=transcript, give_up_after=2), 20)
    await host.close()
    assert code == 1
    printed = out.getvalue() + capsys.readouterr().err
    assert "Evil" in printed and "Seat 1 of Ann, Evil" in printed
    assert "The host says: no" in printed
    assert is_clean(printed.replace("\n", "")), repr(printed)
    assert is_clean(transcript.getvalue().replace("\n", ""))
    assert len(transcript.getvalue().splitlines()) == len(host.messages) + 1


async def test_the_join_screen_shows_nothing_a_terminal_would_obey(tmp_path):
    host = FakeHost(hostile_messages())
    port = await host.start()
    app = joined_app("127.0.0.1", port, "ABCDEF", "Ann", data_dir=str(tmp_path / "ann"))
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        await wait(pilot, lambda: app.shared.link.table is not None and app.shared.remote.error is not None,
                   what="the table")

        def shown() -> str:
            return text_of(app) + "".join(str(n.message) for n in app._notifications)

        # the seat notices come a moment after the seat news (SEAT_NEWS_EVERY)
        await wait(pilot, lambda: "Evil" in shown(), what="Evil's name on screen")
        await pilot.pause(0.5)
        assert is_clean(shown().replace("\n", "")), repr(shown())
    await host.close()


def test_the_host_terminal_prints_names_as_data(capsys):
    net_command._say(f"Table ABCDEF: Evil{EVIL} takes seat 2.")
    net_command._err(f"gofish: {EVIL}")
    captured = capsys.readouterr()
    assert "Evil" in captured.out
    assert is_clean((captured.out + captured.err).replace("\n", ""))


def test_no_break_spaces_are_kept_they_move_no_cursor(capsys):
    """French puts a no-break space before ':' and inside « »: plain() turned each into '�',
    so every French line at the host's terminal, and a joined player's last words, read
    'Table ABCDEF� : Ann…' ('gofish�: un nom ne peut pas…')."""
    french = "Table ABCDEF\u00a0: «\u202fAnn\u202f» prend la place 1."
    assert plain(french) == french and is_clean(french)
    net_command._say(french)
    net_command._err(f"gofish\u00a0: {EVIL}")
    captured = capsys.readouterr()
    assert captured.out == french + "\n"
    assert captured.err.startswith("gofish\u00a0: ")
    assert "\ufffd" not in json_line({"message": french})


def game_messages(seat: int, names: tuple[str, ...], seed: int, game_id: str) -> list[dict]:
    """A hello, the history and a state: what a host sends a seat as a game (re)starts."""
    game = Game(preset("standard"), len(names), seed=seed)
    kinds = ("human",) * len(names)
    view = game.view(seat, with_events=False)
    return [wire.hello(seat, game.rules, names, kinds, game_id),
            *[wire.event_message(e.for_seat(seat)) for e in game.events],
            wire.state(view, 0), *([wire.your_turn(view.legal)] if view.legal else [])]


def test_a_second_hello_with_other_seats_is_another_tables():
    """A host that says hello again with other seats: the view held is of the old seats, and
    drawing it against the new names crashed the table (IndexError in show_hand). That hello
    changes nothing in the session begun here; the client takes a new session for it."""
    s = RemoteSession()
    for m in game_messages(0, ("Ann", "Bob"), 5, "g1"):
        s.receive(m)
    again = game_messages(0, ("Ann", "Bob"), 5, "g1")
    assert s.receive(again[0]) == "hello"  # the same table again (a rejoin): taken as ever
    for m in again[1:]:
        s.receive(m)
    other = game_messages(2, ("Cy", "Di", "Ann"), 6, "g2")
    assert s.receive(other[0]) == ANOTHER_TABLE
    assert s.names == ("Ann", "Bob") and s.seat == 0 and len(s.view(0).counts) == 2
    client = SeatClient("127.0.0.1", 1, "ABCDEF", "Ann", session=s)
    for m in other:
        client._handle(m, None)
    assert client.session is not s and client.session.names == ("Cy", "Di", "Ann")
    assert len(client.session.view(2).counts) == 3 and s.names == ("Ann", "Bob")


@pytest.mark.parametrize("names", [("Ann", "Cy", "Di"), ("Cy", "Di", "Ann")])
@pytest.mark.parametrize("burst", [False, True])
async def test_the_join_screen_takes_a_second_hello_with_other_seats(tmp_path, names, burst):
    """Another table, told once the first is on screen or in the same burst as the first (its
    screen then mounts after the session changed: it must still see its own table)."""
    from gofish.tui.screens.table import TableScreen

    first_table = [hostile_messages()[0], *game_messages(0, ("Ann", "Bob"), 5, "g1")]
    second = game_messages(names.index("Ann"), names, 6, "g2")
    host = FakeHost(first_table + second if burst else first_table)
    port = await host.start()
    app = joined_app("127.0.0.1", port, "ABCDEF", "Ann", data_dir=str(tmp_path / "ann"))
    async with app.run_test(size=(100, 30)) as pilot:
        if not burst:
            await wait(pilot, lambda: isinstance(app.screen, TableScreen)
                       and app.screen.is_mounted, what="the table")
            await pilot.pause(0.1)
            for m in second:
                app.shared.link.client._handle(m, None)
        await wait(pilot, lambda: isinstance(app.screen, TableScreen) and app.screen.is_mounted
                   and len(app.screen.session.names) == 3, what="the new table")
        await pilot.pause(0.2)
        assert "Your hand, Ann" in text_of(app)
        assert app.screen.viewer == names.index("Ann")
        assert len(app.shared.remote.view(names.index("Ann")).counts) == 3
        assert app.return_code is None
    await host.close()
