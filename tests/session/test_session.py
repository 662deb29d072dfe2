"""The Session a front end talks to, without any front end: turns, computers, autosave, views.

(The TUI tests drive it too, but take minutes; this folder is the narrow guard that mutation
testing runs against session.py.)
"""

from __future__ import annotations

import random

import pytest

from gofish.ai import make_player
from gofish.engine import Draw, Game, IllegalAction, NextDeal, preset
from gofish.engine import events as ev
from gofish.seats import COMPUTER, SeatError, SeatSpec
from gofish.session import NotYourTurn, Session, SessionInfo

STANDARD = preset("standard")
ANN, BOB = SeatSpec("Ann"), SeatSpec("Bob")
ROB = SeatSpec("Rob", COMPUTER, "hard")


def test_what_a_front_end_reads():
    s = Session(STANDARD, [ANN, BOB, ROB], 5, game_id="g1")
    assert s.info == SessionInfo("g1", ("Ann", "Bob", "Rob"), (ANN, BOB, ROB), STANDARD, 5)
    assert s.names == ("Ann", "Bob", "Rob")
    assert s.human_seats == [0, 1]
    assert [s.is_human(i) for i in range(3)] == [True, True, False]
    game = Game(STANDARD, 3, 5)
    assert s.to_act == game.to_act and s.action_count == 0
    assert not s.over and not s.deal_over
    assert s.event_count == len(game.events) > 0
    assert s.view(1).hand == game.view(1).hand
    assert s.view(1).events == game.view(1).events and s.view(1).events  # with events
    assert s.view(1, with_events=False).events == ()
    assert s.public_view().events == () and s.public_view().counts == game.view(0).counts
    assert s.scores() == (0, 0, 0) and s.winners == ()
    assert hash(s.info) == hash(s.info)  # a value: usable as a key, never changed in place
    with pytest.raises(AttributeError):
        s.info.seed = 6  # type: ignore[misc]


def test_events_are_given_as_each_seat_may_see_them():
    s = Session(STANDARD, [ANN, BOB], 3)
    dealt = [e for e in s.events_for(0) if e.kind == ev.DEALT]
    assert sorted((e.seat, bool(e.secret)) for e in dealt) == [(0, True), (1, False)]
    assert all(not e.secret for e in s.events_for(None))
    assert s.events_for(1, start=2) == s.events_for(1)[2:]
    open_hands = Session(STANDARD.replace(open_hands=True), [ANN, BOB], 3)
    assert all(e.secret for e in open_hands.events_for(1) if e.kind == ev.DEALT)


class Slot:
    """Where a session saves: the action counts it was saved at."""

    def __init__(self) -> None:
        self.saves: list[int] = []
        self.released = 0

    def prepare(self, game: Game):
        count = len(game.actions)  # taken now: a write made later saves this moment
        return lambda: self.saves.append(count)

    def release(self) -> None:
        self.released += 1


def test_a_human_plays_only_on_their_turn_and_a_refusal_changes_nothing():
    slot = Slot()
    saved = slot.saves
    s = Session(STANDARD, [ANN, BOB], 3, saved=slot)
    seat = s.to_act
    other = 1 - seat
    action = s.view(seat).legal[0]
    with pytest.raises(NotYourTurn):
        s.play(other, action)
    with pytest.raises(IllegalAction):
        s.play(seat, Draw())  # not legal with cards in hand
    assert s.action_count == 0 and saved == []
    events = s.play(seat, action)
    assert events and events[0].kind == ev.ASK
    assert s.action_count == 1 and saved == [1]  # saved after the action, once


def test_computers_act_only_on_their_turn_and_choose_what_their_player_would():
    s = Session(STANDARD, [ANN, ROB], 8)
    twin = make_player("hard", 1, STANDARD, 2, 8 * 1009 + 1)
    for e in Game(STANDARD, 2, 8).events:
        twin.observe(e.for_seat(1))
    rng = random.Random(1)
    computer_moves = 0
    while not s.over:
        seat = s.to_act
        assert s.computer_to_act() == (seat == 1)
        if seat == 1:
            expected = twin.choose(s.game.view(1, with_events=False))
            before = s.action_count
            events = s.step_computer()
            assert s.game.actions[before] == expected
            computer_moves += 1
        else:
            with pytest.raises(NotYourTurn):
                s.step_computer()
            events = s.play(0, rng.choice(s.view(0).legal))
        for e in events:
            twin.observe(e.for_seat(1))
    assert computer_moves > 5
    assert not s.computer_to_act()
    with pytest.raises(NotYourTurn):
        s.step_computer()
    assert s.winners == s.game.winners and s.scores() == s.game.scores()


def test_a_resumed_session_tells_its_computers_the_past():
    rules = STANDARD
    first = Session(rules, [ANN, ROB], 12)
    rng = random.Random(12)
    while first.action_count < 25 and not first.over:
        if first.computer_to_act():
            first.step_computer()
        else:
            first.play(0, rng.choice(first.view(0).legal))
    resumed = Session(rules, [ANN, ROB], 12, actions=first.game.actions)
    assert resumed.game.snapshot() == first.game.snapshot()
    while not first.over:  # the same choices from here on: they know what was seen
        if first.computer_to_act():
            assert resumed.computer_to_act()
            first.step_computer()
            resumed.step_computer()
        else:
            action = rng.choice(first.view(0).legal)
            first.play(0, action)
            resumed.play(0, action)
        assert resumed.game.actions == first.game.actions


def test_computers_do_not_act_between_deals_and_next_deal_moves_on():
    rules = STANDARD.replace(match_target=30)
    slot = Slot()
    saved = slot.saves
    s = Session(rules, [ROB, SeatSpec("Cy", COMPUTER, "random")], 4, saved=slot)
    while not s.deal_over and not s.over:
        s.step_computer()
    assert s.deal_over and not s.over
    assert not s.computer_to_act()
    count = len(saved)
    s.next_deal()
    assert s.game.actions[-1] == NextDeal() and len(saved) == count + 1
    assert not s.deal_over and s.computer_to_act()


def test_seats_are_checked():
    with pytest.raises(SeatError):
        Session(STANDARD, [ANN], 1)
    with pytest.raises(SeatError):
        Session(STANDARD, [ANN, SeatSpec("Ann")], 1)


def test_a_session_of_the_store_holds_its_game_saves_each_action_and_lets_go(tmp_path):
    from gofish.store import GameLocked, Store

    store = Store(tmp_path)
    s = Session.start(store, STANDARD, [ANN, ROB], 3)
    assert store.load(s.game_id).actions == ()  # on disk before the first move
    with pytest.raises(GameLocked):
        Session.resume(Store(tmp_path), s.game_id)  # held: another process is refused
    seat = s.to_act
    if seat == 1:
        s.step_computer()
    else:
        s.play(seat, s.view(seat).legal[0])
    assert store.load(s.game_id).actions == tuple(s.game.actions)  # saved by the session
    s.close()
    s.close()  # twice is harmless
    again = Session.resume(Store(tmp_path), s.game_id)
    assert again.game.actions == s.game.actions
    again.close()


def test_without_autosave_the_game_is_saved_when_asked(tmp_path):
    from gofish.store import Store

    store = Store(tmp_path)
    s = Session.start(store, STANDARD, [ROB, SeatSpec("Cy", COMPUTER, "random")], 3,
                      autosave=False)
    s.step_computer()
    assert store.load(s.game_id).actions == ()
    s.save()
    assert len(store.load(s.game_id).actions) == 1
    s.close()


def test_a_session_that_cannot_start_holds_nothing(tmp_path):
    from gofish.store import Store

    store = Store(tmp_path)
    with pytest.raises(SeatError):
        Session.start(store, STANDARD, [ANN, SeatSpec("Ann")], 3)
    assert store._held == {} and store.list() == []
