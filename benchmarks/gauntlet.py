"""The gauntlet: each computer level against opponents it was never tuned against.

    .venv/bin/python benchmarks/gauntlet.py --games 400            # a quick look
    .venv/bin/python benchmarks/gauntlet.py --levels hard --tables 2-standard --games 4000

Every level meets every outside style (benchmarks/styles.py: rememberer, simple, hoarder,
mimic, random) and the level below it, at three tables: two seats under Standard, two seats
under Quick, and four seats under Standard (the level and three of the opponent). Each seed is
played once in every seating (the level moved round the table; each seat's own random choices
follow the seat), so the luck of the deal cancels out. A level *wins* a game only alone at the
top: ties count as not won. A level's score is its worst win rate over the outside styles.
Intervals are 95%, from the spread of the per-seed means.

Seeds start at 0 (``--seed-start``); fitting (benchmarks/fit_weights.py) uses 100,000 and up,
so no figure here comes from a seed a weight was fitted on.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from styles import STYLE_CLASSES, STYLES  # noqa: E402

from gofish.ai import LEVEL_CLASSES, tell  # noqa: E402
from gofish.engine import Game, preset  # noqa: E402

TABLES = {"2-standard": ("standard", 2), "2-quick": ("quick", 2), "4-standard": ("standard", 4)}
LEVELS = ("medium", "hard", "expert")
BELOW = {"easy": "random", "medium": "easy", "hard": "medium", "expert": "hard"}


def make(name: str, seat: int, rules, players: int, seed: int):
    cls = STYLE_CLASSES.get(name) or LEVEL_CLASSES[name]
    return cls(seat, rules, players, seed)


def play(table: str, level: str, opponent: str, seed: int, at: int,
         times: list[float] | None = None) -> bool:
    """One game with ``level`` in seat ``at``; whether it won alone."""
    name, n = TABLES[table]
    rules = preset(name)
    players = [make(level if s == at else opponent, s, rules, n, seed * 31 + s)
               for s in range(n)]
    game = Game(rules, n, seed)
    fed = 0
    clock = time.perf_counter
    while not game.over:
        tell(players, game.events[fed:], False)
        fed = len(game.events)
        seat = game.to_act
        view = game.view(seat, with_events=False)
        if times is not None and seat == at and len(view.legal) > 1:
            t0 = clock()
            action = players[seat].choose(view)
            times.append(clock() - t0)
        else:
            action = players[seat].choose(view)
        game.apply(action)
    return game.winners == (at,)


@dataclass
class Result:
    table: str
    level: str
    opponent: str
    per_seed: list[float] = field(default_factory=list)  # the level's wins per seating
    seeds: list[int] = field(default_factory=list)  # the seeds of per_seed, in order
    times: list[float] = field(default_factory=list)

    def rate(self) -> tuple[float, float]:
        mean = statistics.mean(self.per_seed)
        sd = statistics.stdev(self.per_seed) if len(self.per_seed) > 1 else 0.0
        return mean, 1.96 * sd / math.sqrt(len(self.per_seed))

    @property
    def games(self) -> int:
        return len(self.per_seed) * TABLES[self.table][1]


def run_chunk(args: tuple[str, str, str, list[int], bool]) -> Result:
    table, level, opponent, seeds, timed = args
    n = TABLES[table][1]
    result = Result(table, level, opponent)
    for seed in seeds:
        won = sum(play(table, level, opponent, seed, at, result.times if timed else None)
                  for at in range(n))
        result.per_seed.append(won / n)
        result.seeds.append(seed)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000, help="games per pairing")
    parser.add_argument("--expert-games", type=int, help="games per pairing for Expert "
                        "(default: half of --games)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--opponents", default=",".join(STYLES) + ",below",
                        help="styles and levels to meet; 'below' is the level below")
    parser.add_argument("--tables", default=",".join(TABLES))
    parser.add_argument("--seed-start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", help="also write the results to this file")
    parser.add_argument("--progress", help="append each finished chunk to this file (JSON "
                        "lines), so a long run that is stopped still tells what it measured")
    parser.add_argument("--report", nargs="+", metavar="FILE", help="print the results kept "
                        "in these progress files (of runs stopped or finished) and exit")
    args = parser.parse_args(argv)
    if args.report:
        merged = {}
        for name in args.report:
            for line in Path(name).read_text().splitlines():
                d = json.loads(line)
                key = (d["table"], d["level"], d["opponent"])
                r = merged.setdefault(key, Result(*key))
                r.per_seed.extend(d["per_seed"])
                r.times.extend(d["times"])
        tables = [t for t in TABLES if any(k[0] == t for k in merged)]
        summarize(merged, tables, f"from {', '.join(args.report)}", args.json)
        return 0
    levels = [x for x in args.levels.split(",") if x]
    tables = [x for x in args.tables.split(",") if x]
    for t in tables:
        if t not in TABLES:
            parser.error(f"unknown table {t!r}; expected one of {', '.join(TABLES)}")
    for level in levels:  # a style may sit in the level's chair too, as a yardstick
        if level not in LEVEL_CLASSES and level not in STYLE_CLASSES:
            parser.error(f"unknown level {level!r}")
    work = []
    for table in tables:
        n = TABLES[table][1]
        for level in levels:
            games = args.games if level != "expert" else (args.expert_games or args.games // 2)
            seeds = list(range(args.seed_start, args.seed_start + max(1, games // n)))
            step = max(1, min(50, len(seeds) // (4 * max(1, args.jobs))))
            for opponent in args.opponents.split(","):
                if opponent == "below":
                    if level not in BELOW:
                        continue
                    opponent = BELOW[level]
                if opponent not in STYLE_CLASSES and opponent not in LEVEL_CLASSES:
                    parser.error(f"unknown opponent {opponent!r}")
                for i in range(0, len(seeds), step):
                    work.append((table, level, opponent, seeds[i:i + step], level == "expert"))
    # the first seeds of every pairing first: a run stopped early has measured them all alike
    work.sort(key=lambda w: w[3][0])
    began = time.perf_counter()
    merged: dict[tuple[str, str, str], Result] = {}
    if args.jobs > 1:
        pool = ProcessPoolExecutor(args.jobs)
        results = pool.map(run_chunk, work)
    else:
        results = map(run_chunk, work)
    for r in results:
        if args.progress:
            with open(args.progress, "a") as f:
                f.write(json.dumps({"table": r.table, "level": r.level, "opponent": r.opponent,
                                    "seeds": r.seeds, "per_seed": r.per_seed,
                                    "times": r.times}) + "\n")
        key = (r.table, r.level, r.opponent)
        if key not in merged:
            merged[key] = Result(*key)
        merged[key].per_seed.extend(r.per_seed)
        merged[key].times.extend(r.times)
    if args.jobs > 1:
        pool.shutdown()
    summarize(merged, tables, f"seeds from {args.seed_start}, "
              f"{time.perf_counter() - began:.0f} s", args.json)
    return 0


def summarize(merged: dict[tuple[str, str, str], Result], tables: list[str], what: str,
              json_out: str | None) -> None:
    print(f"gauntlet, {what}; win = alone at the top (ties not won)")
    out = []
    for table in tables:
        n = TABLES[table][1]
        print(f"\n{table} (a fair share is {1 / n:.0%})")
        levels = list(dict.fromkeys(k[1] for k in merged if k[0] == table))
        for level in levels:
            rows = [r for k, r in merged.items() if k[0] == table and k[1] == level]
            worst = None
            for r in rows:
                mean, half = r.rate()
                outside = r.opponent in STYLE_CLASSES
                if outside and (worst is None or mean < worst[0]):
                    worst = (mean, half, r.opponent)
                line = (f"  {level:<7} vs {r.opponent:<11} {mean:6.1%} ±{half:4.1%}  "
                        f"({r.games} games)")
                if r.times:
                    ts = sorted(r.times)
                    line += (f"  decisions: median {statistics.median(ts) * 1000:.1f} ms, "
                             f"p99 {ts[int(0.99 * (len(ts) - 1))] * 1000:.0f} ms")
                print(line, flush=True)
                out.append({"table": table, "level": level, "opponent": r.opponent,
                            "games": r.games, "rate": mean, "ci": half})
            if worst is not None:
                print(f"  {level:<7} worst over the outside styles: {worst[0]:.1%} "
                      f"±{worst[1]:.1%} ({worst[2]})")
    if json_out:
        Path(json_out).write_text(json.dumps(out, indent=1))
    print("\n| level | table | " + " | ".join(STYLES) + " | **worst outside style** | the level "
          "below | games a pairing |")
    print("| --- " * (len(STYLES) + 5) + "|")
    for table in tables:
        for level in dict.fromkeys(k[1] for k in merged if k[0] == table):
            rows = {k[2]: r for k, r in merged.items() if k[0] == table and k[1] == level}
            cells, worst = [], None
            for style in STYLES:
                r = rows.get(style)
                if r is None:
                    cells.append("")
                    continue
                mean, half = r.rate()
                cells.append(f"{mean:.1%} ±{half:.1%}".replace("%", ""))
                if worst is None or mean < worst[0]:
                    worst = (mean, half, style)
            below = [f"{k}: {r.rate()[0]:.1%} ±{r.rate()[1]:.1%}".replace("%", "")
                     for k, r in rows.items() if k not in STYLE_CLASSES]
            games = sorted({r.games for r in rows.values()})
            w = f"**{worst[0]:.1%}** ±{worst[1]:.1%} ({worst[2]})".replace("%", "") if worst \
                else ""
            print(f"| {level} | {table} | " + " | ".join(cells) + f" | {w} | "
                  f"{', '.join(below)} | {'/'.join(map(str, games))} |")


if __name__ == "__main__":
    raise SystemExit(main())
