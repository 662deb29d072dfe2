"""Hostile bots and hostile drivers: bounded memory and a deadline per decision.

The driver (ExternalBot) against a bot that floods error lines, sends a huge line or bytes
that are not UTF-8; ``gofish bot`` against a driver that sends a huge line. Each test is
bounded in time (a deadline of a few seconds) and checks the memory it took.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
import tracemalloc
from pathlib import Path

import pytest

from gofish.ai import external
from gofish.engine import Game, Rules
from gofish.protocol import messages as bp

BOT = [sys.executable, "-m", "gofish", "bot"]


def fake_bot(turn: str, *, ready: bytes = b'{"type": "ready"}') -> list[str]:
    """A bot that answers the hello with ``ready`` (raw bytes) and a turn with ``turn``."""
    code = textwrap.dedent(f"""
        import sys, json, time
        out = sys.stdout.buffer
        for line in sys.stdin:
            kind = json.loads(line)["type"]
            if kind == "hello":
                out.write({ready!r} + b"\\n"); out.flush()
            elif kind == "your-turn":
    """) + textwrap.indent(textwrap.dedent(turn), " " * 8)
    return [sys.executable, "-c", code]


def a_turn() -> tuple[Rules, Game]:
    rules = Rules()
    return rules, Game(rules, 2, seed=1)


def timed_choose(command: list[str], timeout: float) -> tuple[external.ExternalBot, str, float, int]:
    """Seat the bot, ask it for one decision; (bot, the error, seconds, peak bytes held)."""
    rules, game = a_turn()
    tracemalloc.start()
    try:
        with external.ExternalBot(command, game.to_act, rules, 2, timeout=timeout) as bot:
            started = time.monotonic()
            with pytest.raises(external.BotError) as caught:
                bot.choose(game.view(game.to_act, with_events=False))
            took = time.monotonic() - started
        _now, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return bot, str(caught.value), took, peak


def test_an_error_flood_is_given_up_quickly_and_kept_short() -> None:
    flood = fake_bot("""
        while True:
            out.write(b'{"type":"error","code":"x","message":"' + b"e" * 60000 + b'"}\\n')
    """)
    bot, error, took, peak = timed_choose(flood, timeout=20)
    assert error == f"the bot sent {external.MAX_ERRORS_PER_ANSWER} errors without answering"
    assert took < 10
    assert len(bot.errors) == external.MAX_ERRORS_KEPT and bot.error_count == external.MAX_ERRORS_PER_ANSWER
    assert peak < 16 * 1024 * 1024  # before: every line kept (1.2 GB in 9 s)
    assert bot.process.poll() is not None  # ended, not asked


def test_a_trickle_of_errors_meets_the_decisions_deadline() -> None:
    """One error line every 0.1 s: each used to restart the wait, so choose never returned."""
    trickle = fake_bot("""
        while True:
            out.write(b'{"type":"error","code":"x","message":"not yet"}\\n'); out.flush()
            time.sleep(0.1)
    """)
    _bot, error, took, _peak = timed_choose(trickle, timeout=1.0)
    assert error == "the bot did not answer within 1.0 seconds"
    assert 0.9 < took < 3


def test_a_huge_line_is_refused_without_holding_it() -> None:
    huge = fake_bot("""
        out.write(b'{"type":"action","x":"' + b"a" * 50_000_000 + b'"}\\n'); out.flush()
        time.sleep(30)
    """)
    _bot, error, took, peak = timed_choose(huge, timeout=20)
    assert error == f"the bot sent a line over {external.MAX_LINE_BYTES} bytes"
    assert peak < 8 * 1024 * 1024  # the 50 MB line was never held
    assert took < 15


def test_bytes_that_are_not_utf8_do_not_kill_the_reader() -> None:
    # a name with a stray byte: the ready is still read (the byte replaced)...
    rules, game = a_turn()
    odd = fake_bot("out.write(b'{\"type\":\"action\",\"action\":{\"type\":\"draw\"}}\\n')\n"
                   "out.flush()", ready=b'{"type": "ready", "name": "bot\xff"}')
    with external.ExternalBot(odd, game.to_act, rules, 2, timeout=20) as bot:
        assert bot.process.poll() is None
    # ...and a line of garbage is reported at once, not after the timeout
    # (then silent until its stdin closes: alive and quiet while the answer is awaited, gone as
    # soon as it is let go, not after close()'s 5 s grace for a bot that sleeps on)
    garbage = fake_bot("out.write(b'\\xff\\xfe\\x00garbage\\n'); out.flush(); sys.stdin.read()")
    _bot, error, took, _peak = timed_choose(garbage, timeout=20)
    assert error.startswith("the bot said something that is not a message")
    assert took < 5


def vm_hwm_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc")
def test_gofish_bot_reads_a_huge_line_in_pieces() -> None:
    """A 100 MB line to ``gofish bot``: one too-long error, then it plays on; its memory
    stays near what it needs anyway (before: the whole line, twice over)."""
    process = subprocess.Popen([*BOT, "--level", "easy"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    try:
        process.stdin.write(bp.encode(bp.hello(Rules(), 2, 0)).encode() + b"\n")
        process.stdin.flush()
        assert b'"ready"' in process.stdout.readline()
        before = vm_hwm_kib(process.pid)
        chunk = b"x" * (1 << 20)
        for _ in range(100):
            process.stdin.write(chunk)
        process.stdin.write(b"\n" + bp.encode({"type": "bye"}).encode() + b"\n")
        process.stdin.flush()
        answer = process.stdout.readline()
        grown = vm_hwm_kib(process.pid) - before
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert bp.decode(answer.decode())["code"] == bp.TOO_LONG
    assert grown < 20 * 1024, f"gofish bot grew by {grown} KiB reading a 100 MB line"
