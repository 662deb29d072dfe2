"""Playouts for Expert's information-set search: a position played to the end of its deal.

Expert samples deals consistent with its seat's view (ai/expert.py) and plays each candidate
ask out in every sampled deal. The playout must be fast (hundreds per decision) and play like
a table of sensible people, since the value of an ask is what follows it. Every seat plays
the same way, from what the table has seen, never from the sampled hands it is not shown:

- a sure hit first: a rank the table knows a seat holds (it asked for it, or was handed it,
  and has not given it up since) that the player holds too;
- otherwise the rank it holds most of, of an opponent that has not just said "Go fish" to it
  (or handed it over) and drawn nothing since; or, for the seats Expert plays "loose" in this
  deal, any rank of its hand that the opponent has not just refused (people who ask a rank
  they hold at random, as a classic program's plain mode does).

The game is a real ``Game`` built with ``Game.from_position`` and advanced through its own
rule methods, so every option (first-out, draw until hit, pairs, matches) plays as at the
table. Only the rank option is played out; under the card option Expert does not search.
"""

from __future__ import annotations

import random
from itertools import compress

from gofish.engine import Game
from gofish.engine.cards import NUM_RANKS, POPCOUNT

_RANKS = range(NUM_RANKS)


def play_out(game: Game, known: list[int], denied: list[int], rng: random.Random,
             max_steps: int = 400, loose: int = 0) -> None:
    """Play ``game`` to the end of its deal (or ``max_steps``). ``known[s]`` and ``denied[s]``
    are rank masks the table knows seat ``s`` holds / has just refused; both are updated.
    Seats in the bit mask ``loose`` ask a random rank of their hand (not one the target has
    just refused) rather than the one they hold most of, when no hit is sure."""
    hands = game.hands
    counts = game.counts
    stock = game.stock
    n = game.players
    others = [tuple(o for o in range(n) if o != s) for s in range(n)]
    random_ = rng.random
    steps = 0
    while not game.deal_over and steps < max_steps:
        steps += 1
        seat = game.turn
        if not counts[seat]:
            game._draw_empty()
            denied[seat] = 0
            known[seat] = 0
            continue
        hand = hands[seat]
        targets = [o for o in others[seat] if counts[o]]
        ranks = list(compress(_RANKS, hand))
        sure = [(t, r) for t in targets if known[t] for r in ranks if known[t] >> r & 1]
        if sure:
            t, r = sure[int(random_() * len(sure))] if len(sure) > 1 else sure[0]
        elif loose >> seat & 1:
            t = targets[0] if len(targets) == 1 else targets[int(random_() * len(targets))]
            open_ = [r for r in ranks if not denied[t] >> r & 1] or ranks
            r = open_[int(random_() * len(open_))]
        else:
            sizes = [POPCOUNT[hand[r]] for r in ranks]
            top = max(sizes)
            most = [r for r, k in zip(ranks, sizes, strict=True) if k == top]
            r = most[int(random_() * len(most))] if len(most) > 1 else most[0]
            if len(targets) == 1:
                t = targets[0]
            else:
                bit = 1 << r
                fresh = [t for t in targets if not denied[t] & bit] or targets
                t = fresh[int(random_() * len(fresh))]
        bit = 1 << r
        left = len(stock)
        game._ask(t, r, None)
        known[t] &= ~bit
        denied[t] |= bit
        if len(stock) != left:
            denied[seat] = 0  # it drew: whatever it refused may be back
        if hand[r]:
            known[seat] |= bit
            denied[seat] &= ~bit
        else:
            known[seat] &= ~bit  # a book: nobody holds the rank any more
            for s in range(n):
                known[s] &= ~bit


def outcome(game: Game, seat: int, margin: float = 0.02) -> float:
    """What the end of a playout is worth to ``seat``: 1 for winning alone, less for a share
    (a shared win is not a win), plus a little for each point of lead, to smooth the mean."""
    scores = list(game.totals) if game.deal_over else list(game.scores())
    me = scores[seat]
    best = max(scores)
    others = max(s for i, s in enumerate(scores) if i != seat)
    share = 0.0 if me < best else (1.0 if scores.count(best) == 1 else 0.4 / scores.count(best))
    return share + margin * (me - others)
