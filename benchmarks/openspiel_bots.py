"""OpenSpiel's go_fish bots as gauntlet opponents: a program nobody here wrote.

    .venv/bin/pip install open-spiel    # into your own venv: never a dependency of gofish
    .venv/bin/python benchmarks/gauntlet.py --levels hard --opponents openspiel-random,openspiel-mcts

A seat played by OpenSpiel keeps OpenSpiel's own ``go_fish`` state in step with our game: the
deal and every draw are fed to it as its chance outcomes (the ranks our deck dealt), every ask
as its action; the bot chooses on that state, and its ask is played in our game.

- ``openspiel-random``: OpenSpiel's uniform random bot (``open_spiel.python.bots.
  uniform_random``, any legal ask, on numpy's generator: not the same draws as our random
  style, which on the same seed would play the very same games).
- ``openspiel-mcts``: OpenSpiel's MCTS bot (``open_spiel.python.algorithms.mcts``, UCT with
  random rollouts, ``SIMULATIONS`` a move). It searches OpenSpiel's true state, which holds
  both hands (only the stock's order is left to chance): it sees our cards, so it is a
  strong, dishonest opponent, a ceiling rather than a player to beat.

Where its rules differ from ours: OpenSpiel's go_fish knows ranks only (no suits, so no card
option, no pairs); player 0 always plays first (we map it to the seat our game lets play
first); by default it deals 7 cards at two seats and 5 at more (Standard deals 7 up to four:
its ``initial_cards`` is set to ours); it always plays until all 13 books are down unless
``end_on_first_out`` (set here for Quick); a player whose hand is empty draws and then asks (``ask_after_empty_draw``, our
"draw-one"). A lucky draw keeps the turn, a book is laid at once, a miss passes the turn, as in
ours. Where the two states ever disagree (a rule we did not map), the seat plays a random
legal ask for the rest of that game and the harness counts it (``desynced``).
"""

from __future__ import annotations

import random

from gofish.engine import Ask, Game
from gofish.engine import events as ev

SIMULATIONS = 100
KINDS = ("openspiel-random", "openspiel-mcts")
LETTERS = "abcdefghijklm"


def available() -> str | None:
    """None if OpenSpiel can be driven here, else why not."""
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python.algorithms import mcts  # noqa: F401
    except ImportError:
        return ("OpenSpiel is not installed (pip install open-spiel into your own venv; it is "
                "not a dependency of gofish): its bots are skipped")
    return None


class OpenSpielSeat:
    """A seat of our game played by one of OpenSpiel's bots on OpenSpiel's go_fish."""

    desynced = 0  # games, in this process, where OpenSpiel's state fell out of step

    def __init__(self, kind: str, seat: int, game: Game, seed: int) -> None:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import mcts
        from open_spiel.python.bots import uniform_random

        self.seat, self.game, self.kind = seat, game, kind
        params = {"players": game.players,
                  "initial_cards": game.rules.deal_size(game.players)}  # its default deals 5 at 3+
        if game.rules.end == "first-out":
            params["end_on_first_out"] = True
        self.os_game = pyspiel.load_game("go_fish", params)
        self.rng = random.Random(seed)
        rs = np.random.RandomState(seed % 2**32)
        self.bot = (mcts.MCTSBot(self.os_game, 2.0, SIMULATIONS,
                                 mcts.RandomRolloutEvaluator(1, rs), solve=False, random_state=rs)
                    if kind == "openspiel-mcts" else None)
        self.rs, self.uniform = rs, uniform_random.UniformRandomBot
        self.state = None
        self.fed = 0
        self.first = 0
        self.dealt: dict[int, list[int]] = {}
        self.lost = False

    def observe(self, event) -> None:
        pass  # it reads the game itself (OpenSpiel's state holds every hand)

    def _os(self, seat: int) -> int:
        return (seat - self.first) % self.game.players

    def _chance(self, rank: int) -> None:
        if self.state is None or not self.state.is_chance_node():
            raise LookupError("no chance node")
        if rank not in dict(self.state.chance_outcomes()):
            raise LookupError("rank not in the stock")
        self.state.apply_action(rank)

    def _catch_up(self) -> None:
        events = self.game.events
        for e in events[self.fed:]:
            if self.lost:
                break
            try:
                if e.kind == ev.DEAL:
                    self.state, self.first, self.dealt = self.os_game.new_initial_state(), \
                        e.target, {}
                elif e.kind == ev.DEALT:
                    self.dealt[e.seat] = [c >> 2 for c in e.secret]
                    if len(self.dealt) == self.game.players:
                        for s in sorted(self.dealt, key=self._os):
                            for r in self.dealt[s]:
                                self._chance(r)
                elif e.kind == ev.ASK:
                    want = f"{self._os(e.target)}{LETTERS[e.rank]}"
                    player = self.state.current_player()
                    if player != self._os(e.seat):
                        raise LookupError("another player's turn")
                    action = next((a for a in self.state.legal_actions()
                                   if self.state.action_to_string(player, a) == want), None)
                    if action is None:
                        raise LookupError("ask not legal there")
                    self.state.apply_action(action)
                elif e.kind == ev.DREW:
                    for c in e.secret:
                        self._chance(c >> 2)
            except LookupError:
                self.lost = True
                OpenSpielSeat.desynced += 1
        self.fed = len(events)

    def choose(self, view):
        self._catch_up()
        asks = [a for a in view.legal if isinstance(a, Ask)]
        if not asks:
            return view.legal[0]
        s = self.state
        if (self.lost or s is None or s.is_chance_node() or s.is_terminal()
                or s.current_player() != self._os(self.seat)):
            return self.rng.choice(asks)
        if self.bot is None:
            action = self.uniform(s.current_player(), self.rs).step(s)
        else:
            action = self.bot.step(s)
        text = s.action_to_string(s.current_player(), action)
        target = (int(text[0]) + self.first) % self.game.players
        ask = Ask(target, LETTERS.index(text[1]), None)
        return ask if ask in asks else self.rng.choice(asks)
