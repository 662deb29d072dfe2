"""The app's side of shared tables: the lobby, hosting a table, joining one (from the lobby or
``gofish join``), watching one, and the opener's controls.

Every front end of a data folder reaches the same table server (gofish.net.local starts it when
none runs), so a friend who logs in over SSH under another ``--profile``, or opens a ``gofish
serve`` page, finds the same tables in the lobby. A joined table is a session like a local game:
the app holds it in ``session`` and lets it go in ``close_game``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TextIO

from gofish.front.place import Place
from gofish.i18n import _
from gofish.store.joined import SecretBook
from gofish.store.server_folder import ServerFolder

TRANSCRIPT = "GOFISH_TRANSCRIPT"

# the network is loaded when a shared table is first used: the start view comes up without it
if TYPE_CHECKING:
    from gofish.engine import Rules
    from gofish.net.client import RemoteSession
    from gofish.net.lobby_client import TableInfo
    from gofish.net.seat_client import Opener
    from gofish.net.watch import WatchSession
    from gofish.session import TableSession

    from . import GofishApp
    from .remote import RemoteTable


class SharedTables:
    """The shared tables of one app (``app.shared``); the table in view is ``link``."""

    def __init__(self, app: GofishApp, data_dir: str | None) -> None:
        self.app = app
        self.data_dir = data_dir
        self.link: RemoteTable | None = None
        self._transcript: TextIO | None = None

    def transcript(self) -> TextIO | None:
        """GOFISH_TRANSCRIPT=FILE: every message a shared table's host sends this terminal,
        one JSON line each (as ``gofish join --transcript``: for a bug report, or a test
        that reads what a seat or a watcher was sent; an SSH login cannot pass flags)."""
        path = os.environ.get(TRANSCRIPT)
        if path and self._transcript is None:
            with contextlib.suppress(OSError):
                self._transcript = open(path, "a", encoding="utf-8")  # noqa: SIM115
        return self._transcript

    # ------------------------------------------------------------------ where the server is

    @property
    def server_folder(self) -> ServerFolder:
        """This data folder's table server (every profile of the folder shares it)."""
        return ServerFolder.of(self.data_dir)

    def local_opener(self) -> Opener:
        from gofish.net.local import open_local

        folder = self.server_folder
        return lambda: open_local(folder)

    @property
    def book(self) -> SecretBook:
        return SecretBook(self.app.store.root)

    @property
    def remote(self) -> RemoteSession | WatchSession | None:
        """The session of the shared table in view, if any."""
        return self.link.session if self.link is not None else None

    # ------------------------------------------------------------------ screens

    def show_lobby(self) -> None:
        from ..screens.lobby import LobbyScreen

        self.app.close_game()
        self.app._replace_top(LobbyScreen())

    def show_host_setup(self) -> None:
        from ..screens.setup import SetupScreen

        choice = self.app.load_last_setup()
        self.app.push_screen(SetupScreen(choice, hosting=True))

    def choose_word(self, session: TableSession) -> None:
        from ..screens.words import WordsScreen

        say = getattr(session, "say", None)
        if say is not None:
            self.app.push_screen(WordsScreen(say))

    # ------------------------------------------------------------------ tables

    def host_table(self, seats: list[dict[str, Any]], rules: Rules, seed: int | None,
                   name: str, *, private: bool = False) -> None:
        """Open a table on this folder's server, then take the opener's own seat at it."""
        message = {"type": "open", "seats": seats, "rules": rules.to_json(), "seed": seed,
                   "private": private}
        self.app.run_worker(self._host(message, name), group="lobby")

    async def _host(self, message: dict[str, Any], name: str) -> None:
        from gofish.net.lobby_client import LobbyError, ask_once

        try:
            opened = await ask_once(self.local_opener(), message, "opened")
        except (LobbyError, OSError) as e:
            self.app.notify(_("Could not open the table: {why}").format(
                why=getattr(e, "text", None) or e), severity="error", markup=False, timeout=10)
            return
        code = str(opened.get("code", ""))
        owner = str(opened.get("owner", ""))
        key = next((k.get("key", "") for k in opened.get("keys", []) if k.get("name") == name),
                   "")
        self.book.put(code, name, owner=owner)
        self.join_table(Place(f"{code}-{key}" if key else code, "", name, from_lobby=True,
                              owner=owner))
        if self.link is not None:  # the codes of the seats kept for friends, for the opener
            self.link.waiting.kept = {
                k["seat"]: (str(k.get("name", "")), str(k.get("key", "")))
                for k in opened.get("keys", [])
                if isinstance(k, dict) and isinstance(k.get("seat"), int)
                and k.get("name") != name}
            self.link.waiting.show()

    def join_table(self, place: Place, transcript: TextIO | None = None) -> None:
        """Take a seat (the lobby's, or ``gofish join``'s at ADDR:PORT)."""
        self.open_remote(self.seat_link(place, transcript or self.transcript()))

    def seat_link(self, place: Place, transcript: TextIO | None = None) -> RemoteTable:
        """The seat's connection and session, not yet started."""
        from gofish.net.client import RemoteSession
        from gofish.net.seat_client import SeatClient

        from .remote import RemoteTable

        session = RemoteSession()
        held = self.book.held(place.code.partition("-")[0], place.name)
        if held is not None and held.owner and not place.owner:
            place = Place(place.code, place.where, place.name, place.from_lobby, held.owner)
        if place.where:
            host, _sep, port = place.where.rpartition(":")
            client = SeatClient(host.strip("[]"), int(port), place.code, place.name,
                                session=session, book=self.book, transcript=transcript)
        else:
            client = SeatClient("", 0, place.code, place.name, session=session,
                                book=self.book, transcript=transcript,
                                opener=self.local_opener(), where=_("this machine"))
        return RemoteTable(self.app, client, session, place)

    def watch_table(self, code: str) -> None:
        from gofish.net.seat_client import SeatClient
        from gofish.net.watch import WatchSession

        from .remote import RemoteTable

        session = WatchSession()
        client = SeatClient("", 0, code, "", session=session, opener=self.local_opener(),
                            where=_("this machine"), watch=True,
                            transcript=self.transcript())
        self.open_remote(RemoteTable(self.app, client, session,
                                     Place(code, "", from_lobby=True)))

    def open_remote(self, remote: RemoteTable) -> None:
        if self.link is not remote:  # (gofish join's seat is made with the app)
            self.app.close_game()
        self.link = remote
        self.app.session = remote.session
        remote.start()

    def leave_remote(self, why: str = "") -> None:
        """Leave the shared table in view (the seat is kept): back to the lobby it was chosen
        in, or out of gofish when it was ``gofish join``'s."""
        link = self.link
        message = self.app.exit_message
        self.app.close_game()
        if link is not None and link.place.from_lobby:
            self.show_lobby()
            if why:
                self.app.notify(why, severity="error", markup=False, timeout=8)
            return
        self.app.exit_message = message
        self.app.exit()

    def control_table(self, place: Place, op: str, seat: int | None = None,
                      level: str = "hard", on_key: Callable[[str], None] | None = None
                      ) -> None:
        """The opener's word on the table: a seat to a computer, a seat freed (``on_key``
        hears the seat's new code), start now."""
        self.app.run_worker(self._control(place, op, seat, level, on_key), group="lobby")

    def show_seats_control(self, table: TableInfo, place: Place) -> None:
        from ..screens.seats_control import SeatsControlScreen

        self.app.push_screen(SeatsControlScreen(table, place))

    async def _control(self, place: Place, op: str, seat: int | None, level: str,
                       on_key: Callable[[str], None] | None) -> None:
        from gofish.net.lobby_client import LobbyError, ask_once

        message = {"type": "control", "code": place.code.partition("-")[0],
                   "owner": place.owner, "op": op, "seat": seat, "level": level}
        try:
            reply = await ask_once(self.local_opener(), message, "controlled")
        except (LobbyError, OSError) as e:
            self.app.notify(getattr(e, "text", None) or str(e), severity="error", markup=False,
                        timeout=8)
            return
        key = reply.get("key")
        if op == "free" and isinstance(key, str) and seat is not None:
            if on_key is not None:
                on_key(key)
            if self.link is not None:
                self.link.waiting.keys[seat] = key
                self.link.waiting.show()
