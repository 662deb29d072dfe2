"""One named test for every row of docs/rules.md.

Most tests build an exact position with ``position`` below (hands, stock and turn set directly)
and apply one or two actions; a few read the deal of seeded games. The map from rules.md to
the tests:

| rules.md row | test |
| --- | --- |
| **What every text agrees on** | |
| 52 cards, 13 ranks, 4 suits | test_deck_is_52_cards_of_13_ranks_and_4_suits |
| suits do not matter unless asking for a card | test_rank_asks_ignore_suits |
| a book is four of a rank, laid at once: from the deal | test_book_dealt_is_laid_before_the_first_turn |
| ... from a catch | test_book_from_a_catch_is_laid_at_once |
| ... from a draw | test_book_from_a_draw_is_laid_at_once |
| ... from a mix | test_book_from_a_mix_of_deal_catch_and_draw |
| ask one chosen opponent for one rank you hold | test_ask_only_for_a_rank_you_hold, test_ask_one_opponent_not_yourself |
| the asked player hands over all of the rank; ask again | test_asked_player_hands_over_all_and_the_asker_goes_again |
| re-asking the same player for the same rank is allowed | test_reasking_the_same_player_for_the_same_rank_is_allowed |
| otherwise Go Fish: draw the top card; it stays | test_go_fish_draws_the_top_card_which_stays |
| play passes to the left (next seat) | test_play_passes_to_the_next_seat |
| most books wins | test_most_books_wins |
| ties share the win | test_ties_share_the_win |
| **Options** | |
| players 2 to 6 | test_players_two_to_six |
| deal size (7-for-2, 7-for-2-3, 7-for-2-4, fixed) | test_deal_size |
| first player: left of a random dealer | test_first_player_left_of_a_random_dealer |
| first player: lowest card deals, ace high, ties again | test_first_player_lowest_card_deals |
| first player: random | test_first_player_random |
| lucky draw on | test_lucky_draw_on_shows_the_card_and_asks_again |
| lucky draw off | test_lucky_draw_off_passes_the_turn |
| end: first out (a hand empties) | test_end_first_out_when_a_hand_empties |
| end: first out (the stock empties) | test_end_first_out_when_the_stock_empties |
| end: all books | test_end_all_books_plays_on_without_a_stock |
| empty hand: draw one, then ask for that rank | test_empty_hand_draw_one_then_ask_for_that_rank |
| empty hand: draw a hand of 5 | test_empty_hand_draw_hand_draws_five |
| ... or the whole stock if fewer remain | test_empty_hand_draw_hand_takes_the_whole_stock_if_fewer |
| no cards and no stock: out, keeps books | test_no_cards_and_no_stock_is_out_and_keeps_books |
| empty stock: a miss ends the turn, no Go Fish | test_empty_stock_miss_ends_the_turn_without_go_fish |
| empty stock: the asked player plays (003 variation two) | test_empty_stock_asked_player_plays |
| after a miss: next player | test_play_passes_to_the_next_seat |
| after a miss: the asked player | test_after_a_miss_the_asked_player_plays |
| ask for a card: gives that one card, ask again | test_ask_for_a_card_gets_that_card_and_asks_again |
| ask for a card: must hold its rank, must name a suit | test_ask_for_a_card_needs_its_rank_and_a_suit |
| ask for a card: lucky only on that exact card | test_ask_for_a_card_lucky_only_on_the_exact_card |
| bluff asks off | test_bluff_asks_off_refuses_a_card_you_hold |
| bluff asks on: always Go Fish, ends the turn | test_bluff_asks_on_always_go_fish_and_end_the_turn |
| draw until hit: keep drawing to the rank, keep all | test_draw_until_hit_keeps_drawing_to_the_rank |
| ... or until the stock runs out | test_draw_until_hit_stops_when_the_stock_runs_out |
| ... then the lucky draw applies as usual | test_draw_until_hit_then_lucky_draw_applies |
| ... under card asks: a card of the rank stops it | test_draw_until_hit_under_card_asks_stops_at_the_rank |
| scoring: books | test_scoring_books |
| scoring: card value | test_scoring_card_value |
| match: deals until a target, the deal passes left | test_match_deals_until_a_player_reaches_the_target |
| open hands | test_open_hands_shows_every_hand |
| pairs | test_pairs_books_are_pairs |
| **Presets** | |
| Standard | test_preset_standard |
| Quick | test_preset_quick |
| Classic | test_preset_classic |
| Kids | test_preset_kids |
| **Decided here** | |
| a book dealt is laid before the first turn | test_book_dealt_is_laid_before_the_first_turn |
| a hand emptied on another's turn waits for its turn | test_hand_emptied_on_another_turn_waits_for_its_turn |
| ... under first out the game ends at once | test_hand_emptied_under_first_out_ends_the_game_at_once |
| an out player is never asked and is skipped | test_out_player_is_never_asked_and_is_skipped |
| ask only an opponent holding cards | test_ask_only_an_opponent_holding_cards |
| no opponent holds a card: the turn passes | test_no_opponent_holds_a_card_so_the_turn_passes |
| over when all books are laid / nobody in has cards | test_game_over_when_every_book_is_laid |
| lucky draw completing a book: book, then ask again | test_lucky_draw_completing_a_book_lays_it_then_asks_again |
| ... or the empty-hand option if the hand is empty | test_lucky_draw_emptying_the_hand_then_draws |
| ties share the win: every top score wins | test_ties_share_the_win |

Beyond rules.md: a match that never reaches its target stops after MAX_DEALS deals
(test_match_stops_after_max_deals), so a target more than MAX_DEALS deals can score is refused
(test_a_target_no_match_can_reach_is_refused), and illegal actions leave the game unchanged
(test_illegal_actions_change_nothing).
"""

from __future__ import annotations

import pytest

from gofish.engine import (
    MAX_DEALS,
    RANK_VALUES,
    RANKS,
    Ask,
    Draw,
    Game,
    IllegalAction,
    NextDeal,
    Rules,
    RulesError,
    cards_in_play,
    parse_card,
    preset,
    rank_of,
    suit_of,
)
from gofish.engine import events as ev
from gofish.engine.cards import POPCOUNT, parse_rank
from gofish.engine.game import _held_of

STANDARD = preset("standard")


# ---------------------------------------------------------------- building positions


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def rank(text: str) -> int:
    return parse_rank(text)


def _book_masks(group: str, book_size: int) -> list[tuple[int, int]]:
    try:
        r = parse_rank(group)
    except ValueError:
        cs = cards(group)
        assert len({rank_of(c) for c in cs}) == 1, f"a book is one rank: {group}"
        assert len(cs) == book_size, f"a book holds {book_size} cards: {group}"
        mask = 0
        for c in cs:
            mask |= 1 << suit_of(c)
        return [(rank_of(cs[0]), mask)]
    return [(r, 0b1111)] if book_size == 4 else [(r, 0b0011), (r, 0b1100)]


def position(
    hands: list[str],
    stock: str = "...",
    *,
    rules: Rules = STANDARD,
    turn: int = 0,
    books: dict[int, list[str]] | None = None,
    rest_to: int | None = None,
    out: tuple[int, ...] = (),
) -> Game:
    """A game at an exact position.

    ``hands``: one string of cards per seat ("7h 7d Kc"). ``stock``: from the top down ("Kc 2d"
    draws the Kc first); a trailing "..." puts every card not placed elsewhere beneath them.
    ``books``: seat -> books already laid, each a rank ("7": all four, or two pairs under the
    pairs option) or its cards. ``rest_to``: instead, the ranks nobody holds are laid as books
    of that seat, and the odd cards of the other ranks go into its hand. Every card ends up in
    exactly one place, and the counts agree.
    """
    n = len(hands)
    game = Game(rules, n, seed=0)
    size = rules.book_size
    held = [cards(h) for h in hands]
    laid: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for seat, groups in (books or {}).items():
        for group in groups:
            laid[seat] += _book_masks(group, size)
    words = stock.split()
    beneath = bool(words) and words[-1] == "..."
    top = cards(" ".join(words[:-1] if beneath else words))
    placed = [c for h in held for c in h] + top
    placed += [r * 4 + s for b in laid for r, m in b for s in range(4) if m >> s & 1]
    assert len(placed) == len(set(placed)), "a card is placed twice"
    rest = [c for c in range(52) if c not in set(placed)]
    if rest_to is not None:
        for r in range(13):
            of_rank = [c for c in rest if rank_of(c) == r]
            if len(of_rank) == 4:
                laid[rest_to] += _book_masks(RANKS[r], size)
            else:
                held[rest_to] += of_rank
        rest = []
    assert beneath or not rest, f"cards placed nowhere: {len(rest)}"
    game.hands = [[0] * 13 for _ in range(n)]
    for seat, hand in enumerate(held):
        for c in hand:
            game.hands[seat][rank_of(c)] |= 1 << suit_of(c)
        assert all(POPCOUNT[m] < size for m in game.hands[seat]), "a hand holds a book"
    game.counts = [len(h) for h in held]
    game._held = [_held_of(h) for h in game.hands]  # the ranks each hand holds, kept in step
    game.books = laid
    game.stock = rest + top[::-1]  # the engine draws from the end of the list
    game.out = [s in out for s in range(n)]
    game.turn = turn
    game.deal_over = game.over = False
    game.winners = ()
    game.events.clear()
    game.actions.clear()
    assert sorted(cards_in_play(game)) == list(range(52))
    return game


def kinds(events: list) -> list[str]:
    return [e.kind for e in events]


def hand(game: Game, seat: int) -> set[int]:
    return set(game.hand_cards(seat))


def assert_refused(game: Game, action: object, reason: str | None = None) -> None:
    before = game.snapshot()
    events = len(game.events)
    with pytest.raises(IllegalAction, match=reason):
        game.check(action)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match=reason):
        game.apply(action)  # type: ignore[arg-type]
    assert game.snapshot() == before
    assert len(game.events) == events
    # by repr: Ask(1, 5, True) == Ask(1, 5, 1) as values, yet True is refused as a suit
    assert repr(action) not in {repr(a) for a in game.legal_actions()}


def consistent(game: Game) -> None:
    assert sorted(cards_in_play(game)) == list(range(52))
    for seat in range(game.players):
        assert game.counts[seat] == len(game.hand_cards(seat))
        for r, m in game.books[seat]:
            assert POPCOUNT[m] == game.rules.book_size, (r, m)


# ---------------------------------------------------------------- what every text agrees on


def test_deck_is_52_cards_of_13_ranks_and_4_suits() -> None:
    assert RANKS == ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
    for players in range(2, 7):
        game = Game(STANDARD, players, seed=players)
        every = cards_in_play(game)
        assert sorted(every) == list(range(52))
        assert {r: sum(1 for c in every if rank_of(c) == r) for r in range(13)} == dict.fromkeys(
            range(13), 4
        )
        assert {suit_of(c) for c in every} == {0, 1, 2, 3}


def test_rank_asks_ignore_suits() -> None:
    game = position(["7c Kc", "7d 7s 2c"])
    assert_refused(game, Ask(1, rank("7"), 1), "rank, not a card")
    game.apply(Ask(1, rank("7")))
    assert hand(game, 0) == set(cards("7c 7d 7s Kc"))


def test_book_from_a_catch_is_laid_at_once() -> None:
    game = position(["7c 7d 7h Kc", "7s 2c"])
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GAVE, ev.BOOK]
    assert events[-1].cards == tuple(cards("7c 7d 7h 7s"))
    assert hand(game, 0) == set(cards("Kc"))
    assert game.books[0] == [(rank("7"), 0b1111)]
    assert game.scores() == (1, 0)
    assert game.turn == 0  # a catch: ask again
    consistent(game)


def test_book_from_a_draw_is_laid_at_once() -> None:
    # asked for kings, drew the last seven: not lucky, but the book is laid all the same
    game = position(["7c 7d 7h Kc", "2c"], "7s ...")
    events = game.apply(Ask(1, rank("K")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.BOOK, ev.TURN]
    assert hand(game, 0) == set(cards("Kc"))
    assert game.books[0] == [(rank("7"), 0b1111)]
    assert game.turn == 1
    consistent(game)


def test_book_from_a_mix_of_deal_catch_and_draw() -> None:
    game = position(["7c 7d Kc", "7h 2c"], "7s ...")
    game.apply(Ask(1, rank("7")))  # catch: three sevens
    assert game.books[0] == []
    events = game.apply(Ask(1, rank("K")))  # miss, draw the fourth
    assert kinds(events)[:4] == [ev.ASK, ev.GO_FISH, ev.DREW, ev.BOOK]
    assert game.books[0] == [(rank("7"), 0b1111)]
    assert hand(game, 0) == set(cards("Kc"))
    consistent(game)


def test_ask_only_for_a_rank_you_hold() -> None:
    game = position(["7c Kc", "2c 3d"])
    assert_refused(game, Ask(1, rank("2")), "you must hold a 2")
    assert_refused(game, Ask(1, 13), "no rank")
    assert {a.rank for a in game.legal_actions()} == {rank("7"), rank("K")}


def test_ask_one_opponent_not_yourself() -> None:
    game = position(["7c Kc", "2c", "3c"])
    assert_refused(game, Ask(0, rank("7")), "yourself")
    assert_refused(game, Ask(3, rank("7")), "no seat")
    assert_refused(game, Ask(-1, rank("7")), "no seat")
    assert {a.target for a in game.legal_actions()} == {1, 2}


def test_asked_player_hands_over_all_and_the_asker_goes_again() -> None:
    game = position(["7c Kc", "7d 7h 2c", "3c"])
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GAVE]
    assert events[1].count == 2 and set(events[1].cards) == set(cards("7d 7h"))
    assert hand(game, 0) == set(cards("7c 7d 7h Kc"))
    assert hand(game, 1) == set(cards("2c"))
    assert game.turn == 0 and game.to_act == 0
    consistent(game)


def test_reasking_the_same_player_for_the_same_rank_is_allowed() -> None:
    game = position(["7c Kc", "7d 2c"], "3s ...")
    game.apply(Ask(1, rank("7")))
    assert Ask(1, rank("7")) in game.legal_actions()
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events)[:2] == [ev.ASK, ev.GO_FISH]


def test_go_fish_draws_the_top_card_which_stays() -> None:
    game = position(["7c", "2c"], "Kd 3h ...")
    stock = len(game.stock)
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.TURN]
    assert events[2].secret == tuple(cards("Kd")) and events[2].cards == ()
    assert hand(game, 0) == set(cards("7c Kd"))
    assert len(game.stock) == stock - 1 and game.stock[-1] == parse_card("3h")
    consistent(game)


def test_play_passes_to_the_next_seat() -> None:
    game = position(["7c", "2c", "3c"], turn=2)
    events = game.apply(Ask(1, rank("3")))
    assert events[-1].kind == ev.TURN and events[-1].seat == 0
    assert game.turn == 0
    game.apply(Ask(2, rank("7")))
    assert game.turn == 1


def _last_book_position(rules: Rules = STANDARD) -> Game:
    # 3 seats: 0 holds three aces, 2 the last; 0 has 4 books, 1 has 5 and 2 has 3
    return position(
        ["Ac Ad Ah", "", "As"],
        "",
        rules=rules,
        books={0: ["2", "3", "4", "5"], 1: ["6", "7", "8", "9", "10"], 2: ["J", "Q", "K"]},
        out=(1,),
    )


def test_most_books_wins() -> None:
    game = position(["Ac Ad Ah", "As"], "", books={0: list("2345678")}, rest_to=1)
    assert len(game.books[1]) == 5
    game.apply(Ask(1, rank("A")))
    assert game.over and game.winners == (0,)
    assert game.scores() == (8, 5)


def test_ties_share_the_win() -> None:
    game = _last_book_position()
    events = game.apply(Ask(2, rank("A")))
    assert game.over
    assert game.scores() == (5, 5, 3)
    assert game.winners == (0, 1)
    assert events[-1].kind == ev.GAME_OVER and events[-1].winners == (0, 1)


# ---------------------------------------------------------------- options


def test_players_two_to_six() -> None:
    for players in range(2, 7):
        assert Game(STANDARD, players, seed=1).players == players
    for players in (0, 1, 7, True, "3"):
        with pytest.raises(RulesError) as e:
            Game(STANDARD, players, seed=1)  # type: ignore[arg-type]
        assert e.value.field == "players"


@pytest.mark.parametrize(
    ("deal", "sizes"),
    [
        ("7-for-2", {2: 7, 3: 5, 4: 5, 5: 5, 6: 5}),
        ("7-for-2-3", {2: 7, 3: 7, 4: 5, 5: 5, 6: 5}),
        ("7-for-2-4", {2: 7, 3: 7, 4: 7, 5: 5, 6: 5}),
    ],
)
def test_deal_size(deal: str, sizes: dict[int, int]) -> None:
    for players, size in sizes.items():
        rules = Rules(deal=deal, pairs=False)
        game = Game(rules, players, seed=players, record=True)
        dealt = [e for e in game.events if e.kind == ev.DEALT]
        assert [e.count for e in dealt] == [size] * players
        assert all(len(e.secret) == size for e in dealt)
        assert len(game.stock) == 52 - size * players
    fixed = Rules(deal="fixed", deal_fixed=3)
    assert len(Game(fixed, 6, seed=1).stock) == 52 - 18
    assert len(Game(Rules(deal="fixed", deal_fixed=26), 2, seed=1).stock) == 0
    with pytest.raises(RulesError) as e:
        Game(Rules(deal="fixed", deal_fixed=9), 6, seed=1)
    assert e.value.field == "deal_fixed"


def test_first_player_left_of_a_random_dealer() -> None:
    dealers = set()
    for seed in range(40):
        game = Game(Rules(first_player="random-dealer"), 4, seed=seed)
        deal = game.events[0]
        assert deal.kind == ev.DEAL and deal.seat == game.dealer
        assert deal.target == (game.dealer + 1) % 4 == game.turn
        dealt = [e.seat for e in game.events if e.kind == ev.DEALT]
        assert dealt == [(game.dealer + k) % 4 for k in range(1, 5)]
        dealers.add(game.dealer)
    assert dealers == {0, 1, 2, 3}


def test_first_player_lowest_card_deals() -> None:
    tie_seen = False
    for seed in range(60):
        game = Game(Rules(first_player="lowest-card-deals"), 4, seed=seed)
        shown = [e for e in game.events if e.kind == ev.DEALER_CARD]
        assert all(e.rank == rank_of(e.cards[0]) for e in shown)
        rounds = [shown[:4]]
        rest = shown[4:]
        while rest:
            low = min(e.rank for e in rounds[-1])
            tied = [e.seat for e in rounds[-1] if e.rank == low]
            assert len(tied) > 1, "only a tie turns cards again"
            assert [e.seat for e in rest[: len(tied)]] == tied
            rounds.append(rest[: len(tied)])
            rest = rest[len(tied):]
            tie_seen = True
        last = rounds[-1]
        low = min(e.rank for e in last)
        assert [e.seat for e in last if e.rank == low] == [game.dealer]
        deal = next(e for e in game.events if e.kind == ev.DEAL)
        assert deal.seat == game.dealer and deal.target == (game.dealer + 1) % 4
    assert tie_seen
    # ace high, two low: the two is the lowest rank, the ace the highest
    assert rank("2") == 0 and rank("A") == 12


def test_first_player_random() -> None:
    firsts = set()
    for seed in range(40):
        game = Game(Rules(first_player="random"), 5, seed=seed)
        deal = game.events[0]
        assert deal.seat == (deal.target - 1) % 5  # the deal still goes round from the left
        firsts.add(deal.target)
    assert firsts == {0, 1, 2, 3, 4}


def test_lucky_draw_on_shows_the_card_and_asks_again() -> None:
    game = position(["7c Kc", "2c"], "7d ...")
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.LUCKY]
    assert events[-1].cards == tuple(cards("7d"))  # shown to everyone
    assert game.turn == 0


def test_lucky_draw_off_passes_the_turn() -> None:
    game = position(["7c Kc", "2c"], "7d ...", rules=STANDARD.replace(lucky_draw=False))
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.TURN]
    assert game.turn == 1


FIRST_OUT = STANDARD.replace(end="first-out")


def test_end_first_out_when_a_hand_empties() -> None:
    game = position(["7c Kc", "7d", "2c"], rules=FIRST_OUT)
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GAVE, ev.GAME_OVER]
    assert game.over and game.stock
    assert game.legal_actions() == []
    assert_refused(game, Ask(2, rank("7")), "over")


def test_end_first_out_when_the_stock_empties() -> None:
    game = position(["7c Kc", "2c 3c", ""], "9d", rules=FIRST_OUT, rest_to=2)
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.GAME_OVER]
    assert game.over and not game.stock


def test_end_all_books_plays_on_without_a_stock() -> None:
    game = position(["7c Kc", "2c 3c", ""], "9d", rest_to=2)
    game.apply(Ask(1, rank("7")))
    assert not game.over and not game.stock and game.turn == 1
    events = game.apply(Ask(0, rank("2")))
    assert kinds(events) == [ev.ASK, ev.NO_STOCK, ev.TURN]
    assert not game.over


def test_empty_hand_draw_one_then_ask_for_that_rank() -> None:
    game = position(["", "2c 3c", "4c"], "Qh 9s ...", turn=0)
    assert game.legal_actions() == [Draw()]
    assert_refused(game, Ask(1, rank("2")), "empty")
    events = game.apply(Draw())
    assert kinds(events) == [ev.DREW]
    assert events[0].secret == tuple(cards("Qh"))
    assert game.turn == 0
    assert {a.rank for a in game.legal_actions()} == {rank("Q")}


def test_empty_hand_draw_hand_draws_five() -> None:
    rules = STANDARD.replace(empty_hand="draw-hand")
    game = position(["", "2c 3c"], "Qh 9s 9d 4h 5h 6h ...", rules=rules)
    events = game.apply(Draw())
    assert events[0].count == 5
    assert hand(game, 0) == set(cards("Qh 9s 9d 4h 5h"))
    assert game.turn == 0 and game.stock[-1] == parse_card("6h")


def test_empty_hand_draw_hand_takes_the_whole_stock_if_fewer() -> None:
    rules = STANDARD.replace(empty_hand="draw-hand")
    game = position(["", "2c 3c", ""], "Qh 9s 9d", rules=rules, rest_to=2)
    events = game.apply(Draw())
    assert events[0].count == 3 and not game.stock
    assert hand(game, 0) == set(cards("Qh 9s 9d"))


def test_no_cards_and_no_stock_is_out_and_keeps_books() -> None:
    # seat 1 gives away its last card after the stock is gone: out, books kept
    game = position(["7c 8c", "7d", ""], "", books={1: ["2", "3"]}, rest_to=2)
    events = game.apply(Ask(1, rank("7")))
    assert ev.OUT in kinds(events)
    assert game.out == [False, True, False]
    assert game.scores()[1] == 2
    assert [a.target for a in game.legal_actions()] == [2, 2]


def test_empty_stock_miss_ends_the_turn_without_go_fish() -> None:
    game = position(["7c", "2c", "3c", ""], "", rest_to=3)
    books = [len(b) for b in game.books]
    events = game.apply(Ask(2, rank("7")))
    assert kinds(events) == [ev.ASK, ev.NO_STOCK, ev.TURN]
    assert game.turn == 1 and hand(game, 0) == set(cards("7c"))
    assert [len(b) for b in game.books] == books


def test_empty_stock_asked_player_plays() -> None:
    rules = STANDARD.replace(empty_stock="asked-plays")
    game = position(["7c", "2c", "3c", ""], "", rules=rules, rest_to=3)
    events = game.apply(Ask(2, rank("7")))
    assert kinds(events) == [ev.ASK, ev.NO_STOCK, ev.TURN]
    assert game.turn == 2
    # with a stock the same rules pass a miss to the left as usual
    game = position(["7c", "2c", "3c"], rules=rules)
    game.apply(Ask(2, rank("7")))
    assert game.turn == 1


def test_after_a_miss_the_asked_player_plays() -> None:
    rules = STANDARD.replace(after_miss="asked-player")
    game = position(["7c", "2c", "3c", "4c"], "Kd ...", rules=rules)
    events = game.apply(Ask(2, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.TURN]
    assert game.turn == 2
    game = position(["7c", "2c", "3c", "4c", ""], "", rules=rules, rest_to=4)
    game.apply(Ask(2, rank("7")))
    assert game.turn == 2


CARD = STANDARD.replace(ask_for="card")


def test_ask_for_a_card_gets_that_card_and_asks_again() -> None:
    game = position(["7c Kc", "7d 7h 2c"], rules=CARD)
    events = game.apply(Ask(1, rank("7"), 1))  # the seven of diamonds
    assert kinds(events) == [ev.ASK, ev.GAVE]
    assert events[1].cards == tuple(cards("7d"))
    assert hand(game, 1) == set(cards("7h 2c"))
    assert game.turn == 0
    events = game.apply(Ask(1, rank("7"), 3))  # the seven of spades is in the stock
    assert kinds(events)[:2] == [ev.ASK, ev.GO_FISH]


def test_ask_for_a_card_needs_its_rank_and_a_suit() -> None:
    game = position(["7c Kc", "7d 2c"], rules=CARD)
    assert_refused(game, Ask(1, rank("2"), 0), "must hold a 2")
    assert_refused(game, Ask(1, rank("7")), "name its suit")
    assert_refused(game, Ask(1, rank("7"), 4), "name its suit")
    assert_refused(game, Ask(1, rank("7"), True), "name its suit")  # True == 1: diamonds
    legal = game.legal_actions()
    assert Ask(1, rank("7"), 1) in legal and all(a.suit is not None for a in legal)


def test_ask_for_a_card_lucky_only_on_the_exact_card() -> None:
    game = position(["7c Kc", "2c"], "7h ...", rules=CARD)
    events = game.apply(Ask(1, rank("7"), 1))  # asked for 7d, drew 7h
    assert ev.LUCKY not in kinds(events) and game.turn == 1
    game = position(["7c Kc", "2c"], "7d ...", rules=CARD)
    events = game.apply(Ask(1, rank("7"), 1))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.LUCKY]
    assert game.turn == 0


def test_bluff_asks_off_refuses_a_card_you_hold() -> None:
    game = position(["7c Kc", "7d 2c"], rules=CARD)
    assert_refused(game, Ask(1, rank("7"), 0), "already hold")
    assert Ask(1, rank("7"), 0) not in game.legal_actions()


def test_bluff_asks_on_always_go_fish_and_end_the_turn() -> None:
    rules = CARD.replace(bluff_asks=True)
    game = position(["7c Kc", "7d 2c"], "7s ...", rules=rules)
    assert Ask(1, rank("7"), 0) in game.legal_actions()
    events = game.apply(Ask(1, rank("7"), 0))  # asks for the 7c it holds; draws a seven
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.TURN]
    assert game.turn == 1
    assert hand(game, 1) == set(cards("7d 2c"))


UNTIL = STANDARD.replace(draw_until_hit=True)


def test_draw_until_hit_keeps_drawing_to_the_rank() -> None:
    game = position(["7c Kc", "2c"], "3d 4d 7h 9s ...", rules=UNTIL.replace(lucky_draw=False))
    events = game.apply(Ask(1, rank("7")))
    drew = events[2]
    assert drew.kind == ev.DREW and drew.count == 3
    assert drew.secret == tuple(cards("3d 4d 7h"))
    assert hand(game, 0) == set(cards("7c 7h Kc 3d 4d"))
    assert game.stock[-1] == parse_card("9s")
    assert game.turn == 1


def test_draw_until_hit_stops_when_the_stock_runs_out() -> None:
    game = position(["7c Kc", "2c 3c", ""], "3d 4d", rules=UNTIL, rest_to=2)
    events = game.apply(Ask(1, rank("7")))
    assert events[2].count == 2 and not game.stock
    assert ev.LUCKY not in kinds(events) and game.turn == 1


def test_draw_until_hit_then_lucky_draw_applies() -> None:
    game = position(["7c Kc", "2c"], "3d 7h 9s ...", rules=UNTIL)
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.LUCKY]
    assert events[-1].cards == tuple(cards("7h"))
    assert game.turn == 0


def test_draw_until_hit_under_card_asks_stops_at_the_rank() -> None:
    # rules.md: keep drawing "until you draw a card of the rank you asked for"; the lucky draw
    # then applies as usual, which under card asks means only the exact card
    rules = CARD.replace(draw_until_hit=True)
    game = position(["7c Kc", "2c"], "3d 7h 7d ...", rules=rules)
    events = game.apply(Ask(1, rank("7"), 1))  # the 7d; the 7h comes first
    assert events[2].secret == tuple(cards("3d 7h"))
    assert ev.LUCKY not in kinds(events) and game.turn == 1
    game = position(["7c Kc", "2c"], "3d 7d 7h ...", rules=rules)
    events = game.apply(Ask(1, rank("7"), 1))
    assert events[2].secret == tuple(cards("3d 7d"))
    assert kinds(events)[-1] == ev.LUCKY and game.turn == 0


def test_scoring_books() -> None:
    game = position(["Ac Ad Ah", "As"], "", books={0: ["2"], 1: ["K", "Q"]}, rest_to=0)
    assert game.deal_scores() == (len(game.books[0]), 2)
    game.apply(Ask(1, rank("A")))
    assert game.scores() == (11, 2)


def test_scoring_card_value() -> None:
    assert RANK_VALUES == (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15)
    rules = STANDARD.replace(scoring="card-value")
    game = position(["Ac Ad Ah", "As 9c"], "9d 9h 9s", rules=rules,
                    books={0: ["2", "10"], 1: ["J", "Q", "K"]}, rest_to=0)
    before = game.deal_scores()
    assert before[1] == 11 + 12 + 13
    game.apply(Ask(1, rank("A")))
    assert game.deal_scores() == (before[0] + 15, before[1])


def test_match_deals_until_a_player_reaches_the_target() -> None:
    import random

    rules = STANDARD.replace(match_target=20)
    game = Game(rules, 3, seed=5)
    rng = random.Random(5)
    deals_over = 0
    while not game.over:
        legal = game.legal_actions()
        if game.deal_over:
            deals_over += 1
            assert legal == [NextDeal()]
            assert_refused(game, Ask(0, 0), "start the next deal")
            assert max(game.totals) < 20  # the target is not reached yet
        else:
            assert_refused(game, NextDeal(), "not over")
        game.apply(rng.choice(legal))
    assert max(game.totals) >= 20
    assert len(game.deal_history) == deals_over + 1 >= 2
    assert [sum(col) for col in zip(*game.deal_history, strict=True)] == game.totals
    assert all(sum(d) == 13 for d in game.deal_history)  # every book of every deal
    deals = [e for e in game.events if e.kind == ev.DEAL]
    assert [d.deal for d in deals] == list(range(len(deals)))
    for a, b in zip(deals, deals[1:], strict=False):
        assert b.seat == (a.seat + 1) % 3  # the deal passes to the left
    assert [e.scores for e in game.events if e.kind == ev.DEAL_OVER] == game.deal_history
    assert game.scores() == tuple(game.totals)
    assert game.winners == tuple(s for s in range(3) if game.totals[s] == max(game.totals))


def test_match_stops_after_max_deals() -> None:
    import random

    game = Game(STANDARD.replace(match_target=650), 2, seed=1, record=False)
    game.play_randomly(random.Random(1))
    assert game.over and len(game.deal_history) == MAX_DEALS
    assert max(game.totals) < 650
    assert game.winners == tuple(s for s in range(2) if game.totals[s] == max(game.totals))


@pytest.mark.parametrize("options, most", [
    ({}, 650),  # 13 books a deal, 50 deals
    ({"pairs": True}, 1300),
    ({"scoring": "card-value"}, 5250),  # 2+3+...+10 + 11+12+13+15 = 105 a deal
    ({"scoring": "card-value", "pairs": True}, 10500),
])
def test_a_target_no_match_can_reach_is_refused(options, most) -> None:
    rules = STANDARD.replace(**options)
    assert rules.most_points == most == MAX_DEALS * rules.deal_points
    top = min(most, 1000)
    assert rules.replace(match_target=top).match_target == top
    if most < 1000:
        with pytest.raises(RulesError, match=f"^match_target: {most + 1} cannot be reached: "
                                             f"a match stops after 50 deals, which score at "
                                             f"most {most} points"):
            rules.replace(match_target=most + 1)
    with pytest.raises(RulesError, match="^match_target: expected 0 to 1000, got 1001$"):
        rules.replace(match_target=1001)


def test_a_deal_that_lays_every_book_scores_deal_points() -> None:
    import random

    for options in ({}, {"pairs": True}, {"scoring": "card-value"},
                    {"scoring": "card-value", "pairs": True}):
        rules = STANDARD.replace(**options)
        game = Game(rules, 3, seed=5, record=False)
        game.play_randomly(random.Random(5))
        assert sum(game.scores()) == rules.deal_points  # all-books: every book is laid


def test_open_hands_shows_every_hand() -> None:
    rules = STANDARD.replace(open_hands=True)
    game = position(["7c Kc", "7d 2c", "3c"], "9h ...", rules=rules)
    game.apply(Ask(2, rank("K")))  # draws the 9h: a secret, seen by all with open hands
    for seat in range(3):
        view = game.view(seat)
        assert view.hands == tuple(game.hand_cards(s) for s in range(3))
        drew = next(e for e in view.events if e.kind == ev.DREW)
        assert drew.secret == tuple(cards("9h"))
    closed = position(["7c Kc", "7d 2c", "3c"], "9h ...")
    closed.apply(Ask(2, rank("K")))
    view = closed.view(1)
    assert view.hands == (None, closed.hand_cards(1), None)
    assert next(e for e in view.events if e.kind == ev.DREW).secret == ()


def test_pairs_books_are_pairs() -> None:
    rules = STANDARD.replace(pairs=True)
    assert rules.book_size == 2
    game = position(["7c Kc", "7d 2c"], rules=rules, books={1: ["3"]})
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GAVE, ev.BOOK]
    assert events[-1].cards == tuple(cards("7c 7d"))
    assert hand(game, 0) == set(cards("Kc"))
    assert game.scores() == (1, 2)
    consistent(game)
    # dealt three of a rank: one pair is laid and one card stays; four: two pairs
    seen = set()
    for seed in range(40):
        dealt = Game(rules, 2, seed=seed)
        consistent(dealt)
        assert all(POPCOUNT[m] < 2 for h in dealt.hands for m in h)
        for e in dealt.events:
            if e.kind != ev.DEALT:
                continue
            for r in range(13):
                n = sum(1 for c in e.secret if rank_of(c) == r)
                pairs = [b for b in dealt.books[e.seat] if b[0] == r]
                assert len(pairs) == n // 2
                assert POPCOUNT[dealt.hands[e.seat][r]] == n % 2
                seen.add(n)
    assert {2, 3} <= seen


# ---------------------------------------------------------------- presets


def _deal_sizes(rules: Rules) -> dict[int, int]:
    return {n: rules.deal_size(n) for n in range(2, 7)}


def test_preset_standard() -> None:
    rules = preset("standard")
    assert rules == Rules()
    assert _deal_sizes(rules) == {2: 7, 3: 7, 4: 7, 5: 5, 6: 5}
    assert (rules.end, rules.empty_hand, rules.after_miss) == ("all-books", "draw-one",
                                                               "next-player")
    assert rules.lucky_draw and not rules.open_hands and not rules.pairs
    assert rules.preset_name() == "standard"


def test_preset_quick() -> None:
    rules = preset("Quick")
    assert _deal_sizes(rules) == {2: 7, 3: 5, 4: 5, 5: 5, 6: 5}
    assert (rules.end, rules.after_miss, rules.first_player) == ("first-out", "next-player",
                                                                 "random")
    assert rules.lucky_draw
    game = position(["7c 8c", "7d", "2c"], rules=rules)
    game.apply(Ask(1, rank("7")))
    assert game.over  # the game ends when a hand empties


def test_preset_classic() -> None:
    rules = preset("classic")
    assert _deal_sizes(rules) == {2: 7, 3: 7, 4: 5, 5: 5, 6: 5}
    assert (rules.end, rules.empty_hand, rules.after_miss) == ("all-books", "draw-one",
                                                               "next-player")
    assert rules.first_player == "lowest-card-deals" and rules.lucky_draw
    game = Game(rules, 4, seed=3)
    assert game.events[0].kind == ev.DEALER_CARD


def test_preset_kids() -> None:
    rules = preset("kids")
    assert _deal_sizes(rules) == {2: 7, 3: 7, 4: 7, 5: 5, 6: 5}
    assert rules.open_hands and rules.pairs and rules.book_size == 2
    assert (rules.end, rules.empty_hand, rules.after_miss) == ("all-books", "draw-one",
                                                               "next-player")
    game = Game(rules, 3, seed=2)
    assert game.view(0).hands == tuple(game.hand_cards(s) for s in range(3))
    with pytest.raises(RulesError) as e:
        preset("nope")
    assert e.value.field == "preset"


# ---------------------------------------------------------------- decided here


def test_book_dealt_is_laid_before_the_first_turn() -> None:
    found = 0
    for seed in range(200):
        game = Game(STANDARD, 2, seed=seed)
        first_turn = kinds(game.events).index(ev.TURN)
        books = [e for e in game.events if e.kind == ev.BOOK]
        for book in books:
            assert game.events.index(book) < first_turn
            dealt = next(e for e in game.events if e.kind == ev.DEALT and e.seat == book.seat)
            assert set(book.cards) <= set(dealt.secret)
            assert not set(book.cards) & hand(game, book.seat)
        found += len(books)
        consistent(game)
    assert found  # some deal in 200 holds four of a kind


def test_hand_emptied_on_another_turn_waits_for_its_turn() -> None:
    game = position(["7c Kc", "7d", "2c"], "Qs 5h ...")
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GAVE]  # nothing happens to seat 1 yet
    assert game.counts[1] == 0 and game.turn == 0
    game.apply(Ask(2, rank("K")))  # a miss: the turn goes to seat 1, who draws
    assert game.turn == 1 and game.legal_actions() == [Draw()]
    game.apply(Draw())
    assert hand(game, 1) == set(cards("5h"))
    assert {a.rank for a in game.legal_actions()} == {rank("5")}


def test_hand_emptied_under_first_out_ends_the_game_at_once() -> None:
    game = position(["7c Kc", "2c 3c", "7d"], rules=FIRST_OUT, turn=0)
    game.apply(Ask(2, rank("7")))
    assert game.over and game.to_act is None


def test_out_player_is_never_asked_and_is_skipped() -> None:
    game = position(["7c 8c", "", "2c 3c", ""], "", out=(1,), rest_to=3)
    assert {a.target for a in game.legal_actions()} == {2, 3}
    assert_refused(game, Ask(1, rank("7")), "no cards")
    events = game.apply(Ask(2, rank("7")))
    assert kinds(events) == [ev.ASK, ev.NO_STOCK, ev.TURN]
    assert game.turn == 2  # seat 1 is skipped
    assert {a.target for a in game.legal_actions()} == {0, 3}


def test_ask_only_an_opponent_holding_cards() -> None:
    game = position(["7c", "", "2c"], "Qs ...")
    assert_refused(game, Ask(1, rank("7")), "no cards")
    assert [a.target for a in game.legal_actions()] == [2]


def test_no_opponent_holds_a_card_so_the_turn_passes() -> None:
    game = position(["7c Kc", "7d", ""], "Qs ...")
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GAVE, ev.PASS, ev.TURN]
    assert events[2].seat == 0 and game.turn == 1
    assert game.legal_actions() == [Draw()]
    assert hand(game, 0) == set(cards("7c 7d Kc"))


def test_game_over_when_every_book_is_laid() -> None:
    game = _last_book_position()
    assert not game.over
    events = game.apply(Ask(2, rank("A")))
    assert sum(len(b) for b in game.books) == 13
    assert game.out == [True, True, True] and game.over and game.to_act is None
    assert kinds(events)[-1] == ev.GAME_OVER
    assert ev.OUT in kinds(events)
    assert game.legal_actions() == []
    consistent(game)


def test_lucky_draw_completing_a_book_lays_it_then_asks_again() -> None:
    game = position(["7c 7d 7h Kc", "2c"], "7s ...")
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.LUCKY, ev.BOOK]
    assert game.turn == 0 and hand(game, 0) == set(cards("Kc"))
    assert {a.rank for a in game.legal_actions()} == {rank("K")}


def test_lucky_draw_emptying_the_hand_then_draws() -> None:
    game = position(["7c 7d 7h", "2c"], "7s Qd ...")
    events = game.apply(Ask(1, rank("7")))
    assert kinds(events) == [ev.ASK, ev.GO_FISH, ev.DREW, ev.LUCKY, ev.BOOK]
    assert game.turn == 0 and game.legal_actions() == [Draw()]
    game.apply(Draw())
    assert hand(game, 0) == set(cards("Qd"))
    # under first out the emptied hand ends the game instead
    game = position(["7c 7d 7h", "2c"], "7s Qd ...", rules=FIRST_OUT)
    game.apply(Ask(1, rank("7")))
    assert game.over


def test_the_table_names_real_tests() -> None:
    import re

    doc = __doc__ or ""
    rows = [line for line in doc.splitlines()
            if line.startswith("| ") and not line.startswith(("| ---", "| **", "| rules.md"))]
    assert len(rows) >= 59
    assert all("test_" in row for row in rows)  # every row has its test
    named = set(re.findall(r"\btest_\w+", doc))
    missing = {name for name in named if not callable(globals().get(name))}
    assert not missing


def test_illegal_actions_change_nothing() -> None:
    game = position(["7c 3c Kc", "2c"], "Qd ...")
    # True is an int in Python, and would be seat 1 and the rank 3: still never a seat or rank
    for action in (Draw(), NextDeal(), Ask(1, rank("2")), Ask(True, rank("7")),
                   Ask(1, True), Ask(1.0, rank("7")), "ask", None):  # type: ignore[arg-type]
        assert_refused(game, action)
