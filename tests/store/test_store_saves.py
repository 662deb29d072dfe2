"""The save record and its file format: round trips under every preset, replay = snapshot."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

import pytest
from store_helpers import SEATS, Clock, play

from gofish.engine import PRESETS, Game, Rules, RulesError, preset
from gofish.seats import COMPUTER, HUMAN, SeatSpec
from gofish.store import FINISHED, IN_PROGRESS, LoadError, SavedGame, saves
from gofish.store.saves import HEADER_FIELDS, Header, new_id

# every preset, plus rules that make long or unusual games: card asks with bluffs, a match,
# card-value scoring with draw-until-hit, the first-out end with the asked player playing on
RULES = {
    **PRESETS,
    "card-bluff": Rules(ask_for="card", bluff_asks=True),
    "match": Rules(match_target=12, empty_hand="draw-hand"),
    "values": Rules(scoring="card-value", draw_until_hit=True, lucky_draw=False),
    "asked-plays": Rules(empty_stock="asked-plays", after_miss="asked-player", pairs=True),
}
SIX = tuple(SeatSpec(n, COMPUTER if i % 2 else HUMAN, "hard" if i % 2 else "")
            for i, n in enumerate(["Ann", "Bob", "Cy", "Dee", "Eve", "Fox"]))


@pytest.mark.parametrize("name", RULES)
@pytest.mark.parametrize("seats", [SEATS[:2], SEATS, SIX], ids=["2", "3", "6"])
def test_round_trip_and_replay_equals_snapshot(name, seats):
    for seed in (1, 2):
        record, game = play(rules=RULES[name], seats=seats, seed=seed)
        again = SavedGame.from_bytes(record.to_bytes())
        assert again == record
        replayed = again.to_game()
        assert replayed.snapshot() == game.snapshot() == record.snapshot
        assert replayed.over and again.status == FINISHED
        assert again.summary.rules == (RULES[name].preset_name() or "custom")


def test_round_trip_of_a_game_in_progress():
    record, game = play(steps=9)
    again = SavedGame.from_bytes(record.to_bytes())
    assert again == record and again.status == IN_PROGRESS
    assert again.summary.turn == SEATS[game.to_act].name
    assert again.summary.winners == () and len(again.actions) == 9
    assert again.to_game().snapshot() == game.snapshot()


def test_summary_holds_names_scores_books_turn_and_winners():
    record, game = play(rules=RULES["match"], seed=3)
    summary = record.summary
    assert summary.names == ("Ann", "Bob", "Zoë")
    assert [s.score for s in summary.seats] == list(game.scores())
    assert summary.winners == tuple(SEATS[w].name for w in game.winners)
    assert summary.turn is None and summary.actions == len(game.actions)
    assert [(s.kind, s.level) for s in summary.seats] == [
        ("human", ""), ("computer", "easy"), ("human", "")]
    # a match: books over every deal, more than the last deal's
    assert game.deal > 0
    assert sum(s.books for s in summary.seats) > sum(len(b) for b in game.books)


def test_unrecorded_game_gives_the_same_summary():
    record, game = play(seed=4)
    quiet = Game.replay(game.rules, game.players, game.seed, list(game.actions), record=False)
    assert saves.summarize(quiet, SEATS) == record.summary


def test_file_layout_header_line_first_then_one_action_per_line():
    record, _ = play(steps=5)
    text = record.to_bytes().decode("utf-8")
    lines = text.split("\n")
    header = json.loads(lines[0][:-1] + "}")
    assert list(header) == list(HEADER_FIELDS)
    assert header["schema"] == saves.SCHEMA
    assert Header.quick(header) == Header.from_json(header)
    assert text.endswith("}\n") and "Zoë" in text  # UTF-8, not escaped
    assert sum(1 for line in lines if line.startswith('{"type":"ask"')) == 5
    assert json.loads(text) == record.to_json()


def test_times_are_utc_iso_8601_to_the_millisecond():
    clock = Clock(datetime(2026, 3, 1, 12, 0, 0, 123456, tzinfo=UTC))
    record = SavedGame.new(preset("quick"), SEATS, 1, clock=clock)
    data = record.to_json()
    assert data["created"] == "2026-03-01T12:00:01.123Z" == data["updated"]
    assert SavedGame.from_json(data).created == datetime(2026, 3, 1, 12, 0, 1, 123000, tzinfo=UTC)
    naive = SavedGame.new(preset("quick"), SEATS, 1, clock=lambda: datetime(2026, 3, 1, 9))
    assert naive.to_json()["created"] == "2026-03-01T09:00:00.000Z"


def test_ids_are_short_sortable_and_random():
    moment = datetime(2026, 11, 29, 19, 5, 12, tzinfo=UTC)
    ids = {new_id(moment) for _ in range(50)}
    assert all(re.fullmatch(r"20261129-190512-[0-9a-f]{4}", i) for i in ids)
    assert len(ids) > 40
    assert new_id(moment) < new_id(moment.replace(second=13))


def test_new_game_draws_a_seed_when_none_is_given():
    a = SavedGame.new(preset("standard"), SEATS)
    b = SavedGame.new(preset("standard"), SEATS)
    assert isinstance(a.seed, int) and a.seed != b.seed
    assert a.actions == () and a.status == IN_PROGRESS


def test_updated_with_keeps_identity_and_moves_time():
    clock = Clock()
    record, game = play(steps=3, clock=clock)
    game.apply(game.legal_actions()[0])
    later = record.updated_with(game, clock=clock)
    assert (later.id, later.created, later.seats) == (record.id, record.created, record.seats)
    assert later.updated > record.updated and len(later.actions) == 4


def test_illegal_action_is_named_by_its_number():
    record, game = play(steps=6)
    data = record.to_json()
    data["actions"][3] = {"type": "draw"}  # nobody's hand is empty this early
    with pytest.raises(LoadError, match=r"^action 4 is not legal"):
        SavedGame.from_json(data).to_game()


def test_snapshot_and_summary_are_checked_against_the_replay():
    record, _ = play(steps=6)
    data = record.to_json()
    data["snapshot"]["stock"] = data["snapshot"]["stock"][::-1]
    with pytest.raises(LoadError, match="does not match the saved snapshot .stock"):
        SavedGame.from_json(data).to_game()
    data = record.to_json()
    data["summary"]["seats"][0]["score"] += 1
    with pytest.raises(LoadError, match="summary does not match"):
        SavedGame.from_json(data).to_game()
    data = record.to_json()
    data["status"] = FINISHED
    with pytest.raises(LoadError, match="status does not match"):
        SavedGame.from_json(data).to_game()


def test_older_schema_is_migrated_on_load(monkeypatch):
    """The hook: a schema-0 file (seats as bare names) is brought up to schema 1."""
    record, game = play(steps=4, seats=(SeatSpec("Ann"), SeatSpec("Bob")))

    def from_zero(data):
        data = dict(data, schema=1)
        data["seats"] = [{"name": n, "kind": "human"} for n in data["seats"]]
        return data

    monkeypatch.setitem(saves.MIGRATIONS, 0, from_zero)
    old = record.to_json()
    old["schema"] = 0
    old["seats"] = ["Ann", "Bob"]
    again = SavedGame.from_json(old)
    assert again == record and again.to_game().snapshot() == game.snapshot()
    monkeypatch.delitem(saves.MIGRATIONS, 0)
    with pytest.raises(LoadError, match="unknown schema 0"):
        SavedGame.from_json(old)


def test_a_save_with_a_target_from_before_the_cap_still_loads(store):
    """Targets up to 1000 were accepted before a match's 50 deals capped them at what 50 deals
    can score; such a save is the same game with the capped target, not a damaged file."""
    record, game = play(store, rules=Rules(match_target=650), seed=3)
    path = store.path(record.id)
    text = path.read_text(encoding="utf-8")
    assert text.count('"match_target":650') >= 1
    path.write_text(text.replace('"match_target":650', '"match_target":700'), encoding="utf-8")
    loaded = store.load(record.id)
    assert loaded.rules.match_target == 650
    assert loaded.to_game().snapshot() == game.snapshot()
    with pytest.raises(RulesError, match="expected 0 to 1000"):
        Rules.from_saved({"match_target": 1001})
    with pytest.raises(RulesError, match="cannot be reached"):
        Rules.from_json({"match_target": 700})  # a new setup or a bot's rules: refused
