"""Random-play speed of the engine, side by side with OpenSpiel's C++ ``go_fish``.

Both sides play whole games with uniformly random legal actions, timed in the same run and
interleaved round by round (ours, then OpenSpiel, for each seat count), so a busy machine slows
both alike. Ours is ``Game(preset("standard"), k, seed, record=False).play_randomly(rng)``: the
same rules code the table uses, without events. OpenSpiel is ``pyspiel.load_game("go_fish",
{"players": k})`` driven from Python: chance nodes sampled by their probabilities, player
nodes by ``rng.choice(state.legal_actions())``.

OpenSpiel lives in its own venv (benchmarks/.venv-openspiel), never in the package's: this
script creates it with ``pip install open-spiel`` the first time, then runs a worker there
that answers over a pipe.

    .venv/bin/python benchmarks/engine.py                 # 2, 4, 6 seats, 7 rounds
    .venv/bin/python benchmarks/engine.py --rounds 3 --games 500 --no-openspiel

Only the standard library is imported at the top: the worker runs this file in the OpenSpiel
venv, where gofish is not installed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OPENSPIEL_VENV = HERE / ".venv-openspiel"


# ---------------------------------------------------------------- the two loops


def time_gofish(seats: int, games: int, seed: int) -> tuple[float, int]:
    """Seconds for ``games`` random games under Standard, and the actions they took."""
    from gofish.engine import Game, preset

    rules = preset("standard")
    rng = random.Random(seed)
    base = seed * 1_000_003
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        actions += Game(rules, seats, base + i, record=False).play_randomly(rng)
    return time.perf_counter() - start, actions


def time_openspiel(seats: int, games: int, seed: int) -> tuple[float, int]:
    """The same for OpenSpiel's go_fish (run inside the OpenSpiel venv)."""
    import pyspiel  # type: ignore[import-not-found]

    game = pyspiel.load_game("go_fish", {"players": seats})
    rng = random.Random(seed)
    rand = rng.random
    choice = rng.choice
    actions = 0
    start = time.perf_counter()
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
    return time.perf_counter() - start, actions


def worker() -> int:
    """Answer "seats games seed" lines with a JSON line of seconds and actions."""
    import pyspiel  # type: ignore[import-not-found]  # noqa: F401  (fail early if missing)

    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        seats, games, seed = (int(x) for x in line.split())
        seconds, actions = time_openspiel(seats, games, seed)
        print(json.dumps({"seconds": seconds, "actions": actions}), flush=True)
    return 0


# ---------------------------------------------------------------- the OpenSpiel venv


def openspiel_python() -> Path:
    return OPENSPIEL_VENV / "bin" / "python"


def ensure_openspiel() -> Path | None:
    """Create the OpenSpiel venv if needed; None (with a note) if it cannot be had."""
    python = openspiel_python()
    if not python.exists():
        print(f"creating {OPENSPIEL_VENV} (pip install open-spiel) ...", file=sys.stderr)
        base = getattr(sys, "_base_executable", sys.executable)
        made = subprocess.run([base, "-m", "venv", str(OPENSPIEL_VENV)])
        if made.returncode != 0:
            print("could not create the OpenSpiel venv", file=sys.stderr)
            return None
        # keep the venv out of git without touching the repository's .gitignore
        (OPENSPIEL_VENV / ".gitignore").write_text("*\n")
    check = subprocess.run([str(python), "-c", "import pyspiel"], capture_output=True)
    if check.returncode != 0:
        pip = subprocess.run([str(python), "-m", "pip", "install", "-q", "open-spiel"])
        if pip.returncode != 0:
            print("pip install open-spiel failed: OpenSpiel figures skipped", file=sys.stderr)
            return None
    return python


class OpenSpielWorker:
    """This file, run by the OpenSpiel venv's Python, kept alive across measurements."""

    def __init__(self, python: Path) -> None:
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        self.proc = subprocess.Popen(
            [str(python), str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )
        self._read()

    def _read(self) -> dict:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the OpenSpiel worker stopped")
        return json.loads(line)

    def time(self, seats: int, games: int, seed: int) -> tuple[float, int]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{seats} {games} {seed}\n")
        self.proc.stdin.flush()
        reply = self._read()
        return reply["seconds"], reply["actions"]

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


# ---------------------------------------------------------------- the run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", default="2,4,6", help="seat counts, comma separated")
    parser.add_argument("--games", type=int, default=2000, help="games per measurement")
    parser.add_argument("--rounds", type=int, default=7, help="measurements per side; medians")
    parser.add_argument("--no-openspiel", action="store_true", help="time the engine alone")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        return worker()

    seat_counts = [int(s) for s in args.seats.split(",")]
    spiel: OpenSpielWorker | None = None
    if not args.no_openspiel:
        python = ensure_openspiel()
        if python is not None:
            spiel = OpenSpielWorker(python)

    ours: dict[int, list[float]] = {k: [] for k in seat_counts}
    theirs: dict[int, list[float]] = {k: [] for k in seat_counts}
    steps: dict[int, tuple[float, float]] = {}
    try:
        time_gofish(2, 200, 0)  # warm up imports and caches
        for rnd in range(args.rounds):
            for k in seat_counts:
                seconds, actions = time_gofish(k, args.games, rnd + 1)
                ours[k].append(args.games / seconds)
                our_actions = actions / args.games
                their_actions = float("nan")
                if spiel is not None:
                    seconds, actions = spiel.time(k, args.games, rnd + 1)
                    theirs[k].append(args.games / seconds)
                    their_actions = actions / args.games
                steps[k] = (our_actions, their_actions)
            print(f"round {rnd + 1}/{args.rounds} done", file=sys.stderr)
    finally:
        if spiel is not None:
            spiel.close()

    rows = []
    for k in seat_counts:
        row = {
            "seats": k,
            "gofish_games_per_s": statistics.median(ours[k]),
            "gofish_actions_per_game": steps[k][0],
        }
        if theirs[k]:
            row["openspiel_games_per_s"] = statistics.median(theirs[k])
            row["openspiel_actions_per_game"] = steps[k][1]
            row["ratio"] = row["gofish_games_per_s"] / row["openspiel_games_per_s"]
            # the ratio within each round, where both sides met the same machine load
            row["ratio_median_of_rounds"] = statistics.median(
                a / b for a, b in zip(ours[k], theirs[k], strict=True)
            )
            # the rules differ a little (OpenSpiel deals 5 cards to 3-4 players where Standard
            # deals 7), so games differ in length: the same ratio counted in actions
            row["ratio_per_action"] = row["ratio"] * steps[k][0] / steps[k][1]
        rows.append(row)

    if args.json:
        print(json.dumps({"games": args.games, "rounds": args.rounds, "rows": rows}, indent=2))
        return 0
    print(f"Standard rules, uniformly random play; {args.games} games per measurement, "
          f"median of {args.rounds} rounds; Python {sys.version.split()[0]}")
    print(f"{'seats':>5} {'gofish g/s':>11} {'OpenSpiel g/s':>14} {'ratio':>6} "
          f"{'(per round)':>11} {'(per action)':>12} {'actions/game':>14}")
    for row in rows:
        def cell(key: str, spec: str, row: dict = row) -> str:
            return "-" if key not in row else format(row[key], spec)

        print(f"{row['seats']:>5} {cell('gofish_games_per_s', ',.0f'):>11} "
              f"{cell('openspiel_games_per_s', ',.0f'):>14} {cell('ratio', '.2f'):>6} "
              f"{cell('ratio_median_of_rounds', '.2f'):>11} "
              f"{cell('ratio_per_action', '.2f'):>12} "
              f"{cell('gofish_actions_per_game', '.1f'):>6} / "
              f"{cell('openspiel_actions_per_game', '.1f'):<5}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
