"""The reader (ai/reader.py): it learns how its opponent asks, reads the hand through it, and
stays honest, a sitting's earlier games included."""

from __future__ import annotations

import copy
import random

from test_honesty import twin

from gofish.ai import HardPlayer, tell
from gofish.ai.reader import FALLBACK, Profile, ReaderPlayer, Sitting
from gofish.engine import Ask, Event, Game, Rules, preset
from gofish.engine import events as ev


class Cycler:
    """Asks for its ranks in turn, the next it holds above its last ask (a classic program's
    easy mode; written here apart from benchmarks/styles.py)."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.seat, self.last = seat, -1

    def observe(self, e: Event) -> None:
        if e.kind == ev.ASK and e.seat == self.seat:
            self.last = e.rank
        elif e.kind == ev.DEAL:
            self.last = -1

    def choose(self, view):
        asks = sorted((a for a in view.legal if isinstance(a, Ask)), key=lambda a: a.rank)
        if not asks:
            return view.legal[0]
        return next((a for a in asks if a.rank > self.last), asks[0])


class Scatter:
    """Any rank of its hand."""

    def __init__(self, seat: int, rules: Rules, players: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def observe(self, e: Event) -> None:
        pass

    def choose(self, view):
        return self.rng.choice(view.legal)


def play(reader: ReaderPlayer, opponent, seed: int, rules: Rules) -> Game:
    game = Game(rules, 2, seed)
    seats = [reader, opponent] if reader.seat == 0 else [opponent, reader]
    fed = 0
    while not game.over:
        tell(seats, game.events[fed:], False)
        fed = len(game.events)
        game.apply(seats[game.to_act].choose(game.view(game.to_act, with_events=False)))
    return game


def sitting_against(kind, games: int, rules: Rules) -> Sitting:
    sitting = Sitting()
    for g in range(games):
        reader = ReaderPlayer(g % 2, rules, 2, g)
        reader.meet("Bob", sitting)
        play(reader, kind(1 - g % 2, rules, 2, g), 500 + g, rules)
    return sitting


def test_it_learns_the_rule_a_systematic_asker_follows_and_not_of_a_scattered_one() -> None:
    rules = preset("quick")
    cyc = sitting_against(Cycler, 4, rules).profile("bob").weights()[1]
    assert max(range(len(FALLBACK)), key=cyc.__getitem__) == FALLBACK.index("cycle-up")
    assert cyc[FALLBACK.index("cycle-up")] > 0.5
    scattered = sitting_against(Scatter, 4, rules).profile("bob").weights()[1]
    assert max(range(len(FALLBACK)), key=scattered.__getitem__) == FALLBACK.index("any")


def test_a_cyclers_ask_says_it_holds_nothing_between_its_last_ask_and_this_one() -> None:
    rules = preset("standard")
    reader = ReaderPlayer(0, rules, 2, 1)
    reader.profile = Profile(fallback=[30.0, 0.5, 0.5, 1.0])  # learned: it goes up its ranks
    hand = (0, 8, 16, 24, 44, 48, 49)  # ranks 0 2 4 6 11 12 12
    for e in (Event(ev.DEAL, seat=1, target=1), Event(ev.DEALT, seat=0, count=7, secret=hand),
              Event(ev.DEALT, seat=1, count=7), Event(ev.TURN, seat=1),
              Event(ev.ASK, seat=1, target=0, rank=2),
              Event(ev.GAVE, seat=1, target=0, rank=2, count=1, cards=(8,))):
        reader.observe(e)
    before = list(reader.know.estimate().hold[1])
    reader.observe(Event(ev.ASK, seat=1, target=0, rank=7))  # up from 2 to 7
    after = reader.know.estimate().hold[1]
    plain = HardPlayer(0, rules, 2, 1)  # the same events without the reading
    for e in (Event(ev.DEAL, seat=1, target=1), Event(ev.DEALT, seat=0, count=7, secret=hand),
              Event(ev.DEALT, seat=1, count=7), Event(ev.TURN, seat=1),
              Event(ev.ASK, seat=1, target=0, rank=2),
              Event(ev.GAVE, seat=1, target=0, rank=2, count=1, cards=(8,)),
              Event(ev.ASK, seat=1, target=0, rank=7)):
        plain.observe(e)
    hard = plain.know.estimate().hold[1]
    for q in (3, 4, 5, 6):  # between its last ask and this one
        assert after[q] < 0.4 * hard[q], (q, after[q], hard[q])
    for q in (9, 10, 11):  # above it: nothing said
        assert after[q] >= hard[q] - 1e-9
    assert before != list(after)


def test_the_sitting_keeps_each_name_apart_and_carries_over() -> None:
    sitting = Sitting()
    assert sitting.profile("Bob") is sitting.profile("BOB")
    assert sitting.profile("Bob") is not sitting.profile("Cleo")
    rules = preset("quick")
    reader = ReaderPlayer(0, rules, 2, 3)
    reader.meet("Bob", sitting)
    play(reader, Cycler(1, rules, 2, 3), 7, rules)
    assert sitting.profile("bob").asks > 5
    assert sitting.profile("cleo").asks == 0


def test_hidden_cards_do_not_change_its_choices_a_sittings_earlier_games_included() -> None:
    """As tests/ai/test_honesty.py: the cards its seat cannot see are dealt again, consistently
    with what it was told, and it decides again from the same events and the same profile of
    the opponent (learned in earlier games of the sitting); the choice must not change."""
    rng = random.Random(4)
    checked = moved = 0
    for seed in range(16):
        rules = preset("quick") if seed % 2 else preset("standard")
        sitting = sitting_against(Cycler if seed % 4 < 2 else Scatter, 2, rules)
        game = Game(rules, 2, seed)
        seats = [ReaderPlayer(0, rules, 2, seed), Cycler(1, rules, 2, seed)]
        seats[0].meet("Bob", copy.deepcopy(sitting))
        fed = decisions = 0
        pick = 6 + seed % 9
        while not game.over:
            tell(seats, game.events[fed:], False)
            fed = len(game.events)
            view = game.view(game.to_act, with_events=False)
            if game.to_act == 0 and len(view.legal) > 1:
                decisions += 1
                if decisions == pick:
                    break
            game.apply(seats[game.to_act].choose(view))
        if game.over:
            continue
        events = [e.for_seat(0) for e in game.events]
        other = twin(copy.deepcopy(game), 0, events, rng)
        if other is None:
            continue
        choices = []
        for g in (game, other):
            reader = ReaderPlayer(0, rules, 2, 99)
            reader.meet("Bob", copy.deepcopy(sitting))
            for e in events:
                reader.observe(e)
            choices.append(reader.choose(g.view(0, with_events=False)))
        assert choices[0] == choices[1], seed
        checked += 1
        moved += other.hands != game.hands or other.stock != game.stock
    assert checked >= 8 and moved >= checked * 3 // 4
