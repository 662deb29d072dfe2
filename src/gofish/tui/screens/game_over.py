"""The end of a deal or a game: books (or pairs) and scores, the winners, and what next."""

from __future__ import annotations

import textwrap

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Button, Footer, Static

from gofish.i18n import N_, _, ngettext
from gofish.names import rank_short
from gofish.session import Session

BOOKS_WIDTH = 30  # the books column: 13 books fit on a line, 26 pairs take two


class GameOverScreen(Screen):
    BINDINGS = [
        Binding("enter", "primary", N_("Continue")),
        Binding("n", "next_deal", N_("Next deal"), show=False),
        Binding("a", "again", N_("Play again")),
        Binding("h", "history", N_("History")),
        Binding("escape", "menu", N_("Menu")),
        Binding("escape", "leave", N_("Leave")),  # a joined seat has no menu: Esc leaves
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        view = s.public_view()
        remote = self.remote
        with Vertical(id="over"):
            yield Static(self.headline(), id="over-title")
            with VerticalScroll(id="over-body"):
                yield Static(self.table(view), id="over-table")
            with Horizontal(id="over-buttons"):
                if s.deal_over and not s.over:
                    yield Button(_("Next deal (Enter)"), id="next", variant="primary")
                elif not remote:
                    yield Button(_("Play again (A)"), id="again", variant="primary")
                if not remote:
                    yield Button(_("History (H)"), id="history")
                yield Button(_("Leave (Esc)") if remote else _("Menu (Esc)"), id="menu")
        yield Footer()

    def headline(self) -> Content:
        s = self.session
        if s.deal_over and not s.over:
            return Content.styled(_("Deal {n} is over").format(n=s.public_view().deal + 1),
                                  "bold reverse")
        winners = [s.names[w] for w in s.winners]
        if len(winners) == 1:
            text = _("{name} wins!").format(name=winners[0])
        else:
            text = _("{names} share the win!").format(names=", ".join(winners))
        return Content.styled(text, "bold reverse")

    def table(self, view) -> Content:
        s = self.session
        rows: list[Content] = []
        match = bool(s.rules.match_target)
        header = [(_("Player"), 22), (_("Pairs") if s.rules.pairs else _("Books"), BOOKS_WIDTH),
                  (_("Score"), 7)]
        if match:
            header.append((_("Total"), 7))
        rows.append(Content.styled("".join(t[:w].ljust(w) for t, w in header), "bold underline"))
        totals = s.scores()
        for seat, name in enumerate(s.names):
            books = " ".join(rank_short(r) for r, _c in sorted(view.books[seat])) or "—"
            # up to 26 pairs under the Kids option: the ranks wrap within their column
            # rather than being cut off
            lines = textwrap.wrap(books, BOOKS_WIDTH - 1) or [books]
            cells = [(name, 22), (lines[0], BOOKS_WIDTH), (str(view.deal_scores[seat]), 7)]
            if match:
                cells.append((str(totals[seat]), 7))
            style = "bold" if seat in s.winners else ""
            rows.append(Content.styled("".join(t[: w - 1].ljust(w) for t, w in cells), style))
            rows.extend(Content.styled(" " * 22 + more, style) for more in lines[1:])
        if match:
            target = s.rules.match_target
            rows.append(Content(""))
            rows.append(Content(ngettext("Match to {n} point.", "Match to {n} points.",
                                         target).format(n=target)))
            if not s.over:
                dealer = (view.dealer + 1) % len(s.names)
                rows.append(Content(_("Next deal: {name} deals.").format(name=s.names[dealer])))
        return Content("\n").join(rows)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    @property
    def remote(self) -> bool:
        """A joined seat: a new game and the history are the host's, so neither is offered."""
        return self.app.REMOTE

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        if action == "again":
            return s.over and not self.remote
        if action == "next_deal":
            return s.deal_over and not s.over
        if action in ("history", "menu"):
            return not self.remote
        if action == "leave":
            return self.remote
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        {"next": self.action_next_deal, "again": self.action_again,
         "history": self.action_history, "menu": self.action_menu}[event.button.id]()

    def action_primary(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):
            focused.press()
        elif self.session.deal_over and not self.session.over:
            self.action_next_deal()
        else:
            self.action_again()

    def action_next_deal(self) -> None:
        if getattr(self.app, "session", self.session) is not self.session:
            return  # this game was let go (menu, history): nothing to deal
        if self.session.deal_over and not self.session.over:
            self.app.next_deal(self.session)

    def action_again(self) -> None:
        if self.session.over:
            self.app.play_again(self.session)

    def action_history(self) -> None:
        self.app.show_history()

    def action_menu(self) -> None:
        self.app.go_menu()

    def action_leave(self) -> None:
        self.app.go_menu()  # a joined seat's app leaves
