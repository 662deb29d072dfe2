"""Statistics name every player and every computer level in full (they were cut to 6
characters: "Bartho", and "comput" for every level alike)."""

from __future__ import annotations

import random

from gofish.engine import preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.repo import Store

from .helpers import fixed_clock, make_app, screen_text

LONG = "Bartholomew Fairweat"  # 20 characters, the longest name a seat may have


def finished_games(data_dir, seats, games: int = 2) -> None:
    store = Store(data_dir, clock=fixed_clock)
    for seed in range(games):
        record = store.new_game(preset("quick"), seats, seed)
        game = record.to_game()
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
        with store.lock(record.id):
            store.save(record.updated_with(game, clock=fixed_clock))


SEATS = (SeatSpec(LONG), SeatSpec("Ann"), SeatSpec("Carol", COMPUTER, "easy"),
         SeatSpec("Dave", COMPUTER, "expert"))


async def test_statistics_screen_shows_whole_names_and_levels(tmp_path):
    finished_games(tmp_path / "data", SEATS)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_history()
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        text = screen_text(app)
        assert LONG in text
        assert "computer: easy" in text and "computer: expert" in text
