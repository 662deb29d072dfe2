"""The gauntlet: each computer level against opponents it was never tuned against.

    .venv/bin/python benchmarks/gauntlet.py --games 400            # a quick look
    .venv/bin/python benchmarks/gauntlet.py --levels hard --tables 2-standard --games 4000

Every level meets every outside style (benchmarks/styles.py) and the level below it, at four
tables: two seats under Standard and under Quick, and four seats under Standard and Quick (the
level and three of the opponent); with OpenSpiel installed, its random and MCTS bots too
(benchmarks/openspiel_bots.py; the MCTS sees every hand: a ceiling, left out of the worst
case). Each seed is played once in every seating (duplicate deals: the level moved round the
table; each seat's own random choices follow the seat), so the luck of the deal cancels out.
A level *wins* a game only alone at the top: ties count as not won. A level's score is its
worst win rate over the outside styles. Intervals are 95%, from the spread of the per-seed
means.

The variance-reduced figure (``--baseline simple``, the default): the baseline (the ten-line
sure-hit-else-most-held policy) sits in the level's chair on the same deals against the same
opponent, over ``--baseline-games`` (more deals: it is cheap), and serves as a control
variate: the level's rate is corrected by how lucky its deals were for the baseline, weighted
by how much the level's results follow the baseline's deal by deal (``Result.reduced``). The
per-deal difference from the baseline answers "never below the ten-line policy" directly.

``--sitting N``: a level that reads its opponent across games (the reader) meets the same
opponent N games running, one sitting for each seating, and carries what it learned.

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

import openspiel_bots  # noqa: E402
from styles import STYLE_CLASSES, STYLES  # noqa: E402

from gofish.ai import LEVEL_CLASSES, tell  # noqa: E402
from gofish.ai.reader import Sitting  # noqa: E402
from gofish.engine import Game, preset  # noqa: E402

TABLES = {"2-standard": ("standard", 2), "2-quick": ("quick", 2), "4-standard": ("standard", 4),
          "4-quick": ("quick", 4)}
LEVELS = ("medium", "hard", "expert", "reader")
BELOW = {"easy": "random", "medium": "easy", "hard": "medium", "expert": "hard",
         "reader": "hard"}
MAX_ACTIONS = 3000  # a game still going is scored as not won (three hoarders or cyclers at four
# seats, the stock empty, can ask one another round and round for ever)
OUTSIDE = (*STYLES, "openspiel-random")  # the worst case is taken over these
CEILING = ("openspiel-mcts",)  # sees every hand: reported, never the worst case


def make(name: str, seat: int, rules, players: int, seed: int, game: Game):
    if name in openspiel_bots.KINDS:
        return openspiel_bots.OpenSpielSeat(name, seat, game, seed)
    cls = STYLE_CLASSES.get(name) or LEVEL_CLASSES[name]
    return cls(seat, rules, players, seed)


def play(table: str, level: str, opponent: str, seed: int, at: int,
         times: list[float] | None = None, sitting: Sitting | None = None) -> bool:
    """One game with ``level`` in seat ``at``; whether it won alone."""
    name, n = TABLES[table]
    rules = preset(name)
    game = Game(rules, n, seed)
    players = [make(level if s == at else opponent, s, rules, n, seed * 31 + s, game)
               for s in range(n)]
    if sitting is not None and hasattr(players[at], "meet"):
        players[at].meet(opponent, sitting)
    fed = 0
    clock = time.perf_counter
    while not game.over:
        if len(game.actions) >= MAX_ACTIONS:
            return False
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
    base: dict[int, float] = field(default_factory=dict)  # seed: the baseline's wins there

    def rate(self) -> tuple[float, float]:
        mean = statistics.mean(self.per_seed)
        sd = statistics.stdev(self.per_seed) if len(self.per_seed) > 1 else 0.0
        return mean, 1.96 * sd / math.sqrt(len(self.per_seed))

    def paired(self) -> tuple[float, float] | None:
        """The level's rate less the baseline's on the same deals."""
        d = [x - self.base[s] for s, x in zip(self.seeds, self.per_seed, strict=True)
             if s in self.base]
        if len(d) < 2:
            return None
        return statistics.mean(d), 1.96 * statistics.stdev(d) / math.sqrt(len(d))

    def reduced(self) -> tuple[float, float] | None:
        """The level's rate with the deals' luck taken out as far as the baseline's results on
        the same deals carry it: a control variate, ``x - beta * (y - y_all)``, where ``y`` is
        the baseline's mean on the level's deals, ``y_all`` its mean on all its deals (more of
        them), and ``beta`` the regression of the level's per-deal result on the baseline's
        (so it is never wider than the raw interval by more than noise)."""
        pairs = [(x, self.base[s]) for s, x in zip(self.seeds, self.per_seed, strict=True)
                 if s in self.base]
        rest = [y for s, y in self.base.items() if s not in set(self.seeds)]
        if len(pairs) < 3 or len(rest) < 2:
            return None
        xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
        g, r = len(pairs), len(rest)
        c = r / (g + r)
        vy = statistics.variance(ys)
        cov = statistics.covariance(xs, ys)
        beta = cov / vy if vy > 0 else 0.0
        mean = statistics.mean(xs) - beta * c * (statistics.mean(ys) - statistics.mean(rest))
        var = (statistics.variance(xs) - 2 * beta * c * cov + (beta * c) ** 2 * vy) / g \
            + (beta * c) ** 2 * statistics.variance(rest) / r
        return mean, 1.96 * math.sqrt(max(0.0, var))

    @property
    def games(self) -> int:
        return len(self.per_seed) * TABLES[self.table][1]

    def correlation(self) -> float | None:
        """Of the level's and the baseline's per-deal results, on the same deals."""
        pairs = [(x, self.base[s]) for s, x in zip(self.seeds, self.per_seed, strict=True)
                 if s in self.base]
        if len(pairs) < 3:
            return None
        try:
            return statistics.correlation([p[0] for p in pairs], [p[1] for p in pairs])
        except statistics.StatisticsError:  # a constant: nothing to correlate
            return None


def run_chunk(args: tuple[str, str, str, list[int], bool, int, str, list[int]]) -> Result:
    """The level against the opponent on ``seeds`` (and the baseline on ``base_seeds``)."""
    table, level, opponent, seeds, timed, sitting, baseline, base_seeds = args
    n = TABLES[table][1]
    result = Result(table, level, opponent)
    sittings: dict[tuple[int, int], Sitting] = {}
    for i, seed in enumerate(seeds):
        won = 0
        for at in range(n):
            sit = sittings.setdefault((i // sitting, at), Sitting()) if sitting > 1 else None
            won += play(table, level, opponent, seed, at, result.times if timed else None, sit)
        result.per_seed.append(won / n)
        result.seeds.append(seed)
    for seed in base_seeds:
        result.base[seed] = sum(play(table, baseline, opponent, seed, at)
                                for at in range(n)) / n
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4000, help="games per pairing")
    parser.add_argument("--expert-games", type=int, help="games per pairing for Expert "
                        "(default: half of --games)")
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--opponents", default=",".join(STYLES) + ",openspiel-random,"
                        "openspiel-mcts,below", help="styles and levels to meet; 'below' is "
                        "the level below; openspiel-* need OpenSpiel (skipped without it)")
    parser.add_argument("--baseline", default="simple", help="the player whose difference "
                        "from the level on the same deals gives the variance-reduced figure "
                        "('' for none)")
    parser.add_argument("--baseline-games", type=int, default=0, help="games per pairing for "
                        "the baseline (default: twice --games)")
    parser.add_argument("--mcts-games", type=int, default=200, help="games per pairing "
                        "against openspiel-mcts (a move costs it about a tenth of a second)")
    parser.add_argument("--sitting", type=int, default=1, metavar="N", help="sittings of N "
                        "games against the same opponent, for levels that read it across games")
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
                r.seeds.extend(d["seeds"])
                r.times.extend(d["times"])
                r.base.update({int(k): v for k, v in d.get("base", {}).items()})
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
    opponents = [x for x in args.opponents.split(",") if x]
    why = openspiel_bots.available()
    if why and any(o in openspiel_bots.KINDS for o in opponents):
        print(why, file=sys.stderr)
        opponents = [o for o in opponents if o not in openspiel_bots.KINDS]
    work = []
    for table in tables:
        n = TABLES[table][1]
        for level in levels:
            games = args.games if level != "expert" else (args.expert_games or args.games // 2)
            for opponent in opponents:
                if opponent == "below":
                    if level not in BELOW:
                        continue
                    opponent = BELOW[level]
                if (opponent not in STYLE_CLASSES and opponent not in LEVEL_CLASSES
                        and opponent not in openspiel_bots.KINDS):
                    parser.error(f"unknown opponent {opponent!r}")
                g = min(games, args.mcts_games) if opponent in CEILING else games
                seeds = list(range(args.seed_start, args.seed_start + max(1, g // n)))
                base_games = args.baseline_games or 2 * g
                base = list(range(args.seed_start, args.seed_start + max(1, base_games // n))) \
                    if args.baseline and opponent in OUTSIDE else []
                step = max(1, min(50, len(seeds) // (4 * max(1, args.jobs))))
                if args.sitting > 1:
                    step = args.sitting * max(1, step // args.sitting)  # whole sittings
                chunks = range(0, len(seeds), step)
                per = -(-len(base) // len(chunks))  # the baseline's seeds, spread over them
                for j, i in enumerate(chunks):
                    work.append((table, level, opponent, seeds[i:i + step], level == "expert",
                                 args.sitting, args.baseline, base[j * per:(j + 1) * per]))
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
                                    "times": r.times, "base": r.base}) + "\n")
        key = (r.table, r.level, r.opponent)
        if key not in merged:
            merged[key] = Result(*key)
        merged[key].per_seed.extend(r.per_seed)
        merged[key].seeds.extend(r.seeds)
        merged[key].times.extend(r.times)
        merged[key].base.update(r.base)
    if args.jobs > 1:
        pool.shutdown()
    summarize(merged, tables, f"seeds from {args.seed_start}, "
              f"{'sittings of ' + str(args.sitting) + ' games, ' if args.sitting > 1 else ''}"
              f"{time.perf_counter() - began:.0f} s", args.json)
    return 0


def _pct(x: tuple[float, float] | None, sign: bool = False) -> str:
    if x is None:
        return ""
    return f"{100 * x[0]:{'+' if sign else ''}.1f} ±{100 * x[1]:.1f}"


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
                if r.opponent in OUTSIDE and (worst is None or mean < worst[0]):
                    worst = (mean, half, r.opponent)
                line = f"  {level:<7} vs {r.opponent:<16} {_pct((mean, half)):>11}"
                if r.base:
                    rho = r.correlation()
                    line += (f"   less the baseline {_pct(r.paired(), True):>11}"
                             f"   reduced {_pct(r.reduced()):>11}"
                             f" (r={rho:.2f})" if rho is not None else "")
                line += f"  ({r.games} games)"
                if r.times:
                    ts = sorted(r.times)
                    line += (f"  decisions: median {statistics.median(ts) * 1000:.2f} ms, "
                             f"p99 {ts[int(0.99 * (len(ts) - 1))] * 1000:.0f} ms")
                print(line, flush=True)
                row = {"table": table, "level": level, "opponent": r.opponent,
                       "games": r.games, "rate": mean, "ci": half}
                if r.base:
                    row["paired"], row["reduced"] = r.paired(), r.reduced()
                out.append(row)
            if worst is not None:
                print(f"  {level:<7} worst over the outside styles: {worst[0]:.1%} "
                      f"±{worst[1]:.1%} ({worst[2]})")
    if json_out:
        Path(json_out).write_text(json.dumps(out, indent=1))
    columns = [c for c in (*OUTSIDE, *CEILING) if any(k[2] == c for k in merged)]
    print("\nEach cell: the raw rate, then (in brackets) the variance-reduced one.\n")
    print("| level | table | " + " | ".join(columns) + " | **worst outside style** "
          "(reduced) | the level below | games a pairing |")
    print("| --- " * (len(columns) + 5) + "|")
    for table in tables:
        for level in dict.fromkeys(k[1] for k in merged if k[0] == table):
            rows = {k[2]: r for k, r in merged.items() if k[0] == table and k[1] == level}
            cells, worst, worst_red = [], None, None
            for style in columns:
                r = rows.get(style)
                if r is None:
                    cells.append("")
                    continue
                mean, half = r.rate()
                red = r.reduced() if r.base else None
                cells.append(_pct((mean, half)) + (f" ({_pct(red)})" if red else ""))
                if style in OUTSIDE and (worst is None or mean < worst[0]):
                    worst = (mean, half, style)
                if style in OUTSIDE and red and (worst_red is None or red[0] < worst_red[0]):
                    worst_red = (red[0], red[1], style)
            below = [f"{k}: {_pct(r.rate())}" for k, r in rows.items()
                     if k not in STYLE_CLASSES and k not in OUTSIDE and k not in CEILING]
            games = sorted({r.games for r in rows.values()})
            w = f"**{_pct(worst[:2])}** ({worst[2]})" if worst else ""
            if worst_red:
                w += f" ({_pct(worst_red[:2])}, {worst_red[2]})"
            print(f"| {level} | {table} | " + " | ".join(cells) + f" | {w} | "
                  f"{', '.join(below)} | {'/'.join(map(str, games))} |")
    paired = [(k, r) for k, r in merged.items() if r.base and r.paired()]
    if paired:
        print("\nThe level less the baseline in its chair, on the same deals (points):\n")
        cols = [c for c in OUTSIDE if any(k[2] == c for k, _ in paired)]
        print("| level | table | " + " | ".join(cols) + " |")
        print("| --- " * (len(cols) + 2) + "|")
        for table in tables:
            for level in dict.fromkeys(k[1] for k, _ in paired if k[0] == table):
                rows = {k[2]: r for k, r in paired if k[0] == table and k[1] == level}
                print(f"| {level} | {table} | " + " | ".join(
                    _pct(rows[c].paired(), True) if c in rows else "" for c in cols) + " |")


if __name__ == "__main__":
    raise SystemExit(main())
