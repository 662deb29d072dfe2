"""benchmarks/compare.py and benchmarks/information.py: fair duplicate games, honest settings."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def load(name: str):
    sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # as an import would: dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_a_variant_against_itself_wins_exactly_one_game_a_deal():
    """Hard against Hard, each deal both ways: the very same game twice, so each deal gives one
    sole win in Standard (13 books: no ties). A difference between variants is theirs."""
    compare = load("compare")
    shares = compare.chunk(("standard", 2, "hard", "hard", list(range(100_000, 100_004)), 1))
    assert shares == [0.5] * 4


def test_settings_reach_the_player_and_unknown_ones_are_refused():
    from gofish.engine import preset

    compare = load("compare")
    p = compare.build("hard:reads_steadiness=0,held=0.5", 0, preset("quick"), 2, 1)
    assert p.reads_steadiness is False and p.weights.held == 0.5
    assert compare.build("expert:reads_looseness=0", 1, preset("quick"), 2, 1).reads_looseness \
        is False
    with pytest.raises(SystemExit, match="no weight or setting"):
        compare.build("hard:nonsense=1", 0, preset("quick"), 2, 1)


def test_the_seer_asks_only_for_what_the_other_hand_holds():
    """The yardstick that looks at the other hand never misses while a hit exists."""
    from gofish.engine import Ask, Game, preset

    info = load("information")
    game = Game(preset("standard"), 2, 7)
    seer = info.Seer(game.to_act, game, 1)
    other = 1 - game.to_act
    action = seer.choose(game.view(game.to_act, with_events=False))
    theirs = {c >> 2 for c in game.hand_cards(other)}
    mine = {c >> 2 for c in game.hand_cards(game.to_act)}
    assert isinstance(action, Ask)
    assert (action.rank in theirs) is bool(theirs & mine)


def test_the_steadiness_report_tells_a_steady_player_from_a_scattered_one():
    compare = load("compare")
    seeds = list(range(100_000, 100_004))
    steady = compare.steadiness("standard", "hoarder", seeds)
    scattered = compare.steadiness("standard", "random", seeds)
    assert steady and scattered
    assert min(steady) > max(scattered)


def test_the_particle_trial_keeps_only_guesses_the_record_allows():
    """benchmarks/trials.py's belief (round four, dropped): at every decision each guess at
    the opponent's hand has its card count and none of a rank the record proves it lacks."""
    from gofish.ai import tell
    from gofish.engine import Game, preset

    trials, styles = load("trials"), load("styles")
    rules = preset("standard")
    checked = 0
    for seed in range(3):
        game = Game(rules, 2, seed)
        me = trials.ParticleHard(0, rules, 2, seed)
        seats = [me, styles.SimpleStyle(1, rules, 2, seed)]
        fed = 0
        while not game.over:
            tell(seats, game.events[fed:], False)
            fed = len(game.events)
            if game.to_act == 0 and me.belief.ready and me.belief.pending is None:
                count = game.view(0, with_events=False).counts[1]
                lacks = [r for r in range(13) if me.know.lacks(1, r)]
                for h, w in zip(me.belief.parts, me.belief.w, strict=True):
                    if w:
                        assert sum(h) == count and not any(h[r] for r in lacks)
                checked += 1
            game.apply(seats[game.to_act].choose(game.view(game.to_act, with_events=False)))
    assert checked > 30


def test_late_books_of_a_player_against_itself_split_evenly():
    """Each deal both ways round is the same game twice with the chairs swapped, so a player
    against itself lays exactly half the late books; and a game has at most 13 books."""
    compare = load("compare")
    per, share = compare.late_books("standard", "hard", "hard", [100_000, 100_001], 6)
    assert 0 < per <= 13 and share == 0.5
    per_all, _ = compare.late_books("standard", "hard", "hard", [100_000, 100_001], 52)
    assert per_all == 13  # Standard lays every book, all of them "late" from a full stock
    per_none, _ = compare.late_books("standard", "hard", "hard", [100_000, 100_001], 0)
    assert 0 < per_none <= per  # after the stock ran out: fewer, but at least the last book


def test_outcomes_count_every_game_once_and_ties_as_ties():
    """A player against itself, each deal both ways: the same game twice, so it wins as often
    as it loses; Standard (13 books) never ties, and Quick deals that tie count as tied, not
    won, in both seatings."""
    compare = load("compare")
    seeds = list(range(100_000, 100_012))
    won, tied, lost = compare.outcomes("standard", 2, "hard", "hard", seeds)
    assert (won, tied, lost) == (12, 0, 12)
    won, tied, lost = compare.outcomes("quick", 2, "hard", "hard", seeds)
    assert won == lost and won + tied + lost == 24 and tied % 2 == 0 and tied > 0


def test_the_rememberer_oracle_reads_its_asks_by_the_rememberer_rule():
    """The yardstick's likelihood is the rememberer's rule: with a remembered rank in hand
    only the latest such rank can be asked; otherwise any rank held, evenly."""
    load("compare")
    trials = load("trials")
    from gofish.engine import preset

    oracle = trials.OracleRemembererHard(0, preset("standard"), 2, 1)
    oracle.asked = {3: 5, 7: 9}  # we asked for fives at 5, nines at 9
    hand = [0] * 13
    hand[3], hand[7], hand[10] = 1, 2, 1
    assert oracle.likelihood(hand, 7) > 0.9
    assert oracle.likelihood(hand, 3) < 0.05 and oracle.likelihood(hand, 10) < 0.05
    hand[7] = 0  # nines gone: fives are the latest it holds
    assert oracle.likelihood(hand, 3) > 0.9
    hand[3] = 0  # nothing remembered in hand: any rank it holds
    hand[0] = 1
    assert oracle.likelihood(hand, 0) == pytest.approx(oracle.likelihood(hand, 10))
    assert oracle.likelihood(hand, 5) == 0.0


def test_seer_at_four_seats_asks_where_the_cards_are_and_hard_alone_is_one_game():
    """seer.py at four seats: handed the game, it asks a seat that holds the rank whenever any
    seat holds one of its ranks; without it every chair is Hard, the same game in each seating,
    so a deal gives at most one sole win."""
    load("compare")
    seer_mod = load("seer")
    from gofish.engine import Ask, Game, preset

    rules = preset("standard")
    checked = late = seen = hard = 0
    for seed in range(100_000, 100_006):
        game = Game(rules, 4, seed)
        seer = seer_mod.Seer(game.to_act, rules, 4, seed)
        seer.game, seer.since = game, 52
        view = game.view(game.to_act, with_events=False)
        asks = [a for a in view.legal if isinstance(a, Ask)]
        hands = game.hands
        if any(hands[a.target][a.rank] for a in asks):
            ask = seer.pick(view, asks)
            assert hands[ask.target][ask.rank]
            checked += 1
        wins = [seer_mod.play("standard", "hard", seed, at, None, 4) for at in range(4)]
        assert sum(wins) <= 1
        late += sum(wins[2:])
        seen += sum(seer_mod.play("standard", "hard", seed, at, 52, 4) for at in range(4))
        hard += sum(wins)
    assert checked >= 3
    assert late > 0  # the third and fourth chairs play (and win): a four-seat game, not two
    assert seen > hard  # seeing every hand all deal long wins more than Hard


@pytest.mark.parametrize("rules_name", ["quick", "standard"])
def test_the_rememberer_oracle_remembers_what_the_rememberer_remembers(rules_name):
    """Played against the real rememberer, the yardstick's memory of our asks is the
    rememberer's own, event by event (same ranks, same order), and every ask the rememberer
    makes is one its rule allows: the yardstick never rules out the hand it really holds."""
    compare = load("compare")
    trials = load("trials")
    from gofish.ai import tell
    from gofish.engine import Ask, Game, preset

    rules = preset(rules_name)
    asks = backs = 0
    for seed in range(100_000, 100_006):
        game = Game(rules, 2, seed)
        oracle = trials.OracleRemembererHard(0, rules, 2, seed * 31)
        rememberer = compare.build("rememberer", 1, rules, 2, seed * 31 + 1)
        seats, fed = [oracle, rememberer], 0
        while not game.over:
            for e in game.events[fed:]:
                tell(seats, [e], rules.open_hands)
                theirs = sorted((r for (_s, r) in rememberer.asked),
                                key=lambda r: rememberer.asked[(0, r)])
                assert sorted(oracle.asked, key=oracle.asked.__getitem__) == theirs, e
            fed = len(game.events)
            seat = game.to_act
            action = seats[seat].choose(game.view(seat, with_events=False))
            if seat == 1 and isinstance(action, Ask):
                hand = [0] * 13
                for c in game.view(1, with_events=False).hand:
                    hand[c >> 2] += 1
                held = sum(1 for x in hand if x)
                lik = oracle.likelihood(hand, action.rank)
                assert lik >= 1 / held - 1e-9  # the rule's own odds, not the noise's
                asks += 1
                backs += held > 1 and lik > 0.9
            game.apply(action)
    assert asks > 50 and backs > 5  # both branches of the rule were read
