"""scripts/mutate.py: each mutant is one real change that still compiles; the sample is fixed."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("mutate", ROOT / "scripts" / "mutate.py")
mutate = importlib.util.module_from_spec(spec)
sys.modules["mutate"] = mutate  # dataclasses look their module up there
spec.loader.exec_module(mutate)

SOURCE = '''
def f(x: int, ys: list[int]) -> int:
    """A docstring is never mutated."""
    if x < 3 and ys:
        return x + 1
    while not ys:
        ys.append(x)
    return -1 if x in ys else x * 2  # and this line is kept: pragma: no mutate
'''


def test_every_mutant_compiles_and_changes_one_thing():
    found = mutate.mutants(SOURCE)
    plain = ast.unparse(ast.parse(SOURCE))
    kinds = {m.what for m in found}
    assert {"< -> >=", "< -> <=", "and -> or", "+ -> -", "3 -> 4", "1 -> 2",
            "not x -> x", "condition negated", "return x -> return None"} <= kinds
    assert all(m.line != 8 for m in found)  # the pragma line
    assert not any("docstring" in m.what for m in found)
    seen = set()
    for m in found:
        changed = mutate.apply(SOURCE, m)
        compile(changed, "mutant", "exec")
        assert changed.strip() != plain.strip(), m
        seen.add(changed)
    assert len(seen) == len(found)  # no two mutants are the same program


def test_the_sample_is_fixed_by_its_seed():
    source = (ROOT / "src" / "gofish" / "engine" / "game.py").read_text()
    found = mutate.mutants(source)
    assert len(found) > 100
    a, b = mutate.sample(found, 40, 20), mutate.sample(found, 40, 20)
    assert a == b and len(a) == 40 and a != mutate.sample(found, 40, 21)
