"""Say a word at a shared table: a short list of the preset words, chosen by its number."""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gofish.front.tables import WORD_TEXTS
from gofish.i18n import N_, _


class WordsScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape", "dismiss_none", N_("Back")),
                *(Binding(str(i + 1), f"say({i})", show=False) for i in range(len(WORD_TEXTS)))]

    def __init__(self, on_word: Callable[[str], None]) -> None:
        super().__init__()
        self.on_word = on_word

    def compose(self) -> ComposeResult:
        with Vertical(id="words"):
            yield Static(Content.styled(_("Say to the table"), "bold"))
            yield OptionList(*(Option(f"{i + 1}  {_(text)}", id=key)
                               for i, (key, text) in enumerate(WORD_TEXTS.items())),
                             id="word-list", markup=False)

    def action_say(self, index: int) -> None:
        self._said(list(WORD_TEXTS)[index])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id:
            self._said(event.option.id)

    def _said(self, word: str) -> None:
        self.dismiss(word)
        self.on_word(word)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
