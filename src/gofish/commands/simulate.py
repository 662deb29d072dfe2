"""``gofish simulate``: computer-only games, to measure the engine's speed and the levels' strength.

When every seat is random the games go through the engine's fast path (``record=False`` and
``Game.play_randomly``); otherwise each computer player is driven exactly as at the table: it
observes every event in the form its seat may see and chooses from its seat's view.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO

from gofish.ai import LEVEL_CLASSES, ReaderPlayer, make_player, tell
from gofish.ai.reader import Sitting
from gofish.engine import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Game, Rules, RulesError
from gofish.i18n import _, ngettext
from gofish.rules_text import PRESET_TITLES
from gofish.seats import LEVEL_TITLES

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


class SimulateError(ValueError):
    """A request that cannot be run; the message is already translated."""


@dataclass
class Entry:
    """One seat (or, in a tournament, one entry of --seats wherever it sits) over many games."""

    index: int
    level: str
    games: int = 0
    wins: int = 0  # games won alone
    ties: int = 0  # games won jointly with others
    books: int = 0
    points: float = 0.0  # 1 for a win alone, 0.5 for a shared win
    squares: float = 0.0  # sum of points squared, for the interval

    def add(self, won: bool, shared: bool, books: int) -> None:
        score = (0.5 if shared else 1.0) if won else 0.0
        self.games += 1
        self.wins += won and not shared
        self.ties += won and shared
        self.books += books
        self.points += score
        self.squares += score * score

    @property
    def win_rate(self) -> float:
        return self.points / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The win rate's 95% confidence interval (normal approximation), within 0 to 1."""
        n = self.games
        if n < 2:
            return 0.0, 1.0
        mean = self.win_rate
        variance = max(0.0, self.squares / n - mean * mean) * n / (n - 1)
        half = Z95 * math.sqrt(variance / n)
        return max(0.0, mean - half), min(1.0, mean + half)

    @property
    def books_per_game(self) -> float:
        return self.books / self.games if self.games else 0.0


@dataclass
class Simulation:
    rules: Rules
    levels: list[str]
    games: int
    seed: int
    tournament: bool
    seconds: float = 0.0
    actions: int = 0
    fast_path: bool = False
    entries: list[Entry] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.levels)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else 0.0

    def to_json(self) -> dict:
        return {
            "rules": self.rules.preset_name() or self.rules.to_json(),
            "players": self.players,
            "seats": self.levels,
            "games": self.games,
            "seed": self.seed,
            "tournament": self.tournament,
            "fast_path": self.fast_path,
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            "actions_per_game": self.actions_per_game,
            "entries": [
                {
                    "entry": e.index,
                    "level": e.level,
                    "games": e.games,
                    "wins": e.wins,
                    "ties": e.ties,
                    "win_rate": e.win_rate,
                    "win_rate_95": list(e.interval()),
                    "books": e.books,
                    "books_per_game": e.books_per_game,
                }
                for e in self.entries
            ],
        }


def seat_order(entries: int, game: int, tournament: bool) -> list[int]:
    """Which entry sits in each seat in game number ``game``.

    In a tournament entry i sits in seat (i + game) mod n, so over n games every entry plays
    from every position and the first player's advantage cancels out.
    """
    shift = game % entries if tournament else 0
    return [(seat - shift) % entries for seat in range(entries)]


def play_with_players(rules: Rules, levels: list[str], seed: int,
                      sittings: list[Sitting] | None = None,
                      names: list[str] | None = None) -> Game:
    """One game between computer players, driven as the table drives them. A player that
    reads its one opponent across games meets it by name in its seat's ``sittings``."""
    n = len(levels)
    game = Game(rules, n, seed)
    players = [make_player(level, s, rules, n, seed * 8 + s + 1) for s, level in enumerate(levels)]
    if sittings is not None and names is not None and n == 2:
        for s, p in enumerate(players):
            if isinstance(p, ReaderPlayer):
                p.meet(names[1 - s], sittings[s])
    open_hands = rules.open_hands
    seen = 0
    while True:
        tell(players, game.events[seen:], open_hands)
        seen = len(game.events)
        seat = game.to_act
        if seat is None:
            return game
        game.apply(players[seat].choose(game.view(seat, with_events=False)))


def simulate(
    rules: Rules,
    levels: list[str],
    games: int,
    seed: int = 0,
    *,
    tournament: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play ``games`` computer-only games; ``levels`` names the level of each entry (seat)."""
    rules.check_players(len(levels))
    for level in levels:
        if level not in LEVEL_CLASSES:
            raise SimulateError(
                _("unknown computer level {level} (choose from {levels})").format(
                    level=level, levels=", ".join(LEVEL_CLASSES)))
    n = len(levels)
    result = Simulation(rules, list(levels), games, seed, tournament,
                        fast_path=all(level == "random" for level in levels),
                        entries=[Entry(i, level) for i, level in enumerate(levels)])
    seeds = random.Random(seed)
    play = random.Random(seed ^ 0x5EED)
    # the run is one sitting: each entry remembers the others by their entry number
    sittings = [Sitting() for _ in range(n)]
    start = time.perf_counter()
    for g in range(games):
        game_seed = seeds.getrandbits(48)
        order = seat_order(n, g, tournament)
        if result.fast_path:
            game = Game(rules, n, game_seed, record=False)
            game.play_randomly(play)
        else:
            game = play_with_players(rules, [levels[e] for e in order], game_seed,
                                     [sittings[e] for e in order], [str(e) for e in order])
        result.actions += len(game.actions)
        shared = len(game.winners) > 1
        for s, e in enumerate(order):
            result.entries[e].add(s in game.winners, shared, len(game.books[s]))
        if progress is not None:
            progress(g + 1)
    result.seconds = time.perf_counter() - start
    return result


# ---------------------------------------------------------------- the command


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "simulate", help=_("play computer-only games and report speed, wins and books"))
    p.add_argument("--games", type=int, default=1000, metavar="N",
                   help=_("how many games to play (default: 1000)"))
    p.add_argument("--players", type=int, default=None, metavar="K",
                   help=_("how many players, 2 to 6 (default: 4, or as many as --seats names)"))
    p.add_argument("--rules", default="standard", choices=list(PRESETS), metavar="PRESET",
                   help=_("the rules preset: {presets} (default: standard)").format(
                       presets=", ".join(PRESETS)))
    p.add_argument("--seed", type=int, default=0, metavar="S",
                   help=_("the seed of the whole run (default: 0)"))
    p.add_argument("--seats", default=None, metavar="LEVELS",
                   help=_("a computer level for each seat, comma separated, for example "
                          "random,hard,hard; sets the number of players"))
    p.add_argument("--tournament", action="store_true",
                   help=_("turn the seating round each game, so results are per entry of "
                          "--seats and the first player's advantage cancels out"))
    p.add_argument("--json", action="store_true", help=_("print the results as JSON"))
    p.set_defaults(func=run)


def levels_from(args: argparse.Namespace) -> list[str]:
    if args.seats is None:
        players = 4 if args.players is None else args.players
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise SimulateError(_("--players must be {low} to {high}, not {players}").format(
                low=MIN_PLAYERS, high=MAX_PLAYERS, players=players))
        return ["random"] * players
    levels = [part.strip().lower() for part in args.seats.split(",")]
    if not MIN_PLAYERS <= len(levels) <= MAX_PLAYERS:
        raise SimulateError(_("--seats must name {low} to {high} levels, not {count}").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(levels)))
    if args.players is not None and args.players != len(levels):
        raise SimulateError(
            _("--players {players} disagrees with --seats, which names {count} levels").format(
                players=args.players, count=len(levels)))
    return levels


class ProgressBar:
    """A one-line bar on a terminal's stderr, redrawn at most ten times a second.

    It shows itself only once a run has taken DELAY seconds, so short runs print nothing.
    """

    WIDTH = 30
    DELAY = 0.5

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int) -> None:
        now = time.monotonic()
        if not self.shown and now - self.start < self.DELAY:
            return
        if done < self.total and now - self.last < 0.1:
            return
        self.shown = True
        self.last = now
        filled = self.WIDTH * done // self.total
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        text = _("{done} of {total} games").format(done=done, total=self.total)
        self.stream.write(f"\r[{bar}] {text}")
        if done >= self.total:
            self.stream.write("\r" + " " * (self.WIDTH + len(text) + 4) + "\r")
        self.stream.flush()


def report(sim: Simulation) -> list[str]:
    """The results as lines of text for a person."""
    name = sim.rules.preset_name()
    title = _(PRESET_TITLES[name]) if name in PRESET_TITLES else _("custom rules")
    lines = [
        ngettext(
            "{games} game of {rules} with {players} players, seed {seed}.",
            "{games} games of {rules} with {players} players, seed {seed}.",
            sim.games,
        ).format(games=sim.games, rules=title, players=sim.players, seed=sim.seed),
        _("{rate:,.0f} games a second, {actions:.1f} actions a game on average.").format(
            rate=sim.games_per_second, actions=sim.actions_per_game),
    ]
    if sim.tournament:
        lines.append(_("Tournament: the seating turned round every game; each line is an "
                       "entry of --seats, wherever it sat."))
    first = _("entry") if sim.tournament else _("seat")
    headers = [first, _("player"), _("wins"), _("ties"), _("win rate (95% CI)"),
               _("books a game")]
    rows = []
    for e in sim.entries:
        low, high = e.interval()
        rows.append([
            str(e.index + 1),
            _(LEVEL_TITLES.get(e.level, e.level)),
            str(e.wins),
            str(e.ties),
            _("{rate:.1%} ({low:.1%} to {high:.1%})").format(rate=e.win_rate, low=low,
                                                               high=high),
            f"{e.books_per_game:.2f}",
        ])
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    for cells in (headers, *rows):
        lines.append("  ".join(c.rjust(w) if i != 1 else c.ljust(w)
                               for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
                     .rstrip())
    lines.append(_("Wins are games won alone; ties are wins shared with others, which count "
                   "as half in the win rate."))
    return lines


def run(args: argparse.Namespace) -> int:
    import json

    try:
        levels = levels_from(args)
        if args.games < 1:
            raise SimulateError(_("--games must be at least 1, not {games}").format(
                games=args.games))
        rules = PRESETS[args.rules]
        progress = ProgressBar(args.games, sys.stderr) if sys.stderr.isatty() else None
        sim = simulate(rules, levels, args.games, args.seed, tournament=args.tournament,
                       progress=progress)
    except (SimulateError, RulesError) as e:
        print(_("gofish: {message}").format(message=e), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(sim.to_json(), indent=2))
    else:
        print("\n".join(report(sim)))
    return 0
