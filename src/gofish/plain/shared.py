"""A shared table, line by line: the line mode's own table (gofish.plain.table) over a joined
seat's session, or over a watched table's.

The host plays the computers and moves the table on. While it is not this player's turn the
line mode waits (gofish.plain.link) and prints what comes as it comes: the moves, the words
said, who left or came back, a lost connection; whatever is typed meanwhile is a command (help,
hand, books, log, say, quit, and start for the table's opener before its game begins). A
question overtaken by the table (another player started the next deal, a rematch began) is
dropped and the table looks again. Everything the host sends is data: its names and messages
are cleaned where they enter (gofish.net.client) and again where they are printed (the
console).
"""

from __future__ import annotations

from typing import Any

from gofish.engine import IllegalAction, NextDeal
from gofish.front.place import Place
from gofish.front.tables import SEAT_NEWS, WORD_TEXTS
from gofish.i18n import Np_, _
from gofish.net.client import ERROR_TEXT, RemoteSession
from gofish.net.lobby_client import LobbyError, ask_once
from gofish.net.seat_client import Opener
from gofish.net.table import AWAY, EMPTY, GIVEN, HERE, STAND_IN
from gofish.net.watch import WatchSession
from gofish.protocol import wire
from gofish.seats import COMPUTER, level_title
from gofish.store.text import plain

from .console import Console
from .link import Link
from .table import OVER, QUIT, PlainTable, TableMoved
from .words import Command, command_of, command_words, fold, said_word, tokens

START = {"start": ("start",)}
START_WORDS = {"start": Np_("line mode command (one or more words)", "start")}


class TableGone(Exception):
    """The seat cannot go on (a wrong code, the seat taken up elsewhere, the host gone):
    ``text`` says why, in the player's words."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def seat_text(seat: dict[str, Any]) -> str:
    """A seat of the waiting room or the lobby's list, as it is read out."""
    name = seat.get("name") or ""
    if seat.get("kind") == COMPUTER:
        return _("{name} (computer, {level})").format(
            name=name, level=level_title(str(seat.get("level", ""))))
    status = seat.get("status")
    if status == EMPTY:
        return f"{name} {_('(kept)')}" if name else _("free")
    word = {HERE: _("here"), AWAY: _("away"), STAND_IN: _("a computer plays"),
            GIVEN: _("a computer plays")}.get(str(status), "")
    return f"{name} ({word})" if word else name


def yes_or_no(answer: str) -> bool | None:
    """True for yes, False for no (in English or the language played), None for neither."""
    text = fold(answer.strip())
    if not text:
        return None
    for value, words in ((True, ("y", "yes", fold(_("yes")))), (False, ("n", "no", fold(_("no"))))):
        if any(word == text or (len(text) > 1 and word.startswith(text)) for word in words):
            return value
    return None


class SharedTable(PlainTable):
    session: RemoteSession | WatchSession

    def __init__(self, console: Console, link: Link, place: Place, opener: Opener) -> None:
        session = link.session
        super().__init__(console, session)
        self.link = link
        self.place = place
        self.opener = opener
        self.watching = isinstance(session, WatchSession)
        self.viewer = None  # until the host says which seat is this terminal's
        self.game = ""  # the game being told (a rematch is a new one, told from its start)
        self.fresh = True  # no view of the game seen yet: a game joined mid-way is recapped
        self.waited_for: int | None = None  # whose move the last "Waiting for" line named
        self.tipped = False
        self.room_told = False  # the waiting room's first lines
        self.seats_told = ""
        self.statuses: dict[int, str] = {}
        self.offline = False
        self.voted = False
        self.start_words = command_words(START, START_WORDS)
        self.syncing = False  # a hello heard, the view that completes it not yet

    @property
    def code(self) -> str:
        return self.place.code.partition("-")[0]

    # ------------------------------------------------------------------ the table's hooks

    def run(self, resumed: bool = False) -> str:
        self.console.say(_("Connecting to {where}…").format(where=_("this machine")))
        return super().run()

    def step(self) -> str | None:
        if self.syncing:  # the game is being told again (a reconnection, a rematch)
            return QUIT if self.wait() == QUIT else None
        return super().step()

    def ask(self, prompt: str) -> str:
        """The answer to ``prompt``, the host heard meanwhile; TableMoved if the table moved
        on before it came."""
        moment = self.moment()
        self.console.show_prompt(prompt)
        while not self.console.lines.ready():
            self.listen()
            if self.moment() != moment:
                self.console.close_prompt()
                raise TableMoved
        return self.console.answer()

    def wait(self) -> str | None:
        """Until something changes at the table (None), or QUIT typed meanwhile. A move's
        events are followed by the view after it: they are printed together, so an ask and
        what came of it are one line, as at a table played here."""
        self.tell_waiting()
        while True:
            if self.console.lines.ready():
                return self.typed(self.console.answer())
            if any(kind != "event" for kind in self.listen()):
                return None

    def deal_ready(self) -> bool:
        s = self.session
        if not isinstance(s, RemoteSession):
            return False  # a watcher: the players move the table on
        return not s.pending and any(isinstance(a, NextDeal) for a in s.legal)

    def game_over(self) -> str | None:
        s = self.session
        if not isinstance(s, RemoteSession):  # a watcher: until Enter (or a rematch)
            while True:
                answer = self.ask(_("The game is over. Press Enter to leave the table."))
                command = command_of(answer, self.vocab)
                if command is None:
                    return OVER
                if command.name == "quit":
                    return QUIT
                self.command(command, None)
        if any(vote is False for vote in s.votes):
            self.console.say(_("No rematch this time."))
            return OVER
        if self.voted:
            return QUIT if self.wait() == QUIT else None
        while True:
            answer = self.ask(_("Play again with the same seats? Type yes or no."))
            accept = yes_or_no(answer)
            if accept is not None:
                break
            command = command_of(answer, self.vocab)
            if command is not None and command.name == "quit":
                return QUIT
            if command is not None:
                self.command(command, self.viewer)
            else:
                self.console.say(_("Type yes or no."))
        try:
            s.vote(accept)
        except IllegalAction as e:
            self.console.say(str(e))
            return None
        if not accept:
            return OVER
        self.voted = True
        return None

    # ------------------------------------------------------------------ the host's news

    def listen(self) -> list[str]:
        """Run the connection until something happens; tell what came (TableGone if the
        seat cannot go on)."""
        heard = self.link.pump()
        self.tell(heard)
        if self.link.finished:
            raise TableGone(self.gone_text())
        return heard

    def gone_text(self) -> str:
        link = self.link
        if link.stop is not None:
            return plain(link.stop.text, 400)
        if link.failure is not None:
            return _("The connection to the host failed: {why}").format(
                why=plain(str(link.failure), 200))
        return _(ERROR_TEXT[wire.CLOSED])

    def moment(self) -> tuple[object, ...]:
        """What a question depends on: the game, whose move, the end of a deal or game, a
        rematch declined."""
        s = self.session
        return s.game_id, s.started, s.to_act, s.over, s.deal_over, False in s.votes

    def tell(self, heard: list[str]) -> None:
        news = self.console.news
        for kind in dict.fromkeys(heard):  # a burst of one kind is told once, as it is now
            s = self.session  # (a hello of another game brings another session)
            if kind == "hello":
                self.syncing = True
                self.new_game()
            elif kind == "offline":
                self.offline = True
                news(_("Connection lost: reconnecting…"))
            elif kind == "online" and self.offline:
                self.offline = False
                news(_("Connected to the host again."))
            elif kind == "lobby":
                self.tell_room()
            elif kind == "seat":
                self.tell_seats()
            elif kind == "said" and s.said is not None:
                seat, word = s.said
                if 0 <= seat < len(s.names):
                    news(_("{name}: {word}").format(name=s.names[seat], word=said_word(word)))
            elif kind == "rematch":
                self.tell_votes()
            elif kind == "error" and s.error is not None:
                news(s.error[1])
            elif kind in ("state", "turn"):
                self.syncing = False
                if self.fresh and s.started:
                    self.fresh = False
                    if s.action_count > 0 and self.viewer is not None:
                        self.recap(self.viewer)  # a game joined again: what was missed

    def new_game(self) -> None:
        s = self.session = self.link.session  # (another game is another session)
        self.viewer = s.joined_seat
        if s.game_id == self.game:
            return  # the same game again after a reconnection: what was told stays told
        first, self.game = not self.game, s.game_id
        if first:
            return  # (its story may be told already: heard during a request, told since)
        self.console.news(_("The rematch begins: a new deal, the same seats."))
        self.fresh = False
        self.shown = 0
        self.status = ""
        self.ended = None
        self.voted = False
        self.waited_for = None

    def tell_room(self) -> None:
        """Before the game: the table's seats, each time they change."""
        s = self.session
        if s.started or s.lobby is None:
            return
        self.tell_intro()
        seats = "; ".join(f"{i + 1}. {seat_text(seat)}"
                          for i, seat in enumerate(s.lobby.get("seats", [])))
        if seats != self.seats_told:
            self.seats_told = seats
            self.console.news(_("Seats: {seats}.").format(seats=seats))

    def tell_intro(self) -> None:
        if self.room_told:
            return
        self.room_told = True
        say = self.console.news
        say(_("Table {code} at {where}").format(code=self.code, where=_("this machine")))
        say(_("The game begins when every seat is taken, or when the host gives the free "
              "seats to computers."))
        if self.place.owner:
            say(_("Type start to begin now: the free seats go to computers."))
        self.tip()

    def tip(self) -> None:
        if not self.tipped:
            self.tipped = True
            self.console.news(_("Meanwhile, type h for help, say 1 to say “Good game!”, or "
                                "quit to leave (your seat is kept)."))

    def tell_seats(self) -> None:
        s = self.session
        for seat, status in s.statuses.items():
            before = self.statuses.get(seat)
            text = SEAT_NEWS.get(status)
            if text and 0 <= seat < len(s.names) and seat != s.joined_seat and \
                    before != status and not (before is None and status == HERE):
                self.console.news(_(text).format(name=s.names[seat]))
        self.statuses = dict(s.statuses)

    def tell_votes(self) -> None:
        s = self.session
        votes = s.votes
        if not s.over or not any(v is not None for v in votes):
            return
        words = {True: _("yes"), False: _("no"), None: "?"}
        said = ", ".join(f"{s.names[i]} {words[v]}" for i, v in enumerate(votes)
                         if i < len(s.names) and (s.seats[i].is_human or v is not None))
        self.console.news(_("Rematch: {votes}").format(votes=said))

    def tell_waiting(self) -> None:
        """Whom the table waits for, once each time it changes (a computer's moves come by
        themselves: only a human elsewhere is named)."""
        s = self.session
        if not s.started:
            self.tell_room()
            return
        if s.over or s.deal_over or self.syncing:
            return
        seat = s.public_view().to_act
        if seat is None or seat == s.joined_seat or not s.seats[seat].is_human:
            return
        if seat != self.waited_for:
            self.waited_for = seat
            self.console.say(_("Waiting for {name}.").format(name=s.names[seat]))
            self.tip()

    # ------------------------------------------------------------------ typed while waiting

    def typed(self, line: str) -> str | None:
        s = self.session
        if not line.strip():
            self.waited_for = None
            self.tell_waiting()
            return None
        words = tokens(line)
        if len(words) == 1 and self.start_words.get(words[0]) == "start" and not s.started:
            self.start_now()
            return None
        command = command_of(line, self.vocab)
        if command is None or command.name == "draw":
            self.console.say(_("The game has not begun yet.") if not s.started else
                             _("You are watching: type h for help, or quit to leave.")
                             if self.watching else _("It is not your turn."))
            return None
        return self.command(command, self.viewer)

    def command(self, command: Command, seat: int | None) -> str | None:
        s = self.session
        if command.name in ("quit", "help", "say"):
            if command.name == "quit":
                return QUIT
            if command.name == "help":
                self.help()
            else:
                self.say_word(command.arg)
            return None
        if not s.started:
            self.console.say(_("The game has not begun yet."))
            return None
        return super().command(command, seat)

    def say_word(self, arg: str) -> None:
        words = list(WORD_TEXTS)
        if not (arg.isdigit() and 1 <= int(arg) <= len(words)):
            self.console.say(_("Type say and a number to say a word to everyone: {words}")
                             .format(words=self.words_list()))
            return
        s = self.session
        if not isinstance(s, RemoteSession):
            self.console.say(_(ERROR_TEXT[wire.NOT_JOINED]))
            return
        if not s.started:  # (the others' terminals could not tell who said it yet)
            self.console.say(_("The game has not begun yet."))
            return
        try:
            s.say(words[int(arg) - 1])
        except IllegalAction as e:
            self.console.say(str(e))

    @staticmethod
    def words_list() -> str:
        return ", ".join(f"{i} {_(text)}" for i, text in enumerate(WORD_TEXTS.values(), 1))

    def start_now(self) -> None:
        """The opener's word: the free seats go to computers and the game begins."""
        if not self.place.owner:
            self.console.say(_("Only the player who opened table {code} can change its seats.")
                             .format(code=self.code))
            return
        message = {"type": "control", "code": self.code, "owner": self.place.owner,
                   "op": "start", "seat": None, "level": "hard"}
        try:
            self.link.run(ask_once(self.opener, message, "controlled"))
        except LobbyError as e:
            self.console.say(plain(e.text, 200))
        except (OSError, TimeoutError) as e:
            self.console.say(_("The table server cannot be reached: {why}").format(
                why=plain(getattr(e, "strerror", None) or e, 200)))

    def help(self) -> None:
        s = self.session
        say = self.console.say
        words = command_words()
        names = {name: "/".join(sorted(w for w, c in words.items() if c == name))
                 for name in ("books", "log", "quit", "say")}
        if self.watching:
            say(_("You are watching table {code}: each move is told as it is made, as anyone "
                  "at the table may know it; no hand is shown. {books} the books laid down; "
                  "{log} the last lines of the game; {quit} leaves the table.").format(
                code=self.code, **names))
        elif s.started:
            super().help()
        if not self.watching:
            say(_("At a shared table, {quit} leaves the table (your seat is kept for you), "
                  "and {say} and a number says a word to everyone: {words}").format(
                words=self.words_list(), **names))
        if not s.started:
            say(_("The game begins when every seat is taken, or when the host gives the free "
                  "seats to computers."))
            if self.place.owner:
                say(_("Type start to begin now: the free seats go to computers."))


__all__ = ["SharedTable", "TableGone", "seat_text", "yes_or_no"]
