"""What every front end says on leaving a game of this machine's store.

Opening, saving and letting go of the game are the session's (``Session.start``,
``Session.resume``, ``Session.close``), for the Textual app and the line mode alike.
"""

from __future__ import annotations

from gofish.command_name import command_name
from gofish.i18n import _


def resume_hint(game_id: str, profile: str | None = None, command: str | None = None) -> str:
    """The line printed on leaving an unfinished game: how to come back to it."""
    command = command or command_name()
    if profile:
        return _("Your game is saved. Resume it with: "
                 "{command} --profile {profile} resume {id}").format(
            command=command, profile=profile, id=game_id)
    return _("Your game is saved. Resume it with: {command} resume {id}").format(
        command=command, id=game_id)
