"""A new game's questions, line by line: the seats, the rules; the same for a table hosted for
others (gofish.plain.lobby), whose first seat is the player's own.

Every question takes ``quit`` (leave gofish: nothing is started yet), ``help`` (what is asked,
then the same question) and Enter (the answer in brackets); Ctrl+D is the end of input.
"""

from __future__ import annotations

from collections.abc import Sequence

from gofish.engine import PRESETS, Rules, RulesError
from gofish.front.choice import SetupChoice, default_choice, read_last_setup
from gofish.i18n import Np_, _, pgettext
from gofish.rules_text import PRESET_TITLES
from gofish.seats import COMPUTER, HUMAN, LEVEL_TITLES, LEVELS, SeatError, SeatSpec
from gofish.store.repo import Store

from .console import Console, Leave
from .words import command_of

DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")
KIND_WORDS = {HUMAN: Np_("seat kind", "human"), COMPUTER: Np_("seat kind", "computer")}


class Questions:
    def __init__(self, console: Console, store: Store, profile: str | None = None) -> None:
        self.console = console
        self.store = store
        self.profile = profile

    def last_setup(self) -> SetupChoice:
        return read_last_setup(self.store.root) or default_choice(self.profile)

    def question(self, prompt: str, help_text: str = "") -> str:
        """The answer to a question of the setup; quit leaves gofish, help says what is
        asked (and the same question comes again), Ctrl+D is EndOfInput."""
        while True:
            answer = self.console.ask(prompt)
            command = command_of(answer)
            if command is None or command.arg:
                return answer
            if command.name == "quit":
                raise Leave
            if command.name != "help":
                return answer
            self.console.say(help_text or _("Answer the question, or press Enter to keep the "
                                            "answer in brackets; quit leaves gofish."))

    def number(self, question: str, default: int, low: int, high: int) -> int:
        while True:
            answer = self.question(f"{question} [{default}]").strip()
            if not answer:
                return default
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            self.console.say(_("Type a number from {low} to {high}.").format(low=low, high=high))

    def choice(self, question: str, options: dict[str, str], default: str) -> str:
        """One of ``options`` (value -> what is shown), by its shown word, its English value or
        the start of either."""
        while True:
            answer = self.question(f"{question} [{options[default]}]").strip().casefold()
            if not answer:
                return default
            found = {value for value, shown in options.items()
                     if shown.casefold().startswith(answer) or value.startswith(answer)}
            if len(found) == 1:
                return found.pop()
            self.console.say(_("Type one of: {choices}.").format(
                choices=", ".join(options.values())))

    def seat(self, i: int, before: SeatSpec, taken: Sequence[SeatSpec]) -> SeatSpec:
        name = self.name(i, before.name, taken)
        kind = self.choice(_("Is {name} a human or a computer?").format(name=name),
                               self.kinds(), before.kind)
        if kind == HUMAN:
            return SeatSpec(name)
        return SeatSpec(name, COMPUTER, self.level(name, before.level or "hard"))

    def name(self, i: int, default: str, taken: Sequence[SeatSpec], *,
             check: bool = False) -> str:
        """Seat ``i``'s name; ``check``: as a shared table checks it too (gofish.net.plan)."""
        while True:
            name = self.question(_("Player {n}: name? [{name}]").format(
                n=i + 1, name=default)).strip() or default
            if self.valid_name(name, taken, check=check):
                return name

    def valid_name(self, name: str, taken: Sequence[SeatSpec], *, check: bool = False) -> bool:
        """Whether ``name`` may be one more seat's beside ``taken`` (if not, it says why)."""
        try:
            SeatSpec(name).validate()
            if check:
                from gofish.net.plan import PlanError, check_name

                try:
                    check_name(name)
                except PlanError as e:
                    raise SeatError("name", str(e)) from None
        except SeatError as e:
            self.console.say(str(e))
            return False
        if name.casefold() in {seat.name.casefold() for seat in taken}:
            self.console.say(_("two seats are called {name}").format(name=repr(name)))
            return False
        return True

    def level(self, name: str, default: str) -> str:
        levels = {level: _(LEVEL_TITLES[level]) for level in LEVELS}
        return self.choice(_("{name}'s level: {levels}?").format(
            name=name, levels=", ".join(levels.values())), levels, default)

    @staticmethod
    def kinds() -> dict[str, str]:
        return {kind: pgettext(*KIND_WORDS[kind]) for kind in (HUMAN, COMPUTER)}

    @staticmethod
    def free_name(name: str, seats: Sequence[SeatSpec]) -> str:
        return free_name(name, seats)

    def rules(self, before: Rules, players: int) -> Rules:
        options = {name: _(title) for name, title in PRESET_TITLES.items()}
        default = before.preset_name()
        if default is None:
            options["last"] = _("as last time")
            default = "last"
        while True:
            name = self.choice(_("Rules: {presets}?").format(
                presets=", ".join(options.values())), options, default)
            rules = before if name == "last" else PRESETS[name]
            try:
                rules.check_players(players)
            except RulesError as e:
                self.console.say(str(e))
                continue
            return rules


def free_name(name: str, seats: Sequence[SeatSpec]) -> str:
    used = {s.name.casefold() for s in seats}
    if name.casefold() not in used:
        return name
    return next(n for n in DEFAULT_NAMES + tuple(f"Player {i}" for i in range(7, 20))
                if n.casefold() not in used)


__all__ = ["DEFAULT_NAMES", "Questions", "free_name"]
