"""The opener's controls of a shared table: give a seat to a computer, free a seat (its player,
on another machine or without their secret, comes back with the new code shown here), start the
game now. Only the player who opened the table has the token these need."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gofish.front.keyboard import with_twins
from gofish.front.place import Place
from gofish.i18n import N_, _
from gofish.net.lobby_client import TableInfo
from gofish.seats import level_title
from gofish.tui.game_app import game_app
from gofish.tui.widgets.keys import KeyFooter

STATUS = {"here": N_("here"), "away": N_("away"), "empty": N_("free"),
          "computer": N_("a computer plays for them"), "given": N_("a computer plays")}


class SeatsControlScreen(ModalScreen[None]):
    BINDINGS = [
        Binding(with_twins("c"), "computer", N_("To a computer")),
        Binding(with_twins("f"), "free", N_("Free the seat")),
        Binding(with_twins("s"), "start", N_("Start now")),
        Binding("escape", "back", N_("Back")),
    ]

    def __init__(self, table: TableInfo, place: Place) -> None:
        super().__init__()
        self.table = table
        self.place = place
        self.keys: dict[int, str] = {}

    def compose(self) -> ComposeResult:
        with Vertical(id="seats-control"):
            yield Static(Content.styled(_("Table {code}: your seats' controls").format(
                code=self.table.code), "bold"))
            yield OptionList(*self.options(), id="control-seats", markup=False)
            yield Static(id="control-info", markup=False)
        yield KeyFooter()

    def options(self) -> list[Option]:
        out = []
        for i, seat in enumerate(self.table.seats):
            if seat.kind == "computer":
                what = _("computer ({level})").format(level=level_title(seat.level))
            else:
                what = _(STATUS.get(seat.status, seat.status)) if seat.status in STATUS \
                    else seat.status
            out.append(Option(f"{i + 1}. {seat.name or '—'}  ({what})", id=str(i),
                              disabled=seat.kind == "computer"))
        return out

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "start":
            return not self.table.started
        return True

    def chosen(self) -> int | None:
        index = self.query_one(OptionList).highlighted
        if index is None or self.table.seats[index].kind == "computer":
            self.query_one("#control-info", Static).update(_("Choose a human seat."))
            return None
        return index

    def action_computer(self) -> None:
        seat = self.chosen()
        if seat is not None:
            game_app(self).shared.control_table(self.place, "computer", seat)
            self.query_one("#control-info", Static).update(
                _("Seat {n} is played by a computer (Hard) from now on.").format(n=seat + 1))

    def action_free(self) -> None:
        seat = self.chosen()
        if seat is not None:
            game_app(self).shared.control_table(self.place, "free", seat,
                                                on_key=lambda key: self.show_key(seat, key))

    def show_key(self, seat: int, key: str) -> None:
        if self.is_mounted:
            code = f"{self.table.code}-{key}"
            self.query_one("#control-info", Static).update(
                _("Seat {n} is free for its player: they take it back with the code {code} "
                  "(give it to them only). A computer plays it meanwhile.").format(
                    n=seat + 1, code=code))

    def action_start(self) -> None:
        game_app(self).shared.control_table(self.place, "start")
        self.dismiss(None)

    def action_back(self) -> None:
        self.dismiss(None)
