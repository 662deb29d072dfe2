#!/usr/bin/env python3
"""Mutation testing: does the test folder notice when one spot of the code is wrong?

Each mutant changes one spot of one file (a comparison flipped or moved by one, ``<`` to
``<=``; ``and``/``or`` swapped, a constant off by one, a condition negated, a ``not`` dropped, a
return value dropped, ``+``/``-`` swapped, ``True``/``False`` swapped). The mutated module is written into a private copy of
``src/`` that comes first on PYTHONPATH, so the worktree itself is never changed and a stopped
run leaves nothing behind. A mutant is *killed* when the tests fail (or time out) against it.

    nice -n 15 .venv/bin/python scripts/mutate.py src/gofish/engine/game.py tests/engine
    nice -n 15 .venv/bin/python scripts/mutate.py src/gofish/ai/hard.py tests/ai --sample 40

The sample is a fixed random choice (``--seed``) among every mutant the file has, so two runs
on the same code try the same mutants; ``--list`` prints them all without running anything and
``--only N,M`` reruns chosen ones. A line holding ``# pragma: no mutate`` is never mutated.
Survivors are printed with their line and change: kill each with a test, or say why it is
equivalent (benchmarks/README.md keeps the scores and the explanations).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"

_FLIP = {
    ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}
_EDGE = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt}
_ARITH = {ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
          ast.Div: ast.Mult, ast.Mod: ast.FloorDiv}
_SYMBOL = {ast.Lt: "<", ast.GtE: ">=", ast.Gt: ">", ast.LtE: "<=", ast.Eq: "==",
           ast.NotEq: "!=", ast.In: "in", ast.NotIn: "not in", ast.Is: "is",
           ast.IsNot: "is not", ast.Add: "+", ast.Sub: "-", ast.Mult: "*",
           ast.FloorDiv: "//", ast.Div: "/", ast.Mod: "%", ast.And: "and", ast.Or: "or"}


@dataclass(frozen=True)
class Mutant:
    """One change at one spot: the node's place in a walk of the tree, and what to do there."""

    number: int
    node: int  # index of the node in ast.walk order
    op: str  # flipK, edgeK, boolop, const, negate, not, return, arith, bool
    line: int
    what: str


@dataclass
class Result:
    mutant: Mutant
    killed: bool
    seconds: float
    detail: str


def _docstring_nodes(tree: ast.AST) -> set[int]:
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
    return skip


def _annotation_nodes(tree: ast.AST) -> set[int]:
    """Nodes inside type annotations: changing them changes nothing at run time."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        parts: list[ast.AST | None] = []
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            parts.append(node.returns)
            args = node.args
            for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
                if a is not None:
                    parts.append(a.annotation)
        elif isinstance(node, ast.AnnAssign):
            parts.append(node.annotation)
        for part in parts:
            if part is not None:
                skip.update(id(n) for n in ast.walk(part))
    return skip


def mutants(source: str) -> list[Mutant]:
    """Every mutant of a module, in a fixed order."""
    tree = ast.parse(source)
    lines = source.splitlines()
    skip = _docstring_nodes(tree) | _annotation_nodes(tree)
    found: list[Mutant] = []

    def add(index: int, op: str, node: ast.AST, what: str) -> None:
        line = getattr(node, "lineno", 0)
        if line and "pragma: no mutate" in lines[line - 1]:
            return
        found.append(Mutant(len(found), index, op, line, what))

    for index, node in enumerate(ast.walk(tree)):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Compare):
            for k, o in enumerate(node.ops):
                if type(o) in _FLIP:
                    add(index, f"flip{k}", node,
                        f"{_SYMBOL[type(o)]} -> {_SYMBOL[_FLIP[type(o)]]}")
                if type(o) in _EDGE:
                    add(index, f"edge{k}", node,
                        f"{_SYMBOL[type(o)]} -> {_SYMBOL[_EDGE[type(o)]]}")
        elif isinstance(node, ast.BoolOp):
            other = "or" if isinstance(node.op, ast.And) else "and"
            add(index, "boolop", node, f"{_SYMBOL[type(node.op)]} -> {other}")
        elif isinstance(node, ast.BinOp) and type(node.op) in _ARITH:
            add(index, "arith", node,
                f"{_SYMBOL[type(node.op)]} -> {_SYMBOL[_ARITH[type(node.op)]]}")
        elif isinstance(node, ast.Constant):
            if type(node.value) is bool:
                add(index, "bool", node, f"{node.value} -> {not node.value}")
            elif type(node.value) is int:
                add(index, "const", node, f"{node.value} -> {node.value + 1}")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add(index, "not", node, "not x -> x")
        elif isinstance(node, (ast.If, ast.While, ast.IfExp)):
            add(index, "negate", node, "condition negated")
        elif isinstance(node, ast.Return) and node.value is not None and not (
                isinstance(node.value, ast.Constant) and node.value.value is None):
            add(index, "return", node, "return x -> return None")
    return found


def apply(source: str, mutant: Mutant) -> str:
    """The module's source with one mutant applied (comments and layout are not kept)."""
    tree = ast.parse(source)
    node = next(n for i, n in enumerate(ast.walk(tree)) if i == mutant.node)
    op = mutant.op
    if op.startswith("flip"):
        k = int(op[4:])
        node.ops[k] = _FLIP[type(node.ops[k])]()
    elif op.startswith("edge"):
        k = int(op[4:])
        node.ops[k] = _EDGE[type(node.ops[k])]()
    elif op == "boolop":
        node.op = ast.Or() if isinstance(node.op, ast.And) else ast.And()
    elif op == "arith":
        node.op = _ARITH[type(node.op)]()
    elif op == "bool":
        node.value = not node.value
    elif op == "const":
        node.value = node.value + 1
    elif op == "not":
        _replace(tree, node, node.operand)
    elif op == "negate":
        node.test = ast.UnaryOp(op=ast.Not(), operand=node.test)
    elif op == "return":
        node.value = None
    else:  # pragma: no cover
        raise ValueError(op)
    return ast.unparse(ast.fix_missing_locations(tree)) + "\n"


def _replace(tree: ast.AST, old: ast.AST, new: ast.AST) -> None:
    for parent in ast.walk(tree):
        for field, value in ast.iter_fields(parent):
            if value is old:
                setattr(parent, field, new)
                return
            if isinstance(value, list):
                for i, item in enumerate(value):
                    if item is old:
                        value[i] = new
                        return
    raise ValueError("node not found")  # pragma: no cover


def sample(found: list[Mutant], size: int, seed: int) -> list[Mutant]:
    if size <= 0 or size >= len(found):
        return list(found)
    return sorted(random.Random(seed).sample(found, size), key=lambda m: m.number)


def run_tests(copy_src: Path, tests: list[str], timeout: float,
              extra: list[str]) -> tuple[int | None, str]:
    env = dict(os.environ, PYTHONPATH=str(copy_src), PYTHONDONTWRITEBYTECODE="1")
    cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
           "-p", "no:randomly", *extra, *tests]
    try:
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timeout"
    lines = [ln for ln in done.stdout.splitlines() if ln.strip()]
    return done.returncode, lines[-1] if lines else done.stderr.strip()[-200:]


def _check_copy_is_used(copy_src: Path, module: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(copy_src), PYTHONDONTWRITEBYTECODE="1")
    where = subprocess.run([sys.executable, "-c", f"import {module}; print({module}.__file__)"],
                           env=env, capture_output=True, text=True, cwd=ROOT, check=True)
    if not where.stdout.strip().startswith(str(copy_src)):
        sys.exit(f"the copy is not what Python imports: {where.stdout.strip()}")


def _module_name(target: Path) -> str:
    rel = target.resolve().relative_to(SRC).with_suffix("")
    return ".".join(rel.parts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", help="the source file to mutate (under src/)")
    parser.add_argument("tests", nargs="+", help="test files or folders that guard it")
    parser.add_argument("--sample", type=int, default=40,
                        help="how many mutants to try (0: all; default 40)")
    parser.add_argument("--seed", type=int, default=20, help="which sample (default 20)")
    parser.add_argument("--timeout", type=float, default=0,
                        help="seconds per mutant (default: 3x the clean run, at least 60)")
    parser.add_argument("--only", default="", help="comma-separated mutant numbers to run")
    parser.add_argument("--list", action="store_true", help="list the sample and stop")
    parser.add_argument("--json", default="", help="write the results to this file")
    parser.add_argument("--pytest-arg", action="append", default=[],
                        help="one more argument for pytest (repeatable)")
    args = parser.parse_args(argv)

    target = Path(args.target).resolve()
    source = target.read_text(encoding="utf-8")
    rel = target.relative_to(SRC)
    found = mutants(source)
    if args.only:
        wanted = {int(n) for n in args.only.split(",")}
        chosen = [m for m in found if m.number in wanted]
    else:
        chosen = sample(found, args.sample, args.seed)
    print(f"{rel}: {len(found)} mutants, trying {len(chosen)}", flush=True)
    if args.list:
        for m in chosen:
            print(f"  #{m.number:<4} line {m.line:<4} {m.what}")
        return 0

    with tempfile.TemporaryDirectory(prefix="gofish-mutate-") as tmp:
        copy_src = Path(tmp) / "src"
        shutil.copytree(SRC, copy_src, ignore=shutil.ignore_patterns(
            "__pycache__", "*.egg-info"))
        _check_copy_is_used(copy_src, _module_name(target))
        mutated_path = copy_src / rel
        start = time.monotonic()
        code, detail = run_tests(copy_src, args.tests, 3600, args.pytest_arg)
        clean = time.monotonic() - start
        if code != 0:
            print(f"the tests fail on the unchanged code ({detail}): fix that first")
            return 2
        timeout = args.timeout or max(60.0, 3 * clean)
        print(f"clean run: {clean:.1f}s ({detail}); timeout per mutant {timeout:.0f}s",
              flush=True)
        results: list[Result] = []
        for m in chosen:
            mutated_path.write_text(apply(source, m), encoding="utf-8")
            t0 = time.monotonic()
            code, detail = run_tests(copy_src, args.tests, timeout, args.pytest_arg)
            killed = code != 0
            if code in (2, 3, 4, 5):  # pytest itself failed (import error, usage...)
                detail = f"pytest exit {code}: {detail}"
            results.append(Result(m, killed, time.monotonic() - t0, detail))
            mark = "killed  " if killed else "SURVIVED"
            print(f"  {mark} #{m.number:<4} line {m.line:<4} {m.what:<28} "
                  f"{time.monotonic() - t0:5.1f}s {detail[:60]}", flush=True)
        mutated_path.write_text(source, encoding="utf-8")

    killed = sum(r.killed for r in results)
    print(f"{rel}: {killed} of {len(results)} killed "
          f"({100 * killed / max(1, len(results)):.0f}%)")
    survivors = [r for r in results if not r.killed]
    for r in survivors:
        print(f"  survivor #{r.mutant.number} line {r.mutant.line}: {r.mutant.what}")
    if args.json:
        Path(args.json).write_text(json.dumps(
            {"file": str(rel), "tests": args.tests, "seed": args.seed, "total": len(found),
             "results": [{**asdict(r.mutant), "killed": r.killed, "seconds": r.seconds,
                          "detail": r.detail} for r in results]}, indent=1) + "\n")
    return 0 if not survivors else 1


def iter_all(source: str) -> Iterator[tuple[Mutant, str]]:
    """Every mutant with its mutated source (for tests of this script)."""
    for m in mutants(source):
        yield m, apply(source, m)


if __name__ == "__main__":
    sys.exit(main())
