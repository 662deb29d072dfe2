"""A first game that teaches (gofish.coach.tutorial): three asks of a prepared deal, each
explained before and after. Only the ask the step teaches is taken; Esc leaves at any time."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from gofish.coach.tutorial import BOB, LEARNER, STEPS, closing, tutorial_game
from gofish.i18n import N_, _, ngettext
from gofish.names import rank_short
from gofish.narrate import story
from gofish.tui.keyboard import latin_letter
from gofish.tui.render import cards_row, dot, labelled
from gofish.tui.widgets.keys import KeyFooter


class TutorialScreen(Screen):
    BINDINGS = [
        Binding("enter", "next", N_("Continue")),
        Binding("escape", "leave", N_("Leave")),
    ]
    DEFAULT_CSS = """
    TutorialScreen #tutorial-title { height: 1; background: $panel; padding: 0 1; }
    TutorialScreen #tutorial-table { height: auto; padding: 1 1 0 1; }
    TutorialScreen #tutorial-said { height: auto; padding: 1 1 0 1; text-style: italic; }
    TutorialScreen #tutorial-guide { height: auto; padding: 1 1; border: round $primary; }
    TutorialScreen > Vertical { overflow: hidden; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.names = [name, "Bob"]
        self.game = tutorial_game()
        self.step = 0
        self.done = False  # the current step's ask was made: Enter moves on
        self.said = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content.styled(_("Learn to play") + dot() + "Go Fish", "bold"),
                         id="tutorial-title")
            yield Static(id="tutorial-table")
            yield Static(id="tutorial-said")
            yield Static(id="tutorial-guide")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    @property
    def finished(self) -> bool:
        return self.step >= len(STEPS)

    def show(self) -> None:
        view = self.game.view(LEARNER)
        bob = view.counts[BOB]
        rows = [
            Content.styled("Bob", "bold") + Content(dot() + ngettext(
                "{n} card", "{n} cards", bob).format(n=bob)),
            Content(ngettext("{n} card in the stock", "{n} cards in the stock",
                             view.stock).format(n=view.stock)),
            labelled(Content.styled(_("Your hand"), "bold"), cards_row(view.hand)),
        ]
        books = " ".join(rank_short(r) for r, _c in view.books[LEARNER])
        if books:
            rows.append(Content(_("books: {ranks}").format(ranks=books)))
        self.query_one("#tutorial-table", Static).update(Content("\n").join(rows))
        self.query_one("#tutorial-said", Static).update(Content(self.said))  # names: literal
        if self.finished:
            guide = closing()
        elif self.done:
            guide = STEPS[self.step].after() + " " + _("Press Enter.")
        else:
            guide = STEPS[self.step].before()
        self.query_one("#tutorial-guide", Static).update(Content(guide))

    def on_key(self, event: events.Key) -> None:
        if self.finished or self.done or not event.character:
            return
        step = STEPS[self.step]
        if step.key in (event.character.upper(), latin_letter(event.character).upper()):
            event.stop()
            happened = self.game.apply(step.ask)
            self.said = " ".join(line.text for line in story(happened, self.names, LEARNER))
            self.done = True
            self.show()
        elif event.character.isprintable() and event.key not in ("enter", "escape"):
            event.stop()
            self.notify(_("Press {key} for this step.").format(key=step.key))

    def action_next(self) -> None:
        if self.finished:
            self.app.pop_screen()
        elif self.done:
            self.step += 1
            self.done = False
            self.said = ""
            self.show()

    def action_leave(self) -> None:
        self.app.pop_screen()
