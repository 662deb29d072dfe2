"""A player for the line mode's tests: reads the prompt, looks at the saved game as the seat to
act may (its own view), and types a legal answer in one of the natural forms, in the language
being played."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

from gofish.engine import RANKS, Ask, Draw, Game
from gofish.i18n import _
from gofish.names import ASK, rank_word
from gofish.store.repo import read_checked
from gofish.store.saves import SavedGame

TURN, EMPTY, OVER_TURN, READY, NEXT_DEAL, MENU = (
    "turn", "empty", "over-turn", "ready", "next-deal", "menu")


def prompt_patterns() -> dict[str, re.Pattern[str]]:
    """The line mode's prompts in the current language, as regular expressions."""

    def pattern(message: str) -> re.Pattern[str]:
        parts = re.split(r"(\{\w+\})", message)
        return re.compile("".join(".+?" if p.startswith("{") else re.escape(p) for p in parts))

    return {
        TURN: pattern(_("{name}, ask whom for what?")),
        "card-turn": pattern(_("{name}, ask whom for which card?")),
        EMPTY: pattern(_("Your hand is empty: press Enter to draw.")),
        OVER_TURN: pattern(_("Your turn is over, {name}. Press Enter, then pass the device to "
                             "{next}.")),
        READY: pattern(_("{name}: type {key} and press Enter when you are ready.")),
        NEXT_DEAL: pattern(_("Press Enter for the next deal, or type quit.")),
        MENU: pattern(_("Your choice: [1]")),
    }


def saved_game(data_dir: Path) -> tuple[SavedGame, Game]:
    """The one game in ``data_dir``, as saved now: its file and journal, as a resume reads them."""
    [path] = [p for p in data_dir.glob("*.json")]
    return read_checked(path)


@dataclass
class Player:
    """Types a legal move for whoever is to act, cycling through the accepted forms."""

    seed: int = 0
    moves: int = 0
    rng: random.Random = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def move(self, record: SavedGame, game: Game) -> str:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat, with_events=False)
        action = self.rng.choice(view.legal)
        self.moves += 1
        if isinstance(action, Draw):
            return ""
        assert isinstance(action, Ask)
        return self.say(action, [s.name for s in record.seats])

    def say(self, action: Ask, names: list[str]) -> str:
        code = RANKS[action.rank].lower()
        word = rank_word(action.rank, role=ASK)
        name = names[action.target].casefold()
        number = str(action.target + 1)
        if action.suit is not None:
            suit = "cdhs"[action.suit]
            forms = [f"{name} {code}{suit}", f"{number} {code}{suit}"]
        else:
            forms = [f"{name} {word}", f"{number} {code}", f"ask {number} for {word}",
                     f"{name} {code}"]
        return forms[self.moves % len(forms)]
