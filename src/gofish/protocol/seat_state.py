"""One seat's view rebuilt from the events it was shown: what a bot has instead of the game,
since the game never crosses the pipe."""

from __future__ import annotations

from gofish.engine import Action, Ask, Draw, Event, Rules, SeatView
from gofish.engine import events as ev
from gofish.engine.cards import DECK_SIZE, NUM_RANKS, card_code, mask_cards
from gofish.engine.cards import RANKS as RANK_NAMES
from gofish.i18n import _, ngettext

from .messages import IMPOSSIBLE, ProtocolError


class SeatState:
    """A seat's view rebuilt from the events it was shown: what a bot has instead of the game.

    It follows the same story the engine tells: the deal, the cards dealt and drawn (our own,
    or everyone's with open hands), what was handed over, the books, whose turn it is, the end.
    Each event is checked against what the seat has seen before it is taken in: one that
    contradicts it (cards handed over that the hand never held, a book of cards the seat holds,
    a draw from a stock too small) raises ProtocolError with code ``impossible`` and changes
    nothing, so the state is never silently wrong. A turn whose legal asks name a rank the
    seat does not hold is refused the same way (``view``).
    """

    def __init__(self, rules: Rules, players: int, seat: int) -> None:
        self.rules = rules
        self.players = players
        self.seat = seat
        self.totals = [0] * players
        self.deal = 0
        self.dealer = 0
        self.over = False
        self.winners: tuple[int, ...] = ()
        self.asked_suit = -1
        self._new_deal()

    def _new_deal(self) -> None:
        n = self.players
        self.hands = [[0] * NUM_RANKS for _ in range(n)]
        self.counts = [0] * n
        self.books: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n)]
        self.booked = [0] * NUM_RANKS  # per rank, the suits laid down in books
        self.out = [False] * n
        self.stock = DECK_SIZE - n * self.rules.deal_size(n)
        self.turn = 0
        self.deal_over = False

    def _take(self, seat: int, cards: tuple[int, ...], add: bool) -> None:
        hand = self.hands[seat]
        for c in cards:
            if add:
                hand[c >> 2] |= 1 << (c & 3)
            else:
                hand[c >> 2] &= ~(1 << (c & 3))

    # ------------------------------------------------------------------ checking

    def seen(self, seat: int) -> bool:
        """Whether every card of ``seat``'s hand is known here: ours, or open hands."""
        return seat == self.seat or self.rules.open_hands

    def _where(self, c: int) -> int | None:
        """The seen hand holding ``c`` (-1: a book), or None if it is nowhere we can see."""
        r, b = c >> 2, 1 << (c & 3)
        if self.booked[r] & b:
            return -1
        for s in range(self.players):
            if self.seen(s) and self.hands[s][r] & b:
                return s
        return None

    def _fail(self, message: str) -> None:
        raise ProtocolError(IMPOSSIBLE, _("impossible event: {what}").format(what=message))

    def _arrive(self, seat: int, cards: tuple[int, ...]) -> None:
        """``cards`` come into ``seat``'s hand from the stock or a hidden hand."""
        for c in cards:
            if self._where(c) is not None:
                self._fail(_("the {card} is already in another place").format(
                    card=card_code(c)))
        if len(set(cards)) != len(cards):
            self._fail(_("a card is named twice"))

    def _holds_all(self, seat: int, cards: tuple[int, ...], rank: int) -> None:
        hand = self.hands[seat]
        for c in cards:
            if c >> 2 != rank:
                self._fail(_("the {card} is not a {rank}").format(card=card_code(c),
                                                                    rank=RANK_NAMES[rank]))
            if self.seen(seat):
                if not hand[rank] >> (c & 3) & 1:
                    self._fail(_("seat {seat} does not hold the {card}").format(
                        seat=seat, card=card_code(c)))
            elif self._where(c) is not None:
                self._fail(_("the {card} is already in another place").format(
                    card=card_code(c)))

    def check(self, e: Event) -> None:
        """Raise ProtocolError (``impossible``) if ``e`` contradicts what this seat has seen."""
        kind = e.kind
        n = self.players
        if kind in (ev.DEALT, ev.DREW, ev.GAVE, ev.BOOK, ev.LUCKY, ev.ASK, ev.GO_FISH,
                    ev.NO_STOCK) and not 0 <= e.seat < n:
            self._fail(_("seat {seat} is not at the table").format(seat=e.seat))
        if kind in (ev.DEALT, ev.DREW):
            if kind == ev.DREW and e.count > self.stock:
                self._fail(ngettext("the stock holds only {n} card",
                                   "the stock holds only {n} cards", self.stock).format(n=self.stock))
            if e.secret and len(e.secret) != e.count:
                self._fail(ngettext("{count} card announced, {n} shown",
                                   "{count} cards announced, {n} shown",
                                   e.count).format(count=e.count, n=len(e.secret)))
            if e.secret:
                self._arrive(e.seat, e.secret)
        elif kind == ev.GAVE:
            giver, rank = e.target, e.rank
            if not 0 <= giver < n or giver == e.seat or not 0 <= rank < NUM_RANKS:
                self._fail(_("seat {seat} cannot be handed cards by seat {giver}").format(
                    seat=e.seat, giver=giver))
            if not e.cards or len(e.cards) != e.count or len(set(e.cards)) != len(e.cards):
                self._fail(ngettext("{count} card announced, {n} shown", "{count} cards announced, {n} shown",
                                   e.count).format(
                    count=e.count, n=len(e.cards)))
            if e.count > self.counts[giver]:
                self._fail(ngettext("seat {seat} holds only {n} card", "seat {seat} holds only {n} cards",
                                   self.counts[giver]).format(seat=giver, n=self.counts[giver]))
            self._holds_all(giver, e.cards, rank)
            if self.seen(giver) and self.rules.ask_for == "rank":
                mask = sum(1 << (c & 3) for c in e.cards)
                if self.hands[giver][rank] & ~mask:
                    self._fail(_("seat {seat} must hand over every {rank} it holds").format(
                        seat=giver, rank=RANK_NAMES[rank]))
        elif kind == ev.LUCKY:
            for c in e.cards:
                if c >> 2 != e.rank or (self.seen(e.seat)
                                        and not self.hands[e.seat][c >> 2] >> (c & 3) & 1):
                    self._fail(_("seat {seat} does not hold the {card}").format(
                        seat=e.seat, card=card_code(c)))
        elif kind == ev.BOOK:
            if not 0 <= e.rank < NUM_RANKS or len(e.cards) != self.rules.book_size \
                    or len(set(e.cards)) != len(e.cards):
                self._fail(ngettext("a book is {n} card of one rank", "a book is {n} cards of one rank",
                                   self.rules.book_size).format(n=self.rules.book_size))
            if len(e.cards) > self.counts[e.seat]:
                self._fail(ngettext("seat {seat} holds only {n} card", "seat {seat} holds only {n} cards",
                                   self.counts[e.seat]).format(seat=e.seat, n=self.counts[e.seat]))
            self._holds_all(e.seat, e.cards, e.rank)
        elif kind == ev.ASK:
            if self.seen(e.seat) and 0 <= e.rank < NUM_RANKS and not self.hands[e.seat][e.rank]:
                self._fail(_("seat {seat} holds no {rank} to ask for").format(
                    seat=e.seat, rank=RANK_NAMES[e.rank]))
        elif kind in (ev.GO_FISH, ev.NO_STOCK):
            t = e.target
            if 0 <= t < n and self.seen(t) and 0 <= e.rank < NUM_RANKS:
                held = self.hands[t][e.rank]
                if self.rules.ask_for == "card":
                    held = held >> self.asked_suit & 1 if self.asked_suit >= 0 else 0
                if held:
                    self._fail(_("seat {seat} holds what it was asked for").format(seat=t))

    def observe(self, e: Event) -> None:
        """Take ``e`` in, after checking it (ProtocolError, and no change, if impossible)."""
        self.check(e)
        kind = e.kind
        if kind == ev.DEAL:
            self.deal = e.deal
            self.dealer = e.seat
            self._new_deal()
            self.turn = e.target
        elif kind == ev.DEALT:
            self.counts[e.seat] = e.count
            self._take(e.seat, e.secret, True)
        elif kind == ev.ASK:
            self.asked_suit = e.suit
        elif kind == ev.GAVE:
            self.counts[e.seat] += e.count
            self.counts[e.target] -= e.count
            self._take(e.seat, e.cards, True)
            self._take(e.target, e.cards, False)
        elif kind == ev.DREW:
            self.counts[e.seat] += e.count
            self.stock -= e.count
            self._take(e.seat, e.secret, True)
        elif kind == ev.BOOK:
            self.counts[e.seat] -= len(e.cards)
            self._take(e.seat, e.cards, False)
            for c in e.cards:
                self.booked[c >> 2] |= 1 << (c & 3)
            self.books[e.seat].append((e.rank, e.cards))
        elif kind == ev.TURN:
            self.turn = e.seat
        elif kind == ev.OUT:
            self.out[e.seat] = True
        elif kind == ev.DEAL_OVER:
            self.deal_over = True
            self.totals = [t + s for t, s in zip(self.totals, e.scores, strict=False)]
        elif kind == ev.GAME_OVER:
            self.deal_over = True
            self.over = True
            self.totals = list(e.scores) or self.totals
            self.winners = e.winners

    def check_legal(self, legal: tuple[Action, ...]) -> None:
        """Refuse a turn whose actions contradict our hand (ProtocolError, ``impossible``)."""
        hand = self.hands[self.seat]
        for a in legal:
            if isinstance(a, Ask):
                if not 0 <= a.rank < NUM_RANKS or not hand[a.rank]:
                    raise ProtocolError(IMPOSSIBLE, _(
                        "impossible turn: it offers an ask for a {rank}, and the seat holds "
                        "none").format(rank=RANK_NAMES[a.rank] if 0 <= a.rank < NUM_RANKS
                                       else a.rank))
                if a.target == self.seat:
                    raise ProtocolError(IMPOSSIBLE, _(
                        "impossible turn: it offers the seat an ask of itself"))
            elif isinstance(a, Draw) and any(hand):
                raise ProtocolError(IMPOSSIBLE, _(
                    "impossible turn: it offers a draw, and the seat's hand is not empty"))

    def deal_scores(self) -> tuple[int, ...]:
        points = self.rules.points
        return tuple(points(r for r, _c in b) for b in self.books)

    def _cards(self, seat: int) -> tuple[int, ...]:
        return tuple(c for r, m in enumerate(self.hands[seat]) for c in mask_cards(r, m))

    def view(self, legal: tuple[Action, ...]) -> SeatView:
        """The seat's view with these legal actions, once they are checked (``check_legal``)."""
        self.check_legal(legal)
        n = self.players
        seat = self.seat
        open_hands = self.rules.open_hands
        if self.over:
            to_act = None
        elif self.deal_over:
            to_act = (self.dealer + 1) % n
        else:
            to_act = self.turn
        if self.deal_over or self.over:
            scores = tuple(self.totals)
        else:
            scores = tuple(t + s for t, s in zip(self.totals, self.deal_scores(), strict=True))
        return SeatView(
            seat=seat,
            players=n,
            rules=self.rules,
            hand=self._cards(seat),
            hands=tuple(self._cards(s) if (s == seat or open_hands) else None for s in range(n)),
            counts=tuple(self.counts),
            books=tuple(tuple(b) for b in self.books),
            stock=self.stock,
            turn=self.turn,
            to_act=to_act,
            out=tuple(self.out),
            deal=self.deal,
            dealer=self.dealer,
            deal_over=self.deal_over,
            over=self.over,
            scores=scores,
            deal_scores=self.deal_scores(),
            winners=self.winners,
            legal=legal,
            events=(),
        )
