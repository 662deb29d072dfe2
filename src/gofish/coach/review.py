"""A finished game looked back on, move by move, from one seat's side.

Only a finished game is opened (an unfinished one would reveal hidden cards). Every hand is
shown; each ask of the reviewed seat is marked with the chance it had *from that seat's view at
the time* and the ask the coach would have made; the turning points are the largest swings of
the seat's **standing**:

    standing = (seat's score + its cards in hand, each as its share of a book)
             - (the same for the best of the other seats)

A book counts 1 (its value under card-value scoring); a card in hand counts 1/4 of one (1/2
under pairs), since it is part of a book still to be made. It is the gap to the strongest rival,
in books, counting the cards each holds toward the next ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from gofish.engine import Action, Ask, Event, Game, Rules
from gofish.engine import events as ev
from gofish.engine.cards import NUM_RANKS, POPCOUNT

from .advice import Coach, Reason

TURNING_POINTS = 3  # how many are listed
MIN_SWING = 0.5  # a smaller swing is not a turning point (half a book)


class Unfinished(ValueError):
    """The game is not over: reviewing it would show hidden cards."""


@dataclass(frozen=True)
class AskMark:
    """One ask of the reviewed seat, judged from its view at the time."""

    chance: float  # the chance the ask made had
    best: Ask  # the coach's choice
    best_chance: float
    is_best: bool  # the ask made was (as good as) the coach's choice
    sure_hit_left: bool  # a sure hit was there, and the ask made was not one
    sure_miss: bool  # the record proved this ask would miss
    hit: bool  # it found what it asked for
    best_reason: Reason | None = None  # why the coach's choice, as its hint would have said


@dataclass(frozen=True)
class Position:
    """The table after a move (or, for move 0, after the deal)."""

    hands: tuple[tuple[int, ...], ...]
    books: tuple[tuple[int, ...], ...]  # ranks laid, per seat
    stock: int
    scores: tuple[int, ...]
    standing: float


@dataclass(frozen=True)
class Move:
    number: int  # 1 for the first action; 0 is the deal
    seat: int  # who acted (-1 for the deal)
    action: Action | None
    events: tuple[Event, ...]  # everything it caused, hidden cards included
    after: Position
    swing: float  # change of the reviewed seat's standing
    mark: AskMark | None  # the reviewed seat's asks only


@dataclass(frozen=True)
class Review:
    seat: int
    players: int
    rules: Rules
    moves: tuple[Move, ...]  # moves[0] is the deal
    turning: tuple[int, ...]  # move numbers of the turning points, in game order
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    # what another seat's review of the same game is made from (review_game's, review_record's)
    seed: int = 0
    actions: tuple[Action, ...] = ()
    humans: tuple[int, ...] = ()  # the seats people played: whose review a player may ask for

    def as_seat(self, seat: int) -> Review:
        """The same game reviewed from ``seat``'s side (pass and play: each human's own)."""
        if seat == self.seat:
            return self
        review = review_game(self.rules, self.players, self.seed, self.actions, seat)
        return replace(review, humans=self.humans)

    @property
    def marks(self) -> list[AskMark]:
        return [m.mark for m in self.moves if m.mark is not None]

    @property
    def asks(self) -> int:
        return len(self.marks)

    @property
    def hits(self) -> int:
        return sum(m.hit for m in self.marks)

    @property
    def sure_hits_left(self) -> int:
        return sum(m.sure_hit_left for m in self.marks)

    @property
    def sure_misses(self) -> int:
        """Asks the record proved would miss while another ask might have hit: where every ask
        was sure to miss (late in a deal it happens), asking was no mistake."""
        return sum(m.sure_miss and m.best_chance > 0 for m in self.marks)

    def turn_starts(self) -> list[int]:
        """Move numbers where a seat's turn begins (the deal counts as one)."""
        starts = [0]
        for prev, move in zip(self.moves, self.moves[1:], strict=False):
            if move.seat != prev.seat:
                starts.append(move.number)
        return starts


def standing(game: Game, seat: int) -> float:
    share = []
    scores = game.scores()
    size = game.rules.book_size
    values = game.rules.book_values
    for s in range(game.players):
        hand = sum(POPCOUNT[game.hands[s][r]] * values[r] for r in range(NUM_RANKS))
        share.append(scores[s] + hand / size)
    rivals = [share[s] for s in range(game.players) if s != seat]
    return share[seat] - max(rivals)


def _position(game: Game, seat: int) -> Position:
    return Position(
        hands=tuple(game.hand_cards(s) for s in range(game.players)),
        books=tuple(tuple(r for r, _m in b) for b in game.books),
        stock=len(game.stock),
        scores=game.scores(),
        standing=standing(game, seat),
    )


def _hit(events: Sequence[Event]) -> bool:
    return any(e.kind == ev.GAVE for e in events)


def review_game(rules: Rules, players: int, seed: int, actions: Sequence[Action],
                seat: int) -> Review:
    """Replay a finished game and judge ``seat``'s asks; Unfinished if it is not over."""
    if not 0 <= seat < players:
        raise ValueError(f"no seat {seat}")
    check = Game.replay(rules, players, seed, list(actions), record=False)
    if not check.over:
        raise Unfinished("the game is not finished")
    game = Game(rules, players, seed)
    coach = Coach(seat, rules, players)
    fed = 0

    def feed() -> None:
        nonlocal fed
        for e in game.events[fed:]:
            coach.observe(e)  # the coach filters each event for its seat
        fed = len(game.events)

    feed()
    start = _position(game, seat)
    moves = [Move(0, -1, None, tuple(game.events), start, 0.0, None)]
    before = start.standing
    for number, action in enumerate(actions, 1):
        actor = game.to_act
        assert actor is not None
        mark = None
        if actor == seat and isinstance(action, Ask):
            view = game.view(seat, with_events=False)
            assessed = coach.assess(view)
            best = coach.best(assessed)
            assert best is not None
            made = next(a for a in assessed if a.ask == action)
            any_sure = any(a.sure_hit for a in assessed)
            mark = AskMark(made.chance, best.ask, best.chance,
                           made.ask == best.ask or abs(made.value - best.value) < 1e-9,
                           any_sure and not made.sure_hit, made.sure_miss, False,
                           coach.explain(best, assessed))
        events = tuple(game.apply(action))
        feed()
        if mark is not None:
            mark = replace(mark, hit=_hit(events))
        after = _position(game, seat)
        moves.append(Move(number, actor, action, events, after, after.standing - before, mark))
        before = after.standing
    big = sorted((m for m in moves if abs(m.swing) >= MIN_SWING),
                 key=lambda m: (-abs(m.swing), m.number))[:TURNING_POINTS]
    return Review(seat, players, rules, tuple(moves), tuple(sorted(m.number for m in big)),
                  game.winners, game.scores(), seed, tuple(actions))


def review_record(record, seat: int | None = None) -> Review:
    """A saved game's review (``SavedGame``-like: rules, seats, seed, actions, finished);
    ``seat`` defaults to the first human seat."""
    if not record.finished:
        raise Unfinished("the game is not finished")
    humans = tuple(i for i, s in enumerate(record.seats) if s.is_human)
    if seat is None:
        seat = humans[0] if humans else 0
    review = review_game(record.rules, len(record.seats), record.seed, record.actions, seat)
    return replace(review, humans=humans)
