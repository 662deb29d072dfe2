"""Strength and speed of the computer players: play N games between given levels.

    .venv/bin/python benchmarks/ai.py --seats hard,random --rules quick --games 10000 --jobs 2

Each entry of ``--seats`` is a level. With ``--rotate`` (a tournament) entry i sits in seat
(i + g) mod n in game g, so the first-player advantage cancels out. Prints each entry's win
rate with a 95% confidence interval (a shared win counts as half; ties are also shown apart)
and the median time of its decisions (choose() calls with more than one legal action).

The loop is the one the brief fixes: a recorded Game, every event observed by every player in
the form its seat may see, choose() from a view without history.
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

from gofish.ai import make_player, tell  # noqa: E402
from gofish.engine import Game, Rules, preset  # noqa: E402
from gofish.seats import LEVELS  # noqa: E402


@dataclass
class Tally:
    """Results of one entry over many games."""

    games: int = 0
    points: float = 0.0  # 1 a sole win, 0.5 a shared win
    wins: int = 0
    ties: int = 0
    squares: float = 0.0  # sum of points squared, for the variance
    times: list[float] = field(default_factory=list)  # seconds per real decision
    searched: list[float] = field(default_factory=list)  # ... of those Expert searched
    playouts: int = 0  # Expert's playouts in the searched decisions

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.points += other.points
        self.wins += other.wins
        self.ties += other.ties
        self.squares += other.squares
        self.times.extend(other.times)
        self.searched.extend(other.searched)
        self.playouts += other.playouts

    def rate(self) -> tuple[float, float]:
        """Mean points per game and the half-width of its 95% confidence interval."""
        n = self.games
        mean = self.points / n
        var = max(0.0, self.squares / n - mean * mean) * n / max(1, n - 1)
        return mean, 1.96 * math.sqrt(var / n)


def play_one(rules: Rules, levels: list[str], seed: int, rotate: bool,
             timed: bool) -> tuple[list[float], list[list[float]], list[list[float]], list[int]]:
    """One game; returns each entry's points, its decision times and those of its searches."""
    n = len(levels)
    shift = seed % n if rotate else 0
    entry_at = [(s - shift) % n for s in range(n)]  # entry sitting in each seat
    players = [make_player(levels[entry_at[s]], s, rules, n, seed * 31 + s) for s in range(n)]
    game = Game(rules, n, seed)
    open_hands = rules.open_hands
    fed = 0
    times: list[list[float]] = [[] for _ in range(n)]
    searched: list[list[float]] = [[] for _ in range(n)]
    playouts = [0] * n
    clock = time.perf_counter
    while not game.over:
        tell(players, game.events[fed:], open_hands)
        fed = len(game.events)
        seat = game.to_act
        view = game.view(seat, with_events=False)
        if timed and len(view.legal) > 1:
            player = players[seat]
            before = getattr(player, "searched", 0)
            t0 = clock()
            action = player.choose(view)
            took = clock() - t0
            times[entry_at[seat]].append(took)
            if getattr(player, "searched", 0) != before:
                searched[entry_at[seat]].append(took)
        else:
            action = players[seat].choose(view)
        game.apply(action)
    points = [0.0] * n
    winners = game.winners
    for s in winners:
        points[entry_at[s]] = 1.0 if len(winners) == 1 else 0.5
    for s, p in enumerate(players):
        playouts[entry_at[s]] += getattr(p, "playouts", 0)
    return points, times, searched, playouts


def run_chunk(args: tuple[dict, list[str], int, int, bool, bool]) -> list[Tally]:
    rules_json, levels, start, count, rotate, timed = args
    rules = Rules.from_json(rules_json)
    tallies = [Tally() for _ in levels]
    for seed in range(start, start + count):
        points, times, searched, playouts = play_one(rules, levels, seed, rotate, timed)
        for i, t in enumerate(tallies):
            t.games += 1
            t.points += points[i]
            t.squares += points[i] ** 2
            t.wins += points[i] == 1.0
            t.ties += points[i] == 0.5
            t.times.extend(times[i])
            t.searched.extend(searched[i])
            t.playouts += playouts[i]
    return tallies


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", required=True, help="levels, comma separated: hard,random")
    parser.add_argument("--rules", default="standard", help="a preset name or a JSON object")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed-start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rotate", action="store_true", help="rotate seats (a tournament)")
    parser.add_argument("--no-times", action="store_true", help="skip decision timings")
    parser.add_argument("--json", action="store_true", help="print the totals as JSON too")
    args = parser.parse_args(argv)
    levels = [x.strip() for x in args.seats.split(",")]
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
    rules = Rules.from_json(json.loads(args.rules)) if args.rules.startswith("{") \
        else preset(args.rules)
    rules.check_players(len(levels))
    jobs = max(1, args.jobs)
    chunk = max(1, min(250, args.games // (jobs * 4) or 1))
    work = []
    for start in range(args.seed_start, args.seed_start + args.games, chunk):
        count = min(chunk, args.seed_start + args.games - start)
        work.append((rules.to_json(), levels, start, count, args.rotate, not args.no_times))
    totals = [Tally() for _ in levels]
    began = time.perf_counter()
    if jobs == 1:
        results = map(run_chunk, work)
    else:
        pool = ProcessPoolExecutor(jobs)
        results = pool.map(run_chunk, work)
    for tallies in results:
        for total, t in zip(totals, tallies, strict=True):
            total.add(t)
    if jobs > 1:
        pool.shutdown()
    elapsed = time.perf_counter() - began
    name = rules.preset_name() or "custom"
    print(f"{args.games} games, rules {name}, seats {args.seats}"
          f"{' (rotated)' if args.rotate else ''}, seeds from {args.seed_start}, "
          f"{elapsed:.0f} s on {jobs} processes")
    print(f"{'entry':<12} {'win rate':>8} {'95% CI':>15} {'sole':>6} {'shared':>6} "
          f"{'median ms':>9} {'p90 ms':>7} {'p99 ms':>7} {'decisions':>9}")
    out = []
    for i, (level, t) in enumerate(zip(levels, totals, strict=True)):
        mean, half = t.rate()
        med = statistics.median(t.times) * 1000 if t.times else float("nan")
        p90 = (statistics.quantiles(t.times, n=10)[-1] * 1000
               if len(t.times) > 10 else float("nan"))
        p99 = (statistics.quantiles(t.times, n=100)[-1] * 1000
               if len(t.times) > 100 else float("nan"))
        label = f"{i}:{level}"
        low, high = max(0.0, mean - half), min(1.0, mean + half)
        print(f"{label:<12} {mean:8.1%} {low:7.1%}-{high:6.1%} "
              f"{t.wins / t.games:6.1%} {t.ties / t.games:6.1%} {med:9.3f} {p90:7.3f} "
              f"{p99:7.2f} {len(t.times):9d}")
        entry = {"entry": i, "level": level, "games": t.games, "rate": mean, "ci": half,
                 "sole": t.wins, "shared": t.ties, "median_ms": med, "p90_ms": p90,
                 "p99_ms": p99}
        if len(t.searched) > 10:
            entry["searched"] = len(t.searched)
            entry["searched_median_ms"] = statistics.median(t.searched) * 1000
            entry["searched_p90_ms"] = statistics.quantiles(t.searched, n=10)[-1] * 1000
            ordered = sorted(t.times)
            entry["p99_ms"] = ordered[int(0.99 * (len(ordered) - 1))] * 1000
            entry["playouts_per_s"] = t.playouts / sum(t.searched) if t.searched else 0.0
            print(f"{'':<12} of which {len(t.searched)} searched: median "
                  f"{entry['searched_median_ms']:.1f} ms, p90 {entry['searched_p90_ms']:.1f} ms; "
                  f"all decisions p99 {entry['p99_ms']:.1f} ms; "
                  f"{t.playouts / len(t.searched):.0f} playouts a search, "
                  f"{entry['playouts_per_s']:,.0f} playouts/s")
        out.append(entry)
    if args.json:
        print(json.dumps({"rules": name, "seats": levels, "games": args.games,
                          "seed_start": args.seed_start, "rotate": args.rotate,
                          "entries": out}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
