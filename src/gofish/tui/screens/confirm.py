"""A yes/no question, answered with Y/N or Enter/Escape."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from gofish.front.keyboard import with_twins
from gofish.i18n import N_, _


class ConfirmScreen(ModalScreen[bool]):
    BINDINGS = [
        Binding(with_twins("y"), "answer(True)", N_("Yes")),
        Binding(with_twins("n,escape"), "answer(False)", N_("No")),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(self.question, markup=False)
            with Horizontal(id="confirm-buttons"):
                yield Button(_("Yes (Y)"), id="yes", variant="error")
                yield Button(_("No (N)"), id="no", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
