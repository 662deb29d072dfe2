"""Paired comparison of player variants against the outside styles, on fitting seeds.

    .venv/bin/python benchmarks/compare.py hard hard:reads_steadiness=0 --seeds 600 \\
        --seed-start 101000 --rules quick,standard

Each variant sits in one chair of a two-seat (``--players``) table against each opponent
(default: the five outside styles of benchmarks/styles.py); every seed is played in every
seating, and each seat's own random choices follow the seat, so two variants meet the very same
deals and their per-deal difference shows a change far smaller than either rate's interval.
A variant is a level or style name, or ``module.Class`` importable from benchmarks/ or
src/, optionally with ``:name=value,...``: fields of ai.hard.Weights, or attributes the player
already has (``reads_steadiness``). Seeds from 100,000: benchmarks/gauntlet.py reports on 0 up,
so a choice made here is never scored on its own seeds. Ties count as not won.
"""

from __future__ import annotations

import argparse
import importlib
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from styles import STYLE_CLASSES, STYLES  # noqa: E402

from gofish.ai import LEVEL_CLASSES, tell  # noqa: E402
from gofish.ai.hard import Weights  # noqa: E402
from gofish.ai.reader import Sitting  # noqa: E402
from gofish.engine import Game, preset  # noqa: E402
from gofish.engine import events as ev  # noqa: E402

WEIGHTS = {f.name for f in fields(Weights)}


def build(spec: str, seat: int, rules, players: int, seed: int):
    name, _, settings = spec.partition(":")
    if "." in name:
        module, cls = name.rsplit(".", 1)
        player = getattr(importlib.import_module(module), cls)(seat, rules, players, seed)
    else:
        player = (STYLE_CLASSES.get(name) or LEVEL_CLASSES[name])(seat, rules, players, seed)
    for item in filter(None, settings.split(",")):
        key, _, value = item.partition("=")
        if key in WEIGHTS and hasattr(player, "weights"):
            player.weights = replace(player.weights, **{key: float(value)})
        elif hasattr(player, key):
            setattr(player, key, type(getattr(player, key))(float(value)))
        else:
            raise SystemExit(f"{spec}: {name} has no weight or setting {key!r}")
    return player


def finish(game: Game, seats: list) -> None:
    """Play ``game`` to its end, each seat told what it may see."""
    fed = 0
    while not game.over:
        tell(seats, game.events[fed:], game.rules.open_hands)
        fed = len(game.events)
        seat = game.to_act
        game.apply(seats[seat].choose(game.view(seat, with_events=False)))


def played(rules_name: str, n: int, spec: str, opponent: str, seed: int, at: int,
           sitting: Sitting | None = None) -> Game:
    """The deal of ``seed`` played to its end, ``spec`` at ``at`` and the opponent elsewhere;
    each seat's own random choices follow the seat. A player that reads its opponents across
    games (``meet``) meets them in ``sitting``, each by the opponent's name."""
    rules = preset(rules_name)
    game = Game(rules, n, seed)
    seats = [build(spec if s == at else opponent, s, rules, n, seed * 31 + s) for s in range(n)]
    if sitting is not None and hasattr(seats[at], "meet"):
        seats[at].meet(opponent, sitting)
    finish(game, seats)
    return game


def play(rules_name: str, n: int, spec: str, opponent: str, seed: int, at: int,
         sitting: Sitting | None = None) -> float:
    return 1.0 if played(rules_name, n, spec, opponent, seed, at, sitting).winners == (at,) \
        else 0.0


def steadiness(rules_name: str, opponent: str, seeds: list[int]) -> list[float]:
    """How steady ``opponent`` reads to a Hard player across from it: per game, the share of
    its asks (not sure hits) that repeat its last one while it is still known to hold it."""
    rates = []
    for seed in seeds:
        rules = preset(rules_name)
        seats = [build("hard", 0, rules, 2, seed * 31), build(opponent, 1, rules, 2, seed * 31 + 1)]
        finish(Game(rules, 2, seed), seats)
        if seats[0].plain[1]:
            rates.append(seats[0].again[1] / seats[0].plain[1])
    return rates


def late_books(rules_name: str, spec: str, opponent: str, seeds: list[int],
               stock: int) -> tuple[float, float]:
    """Books laid once the stock is down to ``stock`` cards (two seats): how many a game, and
    the share of them ``spec`` laid, each deal played both ways round."""
    late = mine = games = 0
    for seed in seeds:
        for at in range(2):
            game = played(rules_name, 2, spec, opponent, seed, at)
            left = 52 - 2 * game.rules.deal_size(2)
            for e in game.events:
                if e.kind == ev.DREW:
                    left -= e.count
                elif e.kind == ev.BOOK and left <= stock:
                    late += 1
                    mine += e.seat == at
            games += 1
    return late / games, mine / max(1, late)


def outcomes(rules_name: str, n: int, spec: str, opponent: str,
             seeds: list[int]) -> tuple[int, int, int]:
    """Games ``spec`` won alone, shared at the top, and lost, each deal in every seating: a
    tie counts as not won in the rates, and first-out deals tie often."""
    won = tied = lost = 0
    for seed in seeds:
        for at in range(n):
            winners = played(rules_name, n, spec, opponent, seed, at).winners
            if winners == (at,):
                won += 1
            elif at in winners:
                tied += 1
            else:
                lost += 1
    return won, tied, lost


def chunk(args: tuple[str, int, str, str, list[int], int]) -> list[float]:
    """Each seed's share of sole wins over its seatings. With ``sitting`` > 1 the seeds come
    in sittings of that many games against the same opponent, one sitting a seating."""
    rules, n, spec, opponent, seeds, sitting = args
    sittings: dict[tuple[int, int], Sitting] = {}
    out = []
    for i, s in enumerate(seeds):
        won = 0.0
        for at in range(n):
            sit = sittings.setdefault((i // sitting, at), Sitting()) if sitting > 1 else None
            won += play(rules, n, spec, opponent, s, at, sit)
        out.append(won / n)
    return out


def interval(xs: list[float]) -> float:
    return 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", help="the first is the one the others are "
                        "compared with")
    parser.add_argument("--rules", default="standard,quick")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seeds", type=int, default=300)
    parser.add_argument("--seed-start", type=int, default=100_000)
    parser.add_argument("--opponents", default=",".join(STYLES))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--sitting", type=int, default=1, metavar="N", help="play the seeds "
                        "in sittings of N games against the same opponent (players that read "
                        "their opponent across games carry what they learned)")
    parser.add_argument("--late-books", type=int, metavar="K", help="print how many books a "
                        "two-seat game lays once the stock is down to K cards, and each "
                        "variant's share of them, and exit")
    parser.add_argument("--steadiness", action="store_true", help="print how steady each "
                        "opponent reads to Hard (two seats), and exit")
    parser.add_argument("--outcomes", action="store_true", help="print each variant's "
                        "games won alone, tied at the top and lost, and exit")
    args = parser.parse_args(argv)
    seeds = list(range(args.seed_start, args.seed_start + args.seeds))
    if args.late_books is not None:
        if args.players != 2:
            parser.error("--late-books counts two-seat games only")
        for spec in args.variants:
            for r in args.rules.split(","):
                for opponent in args.opponents.split(","):
                    per, share = late_books(r, spec, opponent, seeds, args.late_books)
                    print(f"{spec} {r:<9} {opponent:<11} {per:.1f} books a game, "
                          f"{100 * share:.1f}% of them laid by {spec}")
        return 0
    if args.outcomes:
        for spec in args.variants:
            for r in args.rules.split(","):
                for opponent in args.opponents.split(","):
                    won, tied, lost = outcomes(r, args.players, spec, opponent, seeds)
                    games = won + tied + lost
                    print(f"{spec} {r:<9} {opponent:<11} won {100 * won / games:.1f}%, tied "
                          f"{100 * tied / games:.1f}%, lost {100 * lost / games:.1f}%; won "
                          f"{100 * won / max(1, won + lost):.1f}% of the games not tied "
                          f"({games} games)")
        return 0
    if args.steadiness:
        for opponent in args.opponents.split(","):
            rates = [x for r in args.rules.split(",") for x in steadiness(r, opponent, seeds)]
            q = statistics.quantiles(rates, n=4)
            print(f"{opponent:<11} mean {statistics.mean(rates):.2f}, quartiles "
                  f"{q[0]:.2f} {q[1]:.2f} {q[2]:.2f} ({len(rates)} games)")
        return 0
    tables = [(r, o) for r in args.rules.split(",") for o in args.opponents.split(",")]
    base: dict[tuple[str, str], list[float]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for spec in args.variants:
            began = time.perf_counter()
            size = args.sitting * max(1, 25 // args.sitting)  # whole sittings a chunk
            work = [(r, args.players, spec, o, seeds[i:i + size], args.sitting)
                    for r, o in tables for i in range(0, len(seeds), size)]
            got: dict[tuple[str, str], list[float]] = {}
            for w, out in zip(work, pool.map(chunk, work), strict=True):
                got.setdefault((w[0], w[3]), []).extend(out)
            worst = min(statistics.mean(xs) for xs in got.values())
            print(f"{spec}: worst {100 * worst:.1f}%  ({time.perf_counter() - began:.0f} s)")
            for key, xs in got.items():
                line = f"  {key[0]:<9} {key[1]:<11} {100 * statistics.mean(xs):5.1f} " \
                       f"±{100 * interval(xs):.1f}"
                if base:
                    d = [x - y for x, y in zip(xs, base[key], strict=True)]
                    line += f"   paired {100 * statistics.mean(d):+5.1f} ±{100 * interval(d):.1f}"
                print(line)
            if base:
                d = [x - y for k in got for x, y in zip(got[k], base[k], strict=True)]
                print(f"  all tables, paired against {args.variants[0]}: "
                      f"{100 * statistics.mean(d):+.2f} ±{100 * interval(d):.2f}")
            else:
                base = got
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
