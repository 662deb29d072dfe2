"""A rigged deal: chosen hands and the stock's next cards, so each test reads as a story."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gofish.engine import Game, Rules, parse_card
from gofish.engine import game as game_module


def rigged(monkeypatch: pytest.MonkeyPatch, hands: list[str], draws: str = "",
           rules: Rules | None = None, keep: bool = False) -> Game:
    """Seat 0 plays first; ``hands`` are card codes ("7h 7s Kd"), one string a seat, of one
    size; ``draws`` the stock's next cards, in the order they will be drawn. ``keep``: every
    game made with these rules, players and seed during the test is dealt the same (replays)."""
    cards = [[parse_card(c) for c in h.split()] for h in hands]
    n, size = len(cards), len(cards[0])
    rules = replace(rules or Rules(), deal="fixed", deal_fixed=size, first_player="random-dealer")
    seed = next(s for s in range(200) if Game(rules, n, s).dealer == n - 1)
    nxt = [parse_card(c) for c in draws.split()]
    used = {c for h in cards for c in h} | set(nxt)
    assert len(used) == n * size + len(nxt), "a card twice"
    rest = [c for c in range(52) if c not in used]
    dealt = [cards[i][j] for j in range(size) for i in range(n)]  # seat i gets dealt[i::n]
    deck = rest + nxt[::-1] + dealt[::-1]

    def arranged(rng, d: list[int]) -> None:
        d[:] = deck

    monkeypatch.setattr(game_module, "_shuffle", arranged)
    game = Game(rules, n, seed)
    if not keep:
        monkeypatch.undo()
    for s in range(n):
        assert sorted(game.hand_cards(s)) == sorted(cards[s]) or game.books[s]
    return game


def finish(game: Game, seed: int = 0) -> Game:
    """Play the game out with the Medium player at every seat."""
    from gofish.ai import make_player

    rules, n = game.rules, game.players
    players = [make_player("medium", s, rules, n, seed + s) for s in range(n)]
    for e in game.events:
        for s, p in enumerate(players):
            p.observe(e.for_seat(s, rules.open_hands))
    fed = len(game.events)
    while not game.over:
        view = game.view(game.to_act, with_events=False)
        game.apply(players[game.to_act].choose(view))
        for e in game.events[fed:]:
            for s, p in enumerate(players):
                p.observe(e.for_seat(s, rules.open_hands))
        fed = len(game.events)
    return game
