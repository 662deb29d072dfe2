"""TUI benchmark: launch to first frame and peak memory against a minimal Textual app, and the
time from Enter on an ask to the updated table.

    .venv/bin/python benchmarks/tui.py [--runs 15] [--asks 60]

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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--asks", type=int, default=60)
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
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
