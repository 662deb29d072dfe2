"""How much of two-seat Go Fish is information: players that may look at the other hand.

    .venv/bin/python benchmarks/information.py --games 400 [--late 3,6,12] [--jobs 2]

Not a level and never at the table: a yardstick for the gauntlet (benchmarks/gauntlet.py).
``sees`` looks at the opponent's hand all game (never the stock): it asks for a rank the
opponent holds (one that completes a book first, then the most cards), else the rank it holds
most of. ``hard+sees@K`` plays as Hard until the stock is down to K cards, then as ``sees``.
Each is played against the outside styles of benchmarks/styles.py, two seats, Standard and
Quick, every seed both ways round, ties not won, seeds from 0, as the gauntlet does: the gap
between Hard and these players is what better reading of the hidden hand could be worth.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare import finish  # noqa: E402
from styles import STYLE_CLASSES, STYLES  # noqa: E402

from gofish.ai import LEVEL_CLASSES  # noqa: E402
from gofish.ai.hard import HardPlayer  # noqa: E402
from gofish.engine import Action, Ask, Game, SeatView, preset  # noqa: E402


class Seer:
    """Looks at the other hands of ``game`` (a benchmark's cheat, for reference only)."""

    def __init__(self, seat: int, game: Game, seed: int) -> None:
        self.seat = seat
        self.game = game
        self.rng = random.Random(seed)

    def observe(self, event) -> None:
        pass  # it needs no events: it looks

    def choose(self, view: SeatView) -> Action:
        asks = [a for a in view.legal if isinstance(a, Ask)]
        if not asks:
            return view.legal[0]
        mine = [0] * 13
        for c in view.hand:
            mine[c >> 2] += 1
        hands = self.game.hands  # per seat, per rank: a suit mask

        def theirs(a: Ask) -> int:
            return bin(hands[a.target][a.rank]).count("1")

        hits = [a for a in asks if theirs(a)]
        if hits:
            return max(hits, key=lambda a: (mine[a.rank] + theirs(a) == 4, theirs(a),
                                            self.rng.random()))
        most = max(mine[a.rank] for a in asks)
        return self.rng.choice([a for a in asks if mine[a.rank] == most])


class HardThenSees(HardPlayer):
    """Hard until the stock is down to ``late`` cards, then a ``Seer``."""

    def __init__(self, seat: int, rules, players: int, seed: int, game: Game,
                 late: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.seer = Seer(seat, game, seed)
        self.late = late

    def choose(self, view: SeatView) -> Action:
        if view.stock <= self.late:
            return self.seer.choose(view)
        return super().choose(view)


def play(rules_name: str, who: str, opponent: str, seed: int, at: int) -> bool:
    rules = preset(rules_name)
    game = Game(rules, 2, seed)
    players = []
    for s in range(2):
        if s != at:
            cls = STYLE_CLASSES.get(opponent) or LEVEL_CLASSES[opponent]
            players.append(cls(s, rules, 2, seed * 31 + s))
        elif who == "hard":
            players.append(LEVEL_CLASSES["hard"](s, rules, 2, seed * 31 + s))
        elif who == "sees":
            players.append(Seer(s, game, seed * 31 + s))
        else:
            players.append(HardThenSees(s, rules, 2, seed * 31 + s, game,
                                        int(who.rpartition("@")[2])))
    finish(game, players)
    return game.winners == (at,)


def chunk(args: tuple[str, str, str, list[int]]) -> tuple[tuple[str, str, str], list[float]]:
    rules, who, opponent, seeds = args
    return (rules, who, opponent), [sum(play(rules, who, opponent, s, at) for at in (0, 1)) / 2
                                    for s in seeds]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games per pairing")
    parser.add_argument("--late", default="3,6,12", help="stock sizes for hard+sees@K")
    parser.add_argument("--opponents", default=",".join(STYLES))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    players = ["hard", "sees"] + [f"hard+sees@{k}" for k in args.late.split(",") if k]
    seeds = list(range(args.games // 2))
    work = [(r, w, o, seeds[i:i + 25]) for r in ("standard", "quick") for w in players
            for o in args.opponents.split(",") for i in range(0, len(seeds), 25)]
    began = time.perf_counter()
    got: dict[tuple[str, str, str], list[float]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for key, values in pool.map(chunk, work):
            got.setdefault(key, []).extend(values)
    opponents = args.opponents.split(",")
    print(f"win rates in %, ties not won, {args.games} games a pairing, seeds from 0, "
          f"{time.perf_counter() - began:.0f} s\n")
    print("| table | player | " + " | ".join(opponents) + " | worst |")
    print("| --- " * (len(opponents) + 3) + "|")
    for r in ("standard", "quick"):
        for w in players:
            cells, worst = [], 1.0
            for o in opponents:
                xs = got[(r, w, o)]
                m = statistics.mean(xs)
                h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
                worst = min(worst, m)
                cells.append(f"{100 * m:.1f} ±{100 * h:.1f}")
            print(f"| 2-{r} | {w} | " + " | ".join(cells) + f" | **{100 * worst:.1f}** |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
