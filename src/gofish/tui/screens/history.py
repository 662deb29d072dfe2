"""History: saved games newest first, unreadable files with their reason; resume, read a log,
delete with confirmation; statistics by player name."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import DataTable, Static

from gofish.engine import Game
from gofish.front.keyboard import with_twins
from gofish.i18n import N_, _
from gofish.narrate import story
from gofish.numerals import decimal, percent
from gofish.rules_text import PRESET_TITLES
from gofish.seats import MAX_NAME, level_title
from gofish.store.errors import GameLocked, StoreError
from gofish.store.repo import GameInfo, Store, Unreadable
from gofish.store.stats import compute_stats
from gofish.store.text import plain
from gofish.tui.game_app import game_app
from gofish.tui.render import bullet, clip
from gofish.tui.screens.confirm import ConfirmScreen
from gofish.tui.widgets.keys import KeyFooter


def rules_title(name: str) -> str:
    return _(PRESET_TITLES[name]) if name in PRESET_TITLES else _("Custom")


class HistoryScreen(Screen):
    BINDINGS = [
        # priority: the table under the cursor has an Enter of its own (hidden), which would
        # otherwise take this one's place in the key line
        Binding("enter", "open", N_("Resume/read"), priority=True),
        Binding(with_twins("l"), "log", N_("Read log")),
        Binding(with_twins("r"), "review", N_("Review")),
        Binding(with_twins("d,delete"), "delete", N_("Delete")),
        Binding(with_twins("s"), "stats", N_("Statistics")),
        Binding("escape", "menu", N_("Menu")),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store
        self.entries: list[GameInfo | Unreadable] = []

    def compose(self) -> ComposeResult:
        yield Static(Content.styled(_("History"), "bold reverse"), id="history-title")
        yield DataTable(id="history-table", cursor_type="row", zebra_stripes=True)
        yield Static(id="history-info", markup=False)
        yield KeyFooter()

    # the columns' widths: with the table's padding, 78 of an 80-column terminal
    WIDTHS = (16, 28, 9, 17)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        labels = (_("Date"), _("Players"), _("Rules"), _("Status"))
        for label, width in zip(labels, self.WIDTHS, strict=True):
            table.add_column(label, width=width)
        self.reload()
        table.focus()

    def reload(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        try:
            self.entries = self.store.list()
        except StoreError as e:
            self.entries = []
            self.query_one("#history-info", Static).update(str(e))
            return
        _date, players, rules, status_width = self.WIDTHS
        for entry in self.entries:
            when = entry.updated.astimezone().strftime("%Y-%m-%d %H:%M")
            if isinstance(entry, Unreadable):
                table.add_row(when, Content(clip(plain(entry.id), players)), "—",
                              Content.styled(clip(_("unreadable"), status_width), "bold"),
                              key=entry.id)
                continue
            names = ", ".join(plain(s.name, 20) for s in entry.summary.seats)
            if entry.finished:
                winners = ", ".join(plain(w, 20) for w in entry.summary.winners)
                status = _("won by {names}").format(names=winners)
            else:
                status = _("in progress")
            table.add_row(when, Content(clip(names, players)),
                          clip(rules_title(entry.summary.rules), rules),
                          Content(clip(status, status_width)), key=entry.id)
        if not self.entries:
            self.query_one("#history-info", Static).update(_("No saved games yet."))
        else:
            self.show_info()

    def current(self) -> GameInfo | Unreadable | None:
        table = self.query_one(DataTable)
        if not self.entries or table.cursor_row is None:
            return None
        if 0 <= table.cursor_row < len(self.entries):
            return self.entries[table.cursor_row]
        return None

    def on_data_table_row_highlighted(self, _event: DataTable.RowHighlighted) -> None:
        self.show_info()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open()

    def show_info(self) -> None:
        entry = self.current()
        info = self.query_one("#history-info", Static)
        if entry is None:
            info.update("")
        elif isinstance(entry, Unreadable):
            where = _("moved to damaged/") if entry.damaged else _("left in place")
            info.update(_("Unreadable ({where}): {reason}").format(where=where,
                                                                   reason=entry.reason))
        elif entry.finished:
            scores = ", ".join(f"{plain(s.name, 20)} {s.score}" for s in entry.summary.seats)
            info.update(_("Finished. Scores: {scores}. R reviews it move by move; Enter or L "
                          "reads the log; D deletes.").format(scores=scores))
        else:
            turn = plain(entry.summary.turn or "", 20)
            info.update(_("In progress, {name} to play. Enter resumes; L reads the log; "
                          "D deletes.").format(name=turn))

    def action_open(self) -> None:
        entry = self.current()
        if entry is None or isinstance(entry, Unreadable):
            if entry is not None:
                self.notify(_("This file cannot be played: {reason}").format(
                    reason=entry.reason), severity="warning", markup=False)
            return
        if entry.finished:
            self.action_log()
        else:
            game_app(self).resume_game(entry.id)

    def action_log(self) -> None:
        entry = self.current()
        if not isinstance(entry, GameInfo):
            return
        try:
            record, game = self.store.load_game(entry.id)
        except StoreError as e:
            self.notify(str(e), severity="error", markup=False)
            self.reload()
            return
        self.app.push_screen(LogScreen(record.id, [s.name for s in record.seats], game,
                                       full=game.over))

    def action_review(self) -> None:
        entry = self.current()
        if not isinstance(entry, GameInfo):
            return
        if not entry.finished:  # an unfinished game never shows a hidden card
            self.notify(_("Only a finished game can be reviewed."), severity="warning")
            return
        game_app(self).show_review(entry.id)

    def action_delete(self) -> None:
        entry = self.current()
        if entry is None:
            return
        label = entry.id if isinstance(entry, Unreadable) else \
            ", ".join(plain(s.name, 20) for s in entry.summary.seats)

        def done(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.store.delete(entry.id, damaged=isinstance(entry, Unreadable)
                                  and entry.damaged)
            except GameLocked as e:  # the lock's reason is a fragment: say what was not done
                self.notify(_("Cannot delete {label}: {why}").format(label=label, why=e),
                            severity="error", markup=False)
            except StoreError as e:
                self.notify(str(e), severity="error", markup=False)
            self.reload()

        self.app.push_screen(ConfirmScreen(_("Delete the game {label}? This cannot be undone.")
                                           .format(label=label)), done)

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.store))

    def action_menu(self) -> None:
        game_app(self).go_menu()


class LogScreen(Screen):
    """A game's log: every card once the game is over, the public story while it is not."""

    BINDINGS = [Binding(with_twins("escape,q"), "close", N_("Close"))]

    def __init__(self, game_id: str, names: list[str], game: Game, full: bool) -> None:
        super().__init__()
        self.game_id = game_id
        self.names = names
        self.game = game
        self.full = full

    def compose(self) -> ComposeResult:
        title = _("Log of {id}").format(id=self.game_id)
        yield Static(Content.styled(title, "bold reverse"))
        events = self.game.events if self.full else [e.public() for e in self.game.events]
        lines = story(events, self.names, None, self.game.rules.pairs)
        with VerticalScroll(id="log-view"):
            yield Static(Content("\n").join(Content(bullet() + line.text) for line in lines))
        yield KeyFooter()

    def action_close(self) -> None:
        self.app.pop_screen()


class StatsScreen(Screen):
    BINDINGS = [Binding(with_twins("escape,q"), "close", N_("Close"))]

    def __init__(self, store: Store) -> None:
        super().__init__()
        self.store = store

    def compose(self) -> ComposeResult:
        yield Static(Content.styled(_("Statistics"), "bold reverse"))
        yield DataTable(id="stats-table", cursor_type="row")
        yield KeyFooter()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns(_("Player"), _("Played"), _("Wins"), _("Win rate"), _("Avg books"))
        try:
            stats = compute_stats(self.store.list())
        except StoreError as e:
            self.notify(str(e), severity="error", markup=False)
            return
        # rich Text, not Content: the table sizes a column to its cells' measured width, and
        # it measures Content as nothing, which cut every name to the header's 6 characters
        for tally in stats.players:
            table.add_row(Text(plain(tally.label, MAX_NAME)), str(tally.played),
                          str(tally.wins), percent(tally.win_rate), decimal(tally.average_books))
        for tally in stats.levels:
            label = _("computer: {level}").format(level=level_title(tally.label))
            table.add_row(Text(label), str(tally.played), str(tally.wins),
                          percent(tally.win_rate), decimal(tally.average_books))
        table.focus()

    def action_close(self) -> None:
        self.app.pop_screen()
