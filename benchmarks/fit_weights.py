"""Fit Hard's weights: a Hard player with other weights against a mix of opponents.

    .venv/bin/python benchmarks/fit_weights.py --rules standard --players 2 --seeds 2000 keep=0
    .venv/bin/python benchmarks/fit_weights.py --rules standard --players 2 --seeds 2000 --search

Every seed is played once in each seating (a duplicate match: the same deal with the players
moved round the table), so the luck of the deal cancels out better than with fresh deals. The
first form measures one set of weights (given as name=value, the fields of ai.hard.Weights);
``--search`` starts from those and changes one weight at a time (halved, or 1.6 times; 0 moves to
-0.3 and 0.3), keeping a change that scores at least ``--accept`` points better, for two rounds.
Seeds start at 100,000 so that a fit never sees the seeds benchmarks/ai.py and
benchmarks/gauntlet.py report on.

``--opponents`` names the opponents (levels, or the outside styles of benchmarks/styles.py);
the default is the whole gauntlet mix, ``hard,rememberer,simple,hoarder,mimic,random``: a fit
against one opponent alone learns that opponent's blind spots. The score is the mean over the
opponents of the fitted player's sole wins (ties count as not won), and with ``--rules
standard,quick`` the mean over both rule sets.

This is how ExpertPlayer's weights at two seats were found (see benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

sys.path.insert(0, str(Path(__file__).resolve().parent))

from styles import STYLE_CLASSES  # noqa: E402

from gofish.ai import LEVEL_CLASSES, tell  # noqa: E402
from gofish.ai.hard import Weights, weights_for  # noqa: E402
from gofish.engine import Game, Rules, preset  # noqa: E402

MIX = "hard,rememberer,simple,hoarder,mimic,random"


def play(rules: Rules, weights: Weights, players: int, seed: int, shift: int,
         opponent: str = "hard", level: str = "hard") -> float:
    """One game with the fitted player in seat ``shift``; 1 if it won alone."""
    seats = []
    for s in range(players):
        # each seat's own random choices follow the seat, not the player: with the same
        # weights every seating plays the very same game, so a difference is the weights'
        name = level if s == shift else opponent
        p = (STYLE_CLASSES.get(name) or LEVEL_CLASSES[name])(s, rules, players, seed * 31 + s)
        if s == shift:
            p.weights = weights
        seats.append(p)
    game = Game(rules, players, seed)
    fed = 0
    open_hands = rules.open_hands
    while not game.over:
        tell(seats, game.events[fed:], open_hands)
        fed = len(game.events)
        seat = game.to_act
        game.apply(seats[seat].choose(game.view(seat, with_events=False)))
    return 1.0 if game.winners == (shift,) else 0.0


def run_chunk(args: tuple) -> list[float]:
    """(rules, weights, players, seeds[, opponent, level]): per seed, the mean over seatings."""
    rules_json, weights_json, players, seeds, opponent, level = (*args, "hard", "hard")[:6]
    rules = Rules.from_json(rules_json)
    weights = Weights(**weights_json)
    return [sum(play(rules, weights, players, seed, shift, opponent, level)
                for shift in range(players)) / players for seed in seeds]


def measure(rules_list: list[Rules], weights: Weights, players: int, seeds: list[int],
            pool: ProcessPoolExecutor, opponents: list[str],
            level: str = "hard") -> tuple[float, float]:
    """Mean sole-win rate over the opponents and rule sets, and its 95% interval (from the
    spread of the per-seed means over every opponent and rule set)."""
    step = max(1, len(seeds) // 10)
    work = [(rules.to_json(), weights.__dict__, players, seeds[i:i + step], opponent, level)
            for rules in rules_list for opponent in opponents
            for i in range(0, len(seeds), step)]
    per_seed = [0.0] * len(seeds)
    for args, chunk in zip(work, pool.map(run_chunk, work), strict=True):
        first = seeds.index(args[3][0])
        for i, share in enumerate(chunk):
            per_seed[first + i] += share / (len(rules_list) * len(opponents))
    shares = per_seed
    half = 1.96 * statistics.stdev(shares) / math.sqrt(len(shares)) if len(shares) > 1 else 0.0
    return statistics.mean(shares), half


def show(weights: Weights, base: Weights) -> str:
    return " ".join(f"{f.name}={getattr(weights, f.name):g}" for f in fields(Weights)
                    if getattr(weights, f.name) != getattr(base, f.name)) or "(Hard's own)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", nargs="*", help="name=value, fields of ai.hard.Weights")
    parser.add_argument("--rules", default="standard", help="a preset name or a JSON object")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=2000)
    parser.add_argument("--seed-start", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--search", action="store_true", help="change one weight at a time")
    parser.add_argument("--accept", type=float, default=0.4, help="points a change must gain")
    parser.add_argument("--opponents", default=MIX, help="levels and styles to fit against")
    parser.add_argument("--level", default="hard", help="the player whose weights are fitted")
    args = parser.parse_args(argv)
    names = {f.name for f in fields(Weights)}
    changes = {}
    for item in args.weights:
        name, _, value = item.partition("=")
        if name not in names:
            parser.error(f"unknown weight {name!r}; expected one of {', '.join(sorted(names))}")
        changes[name] = float(value)
    if args.rules.startswith("{"):
        rules_list = [Rules.from_json(json.loads(args.rules))]
    else:
        rules_list = [preset(name) for name in args.rules.split(",")]
    for rules in rules_list:
        rules.check_players(args.players)
    opponents = [x for x in args.opponents.split(",") if x]
    seeds = list(range(args.seed_start, args.seed_start + args.seeds))
    fair = 1 / args.players
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        def report(weights: Weights) -> float:
            began = time.perf_counter()
            mean, half = measure(rules_list, weights, args.players, seeds, pool, opponents,
                                 args.level)
            print(f"{show(weights, base):<40} {mean:7.2%} ±{half:.2%}  (fair {fair:.1%}, "
                  f"{args.seeds} seeds x {args.players}, {time.perf_counter() - began:.0f} s)",
                  flush=True)
            return mean
        base = weights_for(args.players)
        best = replace(base, **changes)
        score = report(best)
        if args.search:
            for _ in range(2):
                for f in fields(Weights):
                    value = getattr(best, f.name)
                    for tried in ((value * 0.5, value * 1.6) if value else (-0.3, 0.3)):
                        candidate = replace(best, **{f.name: tried})
                        result = report(candidate)
                        if result > score + args.accept / 100:
                            best, score = candidate, result
                            print(f"  kept: {show(best, base)}", flush=True)
                            break
            print(f"best: {show(best, base)} {score:.2%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
