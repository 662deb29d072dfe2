"""A table hosted elsewhere, shown in this app: the seat this terminal holds, or a table watched.

The connection runs as a worker of the app (gofish.net.seat_client keeps it, reconnecting);
until the game begins the waiting screen lists the seats, then the table screen shows this
seat's view (or the public view, to a watcher) and moves on each time a message arrives. Screens
never reach the network: they read the session, as they read a local game's.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from gofish.front.place import Place
from gofish.front.tables import SEAT_NEWS, word_text
from gofish.i18n import _
from gofish.net.client import RemoteSession
from gofish.net.seat_client import SeatClient, Stop
from gofish.net.table import HERE
from gofish.net.watch import WatchSession
from gofish.store.text import plain

from ..screens.table import TableScreen
from ..screens.waiting import WaitingScreen

if TYPE_CHECKING:
    from . import GofishApp

SEAT_NEWS_EVERY = 0.3  # seconds between two tellings of who left or came back


class RemoteTable:
    def __init__(self, app: GofishApp, client: SeatClient,
                 session: RemoteSession | WatchSession, place: Place) -> None:
        self.app = app
        self.client = client
        self.place = place
        self.waiting = WaitingScreen(session, place)  # (a new one for another table)
        self.table: TableScreen | None = None
        self.offline = False
        self._told = 0  # events already told on the table
        self._status_seen: dict[int, str] = {}
        self._seat_notices: dict[int, str] = {}
        self._seats_due = False
        client.on_change = self.on_remote

    @property
    def session(self) -> RemoteSession | WatchSession:
        """The table the host tells of (a new one when the host begins another table: a
        rematch's new deal, or another table's seats after a restart)."""
        return self.client.session

    @property
    def watching(self) -> bool:
        return isinstance(self.session, WatchSession)

    def start(self) -> None:
        self.app.push_screen(self.waiting)
        self.app.run_worker(self._run(), name="seat", exclusive=True, group="remote")

    async def _run(self) -> None:
        try:
            await self.client.run()
        except Stop as e:
            self.stopped(plain(e.text, 400))

    def stopped(self, why: str) -> None:
        """The seat cannot go on (a wrong code, the seat taken from another terminal...)."""
        if self.place.from_lobby:
            self.app.shared.leave_remote(why)
        else:
            self.app.exit_message = _("gofish: {why}").format(why=why)
            self.app.exit(return_code=1)

    def close(self) -> None:
        self.client.stop()

    def rejoin_command(self) -> str:
        """How to take this seat again where the player is: the same start (the lobby's
        "Your tables" from inside gofish), or the join command, with the same folder."""
        if self.place.from_lobby or not self.place.where:
            return _("gofish, then P (Play with others), then {code}").format(
                code=self.place.code.partition("-")[0])
        return shlex.join([*self.app.command_words(), "join", self.place.where,
                           self.place.code.partition("-")[0], "--name", self.place.name])

    def rejoin_hint(self) -> str:
        if self.watching:
            return ""
        return _("Take your seat again with: {command}").format(command=self.rejoin_command())

    # ------------------------------------------------------------------ messages from the host

    def on_remote(self, kind: str) -> None:
        if not self.app.is_running or self.app.shared.link is not self:
            return  # the app is closing, or has let this table go
        s = self.session
        if kind == "offline":
            self.offline = True
            self.waiting.note = _("Connection lost: reconnecting to {where}…").format(
                where=self.client.where)
        elif kind == "online":
            self.waiting.note = _("Connected. Waiting for the game to begin.")
            if self.offline:
                self.app.notify(_("Connected to the host again."), timeout=3, markup=False)
            self.offline = False
        elif kind == "hello":
            self._told = 0
            self.app.exit_message = self.rejoin_hint()
            if self.table is not None and self.table.session is not s:
                self._new_table()
        elif kind == "seat":
            self._seats_changed()
        elif kind == "said" and s.said is not None:
            self._said(*s.said)
        elif kind == "error" and s.error is not None:
            if self._table_ready() and self.table is not None:
                self.table.say(s.error[1])
            else:
                self.app.notify(s.error[1], severity="error", timeout=6, markup=False)
        if kind in ("offline", "online"):
            banner = _("Connection to the host lost: reconnecting…") if self.offline else ""
            if self.table is not None:
                self.table.show_banner(banner)
        if kind in ("offline", "online", "lobby", "seat") and self.app.screen is self.waiting:
            self.waiting.show()
        if kind in ("state", "turn", "error", "rematch") and s.started:
            self._show_table(kind)

    def _said(self, seat: int, word: str) -> None:

        names = self.session.names
        if 0 <= seat < len(names):
            text = _("{name}: {word}").format(name=names[seat], word=word_text(word))
            if self._table_ready() and self.table is not None:
                self.table.show_word(seat, word_text(word))
            self.app.notify(text, timeout=4, markup=False)

    def _show_table(self, kind: str) -> None:
        from ..screens.game_over import FinalMoveScreen, GameOverScreen

        s = self.session
        if self.table is None:
            self.table = TableScreen(s)
            self._told = s.event_count
            self.app._replace_top(self.table)
            if self.offline:
                self.table.show_banner(_("Connection to the host lost: reconnecting…"))
            return
        if s.over:
            self.app.exit_message = ""  # nothing to come back to
        screen = self.app.screen
        if isinstance(screen, GameOverScreen | FinalMoveScreen) and not s.deal_over \
                and not s.over:
            self.app.pop_screen()  # the next deal (or a rematch) has begun
        if kind == "rematch" and isinstance(screen, GameOverScreen):
            screen.show_votes()
        if not self._table_ready():
            return  # the screen moves on by itself once it is mounted
        assert self.table is not None
        if self._told < s.event_count:
            self.table.heard(self._told)
            self._told = s.event_count
        self.table.advance()

    def _new_table(self) -> None:
        """The host began another table: the screens drawn from the old one go, the waiting
        screen shows the new one until its game is told."""
        self.table = None
        self.app.session = self.session
        while len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        self.waiting = WaitingScreen(self.session, self.place)
        self.waiting.note = _("Connected. Waiting for the game to begin.")
        self.app.push_screen(self.waiting)

    def _table_ready(self) -> bool:
        return self.table is not None and self.app.screen is self.table and self.table.is_mounted

    def _seats_changed(self) -> None:
        """At most every SEAT_NEWS_EVERY seconds: a player reconnecting in a loop made a notice
        on every other screen each time (3,000 in six seconds kept a screen busy for minutes)."""
        if not self._seats_due:
            self._seats_due = True
            self.app.set_timer(SEAT_NEWS_EVERY, self._tell_seats)

    def _tell_seats(self) -> None:
        self._seats_due = False
        s = self.session
        for seat, status in s.statuses.items():
            before = self._status_seen.get(seat)
            text = SEAT_NEWS.get(status)
            if text and 0 <= seat < len(s.names) and before != status and \
                    not (before is None and status == HERE):
                self._notify_seat(seat, _(text).format(name=s.names[seat]))
        self._status_seen = dict(s.statuses)

    def _notify_seat(self, seat: int, text: str) -> None:
        """One notice a seat: its news replaces the earlier one still on screen."""
        earlier = self._seat_notices.get(seat)
        self.app.forget_notice(earlier)
        self._seat_notices[seat] = text
        self.app.notify(text, timeout=5, markup=False)
