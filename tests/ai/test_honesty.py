"""Honest by construction: a computer seat decides from its view and its events, nothing else.

For many positions, under every level and a spread of rule options, we build a twin of the
game in which the cards hidden from the deciding seat are dealt differently (consistently with
everything that seat was told), drop the original, and ask a fresh player with the same seed
to decide again from the same events. The decision must not change. A deliberately cheating
player shows that the twins really do differ where a peek would matter.
"""

from __future__ import annotations

import copy
import gc
import random

import pytest
from ai_support import players_for, rule_sets

from gofish.ai import expert, make_player
from gofish.ai.knowledge import Knowledge
from gofish.engine import Action, Ask, Event, Game, Rules, SeatView, preset
from gofish.engine.cards import NUM_RANKS, POPCOUNT
from gofish.seats import LEVELS


def seen_cards(events: list[Event]) -> set[int]:
    """Every card the seat has seen named in its events."""
    cards: set[int] = set()
    for e in events:
        cards.update(e.cards)
        cards.update(e.secret)
    return cards


def consistent(game: Game, k: Knowledge) -> bool:
    """Whether the hands agree with everything the seat's tracker knows, and are legal hands."""
    for s in range(game.players):
        for r in range(NUM_RANKS):
            m = game.hands[s][r]
            held = POPCOUNT[m]
            if held >= game.rules.book_size:
                return False
            if k.shown[s][r] & ~m or k.nosuit[s][r] & m or held < k.minc[s][r]:
                return False
            if not k.exact(s) and held - k.minc[s][r] > k.maxx[s][r]:
                return False
    return True


def twin(game: Game, seat: int, events: list[Event], rng: random.Random) -> Game | None:
    """A copy of ``game`` whose hidden cards are moved, or None if none could move."""
    rules = game.rules
    k = Knowledge(seat, rules, game.players)
    for e in events:
        k.observe(e)
    other = copy.deepcopy(game)
    seen = seen_cards(events)
    # positions of hidden cards: (seat, card) in other hands, ("stock", index) in the stock
    places: list[tuple[int, int]] = []
    for s in range(game.players):
        if s == seat or rules.open_hands:
            continue
        for c in other.hand_cards(s):
            if c not in seen:
                places.append((s, c))
    stock_places = [i for i, c in enumerate(other.stock) if c not in seen]
    moved = 0
    for _ in range(60):
        # swap two hidden cards (hand-hand, hand-stock or stock-stock), keep it if consistent
        pool: list[tuple[str, int]] = [("hand", i) for i in range(len(places))]
        pool += [("stock", i) for i in stock_places]
        if len(pool) < 2:
            return None
        (ka, a), (kb, b) = rng.sample(pool, 2)
        ca = places[a][1] if ka == "hand" else other.stock[a]
        cb = places[b][1] if kb == "hand" else other.stock[b]
        if ca >> 2 == cb >> 2 and ka == kb == "hand":
            continue
        _put(other, places, ka, a, cb)
        _put(other, places, kb, b, ca)
        if consistent(other, k):
            moved += 1
        else:
            _put(other, places, ka, a, ca)
            _put(other, places, kb, b, cb)
    return other if moved else None


def _put(game: Game, places: list[tuple[int, int]], kind: str, index: int, card: int) -> None:
    if kind == "stock":
        game.stock[index] = card
        return
    s, old = places[index]
    game.hands[s][old >> 2] &= ~(1 << (old & 3))
    game.hands[s][card >> 2] |= 1 << (card & 3)
    places[index] = (s, card)


def decide(level: str, game: Game, seat: int, events: list[Event], seed: int) -> Action:
    player = make_player(level, seat, game.rules, game.players, seed)
    for e in events:
        player.observe(e)
    return player.choose(game.view(seat, with_events=False))


DRIVERS = ("hard", "medium", "easy", "random")  # who plays the game up to the position


def one_position(rules: Rules, seed: int, pick: int) -> tuple[Game, int, list[Event]] | None:
    """A copy of the game at its ``pick``-th real decision; everything else is dropped."""
    rng = random.Random(seed)
    players = players_for(rules, rng)
    game = Game(rules, players, seed)
    seats = [make_player(DRIVERS[(seed + s) % len(DRIVERS)], s, rules, players, seed + s)
             for s in range(players)]
    fed = 0
    decisions = 0
    while not game.over:
        for e in game.events[fed:]:
            for s, p in enumerate(seats):
                p.observe(e.for_seat(s, rules.open_hands))
        fed = len(game.events)
        seat = game.to_act
        view = game.view(seat, with_events=False)
        if len(view.legal) > 1:
            decisions += 1
            if decisions == pick:
                events = [e.for_seat(seat, rules.open_hands) for e in game.events]
                return copy.deepcopy(game), seat, events
        game.apply(seats[seat].choose(view))
    return None


def check_position(level: str, rules: Rules, seed: int, pick: int,
                   rng: random.Random) -> tuple[bool, bool] | None:
    """(same decision in the twin, the twin differs in hidden cards); None if no position."""
    found = one_position(rules, seed, pick)
    if found is None:
        return None
    game, seat, events = found
    found = None
    gc.collect(0)
    decision_seed = rng.getrandbits(32)
    first = decide(level, game, seat, events, decision_seed)
    other = twin(game, seat, events, rng)
    if other is None:
        return None
    assert game.view(seat, with_events=False) == other.view(seat, with_events=False)
    differ = other.stock != game.stock or any(
        game.hands[s] != other.hands[s] for s in range(game.players))
    del game  # only the twin is left while the second decision is made
    gc.collect(0)
    second = decide(level, other, seat, events, decision_seed)
    return first == second, differ


def run_level(level: str, rule_list: list[Rules], picks: tuple[int, ...]) -> None:
    rng = random.Random(level)
    checked = differ = 0
    for i, rules in enumerate(rule_list):
        for pick in picks:
            result = check_position(level, rules, 100 + i, pick, rng)
            if result is None:
                continue
            same, moved = result
            assert same, (level, rules, pick)
            checked += 1
            differ += moved
    assert checked >= len(rule_list) * len(picks) // 2
    assert differ >= checked * 3 // 4


RULES = rule_sets(6, seed=11)


@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_decisions(level: str,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expert, "PLAYOUTS", 40)  # fewer imagined deals: the same code, faster
    # the search of Expert is slow: it gets fewer positions here, all of them with --slow
    run_level(level, RULES[::5] if level == "expert" else RULES[::2], (3, 9, 20))


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_hidden_cards_do_not_change_decisions_many(level: str) -> None:
    run_level(level, RULES, (2, 6, 12, 20, 35))


class Peeker:
    """A cheat, to prove the test can see one: it asks for a rank the target really holds."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.seat = seat

    def observe(self, event: Event) -> None:
        pass

    def choose(self, view: SeatView) -> Action:
        # the live game is the one that matches this view; other tests may leave games about
        games = [g for g in gc.get_objects() if isinstance(g, Game)
                 and g.players == view.players and g.hand_cards(self.seat) == view.hand
                 and tuple(g.counts) == view.counts and len(g.stock) == view.stock]
        for a in view.legal:
            if isinstance(a, Ask) and any(g.hands[a.target][a.rank] for g in games):
                return a
        return view.legal[0]


def test_the_twins_catch_a_peeking_player(monkeypatch: pytest.MonkeyPatch) -> None:
    import gofish.ai as ai

    monkeypatch.setitem(ai.LEVEL_CLASSES, "peeker", Peeker)
    rng = random.Random(5)
    caught = tried = 0
    for seed in range(30):
        result = check_position("peeker", Rules(deal="fixed", deal_fixed=7), seed, 6, rng)
        if result is None:
            continue
        tried += 1
        caught += not result[0]
    assert tried >= 20
    assert caught >= tried // 2


def test_players_receive_only_events_and_views(monkeypatch: pytest.MonkeyPatch) -> None:
    """Structurally: what reaches a player is an Event or a SeatView, never the Game."""
    monkeypatch.setattr(expert, "PLAYOUTS", 40)
    tables = ((preset("quick"), LEVELS), (Rules(ask_for="card", bluff_asks=True),
                                           ("random", "easy", "medium", "hard")))
    for rules, levels in tables:
        game = Game(rules, len(levels), seed=7)
        received: list[object] = []
        seats = [make_player(level, s, rules, len(levels), s) for s, level in enumerate(levels)]
        fed = 0
        while not game.over:
            for e in game.events[fed:]:
                for s, p in enumerate(seats):
                    shown = e.for_seat(s, rules.open_hands)
                    received.append(shown)
                    p.observe(shown)
            fed = len(game.events)
            view = game.view(game.to_act, with_events=False)
            received.append(view)
            game.apply(seats[game.to_act].choose(view))
        assert all(isinstance(x, Event | SeatView) for x in received)
        for p in seats:
            assert not _reaches(p, game), f"{type(p).__name__} holds the game"


def _reaches(root: object, target: object, limit: int = 20000) -> bool:
    """Whether ``target`` is reachable from ``root`` through instances and containers."""
    seen = {id(root)}
    todo = [root]
    while todo and len(seen) < limit:
        obj = todo.pop()
        if obj is target:
            return True
        for ref in gc.get_referents(obj):
            if id(ref) in seen or isinstance(ref, type) or callable(ref) and not hasattr(
                    ref, "__dict__"):
                continue
            if type(ref).__module__ in ("builtins",) and not isinstance(
                    ref, list | dict | tuple | set):
                continue
            seen.add(id(ref))
            todo.append(ref)
    return False


def test_the_expert_search_is_honest_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Late positions, where Expert plays imagined deals: still blind to the real ones."""
    monkeypatch.setattr(expert, "PLAYOUTS", 40)  # fewer imagined deals: the same code, faster
    rng = random.Random(9)
    searched = checked = 0
    for seed in range(24):
        rules = preset("quick") if seed % 2 else Rules(deal="fixed", deal_fixed=7)
        found = one_position(rules, seed, 16 if seed % 2 else 44)
        if found is None:
            continue
        game, seat, events = found
        found = None
        other = twin(game, seat, events, rng)
        if other is None:
            continue
        decision_seed = rng.getrandbits(32)
        first = make_player("expert", seat, rules, game.players, decision_seed)
        for e in events:
            first.observe(e)
        action = first.choose(game.view(seat, with_events=False))
        del game  # only the twin is left for the second decision
        second = make_player("expert", seat, rules, other.players, decision_seed)
        for e in events:
            second.observe(e)
        assert second.choose(other.view(seat, with_events=False)) == action
        assert second.searched == first.searched
        searched += first.searched
        checked += 1
    assert checked >= 12
    assert searched >= 4
