"""Whole games of the line mode in this process, under every preset and the options that change
what is asked (card asks and bluffs, empty hands, matches of several deals, open hands and
pairs): every answer typed is taken, and the game ends."""

from __future__ import annotations

import io

import pytest

from gofish.engine import PRESETS, Rules
from gofish.plain.console import Console
from gofish.plain.start import PlainFront
from gofish.seats import COMPUTER, SeatSpec
from gofish.session import Session
from gofish.store import Store

from .plain_support import Player

RULES = {
    **PRESETS,
    "card-asks": PRESETS["standard"].replace(ask_for="card"),
    "bluffs": PRESETS["standard"].replace(ask_for="card", bluff_asks=True),
    "match": PRESETS["quick"].replace(match_target=8),
    "draw-hand": PRESETS["standard"].replace(empty_hand="draw-hand", draw_until_hit=True),
}


class Robot(io.StringIO):
    """Standard input that answers the prompt last printed, as the seat to act may."""

    def __init__(self, front: PlainFront, out: io.StringIO, seed: int) -> None:
        super().__init__()
        self.front = front
        self.out = out
        self.player = Player(seed=seed)
        self.prompts = 0
        self.asks_at: list[int] = []

    def readline(self, *args) -> str:
        self.prompts += 1
        assert self.prompts < 3000, "the game does not end"
        game = self.front.current
        if game is None:
            return ""  # the game is over: leave
        s = game
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        if "Press Enter" in prompt:  # a hand-over or the next deal
            return "\n"
        if "when you are ready" in prompt:
            return f"{s.to_act + 1}\n"
        record = self.front.store.load(s.game_id)  # as saved after the last answer
        # each answer must have been taken: a prompt again at the same moment is a refusal
        assert not self.asks_at or self.asks_at[-1] < len(record.actions), \
            self.out.getvalue()[-500:]
        self.asks_at.append(len(record.actions))
        return self.player.move(record, s.game) + "\n"


@pytest.mark.parametrize(("name", "humans"), [
    *((name, 1) for name in sorted(RULES)),
    *((name, 2) for name in ("bluffs", "kids", "match")),  # pass and play (open: none)
])
def test_every_rule_set_plays_to_the_end(tmp_path, name: str, humans: int) -> None:
    rules: Rules = RULES[name]
    seats = [SeatSpec(n) for n in ("Ann", "Bob")[:humans]]
    seats += [SeatSpec(n, COMPUTER, "easy") for n in ("Cid", "Dee")[: 3 - humans]]
    store = Store(tmp_path)
    out = io.StringIO()
    front = PlainFront(Console(io.StringIO(), out, clear=False), store)
    robot = Robot(front, out, seed=len(name))
    front.console.stdin = robot
    game = Session.start(store, rules, seats, seed=11)
    front.play(game, resumed=False)
    said = out.getvalue()
    assert game.over, said[-500:]
    assert "Scores: " in said and "Traceback" not in said
    assert robot.asks_at, "no human was ever asked"
    if rules.match_target:
        assert "Press Enter for the next deal" in said
    if rules.open_hands:
        assert " holds the " in said  # the others' hands, face up, in words
