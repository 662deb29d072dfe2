"""What knowing the cards is worth: Hard that sees the other hands from K stock cards down.

    .venv/bin/python benchmarks/seer.py --rules quick --opponents rememberer --seeds 200 \\
        --from 6,12,52

Not a player (it is handed the game), a yardstick: from ``K`` stock cards down (52: all deal
long) it asks for a rank an opponent holds, one that would lay a book first, else the rank it
holds most of; before that it is Hard. Each deal is played in every seating against the
opponent (``--players 4``: three of it), and Hard itself on the same deals is the baseline.
Ties count as not won.
Seeds from 100,000 (fitting seeds; nothing is fitted here).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from compare import build, finish, interval  # noqa: E402

from gofish.ai.hard import HardPlayer  # noqa: E402
from gofish.engine import Ask, Game, SeatView, preset  # noqa: E402
from gofish.engine.cards import POPCOUNT  # noqa: E402


class Seer(HardPlayer):
    """Hard, handed the game: from ``since`` stock cards down it asks what it can see."""

    game: Game
    since = 52

    def pick(self, view: SeatView, asks: list[Ask]) -> Ask:
        if view.stock > self.since:
            return super().pick(view, asks)
        hands = self.game.hands
        mine = hands[self.seat]
        hits = [a for a in asks if hands[a.target][a.rank]]
        if hits:
            return max(hits, key=lambda a: (POPCOUNT[mine[a.rank] | hands[a.target][a.rank]]
                                            >= self.rules.book_size,
                                            POPCOUNT[hands[a.target][a.rank]]))
        return max(asks, key=lambda a: POPCOUNT[mine[a.rank]])


def play(rules_name: str, opponent: str, seed: int, at: int, since: int | None,
         players: int = 2) -> float:
    """1 if the player at ``at`` (the seer, or Hard when ``since`` is None) wins alone."""
    rules = preset(rules_name)
    game = Game(rules, players, seed)
    seats = [build("hard" if s == at else opponent, s, rules, players, seed * 31 + s)
             for s in range(players)]
    if since is not None:
        seer = Seer(at, rules, players, seed * 31 + at)
        seer.game, seer.since = game, since
        seats[at] = seer
    finish(game, seats)
    return 1.0 if game.winners == (at,) else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="quick")
    parser.add_argument("--opponents", default="rememberer")
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--seed-start", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--from", dest="since", default="6,12,52",
                        help="comma-separated K: see the other hands from K stock cards down")
    args = parser.parse_args(argv)
    seeds = range(args.seed_start, args.seed_start + args.seeds)
    for rules_name in args.rules.split(","):
        for opponent in args.opponents.split(","):
            n = args.players
            base = [sum(play(rules_name, opponent, s, at, None, n) for at in range(n)) / n
                    for s in seeds]
            print(f"{rules_name} against {opponent}: Hard {100 * statistics.mean(base):.1f}%")
            for since in (int(k) for k in args.since.split(",")):
                got = [sum(play(rules_name, opponent, s, at, since, n) for at in range(n)) / n
                       for s in seeds]
                diff = [x - y for x, y in zip(got, base, strict=True)]
                print(f"  seeing from {since} stock cards down: {100 * statistics.mean(got):.1f}%"
                      f" ({100 * statistics.mean(diff):+.1f} ±{100 * interval(diff):.1f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
