"""How true are the hit chances the tracker states? The plain odds (the computers') against the
calibrated ones (the coach's), on the very same positions.

    .venv/bin/python benchmarks/calibration.py --games 200 --rules standard,quick --players 2

Hard plays one seat against the opponent in every other seat (each deal with Hard in every
chair). A second tracker, ``calibrated``, is told the same events. At each of Hard's turns,
every legal ask the record does not already prove (a sure hit is stated as sure, a sure miss as
no chance) gets a chance from each tracker, and is scored against the cards really there. For
each tracker: the calibration error (asks grouped by stated chance in tenths; the mean gap
between stated and found, weighted by asks, in points), the Brier score, and for the ranks the
seat had already asked for (the table knows it holds them) the mean stated chance against how
often they hit. Seeds from 0; nothing here was fitted on them.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare import build  # noqa: E402
from styles import STYLES  # noqa: E402

from gofish.ai import tell  # noqa: E402
from gofish.ai.hard import HardPlayer  # noqa: E402
from gofish.engine import Ask, Game, preset  # noqa: E402

OPPONENTS = ",".join((*STYLES, "medium", "hard"))
MAX_ACTIONS = 1000  # a game still going is left out: three hoarders at four seats, the
# stock empty, can ask forever (each asks only the seat with the most cards, which lacks it)


@dataclass
class Tally:
    """Stated chances against what was found, by tenths."""

    buckets: dict[int, list[float]] = field(default_factory=dict)  # tenth: [asks, stated, hits]
    brier: float = 0.0
    revealed: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0])

    def add(self, chance: float, hit: bool, revealed: bool) -> None:
        row = self.buckets.setdefault(min(9, int(chance * 10)), [0.0, 0.0, 0.0])
        row[0] += 1
        row[1] += chance
        row[2] += hit
        self.brier += (chance - hit) ** 2
        if revealed:
            self.revealed[0] += 1
            self.revealed[1] += chance
            self.revealed[2] += hit

    def merge(self, other: Tally) -> None:
        for k, row in other.buckets.items():
            mine = self.buckets.setdefault(k, [0.0, 0.0, 0.0])
            for i in range(3):
                mine[i] += row[i]
        self.brier += other.brier
        for i in range(3):
            self.revealed[i] += other.revealed[i]

    @property
    def asks(self) -> int:
        return int(sum(row[0] for row in self.buckets.values()))

    def error(self) -> float:
        """Mean gap between stated and found, in points, over the asks (by tenths)."""
        return 100 * sum(abs(row[1] - row[2]) for row in self.buckets.values()) / max(1, self.asks)


def one_game(rules_name: str, players: int, opponent: str, seed: int, at: int,
             late: int | None = None) -> tuple[Tally, Tally]:
    """Both trackers' chances at Hard's turns in one game (only from ``late`` stock cards
    down, if given), against the cards."""
    rules = preset(rules_name)
    game = Game(rules, players, seed)
    seats = [build("hard" if s == at else opponent, s, rules, players, seed * 31 + s)
             for s in range(players)]
    calibrated = HardPlayer(at, rules, players, seed)
    calibrated.know.calibrated = True
    hard: HardPlayer = seats[at]
    plain, cal = Tally(), Tally()
    fed = 0
    for _ in range(MAX_ACTIONS):
        if game.over:
            break
        tell(seats, game.events[fed:], rules.open_hands)
        for e in game.events[fed:]:
            calibrated.observe(e.for_seat(at, rules.open_hands))
        fed = len(game.events)
        seat = game.to_act
        view = game.view(seat, with_events=False)
        if seat == at:
            asks = [a for a in view.legal if isinstance(a, Ask) and a.suit is None]
            if asks and (late is None or view.stock <= late):
                hard.score_asks(view, asks)
                calibrated.score_asks(view, asks)
                k = hard.know
                for a, p, c in zip(asks, hard.hit_chances(asks), calibrated.hit_chances(asks),
                                   strict=True):
                    if k.minc[a.target][a.rank] or k.lacks(a.target, a.rank):
                        continue  # proved either way: stated as sure or as no chance
                    hit = game.hands[a.target][a.rank] != 0
                    revealed = hard.public.revealed(at, a.rank)
                    plain.add(p, hit, revealed)
                    cal.add(c, hit, revealed)
        game.apply(seats[seat].choose(view))
    if not game.over:
        return Tally(), Tally()  # a loop's asks, over and over: not counted
    return plain, cal


def chunk(args: tuple[str, int, str, list[int], int | None]) -> tuple[Tally, Tally]:
    """A pool worker's share: some deals of one table, Hard in every chair."""
    rules_name, players, opponent, seeds, late = args
    plain, cal = Tally(), Tally()
    for seed in seeds:
        for at in range(players):
            p, c = one_game(rules_name, players, opponent, seed, at, late)
            plain.merge(p)
            cal.merge(c)
    return plain, cal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="deals per table, each "
                        "played with Hard in every chair")
    parser.add_argument("--rules", default="standard,quick")
    parser.add_argument("--players", default="2", help="comma-separated seat counts")
    parser.add_argument("--opponents", default=OPPONENTS)
    parser.add_argument("--seed-start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--late", type=int, metavar="K", help="only Hard's turns with at most "
                        "K cards in the stock")
    parser.add_argument("--tenths", action="store_true", help="also each table's asks by "
                        "stated chance in tenths: how many, stated plain / calibrated, found")
    args = parser.parse_args(argv)
    seeds = list(range(args.seed_start, args.seed_start + args.games))
    tables = [(r, int(n), o) for n in args.players.split(",") for r in args.rules.split(",")
              for o in args.opponents.split(",")]
    print("| seats | rules | opponent | asks | error, plain | error, calibrated | Brier, plain "
          "| Brier, calibrated | asked-for ranks: stated plain / calibrated / found |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    began = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for rules_name, players, opponent in tables:
            work = [(rules_name, players, opponent, seeds[i:i + 10], args.late)
                    for i in range(0, len(seeds), 10)]
            plain, cal = Tally(), Tally()
            for p, c in pool.map(chunk, work):
                plain.merge(p)
                cal.merge(c)
            n, rev = plain.asks, plain.revealed
            shown = (f"{100 * rev[1] / rev[0]:.0f} / {100 * cal.revealed[1] / rev[0]:.0f} / "
                     f"{100 * rev[2] / rev[0]:.0f}%" if rev[0] else "-")
            print(f"| {players} | {rules_name} | {opponent} | {n} | {plain.error():.1f} | "
                  f"{cal.error():.1f} | {plain.brier / max(1, n):.3f} | {cal.brier / max(1, n):.3f} "
                  f"| {shown} |", flush=True)
            if args.tenths:
                for tenth in sorted(plain.buckets):
                    row = plain.buckets[tenth]
                    print(f"|   | plain {tenth / 10:.1f} | | {row[0]:.0f} | stated "
                          f"{100 * row[1] / row[0]:.0f}% | found {100 * row[2] / row[0]:.0f}% "
                          f"| | | |")
    print(f"({time.perf_counter() - began:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
