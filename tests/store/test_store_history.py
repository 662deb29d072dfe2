"""History and statistics: list without replaying, delete, continue, stats by name and level."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime

import pytest
from store_helpers import SEATS, play

from gofish.engine import preset
from gofish.seats import COMPUTER, SeatSpec
from gofish.store import GameInfo, GameNotFound, SavedGame, Store, Unreadable, compute_stats
from gofish.store.index import INDEX_NAME
from gofish.store.saves import SeatSummary, Summary


def test_list_is_newest_first_with_summaries(store):
    first, _ = play(store, seed=1)
    second, _ = play(store, steps=5, seed=2)
    third, _ = play(store, seed=3)
    entries = store.list()
    assert [e.id for e in entries] == [third.id, second.id, first.id]
    assert all(isinstance(e, GameInfo) for e in entries)
    assert entries[1].summary == second.summary and not entries[1].finished
    assert entries[0].updated == third.updated and entries[0].created == third.created
    assert entries[0].path == store.path(third.id)


def test_listing_replays_only_an_unfinished_game_and_only_once(store, monkeypatch):
    """A finished game is listed from its first line; an unfinished one (offered to be
    played) is checked whole the first time, then the index vouches for it."""
    play(store, seed=1)
    unfinished, _ = play(store, steps=3, seed=2)
    replayed = []
    real = SavedGame.to_game
    monkeypatch.setattr(SavedGame, "to_game", lambda self: replayed.append(self.id) or real(self))
    assert len(store.list()) == 2
    assert replayed == [unfinished.id]

    def no(*args, **kwargs):
        raise AssertionError("listing replayed a game")

    monkeypatch.setattr(SavedGame, "to_game", no)
    monkeypatch.setattr(SavedGame, "from_bytes", no)
    assert len(store.list()) == 2  # what this Store listed before
    assert len(Store(store.root).list()) == 2  # from the index


def test_latest_unfinished_is_the_most_recently_played(store):
    assert store.latest_unfinished() is None
    a, _ = play(store, steps=3, seed=1)
    b, _ = play(store, steps=3, seed=2)
    play(store, seed=3)  # finished: not for "continue"
    assert store.latest_unfinished().id == b.id
    with store.lock(a.id):
        game = a.to_game()
        game.apply(game.legal_actions()[0])
        store.save(a.updated_with(game, clock=store.clock))
    assert store.latest_unfinished().id == a.id


def test_delete(store):
    a, _ = play(store, seed=1)
    b, _ = play(store, seed=2)
    store.delete(a.id)
    assert [e.id for e in store.list()] == [b.id]
    with pytest.raises(GameNotFound):
        store.delete(a.id)
    with pytest.raises(GameNotFound):
        store.load(a.id)


def test_delete_a_damaged_file_by_choice(store):
    store.root.mkdir(parents=True)
    store.path("20260101-000000-dead").write_text("{")
    [entry] = store.list()
    assert isinstance(entry, Unreadable) and entry.damaged
    store.delete(entry.id, damaged=True)
    assert store.list() == [] and os.listdir(store.damaged_dir) == []


def test_index_follows_every_change_to_the_files(store):
    a, game = play(store, steps=3, seed=1)
    assert [e.summary for e in store.list()] == [a.summary]
    assert (store.root / INDEX_NAME).exists()
    # the file changes behind the index's back (another process saves a move)
    other = Store(store.root, clock=store.clock)
    game.apply(game.legal_actions()[0])
    newer = a.updated_with(game, clock=store.clock)
    with other.lock(a.id):
        other.save(newer)
    assert [e.summary for e in store.list()] == [newer.summary]
    b, _ = play(other, seed=2)
    assert {e.id for e in store.list()} == {a.id, b.id}
    other.delete(a.id)
    assert [e.id for e in store.list()] == [b.id]


def test_a_damaged_or_foreign_index_is_rebuilt(store):
    a, _ = play(store, seed=1)
    store.list()
    index = store.root / INDEX_NAME
    whole = index.read_bytes()
    for junk in (b"", b"{", b"[]\n{}", whole[:-1], whole.replace(b'"version":2', b'"version":1')):
        index.write_bytes(junk)
        assert [e.summary for e in Store(store.root).list()] == [a.summary]
        assert index.read_bytes() == whole  # and written again, whole


def test_an_edited_index_entry_is_not_believed(store):
    """Rows are only trusted when the digest of all of them matches."""
    a, _ = play(store, seed=1)
    store.list()
    index = store.root / INDEX_NAME
    head, body = index.read_bytes().split(b"\n", 1)
    entries = json.loads(body)
    entries[f"{a.id}.json"][3][4][0][3] = "lots"  # a score that is not a number
    index.write_bytes(head + b"\n" + json.dumps(entries).encode())
    [info] = Store(store.root).list()
    assert info.summary == a.summary


def test_older_schema_files_are_listed_through_a_full_load(store, monkeypatch):
    from gofish.store import saves

    record, _ = play(store, seed=5)
    doc = record.to_json()
    doc["schema"] = 0
    store.path(record.id).write_text(json.dumps(doc))
    monkeypatch.setitem(saves.MIGRATIONS, 0, lambda d: dict(d, schema=1))
    [entry] = Store(store.root).list()
    assert isinstance(entry, GameInfo) and entry.summary == record.summary


# ---------------------------------------------------------------------- statistics


def info(names, winners, books, status="finished", kinds=None):
    kinds = kinds or {}
    seats = tuple(SeatSummary(n, *kinds.get(n, ("human", "")), score=b, books=b)
                  for n, b in zip(names, books, strict=True))
    when = datetime(2026, 1, 1, tzinfo=UTC)
    summary = Summary(seats, None, tuple(winners), "standard", 50, 0)
    return GameInfo("20260101-000000-0000", when, when, status, summary, "x.json")


def test_stats_by_player_name_and_computer_level():
    bots = {"Bot": ("computer", "easy"), "Hal": ("computer", "hard"), "Ava": ("computer", "easy")}
    entries = [
        info(["Ann", "Bob"], ["Ann"], [8, 5]),
        info(["ann", "Bob", "Bot"], ["ann", "Bob"], [4, 4, 3], kinds=bots),  # a shared win
        info(["Ann", "Hal"], ["Hal"], [2, 11], kinds=bots),
        info(["Ann", "Ava"], ["Ava"], [6, 7], kinds=bots),
        info(["Ann", "Bob"], [], [1, 1], status="in-progress"),  # not counted
        Unreadable("bad", None, "empty file", True, datetime(2026, 1, 1, tzinfo=UTC)),
    ]
    stats = compute_stats(entries)
    assert stats.games == 4
    ann, bob = stats.players
    assert (ann.label, ann.played, ann.wins, ann.books) == ("Ann", 4, 2, 20)
    assert ann.win_rate == 0.5 and ann.average_books == 5.0
    assert (bob.label, bob.played, bob.wins, bob.books) == ("Bob", 2, 1, 9)
    assert bob.win_rate == 0.5 and bob.average_books == 4.5
    easy, hard = stats.levels
    assert (easy.label, easy.played, easy.wins, easy.books) == ("easy", 2, 1, 10)
    assert (hard.label, hard.played, hard.wins, hard.books) == ("hard", 1, 1, 11)


def test_stats_from_real_saves(store):
    seats = (SeatSpec("Ann"), SeatSpec("Bot", COMPUTER, "medium"))
    records = [play(store, rules=preset("quick"), seats=seats, seed=s)[0] for s in range(6)]
    stats = compute_stats(store.list())
    ann_wins = sum("Ann" in r.summary.winners for r in records)
    ann_books = sum(r.summary.seats[0].books for r in records)
    [ann] = stats.players
    [medium] = stats.levels
    assert (ann.played, ann.wins, ann.books) == (6, ann_wins, ann_books)
    assert medium.label == "medium" and medium.played == 6
    assert medium.wins == sum("Bot" in r.summary.winners for r in records)
    assert compute_stats([]).players == [] and compute_stats([]).games == 0


def test_empty_or_missing_folder_lists_nothing_and_creates_nothing(tmp_path):
    store = Store(tmp_path / "nowhere")
    assert store.list() == [] and store.latest_unfinished() is None
    assert not (tmp_path / "nowhere").exists()


def test_names_round_trip_as_data(store):
    seats = (SeatSpec("[bold]Ann[/]"), SeatSpec("{0} %s <b>"), SeatSpec("Zoë"))
    record, _ = play(store, seats=seats, seed=2)
    assert store.list()[0].summary.names == ("[bold]Ann[/]", "{0} %s <b>", "Zoë")
    assert store.load(record.id).seats == seats
    assert SEATS[2].name == "Zoë"


def test_new_games_get_unique_ids_even_in_the_same_second(data_dir):
    frozen = Store(data_dir, clock=lambda: datetime(2026, 11, 29, 19, 5, 12, tzinfo=UTC))
    ids = set()
    for seed in range(40):
        record = frozen.new_game(preset("quick"), SEATS, seed)
        assert record.id.startswith("20261129-190512-") and record.id not in ids
        with frozen.lock(record.id):
            frozen.save(record)
        ids.add(record.id)
    assert len(frozen.list()) == 40
