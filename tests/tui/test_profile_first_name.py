"""A profile's first setup seats the player under the profile's name (``--profile dora``:
Dora), not the setup's default Alice; what the setup remembers afterwards wins, as before."""

from __future__ import annotations

import pytest
from textual.widgets import Input

from gofish.engine import PRESETS
from gofish.front.choice import (
    SetupChoice,
    default_choice,
    profile_seat_name,
    write_last_setup,
)
from gofish.seats import COMPUTER, SeatSpec
from gofish.store import Store

from .helpers import make_app


@pytest.mark.parametrize(("profile", "name"), [
    ("alice", "Alice"), ("dora", "Dora"), ("jean_paul", "Jean Paul"),
    ("mary-jane", "Mary-Jane"), ("DJ", "DJ"), ("McKay", "McKay"), ("bob2", "Bob2"),
    ("x_", "X"), ("a" * 32, "A" + "a" * 19), (None, None)])
def test_a_profile_name_as_a_seat_name(profile, name) -> None:
    assert profile_seat_name(profile) == name
    if name is not None:
        SeatSpec(name).validate()  # a seat may be called so


def test_the_default_setup_takes_the_profile_name_and_keeps_the_computer_apart() -> None:
    assert [s.name for s in default_choice().seats] == ["Alice", "Bob"]
    assert [s.name for s in default_choice("dora").seats] == ["Dora", "Bob"]
    # the profile bob plays Bob: the computer is not called Bob too
    bob = default_choice("bob").seats
    assert [(s.name, s.kind) for s in bob] == [("Bob", "human"), ("Alice", COMPUTER)]


async def test_a_profile_first_setup_seats_its_name_then_remembers(tmp_path) -> None:
    app = make_app(tmp_path, None, profile="dora")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "Dora"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None
        assert [s.name for s in app.session.seats] == ["Dora", "Bob"]


async def test_a_remembered_setup_wins_over_the_profile_name(tmp_path) -> None:
    store = Store(str(tmp_path / "data"), profile="dora")
    write_last_setup(store.root, SetupChoice((SeatSpec("Zed"), SeatSpec("Kim", COMPUTER,
                                                                           "easy")),
                                             PRESETS["standard"], None))
    app = make_app(tmp_path, None, profile="dora")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "Zed"


async def test_without_a_profile_the_first_seat_is_alice(tmp_path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "Alice"
