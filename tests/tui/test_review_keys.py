"""The review of a finished game is one key away: R at game over and in the history."""

from __future__ import annotations

from gofish.engine import Rules
from gofish.store.repo import Store
from gofish.tui.screens.game_over import GameOverScreen
from gofish.tui.screens.history import HistoryScreen
from gofish.tui.screens.review import ReviewScreen

from .helpers import make_app, notices, screen_text
from .test_game_over import SEATS, SIZE, end_by_keys, last_move_by, one_move_from_the_end


async def test_r_at_game_over_reviews_the_game_just_played(tmp_path):
    seed, actions = last_move_by(SEATS, Rules(), 0)
    app = one_move_from_the_end(tmp_path, SEATS, Rules(), seed, actions)
    async with app.run_test(size=SIZE) as pilot:
        await end_by_keys(pilot, actions)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "Review (R)" in screen_text(app)
        game_id = app.session.game_id
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        assert app.screen.review.moves  # the game just played, every move of it
        assert len(app.screen.review.moves) == len(Store(tmp_path / "data").load(game_id).actions) + 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)


async def test_r_in_the_history_reviews_a_finished_game_and_refuses_an_unfinished_one(tmp_path):
    seed, actions = last_move_by(SEATS, Rules(), 0)
    store = Store(tmp_path / "data")
    finished = store.new_game(Rules(), SEATS, seed)
    game = finished.to_game()
    for action in actions:
        game.apply(action)
    with store.lock(finished.id):
        store.save(finished.updated_with(game))
    unfinished = store.new_game(Rules(), SEATS, seed + 1)
    with store.lock(unfinished.id):
        store.save(unfinished)
    app = make_app(tmp_path, None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        for _ in range(2):
            entry = screen.current()
            if entry.id == unfinished.id:
                await pilot.press("r")
                await pilot.pause()
                assert app.screen is screen  # nothing hidden is ever shown
                assert "Only a finished game can be reviewed." in notices(app)
            else:
                assert "R reviews it" in screen_text(app)
            await pilot.press("down")
            await pilot.pause()
        while screen.current().id != finished.id:
            await pilot.press("up")
            await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


async def test_under_pairs_the_review_lists_pairs(tmp_path):
    """The review's table said "books: A" beside a hand under the pairs option."""
    rules = Rules(pairs=True)
    seed, actions = last_move_by(SEATS, rules, 0)
    app = one_move_from_the_end(tmp_path, SEATS, rules, seed, actions)
    async with app.run_test(size=SIZE) as pilot:
        await end_by_keys(pilot, actions)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("end")
        await pilot.pause()
        text = screen_text(app)
        assert "pairs:" in text and "books:" not in text, text
