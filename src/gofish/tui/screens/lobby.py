"""Play with others: the tables open on this machine, and the seats you hold at them.

Each row is a table of this data folder's table server (every SSH login of the game account and
every ``gofish serve`` page sees the same ones): its code, rules, players and state. Enter takes
a seat at the table under the cursor (your own seat back, at a table where you hold one), or at
the table whose code is typed; W watches it; H hosts a new one.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Input, Static

from gofish.front.keyboard import with_twins
from gofish.front.place import Place
from gofish.front.tables import rules_name, state_text
from gofish.i18n import N_, _
from gofish.net.codes import format_code, parse_code
from gofish.net.lobby_client import LobbyClient, TableInfo
from gofish.net.plan import PlanError, check_name
from gofish.seats import level_title
from gofish.store.joined import HeldSeat
from gofish.tui.game_app import game_app
from gofish.tui.render import clip
from gofish.tui.widgets.keys import KeyFooter

WIDTHS = (6, 9, 37, 18)  # code, rules, players, state: with the cells' padding, 78 columns


def players_text(table: TableInfo) -> str:
    parts = []
    for seat in table.seats:
        if seat.kind == "computer":
            parts.append(f"{seat.name} ({level_title(seat.level)})")
        elif seat.status == "empty":
            parts.append(seat.name + " " + _("(kept)") if seat.name else _("free"))
        else:
            parts.append(seat.name)
    return ", ".join(parts)


class LobbyScreen(Screen):
    BINDINGS = [
        Binding("enter", "join", N_("Join"), priority=True),
        Binding(with_twins("w"), "watch", N_("Watch")),
        Binding(with_twins("h"), "host", N_("Host a table")),
        Binding(with_twins("o"), "seats", N_("Your table's seats")),
        Binding("escape", "menu", N_("Back")),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[TableInfo] = []
        self.client: LobbyClient | None = None
        self.state = _("Connecting to the table server…")

    def compose(self) -> ComposeResult:
        yield Static(id="lobby-title")
        yield DataTable(id="lobby-table", cursor_type="row", zebra_stripes=True)
        with Horizontal(id="lobby-fields"):
            yield Static(_("Code"), classes="lobby-label")
            yield Input(placeholder="ABCDEF", id="lobby-code", max_length=16, compact=True)
            yield Static(_("Your name"), classes="lobby-label")
            yield Input(self.default_name(), id="lobby-name", max_length=20, compact=True)
        yield Static(id="lobby-info", markup=False)
        yield KeyFooter()

    def default_name(self) -> str:
        app = game_app(self)
        named = app.preferences.player_name
        if named:
            return named
        seats = app.load_last_setup().seats
        return next((s.name for s in seats if s.is_human), "")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        for label, width in zip((_("Code"), _("Rules"), _("Players"), _("State")), WIDTHS,
                                strict=True):
            table.add_column(label, width=width)
        self.show_title()
        self.show_info(_("Enter: join the table under the cursor, or the code typed. "
                         "W: watch it. H: host a table of your own."))
        self.client = LobbyClient(game_app(self).shared.local_opener(),
                                  on_tables=self.show_tables, on_state=self.show_state,
                                  codes=tuple(self.held()))
        self.run_worker(self.client.run(), name="lobby", exclusive=True)
        table.focus()

    def on_unmount(self) -> None:
        if self.client is not None:
            self.client.on_tables = lambda _tables: None  # nothing more is heard here
            self.client.on_state = lambda _state: None
            self.client.stop()

    # ------------------------------------------------------------------ showing

    def show_title(self) -> None:
        title = Content.assemble((_("Play with others"), "bold reverse"), "  ",
                                 (self.state, "dim"))
        self.query_one("#lobby-title", Static).update(title)

    def show_info(self, text: str) -> None:
        self.query_one("#lobby-info", Static).update(text)

    def show_state(self, state: str) -> None:
        if not self.is_mounted:
            return
        self.state = _("connected") if state == "online" else \
            _("the table server is not answering: trying again…")
        self.show_title()

    def held(self) -> dict[str, HeldSeat]:
        """The seats you hold at this machine's tables, by code."""
        return {seat.code: seat for seat in game_app(self).shared.book.seats()
                if not seat.where and seat.secret}

    def show_tables(self, tables: list[TableInfo]) -> None:
        if not self.is_mounted:
            return
        held = self.held()
        mine_first = sorted(tables, key=lambda t: (t.code not in held, t.over, t.started))
        self.tables = mine_first
        grid = self.query_one(DataTable)
        row = grid.cursor_row
        grid.clear()
        code_w, rules_w, players_w, state_w = WIDTHS
        for t in mine_first:
            grid.add_row(t.code, clip(rules_name(t.rules.preset_name()), rules_w), clip(players_text(t), players_w),
                         clip(state_text(t.over, t.started, t.free, t.code in held), state_w), key=t.code)
        if mine_first:
            grid.move_cursor(row=min(row, len(mine_first) - 1))
        elif not tables:
            self.show_info(_("No table is open on this machine yet: H hosts one, and your "
                             "friends find it here."))

    # ------------------------------------------------------------------ choosing

    def chosen(self) -> tuple[str, TableInfo | None] | None:
        """The code typed (with a kept seat's key), else the table under the cursor."""
        typed = self.query_one("#lobby-code", Input).value.strip()
        if typed:
            parsed = parse_code(typed)
            if parsed is None:
                self.show_info(_("{code} is not a table code (six letters).").format(code=typed))
                return None
            return format_code(*parsed), next((t for t in self.tables if t.code == parsed[0]),
                                              None)
        grid = self.query_one(DataTable)
        if not self.tables or grid.cursor_row >= len(self.tables):
            self.show_info(_("Choose a table, or type its code."))
            return None
        table = self.tables[grid.cursor_row]
        return table.code, table

    def action_join(self) -> None:
        choice = self.chosen()
        if choice is None:
            return
        code, _table = choice
        mine = self.held().get(code.partition("-")[0])
        name = mine.name if mine is not None else self.query_one("#lobby-name", Input).value
        try:
            name = check_name(name.strip())
        except PlanError as e:
            self.show_info(_("Your name: {why}").format(why=e))
            self.query_one("#lobby-name", Input).focus()
            return
        app = game_app(self)
        if mine is None:
            app.remember(player_name=name)
        app.shared.join_table(Place(code, "", name, from_lobby=True,
                                    owner=mine.owner if mine is not None else ""))

    def action_watch(self) -> None:
        choice = self.chosen()
        if choice is not None:
            game_app(self).shared.watch_table(choice[0].partition("-")[0])

    def action_seats(self) -> None:
        """The opener's controls of the table under the cursor (theirs alone)."""
        choice = self.chosen()
        if choice is None or choice[1] is None:
            return
        table = choice[1]
        mine = self.held().get(table.code)
        if mine is None or not mine.owner:
            self.show_info(_("Only the player who opened table {code} can change its seats.")
                           .format(code=table.code))
            return
        game_app(self).shared.show_seats_control(table, Place(table.code, "", mine.name,
                                                              from_lobby=True, owner=mine.owner))

    def action_host(self) -> None:
        game_app(self).shared.show_host_setup()

    def action_menu(self) -> None:
        game_app(self).go_menu()

    def on_key(self, event: events.Key) -> None:
        """Letters typed into a field are the field's (W, H are names' letters too)."""
        if isinstance(self.focused, Input) and event.is_printable:
            event.stop()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # typing a name or a code: the letters are the field's
        return not (action in ("watch", "host", "seats") and isinstance(self.focused, Input))


__all__ = ["LobbyScreen"]
