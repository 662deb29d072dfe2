"""Snapshots of every screen at 80x24 (the table also at 120x36 and in ASCII mode).

Seeds and the clock are fixed, cursors do not blink, and times show in UTC. The scenes are
shared with scripts/screenshots.py. Plain ``def`` tests, as pytest-textual-snapshot wants.
"""

from __future__ import annotations

import time

import pytest

from .scenes import SCENES, Scene


@pytest.fixture(autouse=True)
def _utc(monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ")
    time.tzset()


@pytest.mark.parametrize("scene", SCENES, ids=[s.name for s in SCENES])
def test_screen(snap_compare, tmp_path, scene: Scene):
    assert snap_compare(scene.make(tmp_path), terminal_size=scene.size,
                        run_before=scene.run_before)
