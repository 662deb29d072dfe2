"""Rules, actions, events and games as JSON: round trips, and refusals that name the field."""

from __future__ import annotations

import json
import random
from dataclasses import fields
from typing import Any

import pytest

from gofish.engine import (
    CHOICES,
    PRESETS,
    Ask,
    Draw,
    Event,
    Game,
    IllegalAction,
    NextDeal,
    Rules,
    RulesError,
    action_from_json,
    preset,
)
from gofish.engine import events as ev


def random_rules(rng: random.Random) -> Rules:
    return Rules(
        **{name: rng.choice(values) for name, values in CHOICES.items()},
        deal_fixed=rng.randint(1, 8),
        lucky_draw=rng.random() < 0.5,
        bluff_asks=rng.random() < 0.5,
        draw_until_hit=rng.random() < 0.5,
        match_target=rng.choice((0, 1, 10, 650)),  # 650: the most with one point a book
        open_hands=rng.random() < 0.5,
        pairs=rng.random() < 0.5,
    )


def test_rules_round_trip() -> None:
    rng = random.Random(1)
    for rules in [*PRESETS.values(), *(random_rules(rng) for _ in range(200))]:
        data = json.loads(json.dumps(rules.to_json()))
        assert set(data) == {f.name for f in fields(Rules)}
        assert Rules.from_json(data) == rules
    assert Rules.from_json({}) == Rules()  # every option has a default
    assert Rules.from_json({"pairs": True}) == Rules(pairs=True)


def test_presets_keep_their_names() -> None:
    for name, rules in PRESETS.items():
        assert Rules.from_json(rules.to_json()).preset_name() == name
        assert preset(name.upper()) == rules
    assert Rules(lucky_draw=False).preset_name() is None


def test_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_json({"lucky_draw": True, "wild_cards": 2})
    assert e.value.field == "wild_cards" and "wild_cards" in str(e.value)


INVALID: list[tuple[str, Any]] = [
    ("deal", "7-for-everyone"),
    ("deal", 7),
    ("deal_fixed", 0),
    ("deal_fixed", 27),
    ("deal_fixed", "7"),
    ("deal_fixed", True),
    ("deal_fixed", 7.0),
    ("first_player", "youngest"),
    ("lucky_draw", "yes"),
    ("lucky_draw", 1),
    ("end", "never"),
    ("empty_hand", None),
    ("empty_stock", "reshuffle"),
    ("after_miss", "previous-player"),
    ("ask_for", "suit"),
    ("bluff_asks", None),
    ("draw_until_hit", "true"),
    ("scoring", "cards"),
    ("match_target", -1),
    ("match_target", 1001),
    ("match_target", "10"),
    ("open_hands", 0),
    ("pairs", [True]),
]


@pytest.mark.parametrize(("field", "value"), INVALID, ids=[f"{f}={v!r}" for f, v in INVALID])
def test_invalid_value_is_refused_by_name(field: str, value: Any) -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_json({**Rules().to_json(), field: value})
    assert e.value.field == field
    assert str(e.value).startswith(f"{field}:")
    with pytest.raises(RulesError):
        Rules().replace(**{field: value})


def test_every_option_has_an_invalid_case() -> None:
    assert {f for f, _ in INVALID} == {f.name for f in fields(Rules)}


@pytest.mark.parametrize("data", [None, [], "standard", 3])
def test_rules_must_be_an_object(data: Any) -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_json(data)
    assert e.value.field == "rules"


def test_game_setup_errors_name_the_field() -> None:
    with pytest.raises(RulesError) as e:
        Game(Rules(), 2, seed="1")  # type: ignore[arg-type]
    assert e.value.field == "seed"
    with pytest.raises(RulesError) as e:
        Game(Rules(deal="fixed", deal_fixed=20), 3, seed=1)
    assert e.value.field == "deal_fixed"


def test_actions_round_trip() -> None:
    for action in (Ask(2, 0), Ask(1, 12, 3), Ask(0, 8, 0), Draw(), NextDeal()):
        assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    assert action_from_json({"type": "ask", "target": 1, "rank": "q"}) == Ask(1, 10)
    assert action_from_json({"type": "ask", "target": 1, "rank": "T", "suit": "♥"}) == Ask(1, 8, 2)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "must be an object"),
        ({"type": "fold"}, "unknown action"),
        ({"type": "ask", "rank": "7"}, "missing field in ask: target"),
        ({"type": "ask", "target": 1}, "missing field in ask: rank"),
        ({"type": "ask", "target": "1", "rank": "7"}, "target must be a seat"),
        ({"type": "ask", "target": True, "rank": "7"}, "target must be a seat"),
        ({"type": "ask", "target": 1, "rank": "1"}, "not a rank"),
        ({"type": "ask", "target": 1, "rank": "7", "suit": "x"}, "not a suit"),
        ({"type": "ask", "target": 1, "rank": "7", "cards": 2}, "unknown field in ask: cards"),
        ({"type": "draw", "count": 5}, "unknown action"),
    ],
)
def test_malformed_actions_are_refused(data: Any, reason: str) -> None:
    with pytest.raises(IllegalAction, match=reason):
        action_from_json(data)


def test_events_round_trip() -> None:
    samples = [
        Event(ev.DEALER_CARD, seat=1, cards=(4,), rank=1),
        Event(ev.DEAL, seat=0, target=1, deal=2),
        Event(ev.DEALT, seat=2, count=5, secret=(1, 7, 22, 40, 51)),
        Event(ev.ASK, seat=0, target=2, rank=12, suit=3),
        Event(ev.GAVE, seat=0, target=2, rank=12, count=2, cards=(48, 50)),
        Event(ev.GAME_OVER, deal=3, scores=(10, 0, 3), winners=(0,)),
    ]
    for event in samples:
        data = json.loads(json.dumps(event.to_json()))
        assert Event.from_json(data) == event
    kinds = {e.kind for e in samples}
    game = Game(Rules(match_target=5), 3, seed=1)
    game.play_randomly(random.Random(1))
    for event in game.events:
        assert Event.from_json(json.loads(json.dumps(event.to_json()))) == event
        kinds.add(event.kind)
    assert kinds >= set(ev.KINDS) - {ev.LUCKY, ev.PASS, ev.NO_STOCK, ev.DEALER_CARD}
    with pytest.raises(ValueError):
        Event.from_json({"kind": "explode"})


def test_game_json_round_trip_and_errors() -> None:
    game = Game(preset("quick"), 4, seed=21)
    game.play_randomly(random.Random(2))
    data = json.loads(json.dumps(game.to_json()))
    assert Game.from_json(data).snapshot() == game.snapshot()
    for key in ("rules", "players", "seed", "actions"):
        broken = {k: v for k, v in data.items() if k != key}
        with pytest.raises(ValueError, match=key):
            Game.from_json(broken)
    with pytest.raises(ValueError, match="actions"):
        Game.from_json({**data, "actions": {}})
    bad = {**data, "actions": [*data["actions"][:3], {"type": "fold"}]}
    with pytest.raises(IllegalAction, match="action 4 "):
        Game.from_json(bad)
    # a well-formed action that the rules do not allow at that point is named too
    illegal = {**data, "actions": [{"type": "next-deal"}]}
    with pytest.raises(IllegalAction, match="action 1 is not legal"):
        Game.from_json(illegal)
    with pytest.raises(RulesError) as e:
        Game.from_json({**data, "rules": {**data["rules"], "end": "sometime"}})
    assert e.value.field == "end"
