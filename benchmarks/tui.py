"""TUI benchmark: launch to first frame and peak memory against a minimal Textual app, the
time from Enter on an ask to the updated table, and from any key at the table to the updated
table deep in a long game (300 actions: the log is long).

    .venv/bin/python benchmarks/tui.py [--runs 15] [--asks 60] [--keys 200]

Each launch is a fresh process (headless, 80x24) that reports when its first frame is up and
its peak RSS; the two apps alternate so machine noise hits both alike. Medians are reported.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

CHILD = r"""
import json, os, resource, sys, time
t_start = float(sys.argv[2])
kind = sys.argv[1]
if kind == "minimal":
    from textual.app import App
    from textual.widgets import Footer, Header, Static

    class Minimal(App):
        def compose(self):
            yield Header()
            yield Static("Hello")
            yield Footer()
    app = Minimal()
else:
    from gofish.tui.app import GofishApp
    app = GofishApp(data_dir=os.environ["BENCH_DATA"], computer_delay=0)

async def go():
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return time.time() - t_start
elapsed = __import__("asyncio").run(go())
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
print(json.dumps({"elapsed": elapsed, "rss_kib": rss}))
"""


def launch(kind: str, data_dir: str) -> dict:
    env = dict(os.environ, BENCH_DATA=data_dir)
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", CHILD, kind, repr(t0)], env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


async def ask_latency(asks: int, data_dir: str) -> list[float]:
    """Milliseconds from pressing Enter on an ask to the table having redrawn.

    Pilot's own settling (pause) is not counted: the clock stops when the app has refreshed.
    """
    from gofish.engine import Rules
    from gofish.seats import SeatSpec
    from gofish.tui.app import GofishApp
    from gofish.tui.screens.setup import SetupChoice
    from gofish.tui.screens.table import TableScreen

    samples: list[float] = []
    seed = 0
    while len(samples) < asks:
        seed += 1
        choice = SetupChoice((SeatSpec("A"), SeatSpec("B", "computer", "random")), Rules(), seed)
        app = GofishApp(data_dir=data_dir, computer_delay=3600, choice=choice)
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(400):
                await pilot.pause()
                screen = app.screen
                if not isinstance(screen, TableScreen) or app.session.over:
                    break
                if not screen.can_ask():
                    await pilot.press("space")  # computers wait for this: not timed
                    continue
                view = screen.my_view()
                if not view.hand:
                    await pilot.press("enter")
                    continue
                await pilot.press("23456789tjqka"[view.hand[0] >> 2])
                await pilot.pause()
                done: list[float] = []
                original = screen.act

                def timed(action, original=original, screen=screen, done=done):
                    original(action)
                    # runs once the table has been redrawn with the result
                    screen.call_after_refresh(lambda: done.append(time.perf_counter()))

                screen.act = timed
                t0 = time.perf_counter()
                await pilot.press("enter")
                await pilot.pause()
                screen.act = original
                if done:
                    samples.append((done[0] - t0) * 1000)
                if len(samples) >= asks:
                    break
    return samples


async def key_latency(keys: int, data_dir: str, depth: int = 300) -> dict[str, list[float]]:
    """Milliseconds from any key at the table (opponent, rank, arrows, Backspace, Enter) to the
    table redrawn, in a four-seat match already ``depth`` actions long. Every key that changes
    the table ends in ``refresh_table``: the clock stops after the refresh that follows it."""
    import random

    from gofish.engine import Rules
    from gofish.seats import SeatSpec
    from gofish.tui.app import GofishApp
    from gofish.tui.screens.setup import SetupChoice
    from gofish.tui.screens.table import TableScreen

    seats = (SeatSpec("A"),) + tuple(SeatSpec(n, "computer", "random") for n in "BCD")
    choice = SetupChoice(seats, Rules(match_target=650), 7)  # the longest match there is
    app = GofishApp(data_dir=data_dir, computer_delay=3600, choice=choice, moment_seconds=0)
    samples: dict[str, list[float]] = {}
    rng = random.Random(1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        session = app.session
        while session.action_count < depth:  # a long game, played out fast (not timed)
            if session.deal_over:
                session.next_deal()
                continue
            session.game.apply(rng.choice(session.view(session.to_act).legal))
        screen = app.screen
        assert isinstance(screen, TableScreen)
        screen.advance()
        done: list[float] = []
        original = screen.refresh_table

        def timed() -> None:
            original()
            screen.call_after_refresh(lambda: done.append(time.perf_counter()))

        screen.refresh_table = timed  # type: ignore[method-assign]
        total = 0
        while total < keys:
            await pilot.pause()
            if app.screen is not screen:  # a deal ended: on to the next, untimed
                await pilot.press("enter")
                continue
            if not screen.can_ask():
                await pilot.press("space")
                continue
            view = screen.my_view()
            targets = [o for o in range(view.players) if o != view.seat and view.counts[o]]
            rank = "23456789tjqka"[rng.choice(view.hand) >> 2] if view.hand else "enter"
            plan = [("opponent", str(rng.choice(targets) + 1)), ("rank", rank),
                    ("arrow", rng.choice(["left", "right", "up", "down"])),
                    ("backspace", "backspace"), ("opponent", str(rng.choice(targets) + 1)),
                    ("rank", rank), ("enter", "enter")]
            for name, key in plan:
                done.clear()
                t0 = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                if done:
                    samples.setdefault(name, []).append((done[0] - t0) * 1000)
                    total += 1
                if not screen.can_ask():
                    break
        print(f"  (the game was {session.action_count} actions long at the end)")
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--asks", type=int, default=60)
    parser.add_argument("--keys", type=int, default=200)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data_dir:
        results: dict[str, list[dict]] = {"minimal": [], "gofish": []}
        launch("minimal", data_dir)  # warm the file cache for both
        launch("gofish", data_dir)
        for _ in range(args.runs):
            for kind in ("minimal", "gofish"):
                results[kind].append(launch(kind, data_dir))
        first = {k: statistics.median(r["elapsed"] for r in v) for k, v in results.items()}
        rss = {k: statistics.median(r["rss_kib"] for r in v) for k, v in results.items()}
        print(f"launch to first frame, median of {args.runs}: minimal {first['minimal']*1000:.0f} ms,"
              f" gofish {first['gofish']*1000:.0f} ms, ratio {first['gofish']/first['minimal']:.2f}x")
        print(f"peak memory (max RSS), median: minimal {rss['minimal']/1024:.1f} MiB,"
              f" gofish {rss['gofish']/1024:.1f} MiB, ratio {rss['gofish']/rss['minimal']:.2f}x")
        samples = asyncio.run(ask_latency(args.asks, data_dir))
        print(f"Enter on an ask to the updated table (headless Pilot, includes the autosave),"
              f" median of {len(samples)}: {statistics.median(samples):.1f} ms"
              f" (p90 {sorted(samples)[int(len(samples)*0.9)]:.1f} ms)")
        by_key = asyncio.run(key_latency(args.keys, data_dir))
        every = sorted(x for v in by_key.values() for x in v)
        print(f"any key at the table to the updated table, 300 actions into a four-seat match,"
              f" median of {len(every)}: {statistics.median(every):.1f} ms"
              f" (p90 {every[int(len(every) * 0.9)]:.1f} ms)")
        for name, v in sorted(by_key.items()):
            v = sorted(v)
            print(f"  {name:9} median {statistics.median(v):5.1f} ms, p90 {v[int(len(v)*0.9)]:5.1f} ms"
                  f" ({len(v)} keys)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
