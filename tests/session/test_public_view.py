"""The public view: what a watcher with no hand sees. Nobody is "you" and no hand is shown.

It used to be seat 0's view, hand and all, so a screen with no seat watching drew seat 0 as
the viewer (its cards hidden from the table even with open hands).
"""

from __future__ import annotations

from gofish.engine import Game, PublicView, preset
from gofish.net.client import RemoteSession
from gofish.protocol import wire
from gofish.seats import COMPUTER, SeatSpec
from gofish.session import Session

STANDARD = preset("standard")
SEATS = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Rob", COMPUTER, "hard")]


def test_the_public_view_holds_no_hand_and_names_nobody() -> None:
    s = Session(STANDARD, SEATS, 5)
    view = s.public_view()
    assert isinstance(view, PublicView)
    assert view.seat is None and view.hand == () and view.legal == () and not view.my_turn
    assert view.hands == (None, None, None)
    game = Game(STANDARD, 3, 5)
    mine = game.view(0)
    assert mine.hand  # seat 0 holds cards the public view must not show
    assert (view.counts, view.books, view.stock, view.turn, view.scores) == \
        (mine.counts, mine.books, mine.stock, mine.turn, mine.scores)


def test_with_open_hands_every_hand_is_public() -> None:
    rules = STANDARD.replace(open_hands=True)
    s = Session(rules, SEATS, 5)
    game = Game(rules, 3, 5)
    assert s.public_view().hands == tuple(game.hand_cards(i) for i in range(3))


def test_the_public_log_has_no_secret() -> None:
    game = Game(STANDARD, 3, 5)
    view = game.public_view()
    assert view.events and all(not e.secret for e in view.events)
    assert view.events == tuple(e.public() for e in game.events)


def test_a_joined_seat_gives_the_same_public_view_without_its_hand() -> None:
    game = Game(STANDARD, 3, seed=8)
    seat = game.to_act
    remote = RemoteSession(None)
    remote.receive(wire.hello(seat, game.rules, ("Ann", "Ben", "Cid"), ("human",) * 3, "g1"))
    remote.receive(wire.state(game.view(seat, with_events=False), 0))
    public = remote.public_view()
    assert public.seat is None and public.hand == () and public.hands == (None, None, None)
    assert public == game.public_view(with_events=False)
