"""Ctrl+C, pressed by reflex to quit: the app says which key quits, in the player's language.

Textual binds Ctrl+C to a notice of its own ("Press ctrl+q to quit the app", "Do you want to
quit?"), written in English whatever the language in force, and naming the first quit key it
finds (on the start view, its Q). This one names the key that quits on every screen.
"""

from __future__ import annotations

from textual.app import App

from gofish.i18n import _


class QuitHint(App):
    def action_help_quit(self) -> None:  # Textual's name for its Ctrl+C notice
        key = next((b.key for bindings in self._bindings.key_to_bindings.values()
                    for b in bindings if b.action == "quit"), None)
        if key is None:
            return
        shown = "+".join(part.capitalize() if len(part) > 1 else part.upper()
                         for part in key.split("+"))  # ctrl+q: Ctrl+Q, as the help writes it
        text = _("Press {key} to quit gofish.").format(key=shown)
        if not any(n.message == text for n in self._notifications):  # once, however often
            self.notify(text, title=_("Do you want to quit?"), markup=False)
