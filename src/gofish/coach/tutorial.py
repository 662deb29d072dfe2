"""A first game that teaches: a short guided deal from a prepared position.

The position is a real deal of the engine (standard rules, two seats, a fixed seed chosen so
the story holds), so the tutorial needs nothing the engine does not already promise: the same
seed deals the same cards on every machine. In three asks the learner sees a hit and a book,
"Go fish!" and a lucky draw, and "Go fish!" ending the turn. A test replays the story.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gofish.engine import Ask, Game, Rules
from gofish.engine.cards import RANKS
from gofish.i18n import _
from gofish.names import ASK, COUNT, rank_short, rank_word

SEED = 3997  # the learner (seat 0) plays first, holds three kings, Bob the fourth, and so on
RULES = Rules()
LEARNER, BOB = 0, 1
KINGS, EIGHTS, SIXES = 11, 6, 4


@dataclass(frozen=True)
class Step:
    ask: Ask  # the ask the learner is shown how to make
    before: Callable[[], str]  # what to do, in the current language
    after: Callable[[], str]  # what just happened and what it teaches

    @property
    def key(self) -> str:
        """The key that makes the ask ("K", "8"; "0" for tens; "R" for the king in French with
        local letters, as the hand shows it)."""
        return _key(self.ask.rank)

    def takes(self, key: str) -> bool:
        """Whether ``key`` makes this step's ask: its own key, or the rank's English letter
        (the table takes both when local letters are on)."""
        return key.upper() in (self.key.upper(), _key(self.ask.rank, local=False))


def _key(rank: int, *, local: bool = True) -> str:
    if rank == 8:
        return "0"
    return rank_short(rank) if local else RANKS[rank]


STEPS = (
    Step(Ask(BOB, KINGS),
         lambda: _("In Go Fish you collect books: all four cards of a rank. You hold {n} {rank}, "
                   "and you may ask another player for a rank you hold. Ask Bob for them: press "
                   "{key}.").format(n=3, rank=rank_word(KINGS, 3, COUNT), key=_key(KINGS)),
         lambda: _("Bob had one, and had to give it to you. Four of a rank make a book: it is "
                   "laid down and scores a point. You found cards, so you ask again.")),
    Step(Ask(BOB, EIGHTS),
         lambda: _("Now ask Bob for {rank}: press {key}.").format(
             rank=rank_word(EIGHTS, role=ASK), key=_key(EIGHTS)),
         lambda: _("Bob had none and said “Go fish!”, so you drew the top card of the stock. "
                   "It was what you asked for: a lucky draw! You show it and ask again.")),
    Step(Ask(BOB, SIXES),
         lambda: _("Ask Bob for {rank}: press {key}.").format(
             rank=rank_word(SIXES, role=ASK), key=_key(SIXES)),
         lambda: _("“Go fish!” again. This time the card you drew was not what you asked for, "
                   "so the turn passes to Bob.")),
)


def closing() -> str:
    return _("That is Go Fish: ask, fish, and make books. When every book is down, the player "
             "with the most books wins. Press N to set up a game of your own, or Enter to "
             "finish.")


def tutorial_game() -> Game:
    return Game(RULES, 2, SEED)
