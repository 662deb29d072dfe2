"""The bot protocol: messages, the bot's own view, and whole games against a real subprocess."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys

import pytest
from ai_support import players_for, rule_sets

from gofish.ai import external, make_player
from gofish.commands.bot import Bot, serve
from gofish.engine import Ask, Game, Rules, action_from_json, preset
from gofish.protocol import messages as bp
from gofish.protocol.seat_state import SeatState

BOT = [sys.executable, "-m", "gofish", "bot"]


def lines(out: str) -> list[dict]:
    return [json.loads(x) for x in out.splitlines()]


def talk(*messages: str | dict, level: str = "random") -> list[dict]:
    """Feed lines to an in-process bot; its answers, each checked to be one JSON object."""
    out = io.StringIO()
    text = "".join((m if isinstance(m, str) else bp.encode(m)) + "\n" for m in messages)
    serve(level, 0, io.StringIO(text), out)
    return lines(out.getvalue())


def test_the_seat_state_rebuilds_the_view_from_events() -> None:
    """What a bot rebuilds from its events is the engine's view, under every option."""
    for i, rules in enumerate(rule_sets(8, seed=3)):
        rng = random.Random(i)
        n = players_for(rules, rng)
        game = Game(rules, n, seed=i)
        states = [SeatState(rules, n, s) for s in range(n)]
        fed = 0
        checked = 0
        while not game.over:
            for e in game.events[fed:]:
                for s, st in enumerate(states):
                    st.observe(e.for_seat(s, rules.open_hands))
            fed = len(game.events)
            for s, st in enumerate(states):
                real = game.view(s, with_events=False)
                assert st.view(real.legal) == real, (rules, s)
                checked += 1
            game.apply(rng.choice(game.legal_actions()))
        assert checked > 0


def test_hello_then_turns() -> None:
    rules = preset("quick")
    game = Game(rules, 2, seed=4)
    seat = 1
    msgs: list[str | dict] = [bp.hello(rules, 2, seat, seed=9)]
    msgs += [bp.event_message(e.for_seat(seat)) for e in game.events]
    game_view = game.view(seat, with_events=False)
    legal = game.legal_actions() if game.to_act == seat else [Ask(0, game.hand_cards(1)[0] >> 2)]
    msgs.append(bp.your_turn(legal))
    answers = talk(*msgs, level="hard")
    assert answers[0] == bp.ready("hard")
    assert answers[1]["type"] == "action"
    assert bp.parse_action(answers[1]) in legal
    assert game_view.seat == seat


NASTY = [
    "",  # blank lines are skipped
    "not json",
    "[1, 2, 3]",
    '{"no": "type"}',
    '{"type": 7}',
    '{"type": "event", "event": {"kind": "ask", "seat": 0}}',  # before hello
    '{"type": "your-turn", "legal": [{"type": "draw"}]}',  # before hello
    '{"type": "hello", "rules": {"deal": "lots"}, "players": 2, "seat": 0}',
    '{"type": "hello", "rules": {}, "players": 9, "seat": 0}',
    '{"type": "hello", "rules": {}, "players": 2, "seat": 5}',
    '{"type": "hello", "rules": {}, "players": 2, "seat": 0, "protocol": 2}',
    '{"type": "hello", "rules": [], "players": "2", "seat": 0}',
    "[" * 100_000,
    '{"type": "x", "pad": "' + "a" * (bp.MAX_LINE + 10) + '"}',
    '{"type": "hello", "rules": {}, "players": NaN, "seat": 0}',
]
AFTER_HELLO = [
    '{"type": "event", "event": {"kind": "explode"}}',
    '{"type": "event", "event": {"kind": "gave", "seat": 9, "target": 0, "rank": "Q"}}',
    '{"type": "event", "event": {"kind": "drew", "seat": 0, "count": 1, "secret": ["Zz"]}}',
    '{"type": "event", "event": {"kind": "dealt", "seat": 0, "count": "seven"}}',
    '{"type": "event", "event": "dealt"}',
    '{"type": "your-turn"}',
    '{"type": "your-turn", "legal": []}',
    '{"type": "your-turn", "legal": [{"type": "ask", "target": 1, "rank": "1"}]}',
    '{"type": "your-turn", "legal": [{"type": "ask", "target": true, "rank": "Q"}]}',
    '{"type": "your-turn", "legal": [{"type": "fold"}]}',
    '{"type": "move"}',
]


def test_every_bad_line_gets_an_error_line_and_the_bot_goes_on() -> None:
    hello = bp.hello(Rules(), 2, 0)
    answers = talk(*NASTY, hello, *AFTER_HELLO, bp.your_turn([action_from_json(
        {"type": "draw"})]))
    errors = [a for a in answers if a["type"] == "error"]
    assert len(errors) == len(NASTY) - 1 + len(AFTER_HELLO)  # all but the blank line
    assert all(isinstance(e["message"], str) and e["code"] in (
        bp.MALFORMED, bp.TOO_LONG, bp.UNKNOWN, bp.NOT_STARTED, bp.ILLEGAL) for e in errors)
    assert [a["type"] for a in answers if a["type"] != "error"] == ["ready", "action"]
    assert answers[-1] == {"type": "action", "action": {"type": "draw"}}


def test_bye_ends_the_session() -> None:
    out = io.StringIO()
    bot = Bot("random", 0, out)
    assert bot.handle(bp.encode({"type": "bye"})) is False
    assert out.getvalue() == ""


def play(rules: Rules, levels: list[str], bot_seat: int, bot_level: str, seed: int,
         bot_seed: int) -> tuple[Game, list]:
    """A whole game with one seat played by a real ``gofish bot`` subprocess."""
    n = len(levels)
    game = Game(rules, n, seed)
    twin = make_player(bot_level, bot_seat, rules, n, bot_seed)  # the same level, in process
    chosen = []
    with external.ExternalBot([*BOT, "--level", bot_level], bot_seat, rules, n, bot_seed,
                        timeout=20) as bot:
        seats = [bot if s == bot_seat else make_player(levels[s], s, rules, n, s)
                 for s in range(n)]
        fed = 0
        while not game.over:
            for e in game.events[fed:]:
                for s, p in enumerate(seats):
                    p.observe(e.for_seat(s, rules.open_hands))
                twin.observe(e.for_seat(bot_seat, rules.open_hands))
            fed = len(game.events)
            seat = game.to_act
            view = game.view(seat, with_events=False)
            action = seats[seat].choose(view)
            if seat == bot_seat:
                chosen.append((action, twin.choose(view)))
            game.apply(action)
        for e in game.events[fed:]:
            bot.observe(e.for_seat(bot_seat, rules.open_hands))
        assert not bot.errors
    return game, chosen


@pytest.mark.parametrize(("rules", "levels"), [
    (preset("quick"), ["hard", "medium"]),
    (Rules(ask_for="card", bluff_asks=True, match_target=3), ["random", "easy", "hard"]),
    (preset("kids"), ["medium", "random", "random", "easy"]),
])
def test_a_whole_game_against_a_real_bot_process(rules: Rules, levels: list[str]) -> None:
    game, chosen = play(rules, levels, bot_seat=1, bot_level="hard", seed=21, bot_seed=77)
    assert game.over
    assert chosen, "the bot never had a turn"
    # the bot decides exactly as the same level in process: nothing was lost on the pipe
    assert all(theirs == ours for theirs, ours in chosen)


def test_the_real_command_answers_nonsense_without_a_traceback() -> None:
    text = "\n".join(NASTY + [bp.encode(bp.hello(Rules(), 2, 0))] + AFTER_HELLO) + "\n"
    done = subprocess.run([*BOT, "--level", "easy"], input=text, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0
    assert done.stderr == ""
    answers = lines(done.stdout)
    assert sum(a["type"] == "error" for a in answers) == len(NASTY) - 1 + len(AFTER_HELLO)
    assert sum(a["type"] == "ready" for a in answers) == 1


def test_an_outside_bot_that_cheats_or_dies_is_reported() -> None:
    liar = [sys.executable, "-c", (
        "import sys, json\n"
        "for line in sys.stdin:\n"
        "    m = json.loads(line)\n"
        "    if m['type'] == 'hello': print(json.dumps({'type': 'ready'}), flush=True)\n"
        "    if m['type'] == 'your-turn':\n"
        "        print(json.dumps({'type': 'action', 'action': {'type': 'next-deal'}}),"
        " flush=True)\n")]
    rules = Rules()
    game = Game(rules, 2, seed=1)
    with (external.ExternalBot(liar, game.to_act, rules, 2, timeout=20) as bot,
          pytest.raises(external.BotError, match="not one of the legal actions")):
        bot.choose(game.view(game.to_act, with_events=False))
    with pytest.raises(external.BotError):
        external.ExternalBot([sys.executable, "-c", "pass"], 0, rules, 2, timeout=20)
    with pytest.raises(external.BotError):
        external.ExternalBot(["/nonexistent/gofish-bot"], 0, rules, 2)


def test_the_documented_session_is_one_the_bot_accepts() -> None:
    """docs/bot-protocol.md: every line the driver sends there is understood by the bot."""
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "bot-protocol.md").read_text()
    start = doc.index("## A full session")
    block = doc[doc.index("```\n", start) + 4:doc.index("```", doc.index("```\n", start) + 4)]
    sent = [line[2:] for line in block.splitlines() if line.startswith("> ")]
    told = [json.loads(line[2:]) for line in block.splitlines() if line.startswith("< ")]
    assert sent and told
    answers = talk(*sent, level="hard")
    assert not [a for a in answers if a["type"] == "error"]
    assert answers[0]["type"] == told[0]["type"] == "ready"
    turns = [bp.decode(line) for line in sent if '"your-turn"' in line]
    actions = [a for a in answers if a["type"] == "action"]
    assert len(actions) == len(turns) == sum(t["type"] == "action" for t in told)
    for turn, answer in zip(turns, actions, strict=True):
        assert bp.parse_action(answer) in bp.parse_legal(turn)
    # the recording is the bot's own: today's bot answers every turn as recorded
    assert actions == [t for t in told if t["type"] == "action"]
