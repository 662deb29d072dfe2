"""The documents a new user reads: every link leads somewhere, and the rules page is complete."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from gofish.engine.rules import CHOICES, PRESETS, Rules

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
        ROOT / "benchmarks" / "README.md"]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def local_links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return [target for target in LINK.findall(text)
            if not re.match(r"[a-z]+:", target) and not target.startswith("#")]


def test_every_local_link_in_the_documents_leads_to_a_file_of_the_repository() -> None:
    broken = []
    for doc in DOCS:
        for target in local_links(doc):
            resolved = (doc.parent / target.split("#")[0]).resolve()
            if not resolved.is_relative_to(ROOT) or not resolved.exists():
                broken.append(f"{doc.relative_to(ROOT)}: {target}")
    assert not broken, broken


def test_no_document_points_outside_the_repository() -> None:
    # a clone has no ../shared: the rules live in docs/rules.md
    offenders = [str(doc.relative_to(ROOT)) for doc in DOCS
                 if "../shared" in doc.read_text(encoding="utf-8")]
    assert not offenders


def test_the_rules_page_names_every_option_value_and_preset() -> None:
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    missing = [f.name for f in fields(Rules) if f"`{f.name}`" not in text]
    missing += [value for values in CHOICES.values() for value in values if f"`{value}`" not in text]
    missing += [name for name in PRESETS if f"| {name.capitalize()} |" not in text]
    assert not missing, missing
    assert "docs/rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_engine_contract_names_every_event_kind_and_snapshot_field() -> None:
    from gofish.engine import Game, preset
    from gofish.engine import events as ev

    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    missing = [kind for kind in ev.KINDS if f"| `{kind}` |" not in text]
    snapshot = Game(preset("standard"), 2, seed=1).snapshot()
    missing += [key for key in snapshot if f"`{key}`" not in text]
    assert not missing, missing
