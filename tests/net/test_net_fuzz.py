"""Fuzzing the host's message handling: whatever a client sends, the host answers and holds.

Every line, valid or not, gets replies that are well-formed messages; the game moves only when
the line was a legal action of the seat to act, and then by exactly that action; nothing else
about the table changes; and the other seats keep being served.
"""

from __future__ import annotations

import asyncio
import itertools
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from net_support import Recorder, idle, make_host, until

from gofish.engine import RANKS, action_from_json, preset
from gofish.net.plan import parse_seats
from gofish.protocol import wire

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 60) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(["ask", "draw", "next-deal", "fly", ""])},
    optional={"target": st.integers(-1, 6) | json_values,
              "rank": st.sampled_from([*RANKS, "T", "Z", "1", 5]) | json_values,
              "suit": st.sampled_from(["c", "d", "h", "s", "x"]) | json_values,
              "extra": json_values})
messages = st.fixed_dictionaries(
    {"type": st.sampled_from(["join", "action", "ping", "hello", "state", "your-turn", "", "x"])},
    optional={"action": actions | json_values, "code": st.text(max_size=8) | json_values,
              "name": st.text(max_size=24) | json_values,
              "secret": st.text(max_size=40) | json_values, "protocol": json_values})
asks = st.builds(lambda t, r: {"type": "action", "action": {"type": "ask", "target": t, "rank": r}},
                st.integers(0, 2), st.sampled_from(RANKS))  # often legal: the game moves
lines = st.one_of(
    asks.map(lambda m: json.dumps(m).encode() + b"\n"),
    messages.map(lambda m: json.dumps(m).encode() + b"\n"),
    json_values.map(lambda v: json.dumps(v).encode() + b"\n"),
    st.binary(max_size=120).map(lambda b: b + b"\n"),
    st.text(max_size=60).map(lambda t: t.encode("utf-8", "surrogatepass") + b"\n"),
)
SERVED = {"event", "state", "your-turn", "seat", "lobby", "hello", "welcome", "pong", "error"}


class Bench:
    """A table in play: ``player`` (seat 0) is fuzzed, ``other`` (seat 1) plays along."""

    def __init__(self, tmp_path) -> None:
        self.tmp_path = tmp_path
        self.loop = asyncio.new_event_loop()
        self.host = make_host(tmp_path)
        self.ticks = itertools.count()
        self.n = 0
        self.moved = 0  # examples whose line was a legal action
        self.new_table()

    def clock(self) -> float:
        return float(next(self.ticks))  # a second per look: the rate limit never bites

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def new_table(self) -> None:
        self.n += 1
        self.table = self.host.open_table(parse_seats("human,human,computer:easy"),
                                          preset("standard"), seed=self.n)
        self.player = Recorder(self.host, clock=self.clock)
        self.other = Recorder(self.host, "10.0.0.2", clock=self.clock)
        join = {"type": "join", "code": self.table.code}
        self.secret = self.run(self.player.say({**join, "name": "Ann"}))[0]["secret"]
        self.run(self.other.say({**join, "name": "Ben"}))
        self.settle()

    def settle(self) -> None:
        """Let the computer and Ben play until Ann is to act (or the game ends)."""
        table = self.table
        for _ in range(200):
            self.run(until(lambda: idle(table)))
            session = table.session
            if session.over or session.to_act != 1 or session.deal_over:
                return
            self.run(self.other.say({"type": "action",
                                     "action": session.game.legal_actions()[0].to_json()}))

    def address(self) -> str:
        """A new address for each example: failed joins are counted per address."""
        return f"10.1.{next(self.ticks) % 250}.{next(self.ticks) % 250}"

    def fresh_connection(self) -> Recorder:
        """Ann's seat on a new connection (the old one may have been closed by the fuzz)."""
        conn = Recorder(self.host, self.address(), clock=self.clock)
        self.run(conn.say({"type": "join", "code": self.table.code, "name": "Ann",
                           "secret": self.secret}))
        conn.new()
        return conn


def test_fuzz_host_message_handling(tmp_path):
    bench = Bench(tmp_path)

    @settings(max_examples=250, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(st.lists(lines, min_size=1, max_size=4), st.booleans())
    def check(batch: list[bytes], joined: bool) -> None:
        if bench.table.over:
            bench.new_table()
        bench.settle()
        table, session = bench.table, bench.table.session
        conn = bench.fresh_connection() if joined else \
            Recorder(bench.host, bench.address(), clock=bench.clock)
        plans = json.dumps([p.to_json() for p in table.seats])
        bench.other.new()
        for line in batch:
            before = (session.action_count, session.game.snapshot())
            to_act = session.to_act
            replies = bench.run(conn.say(line))
            assert replies, f"no reply to {line!r}"
            for reply in replies:
                assert reply["type"] in SERVED
                if reply["type"] == "error":
                    assert reply["code"] in wire.ERROR_CODES
            if session.action_count != before[0]:
                # only a legal action of the seat to act moves the game, and only by itself
                assert joined and to_act == 0
                sent = json.loads(line)
                assert sent["type"] == "action"
                assert session.action_count == before[0] + 1
                assert session.game.actions[-1] == action_from_json(sent["action"])
                assert not any(r["type"] == "error" for r in replies)
                bench.moved += 1
            else:
                assert session.game.snapshot() == before[1]
            assert json.dumps([p.to_json() for p in table.seats]) == plans
            bench.run(until(lambda: idle(table)))
        # the other seat was only ever told about the game, and is still served
        for message in bench.other.new():
            assert message["type"] in ("event", "state", "your-turn", "seat")
        assert bench.run(bench.other.say({"type": "ping"}))[-1] == {"type": "pong"}

    try:
        check()
        assert bench.moved > 0, "no example played a legal action: widen the strategy"
    finally:
        bench.run(bench.host.close())
        bench.loop.close()


# ---------------------------------------------------------------------- hostile text

# what a hostile peer puts in its strings: escapes, C1 controls, DEL, forged lines, bidi, markup
NASTY = ["\x1b]0;pwned\x07", "\x1b[2J", "\x1bc", "\x9b31m", "\x90", "\x7f", "\x00", "\r",
         "\n", "\u202e", "\u2066", "\u2028", "\u200b", "\ufeff", "[/x]", "[@click=app.quit]",
         "[b]", "\ud800", "\u200d", "👩\u200d👧"]
nasty_text = st.lists(st.sampled_from(NASTY) | st.text(max_size=6), max_size=5).map("".join)


def _all_clean(texts) -> bool:
    from gofish.store.text import is_clean

    return all(is_clean(t) for t in texts)


def test_fuzz_hostile_names_never_reach_the_hosts_terminal(tmp_path):
    """Joins with hostile names and codes: refused or seated, and every line the host says
    is clean (what a client sends never drives the host's terminal)."""
    said: list[str] = []
    loop = asyncio.new_event_loop()
    counter = itertools.count()

    @settings(max_examples=150, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture,
                                     HealthCheck.too_slow])
    @given(nasty_text, nasty_text, st.booleans())
    def check(name: str, code: str, real_code: bool) -> None:
        n = next(counter)
        host = make_host(tmp_path / str(n), say=said.append)  # one table per host
        try:
            table = host.open_table(parse_seats("human,human"), preset("standard"), seed=n)
            conn = Recorder(host, f"10.2.{n % 250}.1")
            message = {"type": "join", "code": table.code if real_code else code, "name": name}
            line = json.dumps(message).encode() + b"\n"
            replies = loop.run_until_complete(conn.say(line))
            assert replies and all(r["type"] in SERVED for r in replies)
            if replies[0]["type"] == "welcome":
                assert replies[0]["name"] == name and _all_clean([name])
            assert _all_clean(said), said[-3:]
        finally:
            loop.run_until_complete(host.close())

    try:
        check()
    finally:
        loop.close()


hostile_host_messages = st.one_of(
    st.builds(lambda n, k, s: {"type": "lobby", "code": n,
                               "seats": [{"name": n, "kind": k, "status": s, "level": k}]},
              nasty_text, nasty_text, nasty_text),
    st.builds(lambda s, t: {"type": "seat", "seat": s, "status": t},
              st.integers(-1, 7), nasty_text),
    st.builds(lambda c, t: {"type": "error", "code": c, "message": t},
              st.sampled_from([wire.ILLEGAL, wire.BAD_NAME, "odd"]) | nasty_text, nasty_text),
    st.builds(lambda v: {"type": "event", "event": v}, json_values),
    st.builds(lambda t: {"type": t}, nasty_text),
)


def test_fuzz_a_hostile_host_never_writes_to_the_joined_terminal():
    """The join client fed a game whose names are hostile, with hostile messages mixed in:
    it never crashes (a bad message is a WireError), and nothing it keeps or prints as ``--auto``
    holds a control character."""
    import io

    from gofish.engine import Game
    from gofish.net.client import RemoteSession
    from gofish.net.headless import AutoSeat

    @settings(max_examples=120, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(nasty_text, min_size=2, max_size=2), st.integers(0, 40),
           st.lists(hostile_host_messages, max_size=6), st.randoms(use_true_random=False))
    def check(names, steps, noise, rnd) -> None:
        game = Game(preset("quick"), 2, seed=steps)
        for _ in range(steps):
            if game.over:
                break
            if game.deal_over:
                game.next_deal()
            else:
                game.apply(game.legal_actions()[0])
        seat = 0
        session = RemoteSession(send=lambda m: None)
        out = io.StringIO()
        auto = AutoSeat(lambda: session, "random", out)
        messages = [wire.hello(seat, game.rules, tuple(names), ("human", "human"), "g"),
                    *[wire.event_message(e.for_seat(seat)) for e in game.events],
                    wire.state(game.view(seat, with_events=False), len(game.actions))]
        for m in noise:
            messages.insert(rnd.randrange(1, len(messages) + 1), m)
        for m in messages:
            try:
                changed = session.receive(m)
            except wire.WireError:
                continue
            if changed:
                auto.on_change(changed)
        texts = [*session.names, *session.kinds, session.game_id, *session.statuses.values()]
        if session.error:
            texts += list(session.error)
        if session.lobby:
            texts += [str(v) for s in session.lobby["seats"] for v in s.values() if v]
        assert _all_clean(texts), texts
        assert _all_clean(out.getvalue().split("\n")), out.getvalue()

    check()
