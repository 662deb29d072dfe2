"""A first game that teaches (gofish.coach.tutorial): three asks of a prepared deal, each
explained before and after. Only the ask the step teaches is taken, chosen and asked with the
table's own keys (the rank's key raises it, Enter asks); Esc leaves at any time.

It is drawn with the table's own pieces (Bob's seat, the stock, the hand's card faces), so what
a learner sees here is what the first game looks like; the rank to ask for stands raised in the
hand, as the table raises the rank chosen."""

from __future__ import annotations

import time

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from gofish.coach.tutorial import BOB, LEARNER, STEPS, closing, tutorial_game
from gofish.front.keyboard import latin_letter
from gofish.front.speech import last_exchange
from gofish.i18n import N_, _
from gofish.names import ASK, rank_word
from gofish.narrate import story
from gofish.tui.game_app import game_app
from gofish.tui.render import dot, hand_title
from gofish.tui.widgets.ask_bar import ask_button, ask_sentence
from gofish.tui.widgets.hand import HandView
from gofish.tui.widgets.keys import KeyFooter
from gofish.tui.widgets.seats import SeatBox, SeatState
from gofish.tui.widgets.stock import StockView


class TutorialScreen(Screen):
    BINDINGS = [
        Binding("enter", "ask", N_("Ask")),  # once the step's rank is chosen: the key line says so
        Binding("enter", "next", N_("Continue")),
        Binding("escape", "leave", N_("Leave")),
    ]
    DEFAULT_CSS = """
    TutorialScreen #tutorial-title { height: 1; background: $panel; padding: 0 1; }
    TutorialScreen #tutorial-felt { height: 7; padding: 0 1; }
    TutorialScreen #tutorial-felt SeatBox { width: 26; }
    TutorialScreen #tutorial-felt StockView { margin: 2 0 0 1; }
    TutorialScreen #tutorial-guide { height: auto; padding: 0 1; margin: 0 1;
                                     border: round $primary; }
    TutorialScreen #tutorial-said { height: auto; min-height: 1; padding: 0 1;
                                    text-style: italic; }
    TutorialScreen #tutorial-handtitle { height: 1; background: $boost; padding: 0 1; }
    TutorialScreen #tutorial-hand { height: 1fr; min-height: 5; max-height: 8; padding: 0 1; }
    TutorialScreen #tutorial-ask { height: 1; padding: 0 1; }
    TutorialScreen > Vertical { overflow: hidden; }
    """

    def __init__(self, name: str | None = None) -> None:
        super().__init__()
        self.learner = name  # None: "Your hand", and "You" where a name is needed
        self.names = [name or _("You"), "Bob"]
        self.game = tutorial_game()
        self.step = 0
        self.picked = False  # the step's rank is chosen: Enter asks, as at the table
        self.done = False  # the current step's ask was made: Enter moves on
        self.said = ""
        self.new: frozenset[int] = frozenset()  # the cards the step's ask brought in
        self.asked_at = 0.0  # when the step's ask was made: a second Enter at once is a bounce

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Content.styled(_("Learn to play") + dot() + "Go Fish", "bold"),
                         id="tutorial-title")
            with Horizontal(id="tutorial-felt"):
                yield SeatBox(BOB, id="tutorial-bob")
                yield StockView(id="tutorial-stock")
            yield Static(id="tutorial-guide")
            yield Static(id="tutorial-said")
            yield Static(id="tutorial-handtitle")
            yield HandView(id="tutorial-hand")
            yield Static(id="tutorial-ask")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    def on_resize(self) -> None:
        self.show()  # the hand's title fits the width

    @property
    def finished(self) -> bool:
        return self.step >= len(STEPS)

    def show(self) -> None:
        self.refresh_bindings()  # Enter's name on the key line follows the step
        view = self.game.view(LEARNER)
        talk = last_exchange(self.game.events, self.names)
        self.query_one("#tutorial-bob", SeatBox).show(SeatState(
            seat=BOB, name=self.names[BOB], count=view.counts[BOB],
            books=tuple(r for r, _c in view.books[BOB]), turn=view.turn == BOB, out=False,
            chosen=not self.finished, pickable=False,
            said=talk.said_by(BOB) if talk is not None and self.done else ""))
        self.query_one("#tutorial-stock", StockView).show(view.stock)
        if self.finished:
            guide = closing()
        elif self.done:
            guide = STEPS[self.step].after() + " " + _("Press Enter.")
        else:
            guide = STEPS[self.step].before()
        self.query_one("#tutorial-guide", Static).update(Content(guide))
        self.query_one("#tutorial-said", Static).update(Content(self.said))  # names: literal
        self.query_one("#tutorial-handtitle", Static).update(hand_title(
            self.learner, len(view.hand), [r for r, _c in view.books[LEARNER]],
            pairs=False, new=bool(self.new), room=self.size.width - 2))
        asking = not (self.finished or self.done)
        rank = STEPS[self.step].ask.rank if asking and self.picked else None
        self.query_one("#tutorial-hand", HandView).show(
            tuple(view.hand), chosen=rank, new=self.new, clickable=False)
        self.query_one("#tutorial-ask", Static).update(self.ask_line() if asking else Content(""))

    def ask_line(self) -> Content:
        """The table's ask line: the question until the rank is chosen, then the ask, Enter
        and the [Ask] button."""
        who = self.names[BOB]
        if not self.picked:
            return Content.styled(ask_sentence(who, None), "bold")
        what = rank_word(STEPS[self.step].ask.rank, role=ASK)
        return Content.assemble((ask_sentence(who, what), "bold"), "   ",
                                (_("Enter: ask"), "dim"), "  ", ask_button("screen.ask"))

    def on_key(self, event: events.Key) -> None:
        if self.finished and latin_letter(event.character or "") in ("n", "N"):  # as offered
            event.stop()
            self.app.pop_screen()
            game_app(self).show_setup()
            return
        if self.finished or self.done:
            return
        step = STEPS[self.step]
        char = event.character or ""
        if char and (step.takes(char) or step.takes(latin_letter(char))):  # a Russian layout too
            event.stop()
            game_app(self).clear_notifications()  # "press K" is said and done
            self.picked = True
            self.show()
        elif event.key == "enter" and self.picked:
            return  # the ask: Enter's binding makes it
        elif (char and char.isprintable()) or event.key == "enter":
            event.stop()  # Enter too: the key line does not offer it until the rank is chosen
            game_app(self).notify_once(_("Press {key} for this step.").format(key=step.key),
                                       timeout=5)

    def ask(self) -> None:
        """The step's ask, made."""
        step = STEPS[self.step]
        before = set(self.game.view(LEARNER).hand)
        happened = self.game.apply(step.ask)
        self.new = frozenset(set(self.game.view(LEARNER).hand) - before)
        self.said = " ".join(line.text for line in story(happened, self.names, LEARNER))
        self.done = True
        self.asked_at = time.monotonic()
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """What Enter does, the key line names: nothing while the step waits for its rank key
        (Enter then says which key it takes), Ask once the rank is chosen, Continue once the
        ask is made and at the end."""
        if action == "ask":
            return self.picked and not self.done and not self.finished
        if action == "next":
            return self.done or self.finished
        return True

    def action_ask(self) -> None:
        if self.picked and not (self.done or self.finished):
            self.ask()

    def action_next(self) -> None:
        if self.finished:
            self.app.pop_screen()
        elif self.done and time.monotonic() - self.asked_at >= game_app(self).pass_guard:
            # Enter pressed twice to ask would skip what the ask just taught, unread
            self.step += 1
            self.picked = False
            self.done = False
            self.said = ""
            self.new = frozenset()
            self.show()

    def action_leave(self) -> None:
        self.app.pop_screen()
