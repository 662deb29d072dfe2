"""Random-play speed of the engine, side by side with OpenSpiel's C++ ``go_fish``.

Three loops play whole games with uniformly random legal actions, timed in the same run and
interleaved round by round (for each seat count: ours twice, then OpenSpiel), so a busy machine
slows all of them alike. One game is everything from a new game to its end:

- **public**: ``game = Game(preset("standard"), k, seed)``, then ``game.apply(rng.choice(
  game.legal_actions()))`` until ``game.over``: the path the table, the host, the bot and the
  saves use (every event built, every action checked).
- **fast**: ``Game(preset("standard"), k, seed, record=False).play_randomly(rng)``: the same
  rules code without events or the legality re-check, as ``gofish simulate`` and Expert's
  playouts use it.
- **OpenSpiel**: ``state = pyspiel.load_game("go_fish", {"players": k}).new_initial_state()``,
  then until ``state.is_terminal()``: a chance node (a card dealt or drawn) is sampled by its
  probabilities from ``state.chance_outcomes()``, a player node takes
  ``rng.choice(state.legal_actions())``; each is applied with ``state.apply_action``.

Every loop builds its game from nothing and draws from its own seeded ``random.Random``, so a
run is the same games each time. OpenSpiel is not a dependency of gofish: install it into the
venv (``.venv/bin/pip install open-spiel``); without it the script says so and times gofish
alone.

    .venv/bin/python benchmarks/engine.py                 # 2, 4, 6 seats, 7 rounds
    .venv/bin/python benchmarks/engine.py --rounds 3 --games 500 --no-openspiel
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from gofish.engine import Game, preset

RULES = preset("standard")
Timer = Callable[[int, int, int], tuple[float, int]]


# ---------------------------------------------------------------- the three loops


def time_public(seats: int, games: int, seed: int) -> tuple[float, int]:
    """Seconds for ``games`` random games through legal_actions() and apply(), and the
    actions they took."""
    rng = random.Random(seed)
    choice = rng.choice
    base = seed * 1_000_003
    actions = 0
    start = time.process_time()
    for i in range(games):
        game = Game(RULES, seats, base + i)
        while not game.over:
            game.apply(choice(game.legal_actions()))
        actions += len(game.actions)
    return time.process_time() - start, actions


def time_fast(seats: int, games: int, seed: int) -> tuple[float, int]:
    """The same through the fast path (no events, no re-check)."""
    rng = random.Random(seed)
    base = seed * 1_000_003
    actions = 0
    start = time.process_time()
    for i in range(games):
        actions += Game(RULES, seats, base + i, record=False).play_randomly(rng)
    return time.process_time() - start, actions


def openspiel_timer() -> Timer | None:
    """OpenSpiel's loop, or None when pyspiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # not a dependency
    except ImportError:
        return None

    def time_openspiel(seats: int, games: int, seed: int) -> tuple[float, int]:
        game = pyspiel.load_game("go_fish", {"players": seats})
        rng = random.Random(seed)
        rand = rng.random
        choice = rng.choice
        actions = 0
        start = time.process_time()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    x = rand()
                    total = 0.0
                    action = outcomes[-1][0]
                    for a, p in outcomes:
                        total += p
                        if x < total:
                            action = a
                            break
                    state.apply_action(action)
                else:
                    state.apply_action(choice(state.legal_actions()))
                    actions += 1
        return time.process_time() - start, actions

    return time_openspiel


# ---------------------------------------------------------------- the run


def measure(seat_counts: list[int], games: int, rounds: int,
            spiel: Timer | None) -> list[dict[str, Any]]:
    loops: dict[str, Timer] = {"public": time_public, "fast": time_fast}
    if spiel is not None:
        loops["openspiel"] = spiel
    rates: dict[tuple[str, int], list[float]] = {(n, k): [] for n in loops for k in seat_counts}
    lengths: dict[tuple[str, int], float] = {}
    for k in seat_counts:  # warm up: imports, the engine's tables, OpenSpiel's library
        for loop in loops.values():
            loop(k, max(games // 4, 50), 0)
    for rnd in range(rounds):
        for k in seat_counts:
            for name, loop in loops.items():
                seconds, actions = loop(k, games, rnd + 1)
                rates[name, k].append(games / seconds)
                lengths[name, k] = actions / games
        print(f"round {rnd + 1}/{rounds} done", file=sys.stderr)
    rows = []
    for k in seat_counts:
        row: dict[str, Any] = {"seats": k}
        for name in loops:
            row[f"{name}_games_per_s"] = statistics.median(rates[name, k])
            row[f"{name}_actions_per_game"] = lengths[name, k]
        if spiel is not None:
            for name in ("public", "fast"):
                # the ratio within each round, where both sides met the same machine load
                row[f"{name}_ratio"] = statistics.median(
                    a / b for a, b in zip(rates[name, k], rates["openspiel", k], strict=True))
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", default="2,4,6", help="seat counts, comma separated")
    parser.add_argument("--games", type=int, default=2000, help="games per measurement")
    parser.add_argument("--rounds", type=int, default=7, help="measurements per loop; medians")
    parser.add_argument("--no-openspiel", action="store_true", help="time the engine alone")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    seat_counts = [int(s) for s in args.seats.split(",")]
    spiel = None if args.no_openspiel else openspiel_timer()
    if spiel is None and not args.no_openspiel:
        print("OpenSpiel is not installed (.venv/bin/pip install open-spiel): "
              "timing gofish alone, with no ratio", file=sys.stderr)
    rows = measure(seat_counts, args.games, args.rounds, spiel)

    if args.json:
        print(json.dumps({"games": args.games, "rounds": args.rounds, "rows": rows}, indent=2))
        return 0
    print(f"Standard rules, uniformly random play; {args.games} games per measurement, "
          f"median of {args.rounds} rounds; Python {platform.python_version()}, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'seats':>5} {'public g/s':>11} {'fast g/s':>9} {'OpenSpiel g/s':>14} "
          f"{'public x':>9} {'fast x':>7} {'actions/game (public / OpenSpiel)':>35}")
    for row in rows:
        def cell(key: str, spec: str, row: dict[str, Any] = row) -> str:
            return "-" if key not in row else format(row[key], spec)

        actions = (f"{cell('public_actions_per_game', '.1f')} / "
                   f"{cell('openspiel_actions_per_game', '.1f')}")
        print(f"{row['seats']:>5} {cell('public_games_per_s', ',.0f'):>11} "
              f"{cell('fast_games_per_s', ',.0f'):>9} "
              f"{cell('openspiel_games_per_s', ',.0f'):>14} "
              f"{cell('public_ratio', '.2f'):>9} {cell('fast_ratio', '.2f'):>7} {actions:>35}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
