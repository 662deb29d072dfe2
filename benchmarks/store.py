"""Store benchmark: autosave, listing, statistics and loading, over 10,000 finished games.

    .venv/bin/python benchmarks/store.py [--games 10000] [--repeat 7] [--dir PATH]

The 10,000 games are real (random legal play to the end, under every preset) and written in
the store's file format into a temporary data folder. Setting them up writes without fsync,
to save minutes; every measured save goes through ``Store.save`` with its two fsyncs. The
figures are medians; the machine and its file system are printed with them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from gofish.engine import Game, Rules, preset
from gofish.seats import COMPUTER, LEVELS, SeatSpec
from gofish.store import SavedGame, Store, compute_stats
from gofish.store.held import hold_new

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fox", "Gus", "Hal", "Ivy", "Jo")
PRESETS = ("standard", "quick", "classic", "kids")


def median_ms(fn: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Median wall time and median CPU time of this process, in ms.

    On a shared machine the wall time includes waiting for a core; the CPU time does not,
    so the two together tell a slow program from a busy machine.
    """
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(wall), statistics.median(cpu)


def random_seats(rng: random.Random) -> list[SeatSpec]:
    n = rng.randint(2, 6)
    names = rng.sample(NAMES, n)
    return [
        SeatSpec(name) if i == 0 or rng.random() < 0.4 else
        SeatSpec(name, COMPUTER, rng.choice(LEVELS))
        for i, name in enumerate(names)
    ]


def populate(store: Store, games: int, seed: int) -> None:
    """Write ``games`` finished games (no fsync: set-up, not a measurement)."""
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    store.root.mkdir(mode=0o700, parents=True, exist_ok=True)
    for i in range(games):
        seats = random_seats(rng)
        game = Game(preset(PRESETS[i % len(PRESETS)]), len(seats), rng.randrange(2**32))
        game.play_randomly(rng)
        moment = start + timedelta(minutes=i)
        record = SavedGame.from_game(game, seats, id=f"{moment:%Y%m%d-%H%M%S}-{i:04x}",
                                     created=moment, updated=moment + timedelta(seconds=90))
        fd = os.open(store.path(record.id), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(record.to_bytes())


def long_game(actions: int, seed: int) -> tuple[Game, list[SeatSpec]]:
    """A game still going after ``actions`` actions (asking for cards, in a match of as many
    deals as a match may have, makes long games)."""
    rules = Rules(ask_for="card", bluff_asks=True)
    rules = rules.replace(match_target=rules.most_points)
    seats = [SeatSpec(n) for n in NAMES[:6]]
    for s in range(seed, seed + 1000):
        rng = random.Random(s)
        game = Game(rules, len(seats), s)
        while not game.over and len(game.actions) < actions:
            game.apply(rng.choice(game.legal_actions()))
        if len(game.actions) == actions and not game.over:
            return game, seats
    raise SystemExit("no long enough game found")


def autosaves(store: Store, at: int, saves: int, seed: int) -> tuple[list[float], int, float]:
    """Milliseconds of each of ``saves`` autosaves from action ``at`` on, as the session makes
    them (HeldGame.save: the record, then a journal line, fsynced; the whole file every
    journal.COMPACT_EVERY saves), the file's size, and one whole write of it (the old way)."""
    game, seats = long_game(at + saves, seed)
    played = Game(game.rules, game.players, game.seed)
    held = hold_new(store, game.rules, seats, game.seed)
    for action in game.actions[:at]:
        played.apply(action)
    held.save(played)
    held.compact()  # the file holds the first ``at`` actions, as after a resume
    times, cpu = [], []
    for action in game.actions[at:]:
        played.apply(action)
        t, c = time.perf_counter(), time.process_time()
        held.save(played)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    print(f"  (CPU time of this process per autosave at {at}: median {statistics.median(cpu):.2f} ms)")
    size = os.stat(store.path(held.record.id)).st_size
    t = time.perf_counter()
    store.save(held.record)
    whole = (time.perf_counter() - t) * 1000
    held.release()
    return times, size, whole


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--saves", type=int, default=200, help="autosaves to time")
    parser.add_argument("--dir", help="data folder (default: a new temporary one)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="gofish-bench-", dir=args.dir) as tmp:
        store = Store(Path(tmp) / "data")
        t0 = time.perf_counter()
        populate(store, args.games, args.seed)
        setup = time.perf_counter() - t0
        size = sum(e.stat().st_size for e in os.scandir(store.root) if e.is_file())
        print(f"python {platform.python_version()} on {platform.machine()}, "
              f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f};"
              f" data folder {store.root}")
        print(f"set-up: {args.games} finished games, {size / 1e6:.1f} MB, in {setup:.1f} s")

        # the disk's own floor: one small line appended and fsynced, as a journal line is
        floor = []
        scratch = store.root / "fsync-floor"
        for _ in range(args.saves):
            t = time.perf_counter()
            fd = os.open(scratch, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            os.write(fd, b"x" * 300 + b"\n")
            os.fsync(fd)
            os.close(fd)
            floor.append((time.perf_counter() - t) * 1000)
        scratch.unlink()
        print(f"the disk: a 300-byte line appended and fsynced, median"
              f" {statistics.median(floor):.2f} ms, p90 {statistics.quantiles(floor, n=10)[-1]:.2f} ms")
        # autosave: what the session does after each action, early in a game and deep in one
        for at in (10, 3000):
            times, size, whole = autosaves(store, at, args.saves, args.seed)
            print(f"autosave at {at} actions (HeldGame.save: record, journal line, fsync):"
                  f" median {statistics.median(times):.2f} ms,"
                  f" p90 {statistics.quantiles(times, n=10)[-1]:.2f} ms,"
                  f" max {max(times):.2f} ms over {len(times)}; target < 3 ms."
                  f" The whole file ({size / 1000:.0f} KB) written once: {whole:.2f} ms")

        entries: list[object] = []

        def cold() -> None:  # the first listing ever: every file's first line, index built
            index = store.root / ".index"
            if index.exists():
                index.unlink()
            entries[:] = Store(store.root).list()

        def fresh() -> None:  # a new `gofish list`: stat every file, headers from the index
            entries[:] = Store(store.root).list()

        def again() -> None:  # the history screen refreshing: the index already in memory
            entries[:] = store.list()

        for label, fn in (("no index yet", cold), ("from the index, new Store", fresh),
                          ("same Store again", again)):
            ms, cpu = median_ms(fn, args.repeat)
            print(f"list {len(entries)} games, {label}: median {ms:.0f} ms (CPU {cpu:.0f} ms)"
                  f" over {args.repeat}; target < 500 ms")
        assert len(entries) == args.games + 2, len(entries)
        assert all(e.readable for e in entries)  # type: ignore[attr-defined]

        ms, cpu = median_ms(lambda: compute_stats(Store(store.root).list()), args.repeat)
        stats = compute_stats(store.list())
        print(f"stats over {stats.games} finished games (new Store, listing included):"
              f" median {ms:.0f} ms (CPU {cpu:.0f} ms); target < 1000 ms")

        game, seats = long_game(300, args.seed)
        record = SavedGame.from_game(game, seats, id="20250101-000000-0300",
                                     created=datetime(2025, 1, 1, tzinfo=UTC))
        with store.lock(record.id):
            store.save(record)
        ms, cpu = median_ms(lambda: store.load(record.id), max(args.repeat, 21))
        print(f"load a 300-action game (read, check, replay, compare): median {ms:.1f} ms"
              f" (CPU {cpu:.1f} ms); target < 50 ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
