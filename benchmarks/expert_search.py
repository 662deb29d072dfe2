"""Expert's search in late positions: playouts per second and the time of a searched decision.

    .venv/bin/python benchmarks/expert_search.py --positions 12

Plays two-seat games of Hard players (Standard and Quick) to their first late decision with
three or more ranks to choose from, then lets a fresh Expert that has seen the same events
decide there. Prints, over the decisions Expert searched, the playouts each, the wall time
(median, max), the playouts per second of wall time and of this process's CPU time, and in
how many of them the search overruled Hard's choice.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gofish.ai import expert, make_player, tell  # noqa: E402
from gofish.engine import Ask, Game, preset  # noqa: E402


def late_position(rules, seed: int) -> tuple[Game, list] | None:
    game = Game(rules, 2, seed)
    seats = [make_player("hard", s, rules, 2, seed + s) for s in range(2)]
    fed = 0
    while not game.over:
        tell(seats, game.events[fed:], rules.open_hands)
        fed = len(game.events)
        view = game.view(game.to_act, with_events=False)
        asks = [a for a in view.legal if isinstance(a, Ask)]
        if view.stock <= expert.LATE_STOCK and len({a.rank for a in asks}) >= 3:
            return game, game.events[:fed]
        game.apply(seats[game.to_act].choose(view))
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=12, help="seeds per rule set")
    args = parser.parse_args(argv)
    playouts, wall, cpu, times, changed = 0, 0.0, 0.0, [], 0
    for name in ("standard", "quick"):
        rules = preset(name)
        for seed in range(args.positions):
            found = late_position(rules, seed)
            if found is None:
                continue
            game, events = found
            seat = game.to_act
            player = make_player("expert", seat, rules, 2, 1)
            hard = make_player("hard", seat, rules, 2, 1)
            for e in events:
                player.observe(e.for_seat(seat))
                hard.observe(e.for_seat(seat))
            t0, c0 = time.perf_counter(), time.process_time()
            chosen = player.choose(game.view(seat, with_events=False))
            dt, dc = time.perf_counter() - t0, time.process_time() - c0
            if player.searched:
                playouts += player.playouts
                wall += dt
                cpu += dc
                times.append(dt)
                changed += chosen != hard.choose(game.view(seat, with_events=False))
    if not times:
        print("no searched decision")
        return 1
    print(f"{len(times)} searched decisions, {playouts / len(times):.0f} playouts each; wall "
          f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms; "
          f"{playouts / wall:,.0f} playouts/s of wall time, {playouts / cpu:,.0f} of CPU time; "
          f"Hard's choice overruled in {changed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
