"""The end of a game: the move that ended it stays in view (defect 5 of issue 12: the results
replaced the table at once, so the winning move was never seen), then the results tell the
story: placings with shared places, the final move, books as cards, a match deal by deal, the
record against these opponents, and play again with the same seats."""

from __future__ import annotations

import random

from textual.containers import VerticalScroll

from gofish.engine import Ask, Draw, Game, Rules, preset
from gofish.narrate import story
from gofish.seats import COMPUTER, SeatSpec
from gofish.session import Session
from gofish.store.repo import Store
from gofish.tui.app import GofishApp
from gofish.tui.screens.game_over import (
    FinalMoveScreen,
    GameOverScreen,
    final_move,
    placings,
)
from gofish.tui.screens.table import TableScreen

from .helpers import fixed_clock, make_app, screen_text, settled_text
from .scenes import played_before

SIZE = (80, 24)
RANK_KEYS = "23456789tjqka"


def last_move_by(seats, rules: Rules, seat: int) -> tuple[int, list]:
    """A seed and random actions whose last one, an ask by ``seat``, ends the game."""
    for seed in range(200):
        game = Game(rules, len(seats), seed)
        rng = random.Random(seed)
        actions, actors = [], []
        while not game.over:
            action = rng.choice(game.legal_actions())
            actors.append(game.to_act)
            actions.append(action)
            game.apply(action)
        if actors[-1] == seat and isinstance(actions[-1], Ask):
            return seed, actions
    raise AssertionError("no such game")


SEATS = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "random"),
         SeatSpec("Carol", COMPUTER, "random")]


def one_move_from_the_end(tmp_path, seats, rules: Rules, seed: int, actions) -> GofishApp:
    """The app resuming a saved game whose one remaining move is ``actions[-1]``."""
    store = Store(tmp_path / "data", clock=fixed_clock)
    record = store.new_game(rules, seats, seed)
    game = record.to_game()
    for action in actions[:-1]:
        game.apply(action)
    with store.lock(record.id):
        store.save(record.updated_with(game, clock=fixed_clock))
    return make_app(tmp_path, None, start="resume", game_id=record.id)


async def end_by_keys(pilot, actions) -> str:
    """Play the last action with keys, as Alice would: the text of the move that ended the
    game, as Alice's log tells it."""
    app = pilot.app
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, TableScreen)
    last = actions[-1]
    assert screen.can_ask()
    await pilot.press(str(last.target + 1), RANK_KEYS[last.rank], "enter")
    await pilot.pause()
    events = app.session.events_for(0)
    lines = story(events, app.session.names, 0)
    return next(line.text for line in reversed(lines) if line.kind == "asked")


async def test_the_winning_move_stays_in_view_until_enter(tmp_path):
    seed, actions = last_move_by(SEATS, Rules(), 0)
    app = one_move_from_the_end(tmp_path, SEATS, Rules(), seed, actions)
    async with app.run_test(size=SIZE) as pilot:
        move = await end_by_keys(pilot, actions)
        assert app.session.over
        # the table is still there, under the move spelt out, until Enter
        assert isinstance(app.screen, FinalMoveScreen)
        assert isinstance(app.screen_stack[-2], TableScreen)
        text = await settled_text(pilot)
        assert move in text.replace("\n", " ") or move.split(".")[0] in text
        assert "Final move:" in text and "Press Enter for the results." in text
        await pilot.press("space")  # a key that skipped the computers does not dismiss it
        await pilot.pause()
        assert isinstance(app.screen, FinalMoveScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = " ".join((await settled_text(pilot)).split())
        assert "Final move: " + move.split(".")[0] in text


def near_the_end(seats, rules: Rules, seed: int) -> list:
    """Random actions from the deal until few cards are left in play (the game not over)."""
    game = Game(rules, len(seats), seed)
    rng = random.Random(seed)
    actions = []
    while not game.over and (game.view(0).stock or sum(game.view(0).counts) > 8):
        actions.append(rng.choice(game.legal_actions()))
        game.apply(actions[-1])
    assert not game.over
    return [*actions, None]  # the last is for one_move_from_the_end to leave out


async def test_a_computers_winning_move_is_seen_too(tmp_path):
    """The last move a computer's: the table plays it, and it stays in view."""
    seats = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "easy")]
    for seed in range(20):
        app = one_move_from_the_end(tmp_path / str(seed), seats, Rules(), seed,
                                    near_the_end(seats, Rules(), seed))
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(100):
                await pilot.pause()
                screen = app.screen
                if app.session.over:
                    break
                if isinstance(screen, TableScreen) and screen.can_ask():
                    view = screen.my_view()
                    if not view.hand:
                        await pilot.press("enter")
                    else:
                        await pilot.press(RANK_KEYS[view.hand[0] >> 2], "enter")
            assert app.session.over
            ended_by = final_move(app.session, None)[0].seat
            if ended_by != 1:
                continue  # Alice ended this one: try another deal
            await pilot.pause()
            assert isinstance(app.screen, FinalMoveScreen)
            assert isinstance(app.screen_stack[-2], TableScreen)
            expected = final_move(app.session, 0)
            text = " ".join((await settled_text(pilot)).split())
            for line in expected:
                assert line.text[:40] in text
            # and the table's log beneath ends with it too: scrolled to its end
            for box in app.screen_stack[-2].query(VerticalScroll):
                assert box.scroll_y == box.max_scroll_y, box
            return
    raise AssertionError("no deal ended by the computer")


def test_placings_share_ties():
    assert placings((3, 5, 5, 1)) == ["3rd", "=1st", "=1st", "4th"]
    assert placings((4, 4)) == ["=1st", "=1st"]
    assert placings((1, 2, 3, 4, 5, 6)) == ["6th", "5th", "4th", "3rd", "2nd", "1st"]
    assert placings((2, 2, 1)) == ["=1st", "=1st", "3rd"]


async def test_results_show_places_books_as_cards_and_the_record(tmp_path):
    played_before(tmp_path, SEATS, Rules(), 3)
    seed, actions = last_move_by(SEATS, Rules(), 0)
    app = one_move_from_the_end(tmp_path, SEATS, Rules(), seed, actions)
    async with app.run_test(size=SIZE) as pilot:
        await end_by_keys(pilot, actions)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        text = await settled_text(pilot)
        view = app.session.public_view()
        scores = view.deal_scores
        places = placings(scores)
        rows = {line.split()[1]: line for line in text.splitlines()
                if line.split() and line.split()[0].lstrip("=") in ("1st", "2nd", "3rd")}
        for seat, name in enumerate(app.session.names):
            assert rows[name].split()[0] == places[seat]
            assert str(scores[seat]) in rows[name].split()
        # each book as its cards: the rank, then the four suits
        for seat, books in enumerate(view.books):
            for rank, _cards in books:
                face = {9: "J", 10: "Q", 11: "K", 12: "A"}.get(rank, str(rank + 2)) + "♣♦♥♠"
                assert face in text, f"{face} of seat {seat} not shown"
        # the record: this game and the three before, with these same seats
        won = 1 if 0 in app.session.winners else 0
        from gofish.store.stats import record_against

        [alice] = record_against(app.store.list(), [(s.name, s.kind, s.level) for s in SEATS])
        assert alice.played == 4 and won <= alice.wins
        assert (f"Alice: won {alice.wins}, lost {4 - alice.wins}, of 4 games."
                in " ".join(text.split()))


async def test_the_record_counts_only_these_same_opponents(tmp_path):
    others = [SeatSpec("Alice"), SeatSpec("Bob", COMPUTER, "expert"),
              SeatSpec("Carol", COMPUTER, "random")]  # Bob at another level: another opponent
    played_before(tmp_path, others, Rules(), 2)
    played_before(tmp_path, SEATS[:2], Rules(), 2)  # without Carol
    seed, actions = last_move_by(SEATS, Rules(), 0)
    app = one_move_from_the_end(tmp_path, SEATS, Rules(), seed, actions)
    async with app.run_test(size=SIZE) as pilot:
        await end_by_keys(pilot, actions)
        await pilot.press("enter")
        await pilot.pause()
        text = " ".join((await settled_text(pilot)).split())
        assert "of 1 game." in text


async def test_play_again_keeps_the_seats_and_rules_with_a_new_seed(tmp_path):
    rules = preset("quick")
    seed, actions = last_move_by(SEATS, rules, 0)
    app = one_move_from_the_end(tmp_path, SEATS, rules, seed, actions)
    async with app.run_test(size=SIZE) as pilot:
        await end_by_keys(pilot, actions)
        await pilot.press("enter")
        await pilot.pause()
        first = app.session
        assert "a Play again" in screen_text(app)
        await pilot.press("a")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        again = app.session
        assert again is not first and not again.over and again.seed != first.seed
        assert again.seats == tuple(SEATS) and again.rules == rules
        assert again.game_id != first.game_id


async def test_a_match_shows_the_deals_one_by_one(tmp_path):
    rules = Rules(match_target=6, end="first-out")
    seats = [SeatSpec("Ann", COMPUTER, "random"), SeatSpec("Bartholomew Fairweat"),
             SeatSpec("Cy", COMPUTER, "random")]
    app = make_app(tmp_path, seats, rules=rules, seed=2)
    async with app.run_test(size=SIZE) as pilot:
        session = app.session
        rng = random.Random(0)
        deals = 0
        while not session.over:
            await pilot.pause()
            while not (session.over or session.deal_over):
                session.game.apply(rng.choice(session.game.legal_actions()))
            app.screen.advance()
            await pilot.pause()
            assert isinstance(app.screen, FinalMoveScreen)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameOverScreen)
            deals += 1
            if session.over:
                break
            await pilot.press("enter")  # next deal
            await pilot.pause()
        assert deals >= 2
        text = await settled_text(pilot)
        lines = text.splitlines()
        head = next(i for i, line in enumerate(lines) if line.strip().startswith("Deal by deal"))
        assert lines[head].split()[3:3 + deals] == [str(n + 1) for n in range(deals)]
        row = next(line for line in lines[head:] if "Bartholomew Fairweat" in line)
        totals = session.scores()
        assert row.split()[-1] == str(totals[1])


async def test_a_long_match_shows_every_deal_in_blocks(tmp_path):
    from gofish.engine import NextDeal
    from gofish.tui.screens.game_over import NAME_WIDTH

    seats = [SeatSpec("Ann"), *(SeatSpec(n, COMPUTER, "random") for n in ("Bob", "Cy", "Di"))]
    app = make_app(tmp_path, seats, rules=Rules(match_target=20, end="first-out"), seed=8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        rng = random.Random(1)
        while not session.over:
            if session.deal_over:
                session.game.apply(NextDeal())
            else:
                session.game.apply(rng.choice(session.game.legal_actions()))
        assert isinstance(app.screen, TableScreen)
        app.screen.advance()
        await pilot.pause()
        assert isinstance(app.screen, FinalMoveScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        deals = [e for e in session.events_for(None) if e.kind == "deal-over"]
        assert len(deals) > 11  # more than one block of the 80 columns holds
        text = screen.deals_table([e.scores for e in deals]).plain
        numbers = []
        for line in text.splitlines():
            rest = line[NAME_WIDTH:].split()
            if line[:NAME_WIDTH].strip() in ("Deal by deal", "") and rest:
                numbers.extend(int(n) for n in rest if n.isdigit())
        assert numbers == list(range(1, len(deals) + 1))
        assert max(len(line) for line in text.splitlines()) <= SIZE[0] - 4


def ann_plays(view) -> Ask | Draw:
    """Ann's simple way: the first rank she holds, from whoever holds the most cards."""
    if not view.hand:
        return Draw()
    target = max((o for o in range(view.players) if o != view.seat and view.counts[o]),
                 key=lambda o: view.counts[o])
    return Ask(target, view.hand[0] >> 2)


async def test_the_table_beneath_shows_the_last_lines_of_its_log(tmp_path):
    """A computer's quick last turn (several asks at once, no pause): the log beneath the
    final move was left short of its last lines, the winning ask among them."""
    seats = [SeatSpec("Ann"), SeatSpec("Bartholomew Fairweat", COMPUTER, "hard"),
             SeatSpec("Carol", COMPUTER, "easy")]
    rules = preset("quick")
    session = Session(rules, seats, 3)
    mine = []
    while not session.over:
        if session.computer_to_act():
            session.step_computer()
        else:
            mine.append(session.action_count)
            session.play(0, ann_plays(session.view(0, with_events=False)))
    # a saved game at Ann's last ask: she asks, and the computers end it at once
    actions = session.game.actions[:mine[-1] + 1]
    app = one_move_from_the_end(tmp_path, seats, rules, 3, actions)
    app.delay_override = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TableScreen) and screen.can_ask()
        last = actions[-1]
        await pilot.press("backspace", str(last.target + 1), RANK_KEYS[last.rank], "enter")
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, FinalMoveScreen):
                break
        assert isinstance(app.screen, FinalMoveScreen)
        assert final_move(app.session, 0)[0].seat == 1  # the computer's turn ended it
        await pilot.pause()
        log = [line.split("│", 1)[1] for line in screen_text(app).splitlines()[1:17]
               if "│" in line]
        assert "Game over" in " ".join(" ".join(log).split())
        # the results: a long name keeps its level, on the line under it
        await pilot.press("enter")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        at = next(i for i, line in enumerate(lines) if line.strip().startswith("1st   Bartholomew"))
        assert "(hard)" in lines[at + 1] and "…" not in lines[at], "\n".join(lines)


async def test_the_results_scroll_by_keys_at_80x24(tmp_path):
    """Six players in a match: more than 80x24 holds; the arrows and page keys scroll it."""
    from gofish.engine import NextDeal

    seats = [SeatSpec("Ann"), *(SeatSpec(n, COMPUTER, "random")
                                for n in ("Bob", "Cy", "Di", "Ed", "Flo"))]
    app = make_app(tmp_path, seats, rules=Rules(match_target=8, end="first-out"), seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.session
        rng = random.Random(1)
        while not session.over:
            if session.deal_over:
                session.game.apply(NextDeal())
            else:
                session.game.apply(rng.choice(session.game.legal_actions()))
        app.screen.advance()
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        body = app.screen.query_one("#over-body", VerticalScroll)
        assert body.max_scroll_y > 0 and body.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert body.scroll_y == 1
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y  # the end (the record) in view
        await pilot.press("pageup", "up")
        await pilot.pause()
        assert body.scroll_y == 0


def test_the_final_move_skips_a_turn_that_told_nothing():
    """A turn passed on after the last move (nothing said in it) does not hide that move."""
    from gofish.engine import Event
    from gofish.engine import events as ev

    class Told:
        names = ("Ann", "Bob")
        rules = Rules()

        def events_for(self, seat):
            return [Event(ev.TURN, seat=0), Event(ev.ASK, seat=0, target=1, rank=5),
                    Event(ev.GAVE, seat=0, target=1, rank=5, count=1),
                    Event(ev.BOOK, seat=0, rank=5, cards=(20, 21, 22, 23)),
                    Event(ev.TURN, seat=1), Event(ev.GAME_OVER, winners=(0,), scores=(1, 0))]

    lines = [line.text for line in final_move(Told(), None)]
    assert lines == ["Ann asked Bob for sevens. Bob gave Ann 1 seven.",
                     "Ann laid down a book of sevens."]


async def test_enters_pressed_in_a_burst_at_the_end_do_not_start_a_new_game(tmp_path):
    """Enter mashed through the computers' last turns: one Enter shows the results, the next
    ones in the same burst neither skip them nor press Play again (a new game, unseen)."""
    seed, actions = last_move_by(SEATS, Rules(), 0)
    app = one_move_from_the_end(tmp_path, SEATS, Rules(), seed, actions)
    app.pass_guard = 5.0  # every key of the test comes within one burst
    async with app.run_test(size=SIZE) as pilot:
        await end_by_keys(pilot, actions)
        first = app.session
        await pilot.pause()
        assert isinstance(app.screen, FinalMoveScreen)
        await pilot.press("enter")  # too soon after the move: the final move stays up
        await pilot.pause()
        assert isinstance(app.screen, FinalMoveScreen)
        app.screen.last_key -= 10  # a quiet moment later
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert app.session is first and first.over
        assert len(app.store.games()) == 1
        app.screen.last_key -= 10  # Enter after a quiet moment presses the button, as ever
        await pilot.press("enter")
        await pilot.pause()
        assert app.session is not first and isinstance(app.screen, TableScreen)


def test_a_quick_game_says_why_it_ended():
    """Under "first out" the game ended with a card in the stock and nothing said why: the
    final move says who ran out of cards (or that the stock ran out)."""
    from types import SimpleNamespace

    from gofish.engine import Event
    from gofish.engine import events as ev

    class Told:
        names = ("Ann", "Bob", "Cleo")
        rules = preset("quick")
        counts = (0, 3, 2)
        stock = 4

        def events_for(self, seat):
            return [Event(ev.TURN, seat=0), Event(ev.ASK, seat=0, target=1, rank=5),
                    Event(ev.GAVE, seat=0, target=1, rank=5, count=1),
                    Event(ev.BOOK, seat=0, rank=5, cards=(20, 21, 22, 23)),
                    Event(ev.GAME_OVER, winners=(0,), scores=(1, 0, 0))]

        def public_view(self):
            return SimpleNamespace(counts=self.counts, stock=self.stock)

    told = Told()
    assert [line.text for line in final_move(told, None)][-1] == \
        "Ann has no cards left: the deal is over."
    assert [line.text for line in final_move(told, 0)][-1] == \
        "You have no cards left: the deal is over."
    told.counts, told.stock = (1, 3, 2), 0
    assert [line.text for line in final_move(told, None)][-1] == \
        "The stock is empty: the deal is over."
    told.rules = Rules()  # all books: the last lines say who is out, as the log does
    assert [line.text for line in final_move(told, None)][-1] == \
        "Ann laid down a book of sevens."
