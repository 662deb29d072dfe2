"""Network benchmark: one host, many tables, every seat playing as fast as it can.

    .venv/bin/python benchmarks/net.py [--tables 50] [--level medium] [--repeat 3]
        [--gate-budget 0.004] [--save-threads 8]

One host process (a real ``gofish.net.host.Host`` serving TCP on loopback, saving to a
temporary data folder with the store's fsyncs) runs ``--tables`` tables of four computer seats
and one remote seat each, with no pause between computer moves. This process plays the fifty
remote seats over the wire: it joins each table, and whenever a seat is told it is its turn it
answers at once with a random legal action. It measures, per remote action, the time from
sending it to receiving the next event (the host has applied it, saved it and told the seat).
The host reports the actions it applied and the time from the first game's start to the last
game's end. Figures are per run, then the median of the runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gofish.net.host import GATE_BUDGET, SWITCH_INTERVAL

# ---------------------------------------------------------------------- the host process

def played(tables: list) -> int:
    """Actions applied at these tables so far (their games' own record)."""
    return sum(len(t.session.game.actions) for t in tables if t.session is not None)


async def serve(args: argparse.Namespace) -> None:
    from gofish.engine import preset
    from gofish.net.host import Host
    from gofish.net.plan import parse_seats
    from gofish.store.repo import Store

    sys.setswitchinterval(args.switch_interval)
    if args.no_fsync:  # to tell the disk's share of the latency from the host's own
        os.fsync = lambda fd: None
    host = Host(Store(args.data), delay=0.0, gate_budget=args.gate_budget,
                save_threads=args.save_threads, player_threads=args.player_threads,
                max_per_address=args.tables + 10)
    seats = "human," + ",".join([f"computer:{args.level}"] * 4)
    tables = [host.open_table(parse_seats(seats), preset("standard"), seed=1000 + i)
              for i in range(args.tables)]
    server = await host.serve("127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    print(json.dumps({"port": port, "codes": [t.code for t in tables]}), flush=True)
    while not any(t.started for t in tables):
        await asyncio.sleep(0.001)
    start, cpu = time.perf_counter(), time.process_time()
    actions = played(tables)
    while not all(t.over for t in tables):
        await asyncio.sleep(0.001)
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    while host.connections:  # each seat leaves once it has seen its game's end
        await asyncio.sleep(0.01)
    print(json.dumps({"actions": played(tables) - actions, "elapsed": elapsed, "cpu": cpu}),
          flush=True)
    await host.close()


# ---------------------------------------------------------------------- the remote seats

async def remote_seat(port: int, code: str, rng: random.Random, latencies: list[float],
                      ready: asyncio.Event) -> int:
    reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
    writer.write((json.dumps({"type": "join", "code": code, "name": "Remote"}) + "\n").encode())
    await ready.wait()
    sent_at: float | None = None
    actions = 0
    while True:
        line = await reader.readline()
        if not line:
            return actions
        message = json.loads(line)
        kind = message["type"]
        if kind == "event" and sent_at is not None:
            latencies.append(time.perf_counter() - sent_at)
            sent_at = None
        elif kind == "your-turn":
            action = rng.choice(message["legal"])
            sent_at = time.perf_counter()
            writer.write((json.dumps({"type": "action", "action": action}) + "\n").encode())
            actions += 1
        elif kind == "state" and message["view"]["over"]:
            writer.close()
            return actions
        elif kind == "error":
            raise RuntimeError(message)


async def play(port: int, codes: list[str], seed: int) -> tuple[list[float], int]:
    latencies: list[float] = []
    ready = asyncio.Event()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(remote_seat(port, code, random.Random(rng.random()),
                                             latencies, ready)) for code in codes]
    ready.set()
    actions = await asyncio.gather(*tasks)
    return latencies, sum(actions)


def one_run(args: argparse.Namespace, seed: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="gofish-net-bench-", dir=args.dir) as data:
        command = [sys.executable, str(Path(__file__).resolve()), "--serve", "--data", data,
                   "--tables", str(args.tables), "--level", args.level,
                   "--gate-budget", str(args.gate_budget), "--save-threads",
                   str(args.save_threads), "--player-threads", str(args.player_threads),
                   "--switch-interval", str(args.switch_interval)]
        if args.no_fsync:
            command.append("--no-fsync")
        if args.profile:
            command += ["--profile", args.profile]
        host = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        assert host.stdout is not None
        hello = json.loads(host.stdout.readline())
        latencies, remote_actions = asyncio.run(play(hello["port"], hello["codes"], seed))
        stats = json.loads(host.stdout.readline())
        host.wait(60)
    latencies.sort()
    n = len(latencies)
    return {
        "latencies": latencies,
        "actions": stats["actions"],
        "actions_per_s": stats["actions"] / stats["elapsed"],
        "elapsed": stats["elapsed"],
        "host_cpu": stats["cpu"],
        "remote_actions": remote_actions,
        "samples": n,
        "p50_ms": latencies[n // 2] * 1000,
        "p90_ms": latencies[int(n * 0.9)] * 1000,
        "p99_ms": latencies[min(n - 1, int(n * 0.99))] * 1000,
        "max_ms": latencies[-1] * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--level", default="medium")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--gate-budget", type=float, default=GATE_BUDGET,
                        help="seconds of computer moves between looks at the sockets "
                             "(a huge value turns the gate off)")
    parser.add_argument("--save-threads", type=int, default=4,
                        help="threads saving the computers' moves")
    parser.add_argument("--player-threads", type=int, default=16,
                        help="threads saving the players' moves")
    parser.add_argument("--switch-interval", type=float, default=SWITCH_INTERVAL,
                        help="the host's sys.setswitchinterval (Python's default: 0.005)")
    parser.add_argument("--no-fsync", action="store_true",
                        help="saves skip fsync (not durable: only to measure the disk's share)")
    parser.add_argument("--dir", help="where the host's temporary data folder goes")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--data", help=argparse.SUPPRESS)
    parser.add_argument("--profile", metavar="FILE",
                        help="write the host's cProfile statistics to FILE")
    args = parser.parse_args()
    if args.serve:
        if args.profile:
            import cProfile

            cProfile.runctx("asyncio.run(serve(args))", globals(), locals(), args.profile)
        else:
            asyncio.run(serve(args))
        return
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores,"
          f" load {os.getloadavg()[0]:.1f}; {args.tables} tables of 4 {args.level} computers"
          f" + 1 remote seat; gate {args.gate_budget * 1000:g} ms, save threads"
          f" {args.save_threads} + {args.player_threads}, switch interval"
          f" {args.switch_interval * 1000:g} ms{', NO FSYNC' if args.no_fsync else ''}")
    runs = []
    for i in range(args.repeat):
        run = one_run(args, seed=i)
        runs.append(run)
        print(f"run {i + 1}: {run['actions']} actions in {run['elapsed']:.2f} s = "
              f"{run['actions_per_s']:.0f} actions/s (host CPU {run['host_cpu']:.2f} s); "
              f"remote action -> next event over {run['samples']} actions: "
              f"p50 {run['p50_ms']:.1f} ms, p90 {run['p90_ms']:.1f}, p99 {run['p99_ms']:.1f}, "
              f"max {run['max_ms']:.1f}", flush=True)
    if len(runs) > 1:
        print("median of the runs: " + ", ".join(
            f"{key} {statistics.median(r[key] for r in runs):.1f}"
            for key in ("actions_per_s", "p50_ms", "p90_ms", "p99_ms")))
        pooled = sorted(x for r in runs for x in r["latencies"])
        n = len(pooled)
        print(f"all runs' {n} remote actions together: p50 {pooled[n // 2] * 1000:.1f} ms, "
              f"p90 {pooled[int(n * 0.9)] * 1000:.1f}, p99 {pooled[int(n * 0.99)] * 1000:.1f}")


if __name__ == "__main__":
    main()
