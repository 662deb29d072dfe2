"""``gofish --plain``: the start menu, a new game's questions and the history, line by line.

The same store as the Textual app (the same saves, locks and remembered setup), so a game begun
here resumes there and the other way round.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from gofish.command_name import command_name
from gofish.engine import PRESETS, Rules
from gofish.front.choice import (
    NewGame,
    SetupChoice,
    write_last_setup,
)
from gofish.front.hints import resume_hint
from gofish.front.levels import level_hint
from gofish.front.pace import environment_delay
from gofish.i18n import _
from gofish.names import set_ascii
from gofish.narrate import story
from gofish.seats import COMPUTER, LEVEL_TITLES, LEVELS, SeatSpec
from gofish.session import Session
from gofish.store.errors import GameLocked, StoreError
from gofish.store.repo import GameInfo, Store
from gofish.store.server_folder import ServerFolder

from .console import Console, EndOfInput, Leave
from .questions import DEFAULT_NAMES, Questions, free_name
from .table import QUIT, PlainTable

if TYPE_CHECKING:
    from .lobby import PlainLobby

HISTORY_LINES = 20


class PlainFront:
    def __init__(self, console: Console, store: Store, *, profile: str | None = None,
                 command: str | None = None,
                 data_dir: str | os.PathLike[str] | None = None) -> None:
        self.console = console
        self.store = store
        self.profile = profile
        self.command = command
        self.current: Session | None = None
        # the table server is the data folder's, shared by its profiles
        self.data_dir = data_dir if data_dir is not None else \
            (store.root.parents[1] if profile else store.root)
        self.lobby: PlainLobby | None = None
        self.ask = Questions(console, store, profile)

    # ------------------------------------------------------------------ the menu

    def main(self, start: str = "menu", game_id: str | None = None,
             new: NewGame | None = None) -> int:
        """Run until the player quits; EndOfInput passes through once the game is let go.
        ``new`` is what ``gofish new`` was told (its seats start that game at once)."""
        try:
            if start == "new":
                self.new_game(new)
            elif start == "resume":
                self.resume(game_id or self.latest_id(say_none=True))
            self.menu()
        except Leave:
            pass
        return 0

    def latest_id(self, say_none: bool = False) -> str | None:
        try:
            info = self.store.latest_unfinished()
        except StoreError as e:
            self.console.say(_("Cannot read the saved games: {why}").format(why=e))
            return None
        if info is None and say_none:
            self.console.say(_("There is no unfinished game to resume."))
        return info.id if info is not None else None

    def menu(self) -> None:
        say = self.console.say
        say(_("gofish, line by line. Type the number of your choice and press Enter."))
        while True:
            latest = self.latest_info()
            options: list[tuple[str, str]] = []
            if latest is not None:
                options.append(("continue", _("Continue the game of {names}, {when}").format(
                    names=", ".join(latest.summary.names), when=_when(latest))))
            options += [("new", _("New game")), ("others", _("Play with others")),
                        ("history", _("History")), ("help", _("Help")), ("quit", _("Quit"))]
            for i, (_key, label) in enumerate(options, 1):
                say(f"{i}. {label}")
            choice = self.pick(options)
            if choice == "continue":
                self.resume(latest.id)  # type: ignore[union-attr]
            elif choice == "new":
                self.new_game()
            elif choice == "others":
                self.play_with_others()
            elif choice == "history":
                self.history()
            elif choice == "help":
                self.general_help()
            else:
                raise Leave

    def pick(self, options: list[tuple[str, str]]) -> str:
        """The key of the option chosen by its number or letter (Enter: the first)."""
        letters = {"c": "continue", "n": "new", "p": "others", "h": "history", "?": "help",
                   "q": "quit"}
        keys = [key for key, _label in options]
        while True:
            answer = self.console.ask(_("Your choice: [1]")).strip().casefold() or "1"
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return keys[int(answer) - 1]
            if letters.get(answer) in keys:
                return letters[answer]
            self.console.say(_("Type a number from 1 to {n}.").format(n=len(options)))

    def latest_info(self) -> GameInfo | None:
        try:
            return self.store.latest_unfinished()
        except StoreError as e:
            self.console.say(_("Cannot read the saved games: {why}").format(why=e))
            return None

    def play_with_others(self) -> None:
        """The shared tables of this data folder (the network is loaded only now)."""
        from .lobby import PlainLobby

        self.lobby = self.lobby or PlainLobby(self.console, self.store, self.ask,
                                              ServerFolder.of(self.data_dir), self.command,
                                              self.profile)
        self.lobby.run()

    def general_help(self) -> None:
        say = self.console.say
        say(_("Go Fish: on your turn, ask another player for a rank you hold. If they have "
              "any, they give you all of them and you ask again; if not, go fish: draw from "
              "the stock. Four cards of a rank make a book; the most books wins."))
        say(_("Each event is printed as one line. On your turn your hand is printed in words "
              "and the prompt waits for whom you ask and for what, for example “bob nines” or "
              "“2 9”; h lists every command."))
        say(_("The game is saved after every move: quit (or Ctrl+D) leaves it, and gofish "
              "prints how to resume it."))
        say(_("The computer levels:"))
        for level in LEVELS:
            say(_("{level}: {how}").format(level=_(LEVEL_TITLES[level]), how=level_hint(level)))
        say(_("Play with others lists the tables open on this machine: join one by its number "
              "or its code, watch one, or host your own and give your friends its code."))

    # ------------------------------------------------------------------ a new game

    def new_game(self, new: NewGame | None = None) -> None:
        """The setup's questions, or none when ``gofish new --seats`` gave the seats; --rules
        is then the rules' default answer, and --seed the deal's seed either way."""
        new = new or NewGame()
        if new.seats is not None:
            self.start(new.seats, new.rules or PRESETS["standard"], new.seed)
            return
        ask = self.ask
        last = ask.last_setup()
        if new.rules is not None:
            last = SetupChoice(last.seats, new.rules, last.seed, last.pace)
        say = self.console.say
        say(_("New game. Press Enter to keep the answer in brackets."))
        count = ask.number(_("How many players, 2 to 6?"), len(last.seats), 2, 6)
        seats: list[SeatSpec] = []
        for i in range(count):
            if i < len(last.seats):
                before = last.seats[i]
            else:
                before = SeatSpec(free_name(DEFAULT_NAMES[i], last.seats), COMPUTER, "hard")
            seats.append(ask.seat(i, before, seats))
        rules = ask.rules(last.rules, count)
        choice = SetupChoice(tuple(seats), rules, None, last.pace)
        write_last_setup(self.store.root, choice)
        self.start(seats, rules, new.seed)

    def start(self, seats: Sequence[SeatSpec], rules: Rules, seed: int | None) -> None:
        try:
            game = Session.start(self.store, rules, seats, seed)
        except StoreError as e:
            self.console.say(_("Could not start the game: {why}").format(why=e))
            return
        self.play(game, resumed=False)

    # ------------------------------------------------------------------ saved games

    def resume(self, game_id: str | None) -> bool:
        """Play the saved game ``game_id``; False (said why) if it cannot be opened."""
        if game_id is None:
            return False
        try:
            game = Session.resume(self.store, game_id)
        except GameLocked as e:
            self.console.say(_("Cannot resume {id}: {why}. The history reads its log.").format(
                id=game_id, why=e))
            return False
        except StoreError as e:
            self.console.say(_("Cannot resume {id}: {why}").format(id=game_id, why=e))
            return False
        self.console.say(_("Game {id}, {names}.").format(
            id=game_id, names=", ".join(game.names)))
        self.play(game, resumed=True)
        return True

    def play(self, game: Session, resumed: bool) -> None:
        """Play ``game`` to its end (back to the menu) or until the player leaves."""
        self.current = game
        result = None
        try:
            result = PlainTable(self.console, game).run(resumed=resumed)
        finally:
            self.let_go()
        if result == QUIT:
            raise Leave

    def let_go(self) -> None:
        """Release the game held (or the shared table's seat), and say how to come back to
        it if it is not over."""
        if self.lobby is not None:
            self.lobby.let_go()
        game, self.current = self.current, None
        if game is None:
            return
        game.close()
        if not game.over:
            with contextlib.suppress(OSError, ValueError):
                self.console.say(resume_hint(game.game_id, self.profile, self.command))

    def history(self) -> None:
        say = self.console.say
        try:
            games = self.store.games()
        except StoreError as e:
            say(_("Cannot read the saved games: {why}").format(why=e))
            return
        if not games:
            say(_("No saved games yet."))
            return
        shown = games[:HISTORY_LINES]
        if len(games) > len(shown):
            say(_("The {n} most recent of {total} saved games:").format(
                n=len(shown), total=len(games)))
        for i, info in enumerate(shown, 1):
            names = ", ".join(info.summary.names)
            if info.finished:
                state = _("finished, won by {names}").format(
                    names=", ".join(info.summary.winners))
            else:
                state = _("in progress")
            say(f"{i}. {names}; {state}; {_when(info)}")
        answer = self.console.ask(_("Type a number to resume a game or read a finished one's "
                                    "log, or press Enter to go back.")).strip()
        if not answer:
            return
        if not (answer.isdigit() and 1 <= int(answer) <= len(shown)):
            say(_("Type a number from 1 to {n}.").format(n=len(shown)))
            return
        info = shown[int(answer) - 1]
        if not info.finished and self.resume(info.id):
            return
        # a finished game's log shows every card; one played elsewhere now, the public story
        try:
            record, game = self.store.load_game(info.id)
        except StoreError as e:
            say(_("Cannot read {id}: {why}").format(id=info.id, why=e))
            return
        events = game.events if info.finished else [e.public() for e in game.events]
        seat_names = [s.name for s in record.seats]
        for line in story(events, seat_names, None, record.rules.pairs, words=True):
            say(line.text)


def _when(info: GameInfo) -> str:
    return info.updated.astimezone().strftime("%Y-%m-%d %H:%M")


# ------------------------------------------------------------------ the command


def run_plain(args: argparse.Namespace, new: NewGame | None = None) -> int:
    """``gofish --plain`` (and play, new and resume on a TERM=dumb terminal); ``new`` is what
    ``gofish new`` was told."""
    set_ascii(args.ascii)
    delay = environment_delay()
    if delay is None:
        delay = 0.3 if sys.stdout.isatty() else 0.0
    console = Console(delay=delay)
    if not args.plain:
        console.say(_("This terminal (TERM=dumb) cannot draw the table: playing line by line, "
                      "as gofish --plain does."))
    try:
        store = Store(args.data_dir, profile=args.profile)
    except StoreError as e:
        print(_("gofish: {why}").format(why=e), file=sys.stderr)
        return 1
    command = command_name() + (" --plain" if args.plain else "")
    front = PlainFront(console, store, profile=args.profile, command=command,
                       data_dir=args.data_dir)

    def leave(signum: int, _frame: object) -> None:
        raise SystemExit(128 + signum)

    for sig in (signal.SIGHUP, signal.SIGTERM):
        with contextlib.suppress(ValueError, OSError):  # not the main thread: leave them be
            signal.signal(sig, leave)
    try:
        return front.main(args.start, getattr(args, "game_id", None), new)
    except EndOfInput:
        return 0
    except KeyboardInterrupt:
        with contextlib.suppress(OSError, ValueError):
            console.say("")
        return 130
    finally:
        front.let_go()
