"""The bot checks what it is told: an event or a turn that contradicts its seat's own view gets
an ``impossible`` error line, and its rebuilt view stays exactly what it was."""

from __future__ import annotations

import io
import json

import pytest

from gofish.commands.bot import serve
from gofish.engine import Ask, Draw, Event, Game, preset
from gofish.engine import events as ev
from gofish.protocol import messages as bp
from gofish.protocol.seat_state import SeatState

RULES = preset("standard")
SEAT = 1


def dealt_state() -> tuple[Game, SeatState]:
    """A two-seat Standard game just dealt, and seat 1's tracker fed its events."""
    game = Game(RULES, 2, seed=11)
    state = SeatState(RULES, 2, SEAT)
    for e in game.events:
        state.observe(e.for_seat(SEAT))
    return game, state


def _mine(game: Game) -> list[int]:
    return list(game.hand_cards(SEAT))


def _not_mine(game: Game) -> list[int]:
    return list(game.hand_cards(0))  # the other hand: cards seat 1 never held


def impossible_events(game: Game) -> dict[str, Event]:
    mine, theirs = _mine(game), _not_mine(game)
    held_rank = mine[0] >> 2
    missing_rank = next(r for r in range(13) if not any(c >> 2 == r for c in mine))
    other_card = next(c for c in theirs if c >> 2 != held_rank)
    book_of_missing = tuple(missing_rank * 4 + s for s in range(4))
    mine_of_rank = tuple(c for c in mine if c >> 2 == held_rank)
    return {
        # seat 1 hands over a card it never held
        "handed over a card never held": Event(ev.GAVE, seat=0, target=SEAT, rank=other_card >> 2,
                                               count=1, cards=(other_card,)),
        # seat 1 keeps some of the rank it "handed over" (rank asks hand over all)
        "handed over part of a rank": Event(ev.GAVE, seat=0, target=SEAT, rank=held_rank,
                                            count=1, cards=mine_of_rank[:1])
        if len(mine_of_rank) > 1 else Event(ev.GAVE, seat=0, target=SEAT, rank=held_rank,
                                            count=2, cards=(mine_of_rank[0], other_card)),
        # seat 1 lays a book of a rank it does not have
        "a book of a rank not held": Event(ev.BOOK, seat=SEAT, rank=missing_rank,
                                           cards=book_of_missing),
        # the other seat lays a book with a card that is in seat 1's hand
        "a book of our own card": Event(ev.BOOK, seat=0, rank=held_rank,
                                        cards=tuple(held_rank * 4 + s for s in range(4))),
        # seat 1 draws a card it already holds
        "drew a card already held": Event(ev.DREW, seat=SEAT, count=1, secret=(mine[0],)),
        # a draw bigger than the stock
        "drew from an empty stock": Event(ev.DREW, seat=0, count=40),
        # seat 1 says Go fish to a rank it holds
        "Go fish with the rank in hand": Event(ev.GO_FISH, seat=0, target=SEAT, rank=held_rank),
        # seat 1 asks for a rank it does not hold
        "asked for a rank not held": Event(ev.ASK, seat=SEAT, target=0, rank=missing_rank),
        # the other seat hands seat 1 a card that is already in seat 1's hand
        "handed a card already held": Event(ev.GAVE, seat=SEAT, target=0, rank=held_rank,
                                            count=1, cards=(mine[0],)),
    }


@pytest.mark.parametrize("name", list(impossible_events(dealt_state()[0])))
def test_an_impossible_event_is_refused_and_changes_nothing(name: str) -> None:
    game, state = dealt_state()
    event = impossible_events(game)[name]
    before = state.view(())
    with pytest.raises(bp.ProtocolError) as caught:
        state.observe(event)
    assert caught.value.code == bp.IMPOSSIBLE
    assert state.view(()) == before
    # and the real story goes on from there
    game.apply(game.legal_actions()[0])
    for e in game.events[len(game.events) - 1:]:
        state.observe(e.for_seat(SEAT))


def test_every_real_event_is_accepted() -> None:
    """No false alarm: whole games under every preset, every seat's tracker, no error."""
    import random
    for name in ("standard", "quick", "classic", "kids"):
        for seed in range(6):
            rules = preset(name)
            n = 2 + seed % 4
            game = Game(rules, n, seed)
            states = [SeatState(rules, n, s) for s in range(n)]
            rng = random.Random(seed)
            fed = 0
            while not game.over:
                for e in game.events[fed:]:
                    for s, st in enumerate(states):
                        st.observe(e.for_seat(s, rules.open_hands))
                fed = len(game.events)
                states[game.to_act].view(tuple(game.legal_actions()))
                game.apply(rng.choice(game.legal_actions()))


def test_a_turn_offering_a_rank_not_held_is_refused() -> None:
    game, state = dealt_state()
    missing = next(r for r in range(13) if not any(c >> 2 == r for c in _mine(game)))
    held = _mine(game)[0] >> 2
    for legal in ((Ask(0, held), Ask(0, missing)), (Draw(),), (Ask(SEAT, held),)):
        with pytest.raises(bp.ProtocolError) as caught:
            state.view(legal)
        assert caught.value.code == bp.IMPOSSIBLE
    assert state.view((Ask(0, held),)).legal == (Ask(0, held),)


def test_the_bot_answers_an_impossible_event_with_an_error_line_and_plays_on() -> None:
    game, _state = dealt_state()
    lines = [bp.hello(RULES, 2, SEAT, seed=3)]
    lines += [bp.event_message(e.for_seat(SEAT)) for e in game.events]
    bad = impossible_events(game)["handed over a card never held"]
    lines.append(bp.event_message(bad))
    held = _mine(game)[0] >> 2
    missing = next(r for r in range(13) if not any(c >> 2 == r for c in _mine(game)))
    lines.append(bp.your_turn([Ask(0, missing)]))
    lines.append(bp.your_turn([Ask(0, held)]))
    out = io.StringIO()
    serve("hard", 0, io.StringIO("".join(bp.encode(m) + "\n" for m in lines)), out)
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert answers[0]["type"] == "ready"
    assert answers[1]["type"] == "error" and answers[1]["code"] == "impossible"
    assert "never" in answers[1]["message"] or "does not hold" in answers[1]["message"]
    assert answers[2]["type"] == "error" and answers[2]["code"] == "impossible"
    assert answers[3] == bp.action_message(Ask(0, held))
    assert len(answers) == 4
