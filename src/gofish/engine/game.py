"""The game: state, legal actions, applying an action, the end and the score.

One implementation of the rules serves the table, the computer players, replays and the
benchmark: a game built with ``record=False`` skips only the events, not any rule.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import chain, compress, repeat
from operator import and_, getitem
from typing import Any

from gofish.i18n import _

from . import events as ev
from .actions import (
    ASK_CARD,
    ASK_RANK,
    DRAW,
    NEXT_DEAL,
    Action,
    Ask,
    Draw,
    IllegalAction,
    NextDeal,
    action_from_json,
)
from .cards import (
    DECK_SIZE,
    FULL,
    MASK_SUITS,
    NUM_RANKS,
    POPCOUNT,
    RANKS,
    SUITS,
    card_code,
    mask_cards,
)
from .events import Event
from .rules import MAX_DEALS, Rules, RulesError
from .view import PublicView, SeatView

# per table size, seat and target, the shared rank asks that seat may make of that target
# (a row of None for itself): ``apply`` finds an ask there by identity, which proves it an ask
# for a rank (no suit) by exact ints in range, of another seat
_RANK_ASKS = {
    n: tuple(tuple(ASK_RANK[t] if t != s else (None,) * NUM_RANKS for t in range(n))
             for s in range(n))
    for n in range(2, 7)
}
# the cards of each (rank, suit mask), and each card's code: views and snapshots read them often
_MASK_CARDS = tuple(tuple(mask_cards(r, m) for m in range(16)) for r in range(NUM_RANKS))
_CODES = tuple(card_code(c) for c in range(DECK_SIZE))
_RANK_RANGE = range(NUM_RANKS)
_RANK_BITS = tuple(1 << r for r in _RANK_RANGE)
_SUIT_BIT = tuple(1 << (c & 3) for c in range(DECK_SIZE))  # each card's bit in its rank's mask
# the ranks in each 13-bit mask of ranks held, in order (filled as masks turn up)
_RANKS_OF: list[tuple[int, ...] | None] = [None] * (1 << NUM_RANKS)
# per target, the rank asks of it for each mask of ranks held (filled as masks turn up)
_ASKS_BY_HELD: tuple[list[tuple[Ask, ...] | None], ...] = tuple(
    [None] * (1 << NUM_RANKS) for _ in range(6))

# per table size and seat, the tables above of its opponents, in order
_ASK_TABLES = {n: tuple(tuple(_ASKS_BY_HELD[t] for t in range(n) if t != s) for s in range(n))
               for n in range(2, 7)}
# per table size, the asks of every opponent from their tables: written out, with no loop
_Tables = tuple[list[tuple[Ask, ...] | None], ...]
_LIST_ASKS: dict[int, Callable[[_Tables, int], list[Action]]] = {
    2: lambda t, h: [*t[0][h]],  # type: ignore[misc]
    3: lambda t, h: [*t[0][h], *t[1][h]],  # type: ignore[misc]
    4: lambda t, h: [*t[0][h], *t[1][h], *t[2][h]],  # type: ignore[misc]
    5: lambda t, h: [*t[0][h], *t[1][h], *t[2][h], *t[3][h]],  # type: ignore[misc]
    6: lambda t, h: [*t[0][h], *t[1][h], *t[2][h], *t[3][h], *t[4][h]],  # type: ignore[misc]
}


def _ranks_of(held: int) -> tuple[int, ...]:
    """The ranks in the mask ``held``, kept for next time."""
    ranks = _RANKS_OF[held] = tuple(compress(_RANK_RANGE, map(and_, _RANK_BITS, repeat(held))))
    return ranks


def _list_asks_of(held: int) -> None:
    """Keep every target's asks for the ranks in ``held``."""
    ranks = _RANKS_OF[held] or _ranks_of(held)
    for t, asks in enumerate(_ASKS_BY_HELD):
        asks[held] = tuple(map(ASK_RANK[t].__getitem__, ranks))


def _asked(seat: int, target: int, rank: int, suit: int | None) -> Event:
    if suit is None:
        return _ASK_EVENT[seat][target][rank]
    return _new(Event, (ev.ASK, seat, target, rank, suit, 0, (), (), 0, (), ()))


def _held_of(hand: list[int]) -> int:
    """The mask of ranks a hand (a mask of suits per rank) holds."""
    return sum(compress(_RANK_BITS, hand))


# Events are immutable too, so the common ones of the rank option are built once and shared:
# an ask, a Go fish, a one-card draw, a lucky draw, a turn. The others are built as tuples
# (``_new``), the way ``Event(...)`` builds them but without a Python call for the defaults.
_new = tuple.__new__
_ASK_EVENT = tuple(tuple(tuple(_new(Event, (ev.ASK, s, t, r, -1, 0, (), (), 0, (), ()))
                               for r in range(NUM_RANKS)) for t in range(6)) for s in range(6))


def _then(kind: str) -> tuple[tuple[tuple[tuple[Event, Event], ...], ...], ...]:
    """Per seat, target and rank: a rank ask, and the ``kind`` of event that answers it."""
    return tuple(tuple(tuple((_ASK_EVENT[s][t][r],
                              _new(Event, (kind, s, t, r, -1, 0, (), (), 0, (), ())))
                             for r in range(NUM_RANKS)) for t in range(6)) for s in range(6))


_GO_FISH_EVENTS = _then(ev.GO_FISH)
_NO_STOCK_EVENTS = _then(ev.NO_STOCK)
_DREW_EVENT = tuple(tuple(_new(Event, (ev.DREW, s, -1, -1, -1, 1, (), (c,), 0, (), ()))
                          for c in range(DECK_SIZE)) for s in range(6))
_LUCKY_EVENT = tuple(tuple(_new(Event, (ev.LUCKY, s, -1, c >> 2, -1, 0, (c,), (), 0, (), ()))
                           for c in range(DECK_SIZE)) for s in range(6))
_BOOK_EVENT = tuple(tuple(_new(Event, (ev.BOOK, s, -1, r, -1, 0, _MASK_CARDS[r][FULL], (), 0, (), ()))
                          for r in range(NUM_RANKS)) for s in range(6))
_TURN_EVENT = tuple(_new(Event, (ev.TURN, s, -1, -1, -1, 0, (), (), 0, (), ())) for s in range(6))
# the other seats of each seat, per table size: the usual targets when every hand holds cards
_OTHERS = {
    n: tuple(tuple(o for o in range(n) if o != s) for s in range(n)) for n in range(2, 7)
}
# the deck before shuffling, and the steps of the shuffle: position, bound, bits drawn
_DECK = list(range(DECK_SIZE))
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(DECK_SIZE - 1, 0, -1))
# the order cards are dealt in, starting left of each possible dealer
_DEAL_ORDER = {
    n: tuple(tuple((dealer + k) % n for k in range(1, n + 1)) for dealer in range(n))
    for n in range(2, 7)
}


def _shuffle(rng: random.Random, deck: list[int]) -> None:
    """``rng.shuffle(deck)`` of the 52 cards (same draws, same order), without a call per card.

    Saved games rebuild their deal from the seed, so this must stay equal to Python's
    shuffle as of 3.11 (Fisher-Yates over ``_randbelow_with_getrandbits``); a test checks it.
    """
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]


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
        self._laid_before = [0] * players  # books each seat laid in the finished deals
        self.deal = -1
        self.dealer = -1
        self.deal_over = False
        self.over = False
        self.winners: tuple[int, ...] = ()
        self._rng = random.Random(seed)
        self._read_rules(rules, players)
        self._start_deal()

    def _read_rules(self, rules: Rules, players: int) -> None:
        """The rules as plain flags, read on every step (a new game and a position alike)."""
        self._book_size = rules.book_size
        self._card_mode = rules.ask_for == "card"
        self._first_out = rules.end == "first-out"
        self._lucky = rules.lucky_draw
        self._until_hit = rules.draw_until_hit
        self._miss_to_asked = rules.after_miss == "asked-player"
        self._no_stock_to_asked = self._miss_to_asked or rules.empty_stock == "asked-plays"
        self._left = tuple((s + 1) % players for s in range(players))
        # the rank asks apply may take without the full check: none under the card option,
        # and none while a deal is over (_start_deal and _end_deal set it)
        self._rank_asks: tuple[tuple[tuple[Ask | None, ...], ...], ...] = ()
        self._ask_tables = _ASK_TABLES[players]
        self._list_asks = _LIST_ASKS[players]

    # ------------------------------------------------------------------ setup

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _start_deal(self) -> None:
        n = self.players
        rng = self._rng
        if self.deal >= 0:
            self._laid_before = self.books_laid()
        self.deal += 1
        self.deal_over = False
        if not self._card_mode:
            self._rank_asks = _RANK_ASKS[n]
        self.hands = hands = [[0] * NUM_RANKS for _ in range(n)]
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
        deck = _DECK[:]
        _shuffle(rng, deck)
        size = self.rules.deal_size(n)
        order = _DEAL_ORDER[n][dealer]
        # one card at a time from the top (the end of the list), starting left of the dealer
        cut = DECK_SIZE - size * n
        dealt = deck[cut:]
        dealt.reverse()
        del deck[cut:]
        record = self.record
        if record:
            self.events.append(_new(Event, (ev.DEAL, dealer, first, -1, -1, 0, (), (), self.deal,
                                            (), ())))
        for i, seat in enumerate(order):
            hand = hands[seat]
            cards = dealt[i::n]
            for c in cards:
                hand[c >> 2] |= _SUIT_BIT[c]
            if record:  # its hand, sorted by rank then suit as hand_cards gives it
                cards.sort()
                self.events.append(_new(Event, (ev.DEALT, seat, -1, -1, -1, size, (),
                                                tuple(cards), 0, (), ())))
        self.counts = [size] * n
        self._held = [_held_of(h) for h in hands]
        self.stock = deck
        book_size = self._book_size
        for seat in order:
            hand = hands[seat]
            if book_size == 4 and FULL not in hand:
                continue
            for rank in _RANK_RANGE:
                if POPCOUNT[hand[rank]] >= book_size:
                    self._check_book(seat, rank)
        self.turn = first
        if record:
            self.events.append(_TURN_EVENT[first])
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
        return tuple(chain.from_iterable(map(getitem, _MASK_CARDS, self.hands[seat])))

    def next_seat(self, seat: int) -> int:
        n = self.players
        out = self.out
        s = seat + 1
        if s == n:
            s = 0
        if not out[s]:
            return s
        for k in range(2, n + 1):
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
        points = self.rules.points
        return tuple(points(r for r, _ in b) for b in self.books)

    def books_laid(self) -> list[int]:
        """The books (or pairs) each seat has laid, over every deal of a match."""
        return [before + len(b) for before, b in zip(self._laid_before, self.books, strict=True)]

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
        targets = [o for o in _OTHERS[self.players][seat] if counts[o]]
        ranks = list(compress(_RANK_RANGE, hand))
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
        """What the seat to act may do: asks by target, then rank, then suit; a draw; the
        next deal; nothing once the game is over."""
        counts = self.counts
        seat = self.turn
        if self._rank_asks and counts[seat]:
            # the usual case: the asks for the ranks held, of each opponent holding cards
            held = self._held[seat]
            try:
                if 0 not in counts:
                    return self._list_asks(self._ask_tables[seat], held)
                asks: list[Action] = []
                for t in _OTHERS[self.players][seat]:
                    if counts[t]:
                        asks += _ASKS_BY_HELD[t][held]  # type: ignore[arg-type]
                return asks
            except TypeError:  # ranks held never seen before (None in the tables)
                _list_asks_of(held)
                return self.legal_actions()
        if self.over:
            return []
        if self.deal_over:
            return [NEXT_DEAL]
        if not counts[seat]:
            return [DRAW]
        return [ASK_CARD[t][r][s] for t, r, s in self._asks()]  # type: ignore[index]

    def check(self, action: Action) -> None:
        """Raise IllegalAction with the reason if ``action`` is not allowed now."""
        if self.over:
            raise IllegalAction(_("the game is over"))
        if not isinstance(action, Ask):
            if isinstance(action, NextDeal):
                if not self.deal_over:
                    raise IllegalAction(_("the deal is not over"))
                return
            if self.deal_over:
                raise IllegalAction(_("the deal is over: start the next deal"))
            if isinstance(action, Draw):
                if self.counts[self.turn]:
                    raise IllegalAction(_("you may draw only when your hand is empty"))
                return
            raise IllegalAction(_("not an action: {action}").format(action=repr(action)))
        if self.deal_over:
            raise IllegalAction(_("the deal is over: start the next deal"))
        seat = self.turn
        counts = self.counts
        if not counts[seat]:
            raise IllegalAction(_("your hand is empty: draw from the stock"))
        t, r, s = action.target, action.rank, action.suit
        # exact ints first (the usual case); bool is an int but never a seat, rank or suit
        if type(t) is not int and (isinstance(t, bool) or not isinstance(t, int)):
            raise IllegalAction(_("no seat {seat}").format(seat=repr(t)))
        if not 0 <= t < self.players:
            raise IllegalAction(_("no seat {seat}").format(seat=repr(t)))
        if t == seat:
            raise IllegalAction(_("you cannot ask yourself"))
        if not counts[t]:
            raise IllegalAction(_("seat {seat} has no cards to ask for").format(seat=t))
        if type(r) is not int and (isinstance(r, bool) or not isinstance(r, int)):
            raise IllegalAction(_("no rank {rank}").format(rank=repr(r)))
        if not 0 <= r < NUM_RANKS:
            raise IllegalAction(_("no rank {rank}").format(rank=repr(r)))
        held = self.hands[seat][r]
        if not held:
            raise IllegalAction(_("you must hold a {rank} to ask for one").format(rank=RANKS[r]))
        if self._card_mode:
            if s is None or type(s) is not int and (isinstance(s, bool)
                                                    or not isinstance(s, int)):
                raise IllegalAction(_("ask for one card: name its suit"))
            if not 0 <= s < 4:
                raise IllegalAction(_("ask for one card: name its suit"))
            if not self.rules.bluff_asks and held >> s & 1:
                raise IllegalAction(_("you already hold the {card}").format(card=RANKS[r] + SUITS[s]))
        elif s is not None:
            raise IllegalAction(_("ask for a rank, not a card, under these rules"))

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action and return the events it caused (full, unfiltered)."""
        start = len(self.events)
        if type(action) is Ask:
            # the usual case, checked here in full (``check`` says why anything else is not
            # allowed): a shared rank ask of another seat (see _RANK_ASKS), while a deal is in
            # play under the rank option, of an opponent holding cards, for a rank held
            t = action.target
            r = action.rank
            seat = self.turn
            try:
                ok = self._rank_asks[seat][t][r] is action and self.counts[t] and self.hands[seat][r]
            except (IndexError, TypeError):
                ok = False
            if ok:
                self.actions.append(action)
                self._ask(t, r, None)
                return self.events[start:]
        self.check(action)
        self.actions.append(action)
        if isinstance(action, Ask):
            self._ask(action.target, action.rank, action.suit)
        elif isinstance(action, Draw):
            self._draw_empty()
        else:
            self._start_deal()
        return self.events[start:]

    def _check_book(self, seat: int, rank: int) -> None:
        """Lay the book (or, under pairs, the pairs) of ``rank`` that ``seat`` holds, if any."""
        hand = self.hands[seat]
        m = hand[rank]
        if self._book_size == 4:
            if m == FULL:
                hand[rank] = 0
                self._held[seat] ^= 1 << rank
                self.counts[seat] -= 4
                self.books[seat].append((rank, FULL))
                if self.record:
                    self.events.append(_BOOK_EVENT[seat][rank])
            return
        laid = []
        while POPCOUNT[m] >= 2:
            low = m & -m
            pair = low | ((m ^ low) & -(m ^ low))
            m ^= pair
            laid.append(pair)
        if not laid:
            return
        hand[rank] = m
        if not m:
            self._held[seat] ^= 1 << rank
        for mask in laid:
            self.counts[seat] -= 2
            self.books[seat].append((rank, mask))
            if self.record:
                self.events.append(_new(Event, (ev.BOOK, seat, -1, rank, -1, 0,
                                                _MASK_CARDS[rank][mask], (), 0, (), ())))

    def _ask(self, target: int, rank: int, suit: int | None) -> None:
        """The seat to act asks ``target`` for ``rank`` (or one suit of it): the catch, or Go
        fish and the draw, any book, and whose turn it is then.

        The usual outcomes settle here, in a few steps, and leave the rest to ``_settle``: a
        catch that empties no hand keeps the turn; a miss while the stock lasts and the asker
        holds cards (so nobody goes out, passes or ends the deal) passes it on, or keeps it on
        a lucky draw. Events are appended a few at a time, shared where they can be.
        """
        seat = self.turn
        hands = self.hands
        counts = self.counts
        theirs = hands[target][rank]
        got = theirs if suit is None else theirs & 1 << suit
        if got:
            if got == theirs:
                hands[target][rank] = 0
                self._held[target] ^= 1 << rank
            else:
                hands[target][rank] = theirs ^ got
            n = POPCOUNT[got]
            counts[target] -= n
            counts[seat] += n
            hand = hands[seat]
            m = hand[rank] = hand[rank] | got
            if self.record:
                self.events += (_asked(seat, target, rank, suit),
                                _new(Event, (ev.GAVE, seat, target, rank, -1, n,
                                             _MASK_CARDS[rank][got], (), 0, (), ())))
            if POPCOUNT[m] >= self._book_size:
                self._check_book(seat, rank)
            if not counts[target] or not counts[seat]:
                self._settle(None)
            return
        stock = self.stock
        record = self.record
        if not stock:
            if record:
                self.events += (_NO_STOCK_EVENTS[seat][target][rank] if suit is None else
                                (_asked(seat, target, rank, suit),
                                 _NO_STOCK_EVENTS[seat][target][rank][1]))
            to = target if self._no_stock_to_asked else self._left[seat]
            if not self.out[to]:  # nothing moved: the turn passes
                self.turn = to
                if record:
                    self.events.append(_TURN_EVENT[to])
                return
            self._settle(to if self._no_stock_to_asked else self.next_seat(seat))
            return
        c = stock.pop()
        if self._until_hit:
            lucky = self._fish_on(seat, target, rank, suit, c)
        else:
            r = c >> 2
            hand = hands[seat]
            m = hand[r] = hand[r] | _SUIT_BIT[c]
            self._held[seat] |= _RANK_BITS[r]
            counts[seat] += 1
            # the card decides the lucky draw: the rank asked for, or the exact card
            lucky = (r == rank if suit is None else c == rank * 4 + suit) and self._lucky
            if record:
                self.events += (_GO_FISH_EVENTS[seat][target][rank] if suit is None else
                                (_asked(seat, target, rank, suit),
                                 _GO_FISH_EVENTS[seat][target][rank][1]))
                self.events.append(_DREW_EVENT[seat][c])
                if lucky:
                    self.events.append(_LUCKY_EVENT[seat][c])
            if POPCOUNT[m] >= self._book_size:
                self._check_book(seat, r)
        if lucky:
            if not stock or not counts[seat]:
                self._settle(None)
            return
        to = target if self._miss_to_asked else self._left[seat]
        if self.out[to]:
            self._settle(to if self._miss_to_asked else self.next_seat(seat))
        elif not stock or not counts[seat]:
            self._settle(to)
        else:
            self.turn = to
            if record:
                self.events.append(_TURN_EVENT[to])

    def _fish_on(self, seat: int, target: int, rank: int, suit: int | None, c: int) -> bool:
        """Draw until hit (rules.md): from the first card ``c``, keep drawing until a card of
        the asked rank turns up or the stock runs out. Whether the last card is lucky."""
        stock = self.stock
        drawn = [c]
        while c >> 2 != rank and stock:
            c = stock.pop()
            drawn.append(c)
        self._take(seat, drawn)
        self.counts[seat] += len(drawn)
        lucky = self._lucky and (c >> 2 == rank if suit is None else c == rank * 4 + suit)
        if self.record:
            self.events += (_asked(seat, target, rank, suit),
                            _GO_FISH_EVENTS[seat][target][rank][1],
                            Event(ev.DREW, seat=seat, count=len(drawn), secret=tuple(drawn)))
            if lucky:
                self.events.append(_LUCKY_EVENT[seat][c])
        for r in {d >> 2 for d in drawn}:
            self._check_book(seat, r)
        return lucky

    def _draw_empty(self) -> None:
        seat = self.turn
        stock = self.stock
        k = 1 if self.rules.empty_hand == "draw-one" else min(5, len(stock))
        drawn = [stock.pop() for _ in range(k)]
        self._take(seat, drawn)
        self.counts[seat] += k
        if self.record:
            self._emit(Event(ev.DREW, seat=seat, count=k, secret=tuple(drawn)))
        for r in {c >> 2 for c in drawn}:
            self._check_book(seat, r)
        self._settle(None)

    def _take(self, seat: int, cards: list[int]) -> None:
        """Put drawn ``cards`` in the hand of ``seat`` (its count is the caller's)."""
        hand = self.hands[seat]
        held = self._held[seat]
        for c in cards:
            hand[c >> 2] |= 1 << (c & 3)
            held |= 1 << (c >> 2)
        self._held[seat] = held

    def _settle(self, pass_to: int | None) -> None:
        """End the deal if it is over, else hand the turn to the seat that can act."""
        counts = self.counts
        out = self.out
        if self._first_out:
            if not self.stock or 0 in counts:
                self._end_deal()
                return
        elif not self.stock and counts.count(0) != out.count(True):
            # an empty hand that is not out yet (a seat that is out never holds cards again)
            for s in range(self.players):
                if not out[s] and not counts[s]:
                    out[s] = True
                    if self.record:
                        self._emit(Event(ev.OUT, seat=s))
            if all(out):
                self._end_deal()
                return
        if pass_to is None:
            seat = self.turn
        else:
            self.turn = seat = pass_to
            if self.record:
                self.events.append(_TURN_EVENT[pass_to])
        if not out[seat]:
            held = counts[seat]
            # the usual case: the seat has cards and so does an opponent, or it must draw
            if not held or sum(counts) != held:
                return
        record = self.record
        while True:
            seat = self.turn
            if out[seat]:
                self.turn = self.next_seat(seat)
                if record:
                    self._emit(Event(ev.TURN, seat=self.turn))
                continue
            if not counts[seat]:
                return  # an empty hand draws (all-books only; the stock is not empty here)
            if sum(counts) != counts[seat]:
                return  # an opponent holds cards: ask
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
        self._rank_asks = ()
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
        """What ``seat`` may know (its hand; with open hands, every hand), and its legal
        actions when it is to act."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat}")
        open_hands = self.rules.open_hands
        return SeatView(
            seat=seat,
            hand=self.hand_cards(seat),
            hands=tuple(self.hand_cards(s) if (s == seat or open_hands) else None
                        for s in range(self.players)),
            legal=tuple(self.legal_actions()) if self.to_act == seat else (),
            **self._table(seat, with_events),
        )

    def public_view(self, *, with_events: bool = True) -> PublicView:
        """What anyone may see: no hand (unless hands are open), nobody's secrets."""
        open_hands = self.rules.open_hands
        return PublicView(
            hands=tuple(self.hand_cards(s) if open_hands else None for s in range(self.players)),
            **self._table(None, with_events),
        )

    def _table(self, seat: int | None, with_events: bool) -> dict[str, Any]:
        """What every view holds alike: the table in sight, and the log as ``seat`` heard it
        (None: the public log)."""
        events: tuple[Event, ...] = ()
        if with_events:
            events = tuple(e.for_seat(seat, self.rules.open_hands) for e in self.events)
        return {
            "players": self.players,
            "rules": self.rules,
            "counts": tuple(self.counts),
            "books": tuple(tuple((r, mask_cards(r, m)) for r, m in b) for b in self.books),
            "stock": len(self.stock),
            "turn": self.turn,
            "to_act": self.to_act,
            "out": tuple(self.out),
            "deal": self.deal,
            "dealer": self.dealer,
            "deal_over": self.deal_over,
            "over": self.over,
            "scores": self.scores(),
            "deal_scores": self.deal_scores(),
            "winners": self.winners,
            "events": events,
        }

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain JSON, to check a replay against."""
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "turn": self.turn,
            "hands": [[_CODES[c] for c in self.hand_cards(s)] for s in range(self.players)],
            "stock": [_CODES[c] for c in self.stock],
            "books": [
                [[_CODES[c] for c in _MASK_CARDS[r][m]] for r, m in b] for b in self.books
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
                raise IllegalAction(_("action {n} is not legal: {why}").format(n=i + 1, why=e)) from None
        return game

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: list[list[int]] | tuple[tuple[int, ...], ...],
        stock: list[int] | tuple[int, ...],
        books: list[list[int]] | tuple[tuple[int, ...], ...],
        turn: int,
        *,
        out: list[bool] | tuple[bool, ...] | None = None,
        totals: list[int] | tuple[int, ...] | None = None,
        deal: int = 0,
        dealer: int | None = None,
        seed: int = 0,
        record: bool = False,
    ) -> Game:
        """A game in a chosen position of a deal, for search and tests (not for saving).

        ``hands[s]`` are seat ``s``'s cards (0-51, ``rank * 4 + suit``); ``stock`` is the stock
        with its top card **last** (the next card drawn is ``stock[-1]``); ``books[s]`` are the
        ranks of the books seat ``s`` has laid (under pairs, a rank once per pair, made of the
        lowest suits in no hand, the stock or an earlier pair); ``turn`` is the seat to act.
        ``out``, ``totals`` (points of finished deals of a match), ``deal`` and ``dealer``
        default to a first deal in play, the dealer right of ``turn``. ``seed`` drives only the deals after this one.

        Every card must be in exactly one place (52 in all), no hand may hold a whole book, and
        ``turn`` must be a seat still in the game: RulesError names what is wrong. The position
        is then settled as after any action (under first-out an empty hand or stock ends the
        deal; a seat holding every card passes). The game has no actions behind it, so it
        cannot be replayed or saved; it plays on like any other.
        """
        players = len(hands)
        rules.check_players(players)
        if len(books) != players:
            raise RulesError("books", f"expected {players} lists of ranks, got {len(books)}")
        game = cls.__new__(cls)
        game.rules = rules
        game.players = players
        game.seed = seed
        game.record = record
        game.actions = []
        game.events = []
        game.totals = list(totals) if totals is not None else [0] * players
        if len(game.totals) != players:
            raise RulesError("totals", f"expected {players} numbers")
        game.deal_history = [tuple(0 for _ in range(players))] * deal
        game._laid_before = [0] * players
        game.deal = deal
        game.deal_over = False
        game.over = False
        game.winners = ()
        game._rng = random.Random(seed)
        game._read_rules(rules, players)
        used = [0] * NUM_RANKS  # per rank, the suits placed so far

        def card_of(c: Any, where: str) -> tuple[int, int]:
            if type(c) is not int or not 0 <= c < DECK_SIZE:
                raise RulesError(where, f"not a card: {c!r}")
            return c >> 2, 1 << (c & 3)

        game.hands = []
        for s, cards in enumerate(hands):
            hand = [0] * NUM_RANKS
            for c in cards:
                r, b = card_of(c, f"hands[{s}]")
                if used[r] & b:
                    raise RulesError(f"hands[{s}]", f"the card {_CODES[c]} is in two places")
                used[r] |= b
                hand[r] |= b
            if any(POPCOUNT[m] >= rules.book_size for m in hand):
                raise RulesError(f"hands[{s}]", "a hand holds a whole book: lay it down first")
            game.hands.append(hand)
        game.counts = [sum(POPCOUNT[m] for m in h) for h in game.hands]
        game._held = [_held_of(h) for h in game.hands]
        game.stock = list(stock)
        for c in game.stock:
            r, b = card_of(c, "stock")
            if used[r] & b:
                raise RulesError("stock", f"the card {_CODES[c]} is in two places")
            used[r] |= b
        game.books = []
        for s, ranks in enumerate(books):
            laid: list[tuple[int, int]] = []
            for r in ranks:
                if type(r) is not int or not 0 <= r < NUM_RANKS:
                    raise RulesError(f"books[{s}]", f"not a rank: {r!r}")
                free = FULL & ~used[r]
                if rules.book_size == 4:
                    mask = FULL
                else:
                    low = free & -free
                    rest = free ^ low
                    mask = low | (rest & -rest)
                if free & mask != mask or POPCOUNT[mask] != rules.book_size:
                    raise RulesError(f"books[{s}]", f"too many cards of rank {RANKS[r]}")
                used[r] |= mask
                laid.append((r, mask))
            game.books.append(laid)
        if used != [FULL] * NUM_RANKS:
            missing = " ".join(_CODES[r * 4 + k] for r in range(NUM_RANKS) for k in range(4)
                               if not used[r] >> k & 1)
            raise RulesError("hands", f"cards in no place: {missing}")
        game.out = list(out) if out is not None else [False] * players
        if len(game.out) != players:
            raise RulesError("out", f"expected {players} flags")
        if type(turn) is not int or not 0 <= turn < players or game.out[turn]:
            raise RulesError("turn", f"no seat in the game: {turn!r}")
        game.turn = turn
        game.dealer = (turn - 1) % players if dealer is None else dealer
        if not game._card_mode:
            game._rank_asks = _RANK_ASKS[players]
        game._settle(None)  # as after any action: a deal that is over ends, the turn moves on
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
                raise IllegalAction(_("action {n} is not legal: {why}").format(n=i + 1, why=e)) from None
        return cls.replay(Rules.from_saved(data["rules"]), data["players"], data["seed"], actions,
                          record=record)

    # ------------------------------------------------------------------ fast random play

    def play_randomly(self, rng: random.Random, max_actions: int = 100_000) -> int:
        """Play uniformly random legal actions to the end; returns the number of actions.

        Samples uniformly from the same legal set as ``legal_actions`` and applies through the
        same rule methods, skipping only the legality re-check (and the events when the game
        was built with ``record=False``).
        """
        steps = 0
        random_ = rng.random
        choice = rng.choice
        card_mode = self._card_mode
        append = self.actions.append
        others = _OTHERS[self.players]
        opponents = self.players - 1
        counts = self.counts
        held = self._held
        # two seats: the one opponent, with no draw spent on choosing it
        left = self._left if self.players == 2 else None
        while steps < max_actions:
            if self.deal_over:
                if self.over:
                    break
                steps += 1
                append(NEXT_DEAL)
                self._start_deal()
                counts = self.counts
                held = self._held
                continue
            steps += 1
            seat = self.turn
            if not counts[seat]:
                append(DRAW)
                self._draw_empty()
                continue
            if card_mode:
                t, r, s = choice(self._asks())
                append(ASK_CARD[t][r][s])  # type: ignore[index]
                self._ask(t, r, s)
                continue
            # every (opponent holding cards, rank held) pair is equally likely: a uniform
            # opponent, or if it holds nothing a uniform one of those that hold cards (which
            # is uniform overall: each is reached with 1/k + (empty/k) / live = 1/live)
            if left is not None:
                t = left[seat]
            else:
                t = others[seat][int(random_() * opponents)]
                if not counts[t]:
                    live = [o for o in others[seat] if counts[o]]
                    t = live[int(random_() * len(live))]
            ranks = _RANKS_OF[held[seat]] or _ranks_of(held[seat])
            r = ranks[int(random_() * len(ranks))]
            append(ASK_RANK[t][r])
            self._ask(t, r, None)
        return steps


def cards_in_play(game: Game) -> list[int]:
    """Every card in a hand, the stock or a book: always the 52, each once."""
    cards = [c for s in range(game.players) for c in game.hand_cards(s)]
    cards += game.stock
    cards += [c for b in game.books for r, m in b for c in _MASK_CARDS[r][m]]
    return cards


__all__ = ["Game", "MAX_DEALS", "cards_in_play", "MASK_SUITS"]
