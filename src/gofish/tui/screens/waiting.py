"""Before a shared table's game: its code (large, with the one line a friend types), who has
taken which seat, and, for the player who opened it, the seats' controls.

The game begins when every seat is taken, or when the opener starts it now (the free seats go
to computers). The table's code and a kept seat's code are shown here only, to the opener: a
kept seat's code is for its one player.
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widgets import Static

from gofish.front.keyboard import with_twins
from gofish.i18n import N_, _
from gofish.net.table import AWAY, EMPTY, GIVEN, HERE
from gofish.seats import level_title
from gofish.tui.game_app import game_app
from gofish.tui.widgets.keys import KeyFooter

if TYPE_CHECKING:
    from gofish.front.place import Place

# the code in letters three rows high, readable across a room (a figlet-like block font)
BIG = {
    "A": ("▄▀▄", "█▀█", "▀ ▀"), "B": ("█▀▄", "█▀▄", "▀▀ "), "C": ("▄▀▀", "█  ", " ▀▀"),
    "D": ("█▀▄", "█ █", "▀▀ "), "E": ("█▀▀", "█▀ ", "▀▀▀"), "F": ("█▀▀", "█▀ ", "▀  "),
    "G": ("▄▀▀", "█ ▄", " ▀▀"), "H": ("█ █", "█▀█", "▀ ▀"), "J": ("  █", "▄ █", " ▀ "),
    "K": ("█ █", "██ ", "▀ ▀"), "L": ("█  ", "█  ", "▀▀▀"), "M": ("█▄█", "█ █", "▀ ▀"),
    "N": ("█▀█", "█ █", "▀ ▀"), "P": ("█▀▄", "█▀ ", "▀  "), "Q": ("▄▀▄", "█ █", " ▀▄"),
    "R": ("█▀▄", "█▀▄", "▀ ▀"), "S": ("▄▀▀", " ▀▄", "▀▀ "), "T": ("▀█▀", " █ ", " ▀ "),
    "U": ("█ █", "█ █", " ▀ "), "V": ("█ █", "█ █", " ▀ "), "W": ("█ █", "█▄█", "▀ ▀"),
    "X": ("▀▄▀", " █ ", "▀ ▀"), "Y": ("█ █", " █ ", " ▀ "), "Z": ("▀▀█", " █ ", "▀▀▀"),
}


def big_code(code: str, ascii: bool = False) -> str:
    """The code three rows high (in ASCII: spaced out, one row)."""
    if ascii:
        return "  ".join(code)
    rows = ["  ".join(BIG.get(ch, ("   ", f" {ch} ", "   "))[r] for ch in code) for r in range(3)]
    return "\n".join(rows)


class WaitingScreen(Screen):
    BINDINGS = [
        Binding("escape", "leave", N_("Leave")),
        Binding(with_twins("s"), "start_now", N_("Start now")),
        Binding(with_twins("c"), "computer", N_("Seat to computer")),
    ]

    def __init__(self, session: Any, place: Place) -> None:
        super().__init__()
        self.session = session
        self.place = place
        where = place.where or _("this machine")
        self.note = _("Connecting to {where}…").format(where=where)
        self.keys: dict[int, str] = {}  # new keys of freed seats, for the opener to give
        self.kept: dict[int, tuple[str, str]] = {}  # seats kept for a friend: (name, key)

    def compose(self) -> ComposeResult:
        with Vertical(id="waiting-box"):
            yield Static(id="waiting-code")
            yield Static(id="waiting")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("start_now", "computer"):
            return bool(self.place.owner)  # the opener's alone
        return True

    def show(self) -> None:
        with suppress(NoMatches):  # (not composed yet: on_mount shows it)
            self._show()

    def _show(self) -> None:
        from gofish.names import ascii_mode

        code = self.place.code.partition("-")[0]
        where = self.place.where or _("this machine")
        head = [Content.styled(_("Table {code} at {where}").format(code=code, where=where),
                               "bold")]
        if self.place.owner:  # the opener shares the code: large, with the line to type
            head += [Content(big_code(code, ascii_mode())),
                     Content(_("Friends join from gofish: P (Play with others), then "
                               "the code {code}.").format(code=code))]
        self.query_one("#waiting-code", Static).update(Content("\n").join(head))
        lines = [Content(self.note), Content("")]
        lobby = self.session.lobby
        for i, seat in enumerate(lobby.get("seats", []) if lobby is not None else []):
            lines.append(Content(f"{i + 1}. {seat.get('name') or '—'}  ").append(
                Content.styled(self.seat_word(seat), "dim")))
        listed = lobby.get("seats", []) if lobby is not None else []
        for seat, (name, key) in self.kept.items():
            free = seat < len(listed) and listed[seat].get("status") == EMPTY
            if free and seat not in self.keys:
                lines.append(Content(_("Seat {n} is kept for {name}: give them, and only them, "
                                       "the code {code}.").format(n=seat + 1, name=name,
                                                                  code=f"{code}-{key}")))
        for seat, key in self.keys.items():
            lines.append(Content(_("Seat {n} now opens with the code {code}: give it to its "
                                   "player only.").format(n=seat + 1, code=f"{code}-{key}")))
        if self.place.owner:
            lines += [Content(""), Content(_("The game begins when every seat is taken. S starts "
                                             "it now: the free seats go to computers."))]
        else:
            lines += [Content(""), Content(_("The game begins when every seat is taken, or when "
                                             "the host gives the free seats to computers."))]
        self.query_one("#waiting", Static).update(Content("\n").join(lines))

    @staticmethod
    def seat_word(seat: dict[str, Any]) -> str:
        status = seat.get("status")
        if seat.get("kind") == "computer":
            return _("computer ({level})").format(level=level_title(str(seat.get("level", ""))))
        if status == EMPTY:
            return _("(kept)") if seat.get("name") else _("free")
        if status == HERE:
            return _("here")
        if status == GIVEN:
            return _("a computer plays")
        return _("away") if status == AWAY else str(status or "")

    def action_leave(self) -> None:
        game_app(self).go_menu()

    def action_start_now(self) -> None:
        game_app(self).shared.control_table(self.place, "start")

    def action_computer(self) -> None:
        """The first free seat goes to a computer (press again for the next)."""
        lobby = self.session.lobby or {}
        free = [i for i, seat in enumerate(lobby.get("seats", []))
                if seat.get("kind") == "human" and seat.get("status") == EMPTY]
        if free:
            game_app(self).shared.control_table(self.place, "computer", free[-1])
