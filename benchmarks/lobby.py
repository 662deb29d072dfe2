"""The lobby's path, timed against a real table server with other tables in play.

    .venv/bin/python benchmarks/lobby.py [--tables 10 50] [--trials 200] [--repeat 3]

A `gofish table-server` process serves a temporary data folder. A second process opens
``--tables`` tables through the lobby (one human seat and three medium computers each) and
plays every human seat as fast as it can, so the server is busy the whole time. This process
then measures, on connections of its own, over the server's Unix socket:

- lobby: from connecting to the first list of tables (what pressing P waits for);
- action: at a table of two human seats held here, from one seat sending its action to the
  other seat receiving the first event of it (a move reaching the other players' screens);
- listing: from a seat being taken to a following lobby receiving the list that shows it.

Medians and 99th percentiles in milliseconds, per run, then the median of the runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gofish.engine import preset
from gofish.store.server_folder import ServerFolder

QUICK = preset("quick").to_json()


async def connect(folder: ServerFolder):
    return await asyncio.open_unix_connection(folder.socket_path, limit=1 << 20)


async def send(writer, message: dict) -> None:
    writer.write((json.dumps(message) + "\n").encode())
    await writer.drain()


async def read(reader) -> dict:
    line = await reader.readline()
    if not line:
        raise ConnectionError("the server went")
    return json.loads(line)


async def until(reader, kind: str) -> dict:
    while True:
        message = await read(reader)
        if message["type"] == kind:
            return message


async def open_table(folder: ServerFolder, seats: list[dict], seed: int) -> str:
    reader, writer = await connect(folder)
    await send(writer, {"type": "open", "seats": seats, "rules": QUICK, "seed": seed})
    opened = await until(reader, "opened")
    writer.close()
    return opened["code"]


# ---------------------------------------------------------------------- the load

async def play_seat(folder: ServerFolder, code: str, rng: random.Random) -> None:
    """A human seat played at once, game after game, until the server goes."""
    reader, writer = await connect(folder)
    await send(writer, {"type": "join", "protocol": 1, "code": code,
                        "name": f"Load{rng.randrange(10**6)}"})
    while True:
        message = await read(reader)
        if message["type"] == "your-turn":
            action = rng.choice(message["legal"])
            await send(writer, {"type": "action", "action": action})
        elif message["type"] == "state" and message["view"]["over"]:
            await send(writer, {"type": "rematch", "accept": True})


async def load(data: Path, tables: int) -> None:
    folder = ServerFolder(data)
    rng = random.Random(7)
    seats = [{"kind": "human", "name": ""}] + [{"kind": "computer", "level": "medium"}] * 3
    codes = [await open_table(folder, seats, 100 + i) for i in range(tables)]
    print("ready", flush=True)
    await asyncio.gather(*(play_seat(folder, code, rng) for code in codes),
                         return_exceptions=True)


# ---------------------------------------------------------------------- the measures

def ms(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    return (statistics.median(values) * 1000,
            values[min(len(values) - 1, int(len(values) * 0.99))] * 1000)


async def lobby_opens(folder: ServerFolder, trials: int) -> list[float]:
    out = []
    for _ in range(trials):
        start = time.perf_counter()
        reader, writer = await connect(folder)
        await send(writer, {"type": "tables", "follow": True})
        await until(reader, "tables")
        out.append(time.perf_counter() - start)
        writer.close()
    return out


async def pump(reader, queue: asyncio.Queue) -> None:
    """Every message of one connection, stamped with when it arrived."""
    while True:
        message = await read(reader)
        await queue.put((time.perf_counter(), message))


async def one_table(folder: ServerFolder, trials: int, rng: random.Random,
                    out: list[float]) -> None:
    code = await open_table(folder, [{"kind": "human", "name": ""}] * 2, rng.randrange(10**6))
    writers, queues, pumps = [], [], []
    for name in ("Ann", "Bob"):
        reader, writer = await connect(folder)
        await send(writer, {"type": "join", "protocol": 1, "code": code, "name": name})
        queue: asyncio.Queue = asyncio.Queue()
        writers.append(writer)
        queues.append(queue)
        pumps.append(asyncio.get_running_loop().create_task(pump(reader, queue)))
    turn: dict[int, list] = {}
    over = False

    def take(i: int, message: dict) -> None:
        nonlocal over
        if message["type"] == "your-turn":
            turn[i] = message["legal"]
        elif message["type"] == "state" and message["view"]["over"]:
            over = True

    try:
        while not over and len(out) < trials:
            if not turn:  # wait for whoever is told to act
                gets = [asyncio.ensure_future(q.get()) for q in queues]
                done, pending = await asyncio.wait(gets, return_when=asyncio.FIRST_COMPLETED)
                for task in pending:
                    task.cancel()
                for i, task in enumerate(gets):
                    if task in done:
                        take(i, task.result()[1])
                continue
            mover = next(iter(turn))
            legal = turn.pop(mover)
            other = 1 - mover
            sent = time.perf_counter()
            await send(writers[mover], {"type": "action", "action": rng.choice(legal)})
            while True:  # the other seat hears of it
                at, message = await queues[other].get()
                take(other, message)
                if message["type"] == "event":
                    out.append(at - sent)
                    break
                if over:
                    break
            for i in (0, 1):
                while not queues[i].empty():
                    take(i, queues[i].get_nowait()[1])
    finally:
        for task in pumps:
            task.cancel()
        for writer in writers:
            writer.close()


async def actions_seen(folder: ServerFolder, trials: int, rng: random.Random) -> list[float]:
    """At tables of two seats held here: each action timed until the other seat hears of it."""
    out: list[float] = []
    while len(out) < trials:
        await one_table(folder, trials, rng, out)
    return out


async def listings_seen(folder: ServerFolder, trials: int) -> list[float]:
    out = []
    reader, writer = await connect(folder)
    await send(writer, {"type": "tables", "follow": True})
    await until(reader, "tables")
    for i in range(trials):
        code = await open_table(folder, [{"kind": "human", "name": ""}] * 2, 9000 + i)
        while True:  # the list with the new table in it
            listing = await until(reader, "tables")
            if any(t["code"] == code for t in listing["tables"]):
                break
        r2, w2 = await connect(folder)
        start = time.perf_counter()
        await send(w2, {"type": "join", "protocol": 1, "code": code, "name": "Taker"})
        while True:
            listing = await until(reader, "tables")
            table = next((t for t in listing["tables"] if t["code"] == code), None)
            if table is not None and any(s["status"] == "here" for s in table["seats"]):
                out.append(time.perf_counter() - start)
                break
        w2.close()
    writer.close()
    return out


def one_run(tables: int, trials: int, seed: int, where: str | None) -> dict[str, float]:
    with tempfile.TemporaryDirectory(dir=where) as tmp:
        data = Path(tmp) / "d"
        env = {**os.environ, "GOFISH_DELAY": "0"}
        server = subprocess.Popen([sys.executable, "-m", "gofish", "--data-dir", str(data),
                                   "table-server", "--idle", "0"], env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        folder = ServerFolder(data)
        deadline = time.monotonic() + 30
        while not folder.socket_path.exists():
            if time.monotonic() > deadline:
                raise SystemExit("the table server did not start")
            time.sleep(0.02)
        loader = subprocess.Popen([sys.executable, __file__, "--load", str(data),
                                   "--tables", str(tables)], env=env, stdout=subprocess.PIPE,
                                  text=True)
        try:
            assert loader.stdout is not None and loader.stdout.readline().strip() == "ready"
            time.sleep(1.0)  # the games under way

            async def measure() -> dict[str, float]:
                rng = random.Random(seed)
                lobby = ms(await lobby_opens(folder, trials))
                action = ms(await actions_seen(folder, trials, rng))
                listing = ms(await listings_seen(folder, max(20, trials // 5)))
                return {"lobby": lobby[0], "lobby_p99": lobby[1], "action": action[0],
                        "action_p99": action[1], "listing": listing[0],
                        "listing_p99": listing[1]}

            return asyncio.run(measure())
        finally:
            loader.kill()
            server.terminate()
            server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 50])
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dir", help="where the temporary data folder goes")
    parser.add_argument("--load", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.load:
        asyncio.run(load(Path(args.load), args.tables[0]))
        return
    print(f"{'tables':>6}  {'lobby ms':>16}  {'action ms':>16}  {'listing ms':>16}"
          "   (median / p99)")
    for tables in args.tables:
        runs = [one_run(tables, args.trials, seed, args.dir) for seed in range(args.repeat)]
        med = {k: statistics.median(r[k] for r in runs) for k in runs[0]}
        print(f"{tables:>6}  {med['lobby']:7.1f} / {med['lobby_p99']:6.1f}  "
              f"{med['action']:7.1f} / {med['action_p99']:6.1f}  "
              f"{med['listing']:7.1f} / {med['listing_p99']:6.1f}", flush=True)


if __name__ == "__main__":
    main()
