"""Shared test set-up: a private data directory and a fixed language for every test."""

from __future__ import annotations

import pytest
import textual._wait

# Textual's Pilot waits after every key and pause until the app looks idle: it sleeps in steps of
# SLEEP_GRANULARITY (1/50 s) until a step used under SLEEP_IDLE of CPU. Half of the TUI tests'
# wall time went into those 20 ms steps (117 s of 237 s, measured), so the steps are made four
# times shorter, with the same ratio of CPU to wall time for "idle". A test that must see
# something that happens later (a timer, a call after the next refresh) waits for that condition
# itself, as it had to under load anyway. Pinned in tests/tui/test_textual_private.py.
textual._wait.SLEEP_GRANULARITY = 1 / 200
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20.0


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--slow", action="store_true", help="run the long (slow-marked) tests too")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if config.getoption("--slow"):
        return
    skip = pytest.mark.skip(reason="long run: use --slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    monkeypatch.setenv("GOFISH_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("LANGUAGE", "en")
    from gofish.i18n import set_language

    set_language("en")
    from gofish.tui.cards import set_inks

    set_inks(four_colours=False)  # the deck's inks are module state: an app sets them, a test
    # of the cards alone must not draw with the four colours a previous test's app chose
    from gofish.names import set_ascii

    set_ascii(False)  # --ascii is module state too: a test's app that drew in ASCII must not
    # leave the next test's cards and words in ASCII


@pytest.fixture
def lang(request):
    """The language named by an indirect parametrization, English again afterwards."""
    from gofish.i18n import set_language

    set_language(request.param)
    yield request.param
    set_language("en")
