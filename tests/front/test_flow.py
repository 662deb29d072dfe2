"""The turn flow without a screen: whose move, the computers' pace, the pass-and-play hand-over,
the sure-miss word and what the table says after a move (gofish.front.flow)."""

from __future__ import annotations

import pytest

from gofish.engine import Ask, Draw, NextDeal, preset
from gofish.engine import events as ev
from gofish.front.flow import Due, Next, TurnFlow, whose_move
from gofish.front.news import STRESS, STRONG
from gofish.front.pace import CONCERNS_YOU
from gofish.seats import COMPUTER, SeatSpec
from gofish.session import Session

STANDARD = preset("standard")
ANN, BOB, CLEO = SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cleo")
ROB = SeatSpec("Rob", COMPUTER, "hard")


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def miss(session: Session, seat: int) -> Ask:
    """An ask by ``seat`` that misses (the other hands are known to the test)."""
    view = session.view(seat)
    for target in range(len(session.names)):
        if target == seat:
            continue
        theirs = {c >> 2 for c in session.game.hand_cards(target)}
        for card in view.hand:
            if card >> 2 not in theirs:
                return Ask(target, card >> 2)
    raise AssertionError("every ask hits")


def hit(session: Session, seat: int) -> Ask | None:
    view = session.view(seat)
    for target in range(len(session.names)):
        if target != seat:
            theirs = {c >> 2 for c in session.game.hand_cards(target)}
            for card in view.hand:
                if card >> 2 in theirs:
                    return Ask(target, card >> 2)
    return None


def test_whose_move_names_the_computer_the_human_and_the_ends():
    s = Session(STANDARD, [ANN, ROB], 1)
    first = whose_move(s)
    if first.kind is Due.COMPUTER:
        s.step_computer()
    while s.to_act != 0 and not s.over:
        s.step_computer()
    assert whose_move(s).kind is Due.SEAT and whose_move(s).seat == 0
    while not s.over:
        if s.to_act == 0:
            view = s.view(0, with_events=False)
            s.play(0, view.legal[0])
        else:
            assert whose_move(s).kind is Due.COMPUTER and whose_move(s).seat == 1
            s.step_computer()
    assert whose_move(s).kind is Due.OVER


def test_whose_move_says_a_deal_of_a_match_is_over():
    s = Session(STANDARD.replace(match_target=20), [ROB, SeatSpec("Rex", COMPUTER, "easy")], 3)
    while not s.deal_over:
        s.step_computer()
    assert whose_move(s).kind is Due.DEAL_OVER and not s.computer_to_act()
    s.next_deal()
    assert whose_move(s).kind is Due.COMPUTER


def test_one_human_sees_their_hand_and_the_computers_wait_the_pace():
    s = Session(STANDARD, [ANN, ROB], 4)
    flow = TurnFlow(s, delay=lambda: 0.6)
    assert flow.viewer == 0  # one human: their hand is up from the start
    waits: set[float] = set()
    while not s.over:
        step = flow.next()
        if step.kind is Next.TURN:
            assert flow.can_ask() and flow.viewer == 0
            flow.act(miss(s, 0) if s.view(0).hand else Draw())
            continue
        assert step.kind is Next.PLAY_COMPUTER and step.seat == 1
        # a move that concerns the viewer (asked, a lucky draw, a book) stays up longer
        expected = 0.6 * CONCERNS_YOU if flow.dwell else 0.6
        assert step.wait == pytest.approx(expected)
        waits.add(round(step.wait, 6))
        flow.fast = True  # Space: no pause until the human is to act
        assert flow.next().wait == 0
        flow.fast = False
        start = s.event_count
        played = flow.play_computer()
        assert played is not None and played.save_error is None
        moved = s.events_for(0, start)
        assert flow.dwell == any(e.kind == ev.ASK and e.target == 0 for e in moved)
        if len(waits) == 2:
            break
    assert waits == {0.6, round(0.6 * CONCERNS_YOU, 6)}


def test_pass_and_play_keeps_the_hand_up_then_hides_it_then_passes():
    clock = Clock()
    s = Session(STANDARD, [ANN, BOB, CLEO], 2)
    flow = TurnFlow(s, clock=clock, guard=lambda: 0.6)
    assert flow.viewer is None  # two humans or more: nobody's hand before the pass screen
    step = flow.next()
    first = s.to_act
    assert step.kind is Next.PASS and step.seat == first and flow.passing
    assert flow.next().kind is Next.HOLD  # the pass screen is up: nothing moves
    flow.passed(first)
    assert flow.viewer == first and not flow.passing
    assert flow.next().kind is Next.TURN and flow.can_ask()
    flow.act(miss(s, first))  # the turn passes to another human
    assert s.to_act != first
    assert flow.next().kind is Next.HAND_STAYS
    assert flow.viewer == first and flow.handover and not flow.can_ask()
    assert flow.turn_word(s.view(first).turn) == "Your turn is over."
    assert flow.next().kind is Next.HOLD
    assert not flow.enter().hand_over  # the Enter that ended the turn, pressed again
    clock.now += 0.7
    assert flow.enter().hand_over  # a moment later: the hand goes
    flow.hide_hand()
    assert flow.viewer is None and not flow.handover
    step = flow.next()
    assert step.kind is Next.PASS and step.seat == s.to_act and flow.viewer is None


def test_open_hands_need_no_pass_screen():
    s = Session(STANDARD.replace(open_hands=True), [ANN, BOB], 2)
    flow = TurnFlow(s)
    assert flow.viewer == 0
    for _ in range(6):
        step = flow.next()
        assert step.kind is Next.TURN and flow.viewer == s.to_act
        flow.act(miss(s, s.to_act))


def test_the_message_line_tells_a_miss_and_the_cards_taken():
    s = Session(STANDARD.replace(lucky_draw=False), [ANN, ROB], 4)
    flow = TurnFlow(s)
    while s.to_act != 0:
        s.step_computer()
    flow.next()
    flow.act(miss(s, 0))
    assert flow.moment == "Rob said “Go fish!”"  # (the asked seat says it)
    assert flow.said.lines[-1][0].startswith("You asked Rob for")
    # a computer's catches from the viewer are named, and kept until the viewer acts
    while not flow.taken:
        if s.to_act == 0:
            flow.next()
            flow.act(miss(s, 0) if s.view(0).hand else Draw())
            assert not flow.taken  # the viewer's own move starts the count again
            continue
        flow.play_computer()
    assert flow.said.lines[0] == (" ".join(flow.taken), STRONG)
    assert flow.said.lines[0][0].startswith("Rob took ")
    assert flow.said.lines[0][0].endswith(" from you.")


def test_a_book_is_said_stressed_and_is_the_moment():
    s = Session(STANDARD.replace(lucky_draw=False), [ANN, ROB], 1)
    flow = TurnFlow(s)
    while not s.over:
        if s.to_act != 0:
            flow.play_computer()
            continue
        flow.next()
        ask = hit(s, 0)
        books = len(s.view(0).books[0])
        flow.act(ask or (miss(s, 0) if s.view(0).hand else Draw()))
        if ask is not None and len(s.view(0).books[0]) > books:
            assert flow.said.lines[-1][1] == STRESS
            assert flow.said.lines[-1][0].startswith("You laid down a book of")
            assert flow.moment.startswith("Ann: a book of")
            return
    pytest.fail("Ann made no book with a hit")


def sure_miss_turn(flow: TurnFlow) -> Ask:
    """Play Ann's misses until she may make an ask the record proves will miss (and the
    coach words it: another ask might hit); that ask, chosen in the picker."""
    s = flow.session
    for _ in range(400):
        assert not s.over
        if s.to_act != 0:
            s.step_computer()
            continue
        flow.next()
        view = s.view(0, with_events=False)
        for ask in view.legal:
            if isinstance(ask, Ask) and flow.coaching.warn(0, view, ask) is not None:
                flow.picker.choose_target(ask.target)
                flow.picker.choose_rank(ask.rank)
                return ask
        flow.act(miss(s, 0) if view.hand else Draw())
    raise AssertionError("no sure miss came up")


SEATS = [ANN, ROB, SeatSpec("Rex", COMPUTER, "easy")]


def test_a_sure_miss_is_worded_once_and_sent_on_a_second_quiet_enter():
    clock = Clock()
    s = Session(STANDARD, SEATS, 2)
    flow = TurnFlow(s, clock=clock, guard=lambda: 0.6)
    ask = sure_miss_turn(flow)
    before = s.action_count
    assert flow.enter().action is None  # the word, nothing sent
    assert "Enter again" in flow.said.text
    assert flow.enter().action is None  # the same Enter pressed twice: still nothing
    clock.now += 1
    assert flow.enter().action == ask  # read, and asked all the same
    assert s.action_count == before  # (the screen plays it)


def test_another_choice_takes_the_word_back():
    clock = Clock()
    s = Session(STANDARD, SEATS, 2)
    flow = TurnFlow(s, clock=clock)
    sure_miss_turn(flow)
    assert flow.enter().action is None and flow.warned is not None
    flow.cycle(rank=1)
    assert flow.warned is None and "Enter again" not in flow.said.text


def test_without_the_word_a_sure_miss_is_asked_at_once():
    s = Session(STANDARD, SEATS, 2)
    flow = TurnFlow(s, warn_sure_miss=False)
    ask = sure_miss_turn(flow)
    assert flow.enter().action == ask


def test_a_refused_action_is_said_and_nothing_moves():
    s = Session(STANDARD, [ANN, ROB], 4)
    flow = TurnFlow(s)
    while s.to_act != 0:
        s.step_computer()
    before = s.event_count
    played = flow.act(NextDeal())  # type: ignore[arg-type]
    assert played.error and flow.said.text == played.error and s.event_count == before


def test_the_flow_asks_nothing_of_a_session_that_plays_no_computer():
    """A joined seat's session: the host plays everyone else; the flow never steps for them."""

    class Elsewhere(Session):
        def computer_to_act(self) -> bool:
            return False

    s = Elsewhere(STANDARD, [ANN, ROB], 4)
    flow = TurnFlow(s)
    while s.to_act == 0:
        flow.act(miss(s, 0))
    assert whose_move(s).kind is Due.SEAT and whose_move(s).seat == 1
    assert flow.next().kind is Next.TURN and not flow.can_ask()
    assert flow.play_computer() is None
