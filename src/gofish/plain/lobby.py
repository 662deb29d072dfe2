"""Play with others, line by line: the tables open on this machine, hosting one, joining one by
its code or its number in the list, taking your own seat back, watching one.

The same table server as the Textual lobby (gofish.net.local starts it when none runs), so a
friend in the table, over SSH or in a ``gofish serve`` page finds the same tables. The list is
read when the lobby opens and again on ``list`` (a line mode prints, it does not redraw).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from typing import Any, TextIO

from gofish.engine import Rules
from gofish.front.place import Place
from gofish.front.tables import rules_name, state_text
from gofish.i18n import Np_, _
from gofish.net.client import RemoteSession
from gofish.net.codes import format_code, parse_code
from gofish.net.lobby_client import LobbyError, TableInfo, ask_once, table_info
from gofish.net.local import open_local
from gofish.net.plan import PlanError, check_name
from gofish.net.seat_client import Opener, SeatClient
from gofish.net.watch import WatchSession
from gofish.seats import COMPUTER, HUMAN, SeatSpec
from gofish.store.errors import StoreError
from gofish.store.joined import HeldSeat, SecretBook
from gofish.store.repo import Store
from gofish.store.server_folder import ServerFolder
from gofish.store.settings import Preferences, save_preferences
from gofish.store.text import plain

from .console import Console, Leave
from .link import Link
from .questions import Questions
from .shared import SharedTable, TableGone, seat_text
from .table import QUIT
from .words import command_words, fold

TRANSCRIPT = "GOFISH_TRANSCRIPT"  # as the app: every message a host sends, one JSON line each
LOBBY = {"host": ("host",), "watch": ("watch",), "list": ("list",)}
LOBBY_WORDS = {
    "host": Np_("line mode command (one or more words)", "host"),
    "watch": Np_("line mode command (one or more words)", "watch"),
    "list": Np_("line mode command (one or more words)", "list"),
}


def table_line(number: int, table: TableInfo, mine: HeldSeat | None) -> str:
    players = ", ".join(seat_text({"name": s.name, "kind": s.kind, "level": s.level,
                                   "status": s.status}) for s in table.seats)
    return _("{number}. {code}, {rules}: {players}; {state}.").format(
        number=number, code=table.code, rules=rules_name(table.rules.preset_name()), players=players,
        state=state_text(table.over, table.started, table.free, mine is not None))


class PlainLobby:
    def __init__(self, console: Console, store: Store, ask: Questions, folder: ServerFolder,
                 command: str | None = None, profile: str | None = None) -> None:
        self.console = console
        self.store = store
        self.ask = ask
        self.folder = folder
        # how gofish was started here, to say how to come back (the seat's secret is kept
        # in this profile's folder: the same profile finds it)
        self.command = (command or "gofish") + (f" --profile {profile}" if profile else "")
        self.book = SecretBook(store.root)
        self.tables: list[TableInfo] = []
        self.words = {**command_words(), **command_words(LOBBY, LOBBY_WORDS)}
        self.opener: Opener = lambda: open_local(folder)
        self.link: Link | None = None  # the shared table being played, if any
        self._transcript: TextIO | None = None

    # ------------------------------------------------------------------ the list

    def run(self) -> None:
        """Until Enter goes back to the menu; Leave when the player quits."""
        say = self.console.say
        say(_("Play with others: the tables open on this machine, and the seats you hold at "
              "them."))
        self.help()
        self.show()
        while True:
            answer = self.console.ask(_("A table's number or code, host, watch and a number, "
                                        "list, or Enter to go back:")).strip()
            if not answer:
                return
            if self.choose(answer):
                self.show()

    def choose(self, answer: str) -> bool:
        """Do what ``answer`` says; whether the list should be shown again."""
        words = answer.split()
        word = self.words.get(fold(words[0])) if words else None
        if word == "quit" and len(words) == 1:
            raise Leave
        if word == "help" and len(words) == 1:
            self.help()
            return False
        if word == "list" and len(words) == 1:
            return True
        if word == "host" and len(words) == 1:
            self.host()
            return True
        if word == "watch":
            if len(words) == 1:
                self.console.say(_("Watch which table? Type watch and its number or its code."))
                return False
            code = self.code_of(" ".join(words[1:]))
            if code is not None:
                self.watch(code[0])
                return True
            return False
        code = self.code_of(answer)
        if code is None:
            return False
        self.join(*code)
        return True

    def code_of(self, text: str) -> tuple[str, str] | None:
        """A table's number in the list, or a code (with a kept seat's key): (code, key)."""
        text = text.strip()
        if text.isdigit():
            if 1 <= int(text) <= len(self.tables):
                return self.tables[int(text) - 1].code, ""
            if not self.tables:
                self.console.say(_("No table is open on this machine yet: type host to open "
                                   "one, and your friends find it here."))
            else:
                self.console.say(_("Type a number from 1 to {n}.").format(n=len(self.tables)))
            return None
        parsed = parse_code(text)
        if parsed is None:
            self.console.say(_("{code} is not a table code (six letters).").format(code=text))
            self.console.say(_("Type h for help."))
        return parsed

    def held(self) -> dict[str, HeldSeat]:
        """The seats this player holds at this machine's tables, by code."""
        return {seat.code: seat for seat in self.book.seats() if not seat.where and seat.secret}

    def show(self) -> None:
        held = self.held()
        try:
            reply = self.request({"type": "tables", "codes": list(held)[:50]}, "tables")
        except TableGone as e:
            self.console.say(e.text)
            return
        listed = reply.get("tables")
        tables = [t for t in map(table_info, listed[:500] if isinstance(listed, list) else [])
                  if t is not None]
        self.tables = sorted(tables, key=lambda t: (t.code not in held, t.over, t.started))
        if not self.tables:
            self.console.say(_("No table is open on this machine yet: type host to open one, "
                               "and your friends find it here."))
            return
        for i, table in enumerate(self.tables, 1):
            self.console.say(table_line(i, table, held.get(table.code)))

    def request(self, message: dict[str, Any], reply: str) -> dict[str, Any]:
        """One request to the table server (started if none runs); TableGone says why not."""
        try:
            return asyncio.run(ask_once(self.opener, message, reply))
        except LobbyError as e:
            raise TableGone(plain(e.text, 200)) from None
        except (OSError, TimeoutError) as e:
            raise TableGone(_("The table server cannot be reached: {why}").format(
                why=plain(getattr(e, "strerror", None) or e, 200))) from None

    def help(self) -> None:
        say = self.console.say
        say(_("Type a table's number (or its code, six letters) to take a seat at it, or to "
              "take your own seat back at a table marked “you”; watch and a number to watch a "
              "table without seeing anyone's hand; host to open a table of your own; list to "
              "see the tables again; Enter to go back to the menu; quit to leave gofish."))

    # ------------------------------------------------------------------ a seat, or a watch

    def join(self, code: str, key: str = "") -> None:
        mine = self.held().get(code)
        if mine is not None:
            self.console.say(_("Your seat at table {code}, as {name}.").format(
                code=code, name=mine.name))
            name, owner = mine.name, mine.owner
        else:
            name, owner = self.ask_name(), ""
        self.take_seat(Place(format_code(code, key), "", name, from_lobby=True, owner=owner))

    def ask_name(self) -> str:
        default = self.default_name()
        while True:
            answer = self.ask.question(
                _("Your name at the table? [{name}]").format(name=default) if default else
                _("Your name at the table?"),
                _("The name the others see at the table: 1 to 20 characters.")).strip()
            try:
                name = check_name(answer or default)
            except PlanError as e:
                self.console.say(_("Your name: {why}").format(why=e))
                continue
            with contextlib.suppress(OSError, StoreError):
                save_preferences({"player_name": name}, self.store.root)
            return name

    def default_name(self) -> str:
        named = Preferences.read(self.store.root).player_name
        if named:
            return named
        seats = self.ask.last_setup().seats
        return next((s.name for s in seats if s.is_human), "")

    def take_seat(self, place: Place) -> None:
        session = RemoteSession()
        client = SeatClient("", 0, place.code, place.name, session=session, book=self.book,
                            transcript=self.transcript(), opener=self.opener,
                            where=_("this machine"))
        self.play(client, place)

    def watch(self, code: str) -> None:
        client = SeatClient("", 0, code, "", session=WatchSession(), opener=self.opener,
                            where=_("this machine"), watch=True, transcript=self.transcript())
        self.play(client, Place(code, "", from_lobby=True))

    def play(self, client: SeatClient, place: Place) -> None:
        """The table, until it is over or left; Leave when the player quits gofish (the seat
        is kept), EndOfInput passes through (likewise)."""
        link = self.link = Link(self.console, client)
        table = SharedTable(self.console, link, place, self.opener)
        result = None
        try:
            link.start()
            result = table.run()
        except TableGone as e:
            self.console.close_prompt()
            self.console.say(e.text)
        finally:
            self.let_go()
        if result == QUIT:
            raise Leave

    def let_go(self) -> None:
        """Leave the shared table in play (the seat stays the player's at the host), saying
        how to come back to it."""
        link, self.link = self.link, None
        if link is None:
            return
        gone = link.finished  # (the seat is not the player's any more, or the host is gone)
        link.close()
        s = link.session
        if isinstance(s, RemoteSession) and link.client.ever_connected and not s.over and \
                not gone:  # (welcomed: the seat is the player's, begun or not)
            with contextlib.suppress(OSError, ValueError):
                self.console.close_prompt()
                self.console.say(_("Your seat is kept. Take it again with {command}: Play "
                                   "with others, then {code}.").format(
                    command=self.command,
                    code=link.client.table_code))

    def transcript(self) -> TextIO | None:
        path = os.environ.get(TRANSCRIPT)
        if path and self._transcript is None:
            with contextlib.suppress(OSError):
                self._transcript = open(path, "a", encoding="utf-8")  # noqa: SIM115
        return self._transcript

    # ------------------------------------------------------------------ hosting

    def host(self) -> None:
        """The seats as a new game's questions ask them (the first is the player's), the
        rules and the seed; then the code to give, and the player's own seat."""
        ask = self.ask
        say = self.console.say
        last = ask.last_setup()
        say(_("Host a table. Press Enter to keep the answer in brackets."))
        say(_("Seat 1 is yours. A human seat with a name is kept for that friend; leave a name "
              "empty for anyone with the table's code."))
        count = ask.number(_("How many players, 2 to 6?"), len(last.seats), 2, 6)
        me = ask.name(0, self.default_name() or last.seats[0].name, [], check=True)
        taken = [SeatSpec(me)]
        seats: list[dict[str, Any]] = [{"kind": HUMAN, "name": me}]
        kinds = ask.kinds()
        for i in range(1, count):
            before = last.seats[i] if i < len(last.seats) else SeatSpec("", COMPUTER, "hard")
            kind = ask.choice(_("Is player {n} a human or a computer?").format(n=i + 1),
                                    kinds, before.kind)
            if kind == HUMAN:
                friend = self.ask_friend(i, taken)
                seats.append({"kind": HUMAN, "name": friend})
                if friend:
                    taken.append(SeatSpec(friend))
                continue
            name = ask.name(i, ask.free_name(before.name or "Bob", taken), taken, check=True)
            level = ask.level(name, before.level or "hard")
            taken.append(SeatSpec(name, COMPUTER, level))
            seats.append({"kind": COMPUTER, "level": level, "name": name})
        rules = ask.rules(last.rules, count)
        seed = self.ask_seed()
        with contextlib.suppress(OSError, StoreError):
            save_preferences({"player_name": me}, self.store.root)
        self.open(seats, rules, seed, me)

    def ask_friend(self, i: int, taken: list[SeatSpec]) -> str:
        while True:
            answer = self.ask.question(
                _("Player {n}: the friend's name, to keep the seat for them (Enter: a free "
                  "seat, for anyone with the code)?").format(n=i + 1),
                _("A seat kept for a name opens only with its own code, which you give to that "
                  "friend; a free seat goes to whoever joins first.")).strip()
            if not answer or self.ask.valid_name(answer, taken, check=True):
                return answer

    def ask_seed(self) -> int | None:
        while True:
            answer = self.ask.question(
                _("The deal's seed, a whole number (Enter: a random deal)?"),
                _("The same seed deals the same cards: a game can be played again.")).strip()
            if not answer:
                return None
            if answer.isdigit() and int(answer) < 2**63:
                return int(answer)
            self.console.say(_("The seed must be a whole number."))

    def open(self, seats: list[dict[str, Any]], rules: Rules, seed: int | None,
             name: str) -> None:
        message = {"type": "open", "seats": seats, "rules": rules.to_json(), "seed": seed,
                   "private": False}
        try:
            opened = self.request(message, "opened")
        except TableGone as e:
            self.console.say(_("Could not open the table: {why}").format(why=e.text))
            return
        code = plain(opened.get("code", ""), 6)
        owner = str(opened.get("owner", ""))
        keys = [k for k in opened.get("keys", []) if isinstance(k, dict)]
        mine = next((str(k.get("key", "")) for k in keys if k.get("name") == name), "")
        self.book.put(code, name, owner=owner)
        say = self.console.say
        say(_("The code is {code}, spelled {letters}.").format(code=code,
                                                              letters=" ".join(code)))
        say(_("Friends join from gofish: P (Play with others), then the code {code}.").format(
            code=code))
        for k in keys:
            seat, friend, key = k.get("seat"), plain(k.get("name", ""), 20), plain(
                k.get("key", ""), 12)
            if friend != name and isinstance(seat, int):
                say(_("Seat {n} is kept for {name}: give them, and only them, the code "
                      "{code}.").format(n=seat + 1, name=friend, code=format_code(code, key)))
        self.take_seat(Place(format_code(code, mine), "", name, from_lobby=True, owner=owner))


__all__ = ["PlainLobby", "table_line"]
