"""``gofish join``: the usual table screen, for one seat of a game hosted elsewhere.

The app is the game's app with the parts that belong to the host taken out: no menu, no
history, no saving here (the host saves). Until the game starts a waiting screen lists the
seats; then the table screen shows this seat's view as the host tells it, and moves on each
time a message arrives. The screens sit here, above the network: gofish.net only connects
(SeatClient) and keeps the seat's side of the game (RemoteSession).
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from gofish.command_name import command_name
from gofish.i18n import N_, _
from gofish.net.client import RemoteSession
from gofish.net.seat_client import SeatClient, SecretBook, Stop
from gofish.net.table import AWAY, EMPTY, HERE, STAND_IN
from gofish.seats import level_title
from gofish.session import TableSession
from gofish.store.text import plain

from .app import GofishApp
from .screens.confirm import ConfirmScreen
from .screens.table import TableScreen
from .widgets.keys import KeyFooter

if TYPE_CHECKING:
    from gofish.store.errors import StoreError


SEAT_NEWS_EVERY = 0.3  # seconds between two tellings of who left or came back


class WaitingScreen(Screen):
    """Before the game: who has taken which seat, and the connection's state."""

    BINDINGS = [Binding("escape", "app.quit", N_("Leave"))]

    def __init__(self, code: str, where: str) -> None:
        super().__init__()
        self.code = code
        self.where = where
        self.note = _("Connecting to {where}…").format(where=where)

    def compose(self) -> ComposeResult:
        yield Static(id="waiting")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show(None)

    def show(self, session: RemoteSession | None) -> None:
        lines = [Content.styled(_("Table {code} at {where}").format(code=self.code,
                                                                     where=self.where), "bold"),
                 Content(""), Content(self.note), Content("")]
        lobby = session.lobby if session is not None else None
        if lobby is not None:
            for i, seat in enumerate(lobby.get("seats", [])):
                name = seat.get("name") or "—"
                status = seat.get("status")
                if seat.get("kind") == "computer":
                    what = _("computer ({level})").format(
                        level=level_title(str(seat.get("level", ""))))
                elif status == EMPTY:
                    what = _("free")
                elif status == HERE:
                    what = _("here")
                else:
                    what = _("away")
                lines.append(Content(f"{i + 1}. {name}  ").append(Content.styled(what, "dim")))
            lines += [Content(""), Content(_("The game begins when every seat is taken, or when "
                                             "the host gives the free seats to computers."))]
        self.query_one("#waiting", Static).update(Content("\n").join(lines))


class JoinApp(GofishApp):
    """The table of a hosted game, for the seat this terminal holds."""

    CSS_PATH = str(Path(__file__).with_name("gofish.tcss"))
    REMOTE = True  # the screens offer nothing the host does: skipping, pacing, history, menu

    def __init__(self, host: str, port: int, code: str, name: str, *,
                 data_dir: str | None = None, profile: str | None = None, ascii: bool = False,
                 transcript: TextIO | None = None) -> None:
        super().__init__(data_dir=data_dir, profile=profile, ascii=ascii, computer_delay=0.0)
        self.where = f"{host}:{port}"
        self.code = code
        self.player_name = name
        self.client = SeatClient(host, port, code, name, session=RemoteSession(),
                                 on_change=self.on_remote, book=SecretBook(self.store.root),
                                 transcript=transcript)
        self.waiting = WaitingScreen(code, self.where)
        self.table: TableScreen | None = None
        self._told = 0  # events already put in the message line
        self._offline = False
        self._status_seen: dict[int, str] = {}
        self._seat_notices: dict[int, str] = {}  # each seat's notice on screen, if any
        self._seats_due = False  # a change of seats is to be told shortly

    @property
    def remote(self) -> RemoteSession:
        """The table the host tells of (another one, if the host begins another table)."""
        return self.client.session

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notification here is literal text: names and the host's words are data, and
        Textual would read ``[/x]`` in them as markup (and crash on it)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # ------------------------------------------------------------------ start

    def open_first_screens(self) -> None:
        """Not the game app's start: no menu here, the waiting screen until the game begins."""
        self.push_screen(self.waiting)
        self.run_worker(self._run_client(), name="seat", exclusive=True)

    async def _run_client(self) -> None:
        try:
            await self.client.run()
        except Stop as e:
            self.exit_message = plain(_("gofish: {why}").format(why=e.text), 400)
            self.exit(return_code=1)

    def rejoin_command(self) -> str:
        """The command that takes this seat again, as it can be typed where the player is."""
        return f"{command_name()} join {self.where} {self.code} --name {shlex.quote(self.player_name)}"

    def rejoin_hint(self) -> str:
        return _("Take your seat again with: {command}").format(command=self.rejoin_command())

    # ------------------------------------------------------------------ messages from the host

    def on_remote(self, kind: str) -> None:
        s = self.remote
        if kind == "offline":
            self._offline = True
            self.waiting.note = _("Connection lost: reconnecting to {where}…").format(
                where=self.where)
            self.notify(_("Connection to the host lost: reconnecting…"), severity="warning",
                        timeout=5)
        elif kind == "online":
            self.waiting.note = _("Connected. Waiting for the game to begin.")
            if self._offline:
                self.notify(_("Connected to the host again."), timeout=3)
            self._offline = False
        elif kind == "hello":
            self._told = 0  # (app.session stays None: that is a game held here, to let go)
            self.exit_message = self.rejoin_hint()
            if self.table is not None and self.table.session is not s:
                self._leave_table()  # the host began another table: a new screen for it
        elif kind == "seat":
            self._seats_changed()
        elif kind == "error" and s.error is not None:
            if self.table is not None and self._table_ready():
                self.table.say(s.error[1])
            else:
                self.notify(s.error[1], severity="error", timeout=6, markup=False)
        if kind in ("offline", "online", "lobby") and self.screen is self.waiting:
            self.waiting.show(s)
        if kind in ("state", "turn", "error") and s.started:
            self._show_table()

    def _show_table(self) -> None:
        from .screens.game_over import FinalMoveScreen, GameOverScreen

        s = self.remote
        if self.table is None:
            self.table = TableScreen(s)
            self._told = s.event_count
            self._replace_top(self.table)
            return
        if s.over:
            self.exit_message = ""  # nothing to come back to
        if isinstance(self.screen, GameOverScreen | FinalMoveScreen) and not s.deal_over \
                and not s.over:
            self.pop_screen()  # the next deal has begun
        if self.table is None or not self._table_ready():
            return  # the screen moves on by itself once it is mounted
        if self._told < s.event_count:
            self.table.heard(self._told)
            self._told = s.event_count
        self.table.advance()

    def _leave_table(self) -> None:
        """Back to the waiting screen: the table screen shows a table that is gone."""
        self.table = None
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.waiting.note = _("Connected. Waiting for the game to begin.")
        self.waiting.show(self.remote)

    def _table_ready(self) -> bool:
        return self.table is not None and self.screen is self.table and self.table.is_mounted

    def _seats_changed(self) -> None:
        """Tell the seats' comings and goings at most every SEAT_NEWS_EVERY seconds: a player
        reconnecting in a loop made a notice on every other screen each time (3,000 in six
        seconds kept a screen busy for minutes, deaf to every key)."""
        if not self._seats_due:
            self._seats_due = True
            self.set_timer(SEAT_NEWS_EVERY, self._tell_seats)

    def _tell_seats(self) -> None:
        self._seats_due = False
        s = self.remote
        texts = {
            AWAY: N_("{name} is away: the table waits."),
            HERE: N_("{name} is back."),
            STAND_IN: N_("{name} is away: a computer plays for them."),
        }
        for seat, status in s.statuses.items():
            before = self._status_seen.get(seat)
            text = texts.get(status)
            if text and 0 <= seat < len(s.names) and before != status and \
                    not (before is None and status == HERE):
                self._notify_seat(seat, _(text).format(name=s.names[seat]))
        self._status_seen = dict(s.statuses)

    def _notify_seat(self, seat: int, text: str) -> None:
        """One notice a seat: its news replaces the earlier one still on screen."""
        earlier = self._seat_notices.get(seat)
        for notice in [n for n in self._notifications if n.message == earlier]:
            self._unnotify(notice, refresh=False)  # the notice that follows redraws them
        self._seat_notices[seat] = text
        self.notify(text, timeout=5, markup=False)

    # ------------------------------------------------------------------ what the host does here

    def go_menu(self) -> None:
        """Esc at the table: a joined seat has no menu, so this leaves the table; ask first
        while the game is on (the seat waits, but a stray Esc should not cost a turn)."""
        if self.remote.over:
            self.exit()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.exit()

        self.push_screen(ConfirmScreen(_("Leave the table? Your seat is kept for you: come back "
                                         "with {command}").format(command=self.rejoin_command())),
                         answered)

    def plays(self, session: TableSession) -> bool:
        return session is self.remote

    def show_history(self) -> None:
        self.notify(_("This game is saved on the host: its history is there."), timeout=5)

    def play_again(self, session: TableSession) -> None:
        self.notify(_("Ask the host for a new table."), timeout=5)

    def next_deal(self, session: TableSession) -> None:
        self.remote.next_deal()  # the table moves on when the host says the deal has begun

    def report_save_error(self, error: StoreError) -> None:
        self.notify(str(error), severity="error", timeout=8, markup=False)

    async def action_quit(self) -> None:
        self.exit()

    def on_unmount(self) -> None:
        self.client.stop()
