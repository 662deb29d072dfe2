"""The review screen and the table-memory widget: keys, every hand shown, refusal of an
unfinished game, --ascii, and snapshots at 80x24 (the review in English and French at a
turning point; the memory panel beside nothing, in a tiny app)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from gofish.ai import make_player
from gofish.coach import Coach
from gofish.engine import Game, Rules
from gofish.i18n import set_language
from gofish.names import card_label
from gofish.seats import COMPUTER, SeatSpec
from gofish.store.repo import Store
from gofish.tui.screens.review import ReviewScreen
from gofish.tui.widgets.memory import MemoryPanel, memory_content, ranks_row

from .helpers import cards_shown, fixed_clock, make_app, notices, screen_text

SEATS = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "hard"), SeatSpec("Carol", COMPUTER, "medium")]
LEVELS = ["medium", "hard", "medium"]


def save_game(tmp_path: Path, *, seed: int = 3, finished: bool = True, seats=SEATS) -> str:
    """A game played by computers at every seat (Alice's seat by Medium), saved."""
    store = Store(tmp_path / "data", clock=fixed_clock)
    rules = Rules()
    record = store.new_game(rules, seats, seed=seed)
    game = record.to_game()
    players = [make_player(lv, s, rules, 3, s) for s, lv in enumerate(LEVELS)]
    fed = 0
    while not game.over and (finished or len(game.actions) < 20):
        for e in game.events[fed:]:
            for s, p in enumerate(players):
                p.observe(e.for_seat(s, rules.open_hands))
        fed = len(game.events)
        game.apply(players[game.to_act].choose(game.view(game.to_act, with_events=False)))
    with store.lock(record.id):
        store.save(record.updated_with(game, clock=fixed_clock))
    return record.id


def review_app(tmp_path: Path, **kw):
    game_id = save_game(tmp_path)
    app = make_app(tmp_path, None, **kw)
    app.review_id = game_id
    return app


async def open_review(pilot) -> ReviewScreen:
    await pilot.pause()
    pilot.app.show_review(pilot.app.review_id)
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


async def at_turning_point(pilot) -> None:
    await open_review(pilot)
    await pilot.press("t")
    await pilot.pause()


def turn_starts(record) -> list[int]:
    """The move numbers where a seat's turn begins (the deal, move 0, first), worked out by
    replaying the game in the engine: whoever is to act before each action."""
    game = Game(record.rules, len(record.seats), record.seed)
    starts, before = [0], None
    for number, action in enumerate(record.actions, 1):
        if game.to_act != before:
            starts.append(number)
            before = game.to_act
        game.apply(action)
    return starts


async def test_keys_step_through_the_game(tmp_path) -> None:
    app = review_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        last = len(screen.review.moves) - 1
        assert screen.at == 0
        await pilot.press("right", "right", "down")
        assert screen.at == 3
        await pilot.press("left", "up")
        assert screen.at == 1
        await pilot.press("end")
        assert screen.at == last
        await pilot.press("right")
        assert screen.at == last  # no further
        await pilot.press("home")
        assert screen.at == 0
        starts = turn_starts(app.store.load(app.review_id))  # from the engine, not the review
        assert len(starts) > 3
        await pilot.press("pagedown")
        assert screen.at == starts[1]
        await pilot.press("pagedown")
        assert screen.at == starts[2]
        await pilot.press("pagedown", "pageup")
        assert screen.at == starts[2]
        await pilot.press("end", "pageup")
        assert screen.at == (starts[-1] if starts[-1] < last else starts[-2])
        await pilot.press("t")
        assert screen.at == screen.review.turning[0]
        await pilot.press("t")
        assert screen.at == screen.review.turning[1]
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)


async def test_every_hand_and_the_move_are_shown(tmp_path) -> None:
    app = review_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        mine = next(n for n, m in enumerate(screen.review.moves) if m.mark is not None)
        for _ in range(mine):
            await pilot.press("right")
        await pilot.pause()
        text = screen_text(app)
        move = screen.review.moves[mine]
        for hand in move.after.hands:
            for c in hand:
                assert card_label(c) in text
        assert "You asked" in text  # the move told by the narration
        assert "Your ask" in text  # and marked with its chance
        assert "Of your" in text and "sure hit" in text  # the summary
        assert "Turning points" in text


async def test_in_pass_and_play_each_human_can_be_reviewed(tmp_path) -> None:
    """Alice and Carol played at one laptop: the review was always Alice's. P turns it to
    the next human's, at the same move; with one human there is no P."""
    from gofish.tui.widgets.keys import KeyFooter

    seats = [SeatSpec("Alice"), SEATS[1], SeatSpec("Carol")]
    app = make_app(tmp_path, None)
    app.review_id = save_game(tmp_path, seats=seats)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        assert screen.review.seat == 0 and "as Alice" in screen_text(app)
        await pilot.press("end")
        await pilot.press("p")
        await pilot.pause()
        assert screen.review.seat == 2 and "as Carol" in screen_text(app)
        assert screen.at == screen.last  # the same move, from the other side
        assert {m.seat for m in screen.review.moves if m.mark} == {2}  # Carol's asks judged
        assert "p Player" in str(screen.query_one(KeyFooter).render())
        await pilot.press("p")
        await pilot.pause()
        assert screen.review.seat == 0
    alone = make_app(tmp_path / "one", None)
    alone.review_id = save_game(tmp_path / "one")  # Alice and two computers
    async with alone.run_test(size=(80, 24)) as pilot:
        screen = await open_review(pilot)
        assert "Player" not in str(screen.query_one(KeyFooter).render())
        await pilot.press("p")
        await pilot.pause()
        assert screen.review.seat == 0


async def test_an_unfinished_game_is_not_reviewed(tmp_path) -> None:
    game_id = save_game(tmp_path, finished=False)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_review(game_id)
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        assert "Only a finished game can be reviewed." in notices(app)
        assert not cards_shown(screen_text(app), range(52))  # no card, as label nor as face
        app.show_review("no-such-game")
        await pilot.pause()
        assert not isinstance(app.screen, ReviewScreen)
        # the control: the same check finds the hands where a review shows them
        app.show_review(save_game(tmp_path, seed=4))
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        dealt = {c for hand in app.screen.review.moves[0].after.hands for c in hand}
        assert cards_shown(screen_text(app), range(52)) == dealt


async def test_ascii_review_has_no_suit_symbols(tmp_path) -> None:
    app = review_app(tmp_path, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await at_turning_point(pilot)
        text = screen_text(app)
        assert not any(s in text for s in "♣♦♥♠·←→")
        assert "Review" in text and "Left/Right" in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_review_snapshot(snap_compare, tmp_path, lang: str) -> None:
    set_language(lang)
    assert snap_compare(review_app(tmp_path), terminal_size=(80, 24),
                        run_before=at_turning_point)


# ---------------------------------------------------------------------- the memory panel

def memory_position():
    """A three-seat game after a few asks, from Alice's seat (seat 0)."""
    from gofish.engine import Game

    rules = Rules()
    game = Game(rules, 3, 12)
    players = [make_player("medium", s, rules, 3, s) for s in range(3)]
    fed = 0
    while len(game.actions) < 14:
        for e in game.events[fed:]:
            for s, p in enumerate(players):
                p.observe(e.for_seat(s))
        fed = len(game.events)
        game.apply(players[game.to_act].choose(game.view(game.to_act, with_events=False)))
    view = game.view(0)
    return Coach.from_view(view).memory(view)


class MemoryApp(App):
    CSS = "Screen { layout: horizontal; }"

    def __init__(self, memory) -> None:
        super().__init__()
        self.memory = memory

    def compose(self) -> ComposeResult:
        yield MemoryPanel(self.memory, ["Alice", "Bob", "Carol"], id="memory")


async def test_memory_panel_shows_words_and_cards() -> None:
    memory = memory_position()
    assert any(o.holds for o in memory.opponents)  # the position has something to show
    app = MemoryApp(memory)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        panel = app.query_one(MemoryPanel)
        assert panel.size.width <= 24
        text = screen_text(app)
        assert "What the table showed" in text
        for o in memory.opponents:
            assert ["Alice", "Bob", "Carol"][o.seat] in text
            if o.holds:
                assert "has:" in text or "only:" in text
        panel.show(None)
        await pilot.pause()
        assert "Bob" not in screen_text(app)


def test_memory_content_in_words() -> None:
    memory = memory_position()
    text = memory_content(memory, ["Alice", "Bob", "Carol"]).plain
    assert "Bob · " in text and "Carol · " in text
    shown = 0
    for o in memory.opponents:
        if o.holds:
            shown += 1
            assert ("has: " + ranks_row(o.holds)) in text
        if o.lacks:
            assert ("no: " + ranks_row(o.lacks)) in text
        if o.took:
            assert "took yours: " + " ".join(card_label(c) for c in o.took) in text
    assert shown
    assert ranks_row(((5, 2), (9, 1))) == "7 7 J"  # a rank known twice shows twice


def test_memory_panel_snapshot(snap_compare) -> None:
    assert snap_compare(MemoryApp(memory_position()), terminal_size=(80, 24))


# ---------------------------------------------------------------------- the tutorial

async def text_with(pilot, words: str) -> str:
    """The screen's text once it shows ``words`` (or after a second)."""
    for _ in range(50):
        text = screen_text(pilot.app)
        if words in text:
            break
        await pilot.pause(0.02)
    return text


async def open_tutorial(pilot):
    from gofish.tui.screens.tutorial import TutorialScreen

    await pilot.pause()
    pilot.app.show_tutorial()
    await pilot.pause()
    assert isinstance(pilot.app.screen, TutorialScreen)
    return pilot.app.screen


async def test_the_tutorial_takes_only_the_ask_it_teaches(tmp_path) -> None:
    from gofish.coach.tutorial import STEPS

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot)
        await text_with(pilot, "Your hand")
        assert str(screen.query_one("#tutorial-guide").render()).endswith("press K.")
        await pilot.press("8", "enter")  # not this step's key: nothing happens
        await pilot.pause()
        assert screen.step == 0 and not screen.done and not screen.game.actions
        assert "Press K for this step." in notices(app)
        await pilot.press("k")  # chosen, as at the table: Enter asks
        await pilot.pause()
        assert not screen.done and not screen.game.actions
        assert "Ask Bob for kings   Enter: ask" in screen_text(app)
        assert "⏎ Ask" in screen_text(app) and "⏎ Continue" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.done and "You laid down a book of kings." in screen_text(app)
        assert "Your hand · 4 cards · 1 book: K" in screen_text(app)
        for step in STEPS[1:]:
            await pilot.press("enter", step.key, "enter")
            await pilot.pause()
        assert "Lucky draw" not in screen_text(app)  # the last step's own words only
        assert "the turn passes to Bob" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert "That is Go Fish" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is not screen


async def test_the_tutorial_draws_the_table_and_raises_the_rank_to_ask(tmp_path) -> None:
    """The tutorial is drawn with the table's pieces: Bob's seat with his pile and his answer,
    the stock, the hand's faces with the step's rank raised; cards a step brought in are
    marked new until the next step."""
    from gofish.tui.widgets.hand import HandView
    from gofish.tui.widgets.seats import SeatBox
    from gofish.tui.widgets.stock import StockView

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot)
        hand = screen.query_one(HandView)
        assert hand.chosen is None and len(hand.cards) == 7 and not hand.new
        assert screen.query_one(StockView).count == 38
        assert screen.query_one(SeatBox).state.count == 7
        await pilot.press("k")
        await pilot.pause()
        assert hand.chosen == 11  # the kings raised, as the table raises a chosen rank
        await pilot.press("enter", "enter", "8", "enter")
        await pilot.pause()
        assert hand.chosen is None and [c >> 2 for c in hand.new] == [6]  # the lucky eight
        assert screen.query_one(SeatBox).state.said == "Go fish!"
        assert screen.query_one(StockView).count == 37
        await pilot.press("enter", "6")
        await pilot.pause()
        assert hand.chosen == 4 and not hand.new  # sixes next


async def test_the_tutorials_end_offers_a_game_of_ones_own(tmp_path) -> None:
    """At the end, N opens the setup (the closing words offer it); before the end N is only a
    wrong key for the step."""
    from gofish.coach.tutorial import STEPS
    from gofish.tui.screens.setup import SetupScreen

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and "Press K for this step." in notices(app)
        for step in STEPS:
            await pilot.press(step.key, "enter", "enter")
            await pilot.pause()
        assert screen.finished and "Press N to set up a game" in screen_text(app)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_a_second_enter_at_once_does_not_skip_what_the_ask_taught(tmp_path) -> None:
    """Enter pressed twice to ask (a bounce, or a habit) would move past the words that explain
    the ask unread: the Enter that moves on counts only after a quiet moment, as at a hand-over."""
    app = make_app(tmp_path, None, pass_guard=30.0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot)
        await pilot.press("k", "enter", "enter")
        await pilot.pause()
        assert screen.done and screen.step == 0
        assert "Bob had one, and had to give it to you." in screen_text(app)
        screen.asked_at -= 31  # the quiet moment, without waiting for it
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step == 1 and not screen.done


async def test_the_tutorial_says_the_key_once_and_takes_it_back(tmp_path) -> None:
    """Wrong keys pressed again and again give one notice, not a pile over the guide's words;
    once the step's key is pressed the notice goes (it said K while the guide said Enter)."""
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_tutorial(pilot)
        await pilot.press("x", "2", "q")
        await pilot.pause()
        assert notices(app) == ["Press K for this step."]
        await pilot.press("k")
        await pilot.pause()
        assert not notices(app)


async def test_the_tutorial_key_line_names_what_enter_does(tmp_path) -> None:
    """While a step waits for its rank key the key line offers no Enter (Enter then says which
    key the step takes); with the rank chosen it says Ask; once the ask is made, Continue."""
    from gofish.tui.widgets.keys import KeyFooter

    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot)
        footer = screen.query_one(KeyFooter)
        assert "Continue" not in str(footer.render()) and "Ask" not in str(footer.render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step == 0 and not screen.done and not screen.picked
        assert notices(app) == ["Press K for this step."]
        await pilot.press("k")
        await pilot.pause()
        assert "Ask" in str(footer.render()) and "Continue" not in str(footer.render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen.done and "Continue" in str(footer.render())
        await pilot.press("enter")
        await pilot.pause()
        assert screen.step == 1 and "Continue" not in str(footer.render())


async def test_the_tutorial_leaves_on_escape(tmp_path) -> None:
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_tutorial(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


async def tutorial_lucky_step(pilot) -> None:
    await open_tutorial(pilot)
    await pilot.press("k", "enter", "enter", "8", "enter")
    await pilot.pause()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_tutorial_snapshot(snap_compare, tmp_path, lang: str) -> None:
    set_language(lang)
    assert snap_compare(make_app(tmp_path, None), terminal_size=(80, 24),
                        run_before=tutorial_lucky_step)


async def test_a_long_name_does_not_run_into_the_cards(tmp_path) -> None:
    from gofish.coach.review import review_game
    from gofish.engine import Game

    game = Game(Rules(), 2, 4)
    rng = __import__("random").Random(4)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    review = review_game(game.rules, 2, 4, game.actions, 0)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ReviewScreen(review, ["Alexandrina Maximova", "Bob"]))
        await pilot.pause()
        line = next(x for x in screen_text(app).splitlines() if "Alexandri" in x and "·" not in x)
        name = re.search(r"Alexandr\w*", line)
        assert name and line[name.end()] == " "  # the name is cut short, a gap before the cards


async def test_names_are_shown_literally_never_as_markup(tmp_path) -> None:
    from gofish.coach.review import review_game
    from gofish.engine import Game

    game = Game(Rules(), 2, 6)
    rng = __import__("random").Random(6)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    review = review_game(game.rules, 2, 6, game.actions, 0)
    names = ["[b]Ann", "[red]Bob[/red]"]
    move = next(m for m in review.moves if m.mark is not None and not m.mark.is_best)
    app = make_app(tmp_path, None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ReviewScreen(review, names, start=move.number))
        await pilot.pause()
        mark = str(app.screen.query_one("#review-mark").render())
        assert "[red]Bob[/red]" in mark  # the coach's choice names Bob as typed
