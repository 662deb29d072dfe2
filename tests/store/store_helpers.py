"""Helpers for the store tests: a clock that moves on, and games played to any length."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from gofish.engine import Game, Rules, preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.store import SavedGame, Store

START = datetime(2026, 11, 29, 19, 5, 12, tzinfo=UTC)


class Clock:
    """A clock that moves one second each time it is read, so every save has its own time."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


SEATS = (SeatSpec("Ann"), SeatSpec("Bob", COMPUTER, "easy"), SeatSpec("Zoë"))


def play(store: Store | None = None, rules: Rules | None = None,
         seats: tuple[SeatSpec, ...] = SEATS, seed: int = 7, steps: int | None = None,
         clock: Callable[[], datetime] | None = None, every: bool = False,
         ) -> tuple[SavedGame, Game]:
    """A record after ``steps`` random legal actions (to the end if None). With a store it is
    saved at the start and the end, or (``every``) after each action as the session does."""
    rules = rules or preset("standard")
    clock = clock or (store.clock if store is not None else Clock())
    if store is not None:
        record = store.new_game(rules, seats, seed)
    else:
        record = SavedGame.new(rules, seats, seed, clock=clock)
    game = Game(rules, len(seats), seed)
    rng = random.Random(seed)
    if store is not None:
        with store.lock(record.id):
            store.save(record)
            while not game.over and (steps is None or len(game.actions) < steps):
                game.apply(rng.choice(game.legal_actions()))
                if every:
                    record = record.updated_with(game, clock=clock)
                    store.save(record)
            record = record.updated_with(game, clock=clock)
            store.save(record)
        return record, game
    while not game.over and (steps is None or len(game.actions) < steps):
        game.apply(rng.choice(game.legal_actions()))
    return record.updated_with(game, clock=clock), game
