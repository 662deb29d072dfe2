"""The joined seat's side: the remote session fed host messages, and the kept secrets."""

from __future__ import annotations

import pytest

from gofish.engine import Ask, Game, IllegalAction, preset
from gofish.net.client import RemoteSession
from gofish.protocol import wire
from gofish.session import NotYourTurn
from gofish.store.joined import SecretBook


def feed(game: Game, seat: int, session: RemoteSession) -> list[str]:
    """What a host would send ``seat`` after a (re)join, through ``receive``."""
    names = ("Ann", "Ben", "Cid")[: game.players]
    kinds = ("human",) * game.players
    changes = [session.receive(wire.hello(seat, game.rules, names, kinds, "g1"))]
    changes += [session.receive(wire.event_message(e.for_seat(seat))) for e in game.events]
    view = game.view(seat, with_events=False)
    changes.append(session.receive(wire.state(view, len(game.actions))))
    if game.to_act == seat:
        changes.append(session.receive(wire.your_turn(view.legal)))
    return changes


def test_the_session_is_the_seats_view_and_log():
    game = Game(preset("standard"), 3, seed=8)
    seat = game.to_act
    sent = []
    s = RemoteSession(sent.append)
    changes = feed(game, seat, s)
    assert changes[0] == "hello" and changes[-1] == "turn"
    assert s.human_seats == [seat] and s.is_human(seat) and not s.is_human((seat + 1) % 3)
    assert not s.computer_to_act()
    mine = game.view(seat)
    assert s.view(seat).hand == mine.hand and s.view(seat).legal == mine.legal
    assert s.events_for(seat) == list(mine.events)
    assert s.to_act == seat and s.action_count == 0
    with pytest.raises(ValueError):
        s.view((seat + 1) % 3)  # another seat's view is not known here
    # acting sends the action and waits for the host
    action = mine.legal[0]
    assert s.play(seat, action) == [] and s.pending and s.to_act is None
    assert sent == [{"type": "action", "action": action.to_json()}]
    with pytest.raises(NotYourTurn):
        s.play(seat, action)  # nothing more until the host answers


def test_refusals_on_the_client_side():
    game = Game(preset("standard"), 2, seed=3)
    seat = game.to_act
    s = RemoteSession(None)
    feed(game, seat, s)
    with pytest.raises(NotYourTurn):
        s.play(1 - seat, game.legal_actions()[0])
    missing = next(r for r in range(13) if not game.hands[seat][r])
    with pytest.raises(IllegalAction):
        s.play(seat, Ask(1 - seat, missing))
    with pytest.raises(IllegalAction):  # not connected
        s.play(seat, game.legal_actions()[0])
    # an error from the host is shown in the player's words and ends the wait
    assert s.receive(wire.error(wire.NOT_YOUR_TURN, "it is not your turn")) == "error"
    assert s.error == (wire.NOT_YOUR_TURN, "It is not your turn.")
    assert s.receive(wire.error(wire.ILLEGAL, "you must hold a 7")) == "error"
    assert s.error == (wire.ILLEGAL, "you must hold a 7")


@pytest.mark.parametrize("message", [
    {"type": "hello", "rules": {"deal": "lots"}, "players": 2, "seat": 0, "names": ["a", "b"],
     "kinds": ["human", "human"]},
    {"type": "hello", "rules": {}, "players": 2, "seat": 0, "names": ["a"], "kinds": ["human"]},
    {"type": "event", "event": {"kind": "fly"}},
    {"type": "event", "event": {"kind": "ask", "seat": 9}},
    {"type": "state", "view": {"seat": 0}},
    {"type": "your-turn", "legal": "all"},
    {"type": "your-turn", "legal": [{"type": "jump"}]},
    {"type": "seat", "seat": "one", "status": "away"},
])
def test_a_malformed_host_message_is_refused_not_a_crash(message):
    game = Game(preset("standard"), 2, seed=1)
    s = RemoteSession(None)
    feed(game, 0, s)
    before = (s.event_count, s.view(0))
    with pytest.raises(wire.WireError):
        s.receive(message)
    assert (s.event_count, s.view(0)) == before


def test_a_state_for_another_seat_is_refused():
    game = Game(preset("standard"), 2, seed=1)
    s = RemoteSession(None)
    feed(game, 0, s)
    with pytest.raises(wire.WireError):
        s.receive(wire.state(game.view(1, with_events=False), 0))


def test_secrets_are_kept_privately_per_table_and_name(tmp_path):
    book = SecretBook(tmp_path)
    assert book.get("ABCDEF", "Ann") is None
    book.put("ABCDEF", "Ann", "s3cret")
    assert book.get("ABCDEF", "ann") == "s3cret"  # names match regardless of case
    assert book.get("ABCDEF", "Ben") is None and book.get("BCDEFG", "Ann") is None
    (path,) = list((tmp_path / "joined").iterdir())
    assert path.stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "joined").stat().st_mode & 0o777 == 0o700
    assert "Ann" not in path.name
    path.write_text("not json")
    assert book.get("ABCDEF", "Ann") is None  # a damaged file is no secret
    book.forget("ABCDEF", "Ann")
    assert not path.exists()
