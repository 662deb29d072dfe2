"""The game: state, legal actions, applying an action, the end and the score.

One implementation of the rules serves the table, the computer players, replays and the
benchmark: a game built with ``record=False`` skips only the events, not any rule.
"""

from __future__ import annotations

import random
from typing import Any

from . import events as ev
from .actions import Action, Ask, Draw, IllegalAction, NextDeal, action_from_json
from .cards import (
    DECK_SIZE,
    FULL,
    MASK_SUITS,
    NUM_RANKS,
    POPCOUNT,
    RANK_VALUES,
    RANKS,
    SUITS,
    card_code,
    mask_cards,
)
from .events import Event
from .rules import Rules, RulesError

# A match that never reaches its target (nobody scores, deal after deal) still ends.
MAX_DEALS = 50


class Game:
    """A game of one deal, or a match of several deals up to ``rules.match_target``."""

    def __init__(self, rules: Rules, players: int, seed: int, *, record: bool = True) -> None:
        rules.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError("seed", f"expected a whole number, got {seed!r}")
        self.rules = rules
        self.players = players
        self.seed = seed
        self.record = record
        self.actions: list[Action] = []
        self.events: list[Event] = []
        self.totals = [0] * players
        self.deal_history: list[tuple[int, ...]] = []  # scores of each finished deal
        self.deal = -1
        self.dealer = -1
        self.deal_over = False
        self.over = False
        self.winners: tuple[int, ...] = ()
        self._rng = random.Random(seed)
        self._book_size = rules.book_size
        self._card_mode = rules.ask_for == "card"
        self._first_out = rules.end == "first-out"
        self._start_deal()

    # ------------------------------------------------------------------ setup

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _start_deal(self) -> None:
        n = self.players
        rng = self._rng
        self.deal += 1
        self.deal_over = False
        self.hands = [[0] * NUM_RANKS for _ in range(n)]
        self.counts = [0] * n
        self.books: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.out = [False] * n
        if self.deal == 0:
            mode = self.rules.first_player
            if mode == "random":
                first = rng.randrange(n)
                dealer = (first - 1) % n
            elif mode == "lowest-card-deals":
                dealer = self._choose_dealer()
                first = (dealer + 1) % n
            else:
                dealer = rng.randrange(n)
                first = (dealer + 1) % n
        else:
            dealer = (self.dealer + 1) % n
            first = (dealer + 1) % n
        self.dealer = dealer
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        hands = self.hands
        size = self.rules.deal_size(n)
        order = [(dealer + k) % n for k in range(1, n + 1)]
        for _ in range(size):
            for seat in order:
                c = deck.pop()
                hands[seat][c >> 2] |= 1 << (c & 3)
        for seat in range(n):
            self.counts[seat] = size
        self.stock = deck
        if self.record:
            self._emit(Event(ev.DEAL, seat=dealer, target=first, deal=self.deal))
            for seat in order:
                self._emit(Event(ev.DEALT, seat=seat, count=size, secret=self.hand_cards(seat)))
        for seat in order:
            for rank in range(NUM_RANKS):
                if hands[seat][rank]:
                    self._check_book(seat, rank)
        self.turn = first
        if self.record:
            self._emit(Event(ev.TURN, seat=first))
        self._settle(None)

    def _choose_dealer(self) -> int:
        """Each player turns up a card; the lowest deals (ace high, two low); ties turn again."""
        deck = list(range(DECK_SIZE))
        self._rng.shuffle(deck)
        contenders = list(range(self.players))
        while True:
            shown = {}
            for seat in contenders:
                c = deck.pop()
                shown[seat] = c >> 2
                if self.record:
                    self._emit(Event(ev.DEALER_CARD, seat=seat, cards=(c,), rank=c >> 2))
            low = min(shown.values())
            contenders = [s for s in contenders if shown[s] == low]
            if len(contenders) == 1:
                return contenders[0]

    # ------------------------------------------------------------------ queries

    def hand_cards(self, seat: int) -> tuple[int, ...]:
        return tuple(c for r, m in enumerate(self.hands[seat]) for c in mask_cards(r, m))

    def next_seat(self, seat: int) -> int:
        n = self.players
        out = self.out
        for k in range(1, n + 1):
            s = (seat + k) % n
            if not out[s]:
                return s
        return seat

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or None when the game is over."""
        if self.over:
            return None
        if self.deal_over:
            return (self.dealer + 1) % self.players
        return self.turn

    def deal_scores(self) -> tuple[int, ...]:
        if self.rules.scoring == "card-value":
            return tuple(sum(RANK_VALUES[r] for r, _ in b) for b in self.books)
        return tuple(len(b) for b in self.books)

    def scores(self) -> tuple[int, ...]:
        """Match totals (for a single deal, that deal's score), counting the deal in play."""
        if self.deal_over or self.over:
            return tuple(self.totals)
        current = self.deal_scores()
        return tuple(t + c for t, c in zip(self.totals, current, strict=True))

    def _asks(self) -> list[tuple[int, int, int | None]]:
        seat = self.turn
        hand = self.hands[seat]
        counts = self.counts
        targets = [o for o in range(self.players) if o != seat and counts[o]]
        ranks = [r for r in range(NUM_RANKS) if hand[r]]
        if not self._card_mode:
            return [(t, r, None) for t in targets for r in ranks]
        bluff = self.rules.bluff_asks
        return [
            (t, r, s)
            for t in targets
            for r in ranks
            for s in range(4)
            if bluff or not hand[r] >> s & 1
        ]

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.deal_over:
            return [NextDeal()]
        if not self.counts[self.turn]:
            return [Draw()]
        return [Ask(t, r, s) for t, r, s in self._asks()]

    def check(self, action: Action) -> None:
        """Raise IllegalAction with the reason if ``action`` is not allowed now."""
        if self.over:
            raise IllegalAction("the game is over")
        if isinstance(action, NextDeal):
            if not self.deal_over:
                raise IllegalAction("the deal is not over")
            return
        if self.deal_over:
            raise IllegalAction("the deal is over: start the next deal")
        seat = self.turn
        if isinstance(action, Draw):
            if self.counts[seat]:
                raise IllegalAction("you may draw only when your hand is empty")
            return
        if not isinstance(action, Ask):
            raise IllegalAction(f"not an action: {action!r}")
        if not self.counts[seat]:
            raise IllegalAction("your hand is empty: draw from the stock")
        t, r, s = action.target, action.rank, action.suit
        if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < self.players:
            raise IllegalAction(f"no seat {t!r}")
        if t == seat:
            raise IllegalAction("you cannot ask yourself")
        if not self.counts[t]:
            raise IllegalAction(f"seat {t} has no cards to ask for")
        if isinstance(r, bool) or not isinstance(r, int) or not 0 <= r < NUM_RANKS:
            raise IllegalAction(f"no rank {r!r}")
        if not self.hands[seat][r]:
            raise IllegalAction(f"you must hold a {RANKS[r]} to ask for one")
        if self._card_mode:
            if s is None or isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < 4:
                raise IllegalAction("ask for one card: name its suit")
            if not self.rules.bluff_asks and self.hands[seat][r] >> s & 1:
                raise IllegalAction(f"you already hold the {RANKS[r]}{SUITS[s]}")
        elif s is not None:
            raise IllegalAction("ask for a rank, not a card, under these rules")

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action and return the events it caused (full, unfiltered)."""
        self.check(action)
        start = len(self.events)
        self.actions.append(action)
        if isinstance(action, Ask):
            self._ask(action.target, action.rank, action.suit)
        elif isinstance(action, Draw):
            self._draw_empty()
        else:
            self._start_deal()
        return self.events[start:]

    def _check_book(self, seat: int, rank: int) -> None:
        hand = self.hands[seat]
        m = hand[rank]
        if self._book_size == 4:
            if m != FULL:
                return
            laid = [FULL]
            hand[rank] = 0
        else:
            laid = []
            while POPCOUNT[m] >= 2:
                low = m & -m
                pair = low | ((m ^ low) & -(m ^ low))
                m ^= pair
                laid.append(pair)
            if not laid:
                return
            hand[rank] = m
        for mask in laid:
            self.counts[seat] -= self._book_size
            self.books[seat].append((rank, mask))
            if self.record:
                self._emit(Event(ev.BOOK, seat=seat, rank=rank, cards=mask_cards(rank, mask)))

    def _ask(self, target: int, rank: int, suit: int | None) -> None:
        seat = self.turn
        hands = self.hands
        record = self.record
        theirs = hands[target][rank]
        got = theirs if suit is None else theirs & (1 << suit)
        if record:
            self._emit(Event(ev.ASK, seat=seat, target=target, rank=rank,
                             suit=-1 if suit is None else suit))
        if got:
            hands[target][rank] = theirs ^ got
            n = POPCOUNT[got]
            self.counts[target] -= n
            hands[seat][rank] |= got
            self.counts[seat] += n
            if record:
                self._emit(Event(ev.GAVE, seat=seat, target=target, rank=rank,
                                 count=n, cards=mask_cards(rank, got)))
            self._check_book(seat, rank)
            self._settle(None)
            return
        rules = self.rules
        stock = self.stock
        if not stock:
            if record:
                self._emit(Event(ev.NO_STOCK, seat=seat, target=target, rank=rank))
            to_asked = rules.empty_stock == "asked-plays" or rules.after_miss == "asked-player"
            self._settle(target if to_asked else self.next_seat(seat))
            return
        if record:
            self._emit(Event(ev.GO_FISH, seat=seat, target=target, rank=rank))
        wanted = rank * 4 + suit if suit is not None else -1
        hand = hands[seat]
        drawn = []
        hit = False
        until = rules.draw_until_hit
        while stock:
            c = stock.pop()
            hand[c >> 2] |= 1 << (c & 3)
            drawn.append(c)
            hit = c == wanted if suit is not None else c >> 2 == rank
            if hit or not until:
                break
        self.counts[seat] += len(drawn)
        lucky = hit and rules.lucky_draw
        if record:
            self._emit(Event(ev.DREW, seat=seat, count=len(drawn), secret=tuple(drawn)))
            if lucky:
                self._emit(Event(ev.LUCKY, seat=seat, rank=rank, cards=(drawn[-1],)))
        for r in {c >> 2 for c in drawn}:
            self._check_book(seat, r)
        if lucky:
            self._settle(None)
        else:
            self._settle(target if rules.after_miss == "asked-player" else self.next_seat(seat))

    def _draw_empty(self) -> None:
        seat = self.turn
        stock = self.stock
        k = 1 if self.rules.empty_hand == "draw-one" else min(5, len(stock))
        drawn = [stock.pop() for _ in range(k)]
        hand = self.hands[seat]
        for c in drawn:
            hand[c >> 2] |= 1 << (c & 3)
        self.counts[seat] += k
        if self.record:
            self._emit(Event(ev.DREW, seat=seat, count=k, secret=tuple(drawn)))
        for r in {c >> 2 for c in drawn}:
            self._check_book(seat, r)
        self._settle(None)

    def _settle(self, pass_to: int | None) -> None:
        """End the deal if it is over, else hand the turn to the seat that can act."""
        counts = self.counts
        n = self.players
        record = self.record
        if self._first_out:
            if not self.stock or 0 in counts:
                self._end_deal()
                return
        elif not self.stock:
            out = self.out
            for s in range(n):
                if not out[s] and not counts[s]:
                    out[s] = True
                    if record:
                        self._emit(Event(ev.OUT, seat=s))
            if all(out):
                self._end_deal()
                return
        if pass_to is not None:
            self.turn = pass_to
            if record:
                self._emit(Event(ev.TURN, seat=pass_to))
        while True:
            seat = self.turn
            if self.out[seat]:
                self.turn = self.next_seat(seat)
                if record:
                    self._emit(Event(ev.TURN, seat=self.turn))
                continue
            if not counts[seat]:
                return  # an empty hand draws (all-books only; the stock is not empty here)
            for o in range(n):
                if o != seat and counts[o]:
                    return
            if record:
                self._emit(Event(ev.PASS, seat=seat))
            self.turn = self.next_seat(seat)
            if record:
                self._emit(Event(ev.TURN, seat=self.turn))

    def _end_deal(self) -> None:
        scores = self.deal_scores()
        self.deal_history.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self.deal_over = True
        target = self.rules.match_target
        match_done = (
            not target or max(self.totals) >= target or len(self.deal_history) >= MAX_DEALS
        )
        if target and self.record:
            self._emit(Event(ev.DEAL_OVER, deal=self.deal, scores=scores))
        if match_done:
            self.over = True
            best = max(self.totals)
            self.winners = tuple(s for s in range(self.players) if self.totals[s] == best)
            if self.record:
                self._emit(Event(ev.GAME_OVER, deal=self.deal, scores=tuple(self.totals),
                                 winners=self.winners))

    # ------------------------------------------------------------------ views, replay, JSON

    def view(self, seat: int, *, with_events: bool = True) -> SeatView:
        from .view import make_view

        return make_view(self, seat, with_events=with_events)

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON, to check a replay against."""
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": [[card_code(c) for c in self.hand_cards(s)] for s in range(self.players)],
            "stock": [card_code(c) for c in self.stock],
            "books": [
                [[card_code(c) for c in mask_cards(r, m)] for r, m in b] for b in self.books
            ],
            "out": list(self.out),
            "totals": list(self.totals),
            "deal_over": self.deal_over,
            "over": self.over,
            "winners": list(self.winners),
            "actions": len(self.actions),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "players": self.players,
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def replay(
        cls, rules: Rules, players: int, seed: int, actions: list[Action], *, record: bool = True
    ) -> Game:
        """Rebuild a game from its beginning; an illegal action raises IllegalAction naming it."""
        game = cls(rules, players, seed, record=record)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as e:
                raise IllegalAction(f"action {i + 1} is not legal: {e}") from None
        return game

    @classmethod
    def from_json(cls, data: Any, *, record: bool = True) -> Game:
        if not isinstance(data, dict):
            raise ValueError("a game must be a JSON object")
        for key in ("rules", "players", "seed", "actions"):
            if key not in data:
                raise ValueError(f"missing field: {key}")
        if not isinstance(data["actions"], list):
            raise ValueError("actions: expected a list")
        actions = []
        for i, a in enumerate(data["actions"]):
            try:
                actions.append(action_from_json(a))
            except IllegalAction as e:
                raise IllegalAction(f"action {i + 1} is not legal: {e}") from None
        return cls.replay(Rules.from_json(data["rules"]), data["players"], data["seed"], actions,
                          record=record)

    # ------------------------------------------------------------------ fast random play

    def play_randomly(self, rng: random.Random, max_actions: int = 100_000) -> int:
        """Play uniformly random legal actions to the end; returns the number of actions.

        Samples from the same legal set as ``legal_actions`` and applies through the same rule
        methods, skipping only the Action objects and the legality re-check.
        """
        steps = 0
        choice = rng.choice
        randrange = rng.randrange
        card_mode = self._card_mode
        while not self.over and steps < max_actions:
            steps += 1
            if self.deal_over:
                self.actions.append(NextDeal())
                self._start_deal()
                continue
            seat = self.turn
            if not self.counts[seat]:
                self.actions.append(Draw())
                self._draw_empty()
                continue
            if card_mode:
                t, r, s = choice(self._asks())
            else:
                counts = self.counts
                targets = [o for o in range(self.players) if o != seat and counts[o]]
                hand = self.hands[seat]
                ranks = [r for r in range(NUM_RANKS) if hand[r]]
                t = targets[randrange(len(targets))] if len(targets) > 1 else targets[0]
                r = ranks[randrange(len(ranks))]
                s = None
            self.actions.append(Ask(t, r, s))
            self._ask(t, r, s)
        return steps


def cards_in_play(game: Game) -> list[int]:
    """Every card in a hand, the stock or a book: always the 52, each once."""
    cards = [c for s in range(game.players) for c in game.hand_cards(s)]
    cards += game.stock
    cards += [c for b in game.books for r, m in b for c in mask_cards(r, m)]
    return cards


__all__ = ["Game", "MAX_DEALS", "cards_in_play", "MASK_SUITS"]

from .view import SeatView  # noqa: E402  (the view module needs Game for type hints only)
