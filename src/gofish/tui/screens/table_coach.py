"""The table's coach keys: a hint (I) and the table memory beside the table (M).

Apart from the table screen (which keeps the game's keys and its timers), as an intermediate
screen class: the hint is the turn flow's, the memory panel the drawing's."""

from __future__ import annotations

from textual.screen import Screen

from gofish.front.flow import TurnFlow
from gofish.i18n import _
from gofish.session import TableSession
from gofish.tui.game_app import game_app
from gofish.tui.screens.table_draw import TableDrawing
from gofish.tui.widgets.message import MessageLine

HINT_SECONDS = 12.0  # a hint too long for the message line stays this long in full in a notice


class CoachKeys(Screen):
    session: TableSession
    flow: TurnFlow
    drawing: TableDrawing

    def refresh_table(self) -> None:
        raise NotImplementedError

    def say(self, text: str) -> None:
        raise NotImplementedError

    def action_hint(self) -> None:
        """The coach's ask, with its reason, chosen in the picker: Enter makes it."""
        text = self.flow.hint()
        if not text:
            return
        self.refresh_table()
        if not self.query_one("#msg", MessageLine).fits(text):
            # the message line's two rows cut the reason ("...and…"), and a hint is not in the
            # log where a cut message can be read whole: it is said in full in a notice too
            self.notify(text, title=_("Hint"), markup=False, timeout=HINT_SECONDS)

    def action_toggle_memory(self) -> None:
        if self.session.rules.open_hands:  # nothing to remember: the panel would hide the log
            self.say(_("Hands are open: every card is in sight."))
            return
        shown = self.drawing.show_memory = not self.drawing.show_memory
        game_app(self).remember(table_memory=shown)
        self.refresh_table()
