"""``gofish simulate``: computer-only games, their tallies, the tournament seating, the CLI."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest

from gofish.ai import LEVEL_CLASSES, RandomPlayer
from gofish.cli import main
from gofish.commands.simulate import (
    Entry,
    ProgressBar,
    SimulateError,
    seat_order,
    simulate,
)
from gofish.engine import Action, Event, SeatView, preset
from gofish.engine import events as ev

STANDARD = preset("standard")


def totals(sim: Any) -> tuple[int, int, int]:
    return (sum(e.wins for e in sim.entries), sum(e.ties for e in sim.entries),
            sum(e.books for e in sim.entries))


def test_random_seats_take_the_fast_path_and_tally_every_game() -> None:
    sim = simulate(STANDARD, ["random"] * 4, 300, seed=1)
    assert sim.fast_path and sim.players == 4 and sim.games == 300
    wins, ties, books = totals(sim)
    assert books == 13 * 300  # every book of every game, counted once
    assert all(e.games == 300 for e in sim.entries)
    # each game has one winner alone, or two or more sharing
    assert wins + ties / 4 <= 300 <= wins + ties / 2
    assert 40 < sim.actions_per_game < 120 and sim.games_per_second > 0
    assert sim.to_json()["entries"][0]["books"] == sim.entries[0].books


def test_same_seed_same_results_other_seed_other_results() -> None:
    def outcome(seed: int, levels: list[str]) -> list[Any]:
        data = simulate(STANDARD, levels, 40, seed=seed).to_json()
        return [data["actions_per_game"], data["entries"]]

    for levels in (["random"] * 3, ["random", "easy", "random"]):
        assert outcome(5, levels) == outcome(5, levels)
        assert outcome(5, levels) != outcome(6, levels)


def test_computer_levels_play_whole_games() -> None:
    sim = simulate(preset("kids"), ["random", "easy", "medium"], 12, seed=2, tournament=True)
    assert not sim.fast_path
    wins, ties, books = totals(sim)
    assert books == 26 * 12  # pairs: 26 books a deal
    assert wins + ties / 3 <= 12 <= wins + ties / 2
    assert [e.level for e in sim.entries] == ["random", "easy", "medium"]


class Spy(RandomPlayer):
    """A random player that records what the driver shows it."""

    log: list[Spy] = []

    def __init__(self, seat: int, rules: Any, players: int, seed: int) -> None:
        super().__init__(seat, rules, players, seed)
        self.events: list[Event] = []
        self.views: list[SeatView] = []
        Spy.log.append(self)

    def observe(self, event: Event) -> None:
        self.events.append(event)

    def choose(self, view: SeatView) -> Action:
        self.views.append(view)
        return super().choose(view)


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> type[Spy]:
    monkeypatch.setitem(LEVEL_CLASSES, "spy", Spy)
    monkeypatch.setattr(Spy, "log", [])
    return Spy


def test_players_see_only_their_seat(spy: type[Spy]) -> None:
    simulate(STANDARD, ["spy", "random", "spy"], 4, seed=3)
    assert len(spy.log) == 8
    for player in spy.log:
        kinds = [e.kind for e in player.events]
        assert kinds[0] == ev.DEAL and kinds[-1] == ev.GAME_OVER
        for e in player.events:
            assert not e.secret or e.seat == player.seat  # others' draws stay hidden
        dealt = [e for e in player.events if e.kind == ev.DEALT and e.seat == player.seat]
        assert len(dealt) == 1 and len(dealt[0].secret) == dealt[0].count
        assert player.views
        for view in player.views:
            assert view.seat == player.seat and view.my_turn and view.legal
            assert view.events == ()  # the player keeps its own memory of events


def test_open_hands_players_see_every_secret(spy: type[Spy]) -> None:
    simulate(preset("kids"), ["spy", "random"], 2, seed=3)
    other = [e for p in spy.log for e in p.events if e.secret and e.seat != p.seat]
    assert other


def test_tournament_turns_the_seating_and_tallies_per_entry(spy: type[Spy]) -> None:
    sim = simulate(STANDARD, ["spy", "random", "random"], 6, seed=4, tournament=True)
    assert [p.seat for p in spy.log] == [0, 1, 2, 0, 1, 2]
    # the spy's entry is credited with exactly the games won from whichever seat it held
    alone = shared = 0
    for player in spy.log:
        over = player.events[-1]
        if player.seat in over.winners:
            alone += len(over.winners) == 1
            shared += len(over.winners) > 1
    assert (sim.entries[0].wins, sim.entries[0].ties) == (alone, shared)
    fixed = simulate(STANDARD, ["spy", "random", "random"], 3, seed=4)
    assert fixed.entries[0].games == 3
    assert [p.seat for p in spy.log[6:]] == [0, 0, 0]


def test_seat_order_gives_every_entry_every_seat() -> None:
    for n in range(2, 7):
        seen = [set() for _ in range(n)]
        for game in range(n):
            order = seat_order(n, game, True)
            assert sorted(order) == list(range(n))
            for seat, entry in enumerate(order):
                seen[entry].add(seat)
        assert all(s == set(range(n)) for s in seen)
        assert seat_order(n, 3, False) == list(range(n))


def test_entry_counts_a_shared_win_as_half() -> None:
    entry = Entry(0, "random")
    for won, shared in [(True, False), (True, True), (False, False), (True, True)]:
        entry.add(won, shared, 2)
    assert (entry.games, entry.wins, entry.ties, entry.books) == (4, 1, 2, 8)
    assert entry.win_rate == pytest.approx((1 + 0.5 + 0 + 0.5) / 4)
    low, high = entry.interval()
    assert 0 <= low < entry.win_rate < high <= 1
    many = Entry(0, "random")
    for i in range(400):
        many.add(i % 2 == 0, False, 0)
    assert many.win_rate == 0.5
    m_low, m_high = many.interval()
    assert m_low < 0.5 < m_high and m_high - m_low < high - low
    assert m_high - m_low == pytest.approx(2 * 1.96 * (0.25 / 399) ** 0.5, rel=1e-3)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(SimulateError, match="unknown computer level wizard"):
        simulate(STANDARD, ["random", "wizard"], 1)


# ---------------------------------------------------------------- the command line


def test_cli_prints_speed_wins_and_books(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "60", "--players", "3", "--seed", "4"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0] == "60 games of Standard with 3 players, seed 4."
    assert "games a second" in lines[1] and "actions a game on average" in lines[1]
    assert lines[2].split() == ["seat", "player", "wins", "ties", "win", "rate", "(95%",
                                "CI)", "books", "a", "game"]
    rows = [line.split() for line in lines[3:6]]
    assert [r[:2] for r in rows] == [["1", "random"], ["2", "random"], ["3", "random"]]
    assert sum(float(r[-1]) for r in rows) == pytest.approx(13, abs=0.02)
    assert err == ""  # no progress bar when stderr is not a terminal


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "8", "--seats", "random,easy", "--rules", "quick",
                 "--tournament", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "quick" and data["players"] == 2 and data["tournament"]
    assert data["seats"] == ["random", "easy"] and not data["fast_path"]
    assert [e["level"] for e in data["entries"]] == ["random", "easy"]
    assert all(e["games"] == 8 for e in data["entries"])
    low, high = data["entries"][0]["win_rate_95"]
    assert low <= data["entries"][0]["win_rate"] <= high


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--seats", "random,wizard"], "unknown computer level wizard"),
        (["--players", "7"], "--players must be 2 to 6, not 7"),
        (["--seats", "random"], "--seats must name 2 to 6 levels, not 1"),
        (["--players", "3", "--seats", "random,random"], "--players 3 disagrees with --seats"),
        (["--games", "0"], "--games must be at least 1, not 0"),
    ],
)
def test_cli_refuses_bad_requests(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err


def test_cli_unknown_preset_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["simulate", "--rules", "speedy"])
    assert e.value.code == 2
    assert "speedy" in capsys.readouterr().err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    term = Terminal()
    monkeypatch.setattr("sys.stderr", term)
    assert main(["simulate", "--games", "30", "--players", "2"]) == 0
    assert term.getvalue() == ""  # a short run shows no bar
    monkeypatch.setattr(ProgressBar, "DELAY", 0.0)
    assert main(["simulate", "--games", "30", "--players", "2"]) == 0
    drawn = term.getvalue()
    assert "[" + "#" * ProgressBar.WIDTH + "] 30 of 30 games" in drawn
    assert drawn.endswith("\r")  # the bar is wiped once done
    assert "games a second" in capsys.readouterr().out.split("\n\n")[-1]


def test_progress_bar_redraws_at_most_ten_times_a_second() -> None:
    stream = io.StringIO()
    bar = ProgressBar(1000, stream)
    bar.DELAY = 0.0
    for done in range(1, 1001):
        bar(done)
    frames = stream.getvalue().count("\r[")
    assert 2 <= frames < 50
    assert "1000 of 1000 games" in stream.getvalue()


def test_a_simulated_run_is_one_sitting_for_the_reader():
    """`gofish simulate` keeps what the reader learned of its opponent from game to game."""
    from gofish.ai.reader import Sitting
    from gofish.commands.simulate import play_with_players
    from gofish.engine import preset

    sittings = [Sitting(), Sitting()]
    play_with_players(preset("quick"), ["reader", "random"], 1, sittings, ["0", "1"])
    first = sittings[0].profile("1").asks
    play_with_players(preset("quick"), ["random", "reader"], 2, sittings[::-1], ["1", "0"])
    assert first > 0 and sittings[0].profile("1").asks > first
    assert sittings[1].profiles == {}  # random play learns nothing
