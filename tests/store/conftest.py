"""Fixtures for the store tests: a store on a fixed clock in a private folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import Clock

from gofish.store import Store


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def store(data_dir: Path, clock: Clock) -> Store:
    return Store(data_dir, clock=clock)
