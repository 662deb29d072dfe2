"""A joined seat's game-over screen between two deals of a match: Enter asks the host for the
next deal (the screen asks the app whether it still plays this session, and a joined seat's
app plays its RemoteSession, not a game held here)."""

from __future__ import annotations

import random

from gofish.engine import Game, preset
from gofish.net.client import RemoteSession
from gofish.protocol import wire
from gofish.tui.join_app import joined_app
from gofish.tui.screens.game_over import GameOverScreen


def a_deal_over() -> Game:
    game = Game(preset("quick").replace(match_target=50), 2, seed=4)
    rng = random.Random(1)
    while not game.deal_over:
        game.apply(rng.choice(game.legal_actions()))
    assert not game.over
    return game


async def test_enter_between_deals_asks_the_host_for_the_next(tmp_path) -> None:
    game = a_deal_over()
    app = joined_app("127.0.0.1", 9, "ABCDEF", "Ann", data_dir=str(tmp_path / "ann"))
    sent: list[dict] = []
    s = app.shared.remote
    s.receive(wire.hello(0, game.rules, ("Ann", "Ben"), ("human", "human"), "g1"))
    for e in game.events:
        s.receive(wire.event_message(e.for_seat(0)))
    s.receive(wire.state(game.view(0, with_events=False), len(game.actions)))
    assert s.deal_over and not s.over
    async with app.run_test(size=(80, 24)) as pilot:
        s.send = sent.append  # as if connected
        screen = GameOverScreen(s)
        await app.push_screen(screen)
        await pilot.pause()
        assert app.plays(s) and not app.plays(RemoteSession(None))
        screen.action_next_deal()
        assert sent == [{"type": "action", "action": {"type": "next-deal"}}]
