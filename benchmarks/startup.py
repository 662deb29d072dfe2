"""Start-up benchmark: how long `gofish --version`, `gofish bot` and `gofish rules --path` take,
from the process starting to its exit, beside a bare interpreter and an interpreter that only
imports argparse (the floor any command line pays).

    .venv/bin/python benchmarks/startup.py [--runs 21] [--against OTHER/bin/python]
                                           [--first-frame N]

Each run is a fresh process through the installed `gofish` script; the commands alternate so
machine noise hits them alike, and medians are reported with the CPU time the children used (a
busy machine raises the wall time more than the CPU time). `gofish bot` is given a hello, which
it answers with "ready" once its computer player is made, then a bye. `gofish play --help` is what plain
`gofish` does before it imports the app (the language, the settings, the parser and the command
modules it loads). `--against` times the same commands of another installation in the same
runs (say, a venv of an earlier commit). `--first-frame N` also times N launches to the first
frame against a minimal Textual app, with benchmarks/tui.py's launch.

`python -X importtime -c 'import sys; sys.argv[1:] = ["bot"]; from gofish.cli import main; main()'`
says where the time goes.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# a hello (answered with "ready": the computer player is made) and a bye
HELLO = ('{"type": "hello", "protocol": 1, "rules": {}, "players": 2, "seat": 1, "seed": 2}\n'
         '{"type": "bye"}\n')
GOFISH_COMMANDS: dict[str, tuple[list[str], str | None]] = {
    "gofish --version": (["--version"], None),
    "gofish bot --level expert": (["bot", "--level", "expert"], HELLO),
    "gofish rules --path": (["rules", "--path"], None),
    "gofish play --help": (["play", "--help"], None),
}


def commands(python: str, label: str) -> dict[str, tuple[list[str], str | None]]:
    gofish = str(Path(python).parent / "gofish")
    return {f"{name}{label}": ([gofish, *args], stdin)
            for name, (args, stdin) in GOFISH_COMMANDS.items()}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def once(argv: list[str], stdin: str | None, env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds of one run."""
    cpu = children_cpu()
    start = time.perf_counter()
    subprocess.run(argv, input=stdin, env=env, capture_output=True, text=True, check=True)
    return time.perf_counter() - start, children_cpu() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--against", metavar="PYTHON",
                        help="another installation's python: its gofish is timed in the same runs")
    parser.add_argument("--first-frame", type=int, default=0, metavar="N",
                        help="also time N launches to the first frame (benchmarks/tui.py's)")
    args = parser.parse_args()
    # with PYTHONDONTWRITEBYTECODE set, a module edited since its .pyc was written is compiled
    # again at every start (tens of ms): the children write their caches as a user's would
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory() as data_dir:
        env = dict(os.environ, GOFISH_DATA_DIR=data_dir)
        table = {"python -c pass": ([sys.executable, "-c", "pass"], None),
                 "python -c 'import argparse'": ([sys.executable, "-c", "import argparse"], None),
                 **commands(sys.executable, "")}
        if args.against:
            table.update(commands(args.against, " (against)"))
        wall: dict[str, list[float]] = {name: [] for name in table}
        cpu: dict[str, list[float]] = {name: [] for name in table}
        for argv, stdin in table.values():  # warm the file cache
            once(argv, stdin, env)
        for _ in range(args.runs):
            for name, (argv, stdin) in table.items():
                w, c = once(argv, stdin, env)
                wall[name].append(w)
                cpu[name].append(c)
        print(f"start to exit, median of {args.runs} (load {os.getloadavg()[0]:.1f}):")
        for name in table:
            print(f"  {name:40} {statistics.median(wall[name]) * 1000:6.0f} ms wall"
                  f"  {statistics.median(cpu[name]) * 1000:6.0f} ms CPU")
        if args.first_frame:
            sys.path.insert(0, str(Path(__file__).parent))
            from tui import launch

            frames: dict[str, list[float]] = {"minimal": [], "gofish": []}
            launch("minimal", data_dir)
            launch("gofish", data_dir)
            for _ in range(args.first_frame):
                for kind in frames:
                    frames[kind].append(launch(kind, data_dir)["elapsed"])
            first = {k: statistics.median(v) for k, v in frames.items()}
            print(f"launch to first frame, median of {args.first_frame}:"
                  f" minimal {first['minimal'] * 1000:.0f} ms, gofish {first['gofish'] * 1000:.0f}"
                  f" ms, ratio {first['gofish'] / first['minimal']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
