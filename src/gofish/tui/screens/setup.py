"""Setup: the seats (with a line on what the chosen computer level does), a rules preset and
every option, and an optional seed."""

from __future__ import annotations

import dataclasses
import time
from contextlib import suppress
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, OptionList, Select, Static

from gofish.engine import PRESETS, Rules, RulesError
from gofish.front.choice import SetupChoice
from gofish.front.levels import level_hint
from gofish.front.pace import PACES, pace_label, read_pace
from gofish.i18n import N_, _, pgettext
from gofish.rules_text import (
    OPTION_LABELS,
    PAIRS_EXPLANATIONS,
    PAIRS_VALUE_LABELS,
    PRESET_BLURBS,
    PRESET_TITLES,
    option_values,
    value_label,
)
from gofish.seats import (
    COMPUTER,
    HUMAN,
    LEVEL_TITLES,
    LEVELS,
    MAX_NAME,
    SeatError,
    SeatSpec,
    printable_name,
)
from gofish.tui.game_app import game_app
from gofish.tui.render import labelled
from gofish.tui.widgets.keys import KeyFooter


def option_label(field: str, value: object, pairs: bool) -> str:
    """An option's value as the setup lists it: under the pairs option a book is a pair."""
    if pairs and isinstance(value, str) and (field, value) in PAIRS_VALUE_LABELS:
        return _(PAIRS_VALUE_LABELS[(field, value)])
    return value_label(field, value)


def option_help(field: str, explanation: str, pairs: bool) -> str:
    return _(PAIRS_EXPLANATIONS[field] if pairs and field in PAIRS_EXPLANATIONS else explanation)


DEFAULT_NAMES = ("Alice", "Bob", "Carol", "Dave", "Eve", "Frank")


def kind_options() -> list[tuple[str, str]]:
    opts = [(_("Human"), HUMAN)]
    opts += [(_("Computer: {level}").format(level=_(LEVEL_TITLES[lv])), f"{COMPUTER}:{lv}")
             for lv in LEVELS]
    return opts


def seat_problem(seats: list[SeatSpec], *, free_ok: bool = False) -> tuple[int, str] | None:
    """The first seat whose name cannot be used, and why (names already trimmed). With
    ``free_ok`` (a shared table's), a human seat after the first may have no name: anyone
    with the table's code takes it."""
    seen: dict[str, int] = {}
    for i, seat in enumerate(seats):
        if free_ok and i > 0 and seat.is_human and not seat.name:
            continue
        if not seat.name or len(seat.name) > MAX_NAME:
            return i, _("Seat {n}: a name must be 1 to {max} characters.").format(
                n=i + 1, max=MAX_NAME)
        if not printable_name(seat.name):
            return i, _("Seat {n}: a name cannot hold control characters.").format(n=i + 1)
        if seat.name.casefold() in seen:
            return i, _("Seats {a} and {b} have the same name.").format(
                a=seen[seat.name.casefold()] + 1, b=i + 1)
        seen.setdefault(seat.name.casefold(), i)
    return None


class SeatName(Input):
    """A seat's name. The first takes the keys when the setup opens, so a reflex second press
    of the key that opened it (N on the start view) would replace the remembered name: keys
    that come while the setup has only just been shown type nothing."""

    def on_key(self, event: events.Key) -> None:  # before Input's own handler
        screen = self.screen
        if event.is_printable and isinstance(screen, SetupScreen) and screen.just_shown():
            event.prevent_default()
            event.stop()


class SeatRow(Horizontal):
    def __init__(self, index: int, seat: SeatSpec) -> None:
        super().__init__(classes="seat-row")
        self.index = index
        self.seat = seat

    def compose(self) -> ComposeResult:
        yield Static(f"{self.index + 1}", classes="seat-num")
        yield SeatName(self.seat.name, placeholder=_("name"), max_length=40,
                       id=f"name-{self.index}", classes="seat-name", compact=True)
        kind = HUMAN if self.seat.is_human else f"{COMPUTER}:{self.seat.level}"
        yield Select(kind_options(), value=kind, allow_blank=False, id=f"kind-{self.index}",
                     classes="seat-kind", compact=True)


class SetupScreen(Screen):
    BINDINGS = [
        Binding("ctrl+s,f5", "start", N_("Start")),
        Binding("ctrl+s,f5", "open_table", N_("Open the table")),  # the same key, hosting
        Binding("ctrl+n", "add_seat", N_("Add seat")),
        # priority: a focused name or number field would take Ctrl+D as "delete right"
        Binding("ctrl+d", "remove_seat", N_("Remove seat"), priority=True),
        Binding("escape", "cancel", N_("Back")),
    ]

    def __init__(self, choice: SetupChoice, *, hosting: bool = False) -> None:
        super().__init__()
        self.hosting = hosting  # a shared table's seats: the first is yours, humans may be free
        self.choice = choice
        self.seats = list(choice.seats)
        self._building = False
        self.hint_seat: int | None = None  # the seat whose level the hint describes
        self._preset_shown = "custom"  # the preset last shown: Kids sets its table when chosen
        self._wrong_reason: str | None = None
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup"):
            title = _("Host a table") if self.hosting else _("New game")
            yield Static(Content.styled(title, "bold reverse"), id="setup-title")
            yield Static(Content.styled(_("Players (2 to 6)"), "bold"))
            if self.hosting:
                yield Static(_("Seat 1 is yours. A human seat with a name is kept for that "
                               "friend; leave a name empty for anyone with the table's code."),
                             classes="opt-help", markup=False)
            yield Vertical(id="seat-rows")
            yield Static("", id="level-hint", markup=False)
            with Horizontal(id="seat-buttons"):
                yield Button(_("Add seat (Ctrl+N)"), id="add", compact=True)
                yield Button(_("Remove seat (Ctrl+D)"), id="remove", compact=True)
            yield Static("", id="seat-error", classes="error")
            if self.hosting:
                with Horizontal(classes="opt-row"):
                    yield Static(_("In the lobby"), classes="opt-label")
                    yield Select([(_("listed"), "listed"), (_("private"), "private")],
                                 value="listed", allow_blank=False, id="listing",
                                 classes="opt-select", compact=True)
                yield Static(_("A private table is not listed: friends join it by its code."),
                             classes="opt-help", markup=False)
            with Horizontal(classes="opt-row"):
                yield Static(_("Computer pace"), classes="opt-label")
                yield Select([(pace_label(p), p) for p in PACES], value=self.choice.pace,
                             allow_blank=False, id="pace", classes="opt-select", compact=True)
            yield Static(_("The pause after each computer move: + and - change it in the game."),
                         classes="opt-help", markup=False)
            yield Static(Content.styled(_("Rules"), "bold"))
            preset = self.choice.rules.preset_name() or "custom"
            self._preset_shown = preset  # the kids' table is set when Kids is chosen, not shown
            presets = [(_(PRESET_TITLES[name]), name) for name in PRESETS]
            presets.append((_("Custom"), "custom"))
            with Horizontal(classes="opt-row"):
                yield Static(_("Preset"), classes="opt-label")
                yield Select(presets, value=preset, allow_blank=False, id="preset",
                             classes="opt-select", compact=True)
            yield Static(self.preset_blurb(preset), id="preset-blurb", classes="opt-help")
            pairs = self.choice.rules.pairs
            for field, (label, explanation) in OPTION_LABELS.items():
                value = getattr(self.choice.rules, field)
                with Horizontal(classes="opt-row"):
                    yield Static(_(label), classes="opt-label")
                    if field in ("deal_fixed", "match_target"):
                        yield Input(str(value), id=f"opt-{field}", classes="opt-input",
                                    restrict=r"[0-9]*", max_length=4, compact=True)
                    else:
                        yield Select([(option_label(field, v, pairs), v)
                                      for v in option_values(field)],
                                     value=value, allow_blank=False, id=f"opt-{field}",
                                     classes="opt-select", compact=True)
                yield Static(option_help(field, explanation, pairs), id=f"help-{field}",
                             classes="opt-help", markup=False)
            yield Static("", id="rules-error", classes="error")
            with Horizontal(classes="opt-row"):
                yield Static(_("Seed"), classes="opt-label")
                seed = "" if self.choice.seed is None else str(self.choice.seed)
                yield Input(seed, placeholder=pgettext("seed", "random"), id="seed", classes="opt-input",
                            restrict=r"[0-9]*", max_length=12, compact=True)
            yield Static(_("Optional: the same seed deals the same cards."), classes="opt-help")
            yield Static("", id="seed-error", classes="error")
            yield Button(_("Open the table (Ctrl+S)") if self.hosting else
                         _("Start the game (Ctrl+S)"), id="start", variant="primary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()
        self.build_seats()
        # the first name takes the keys (nothing focused, typing after N went nowhere); its
        # text is selected, so a name typed replaces the remembered one
        self.call_after_refresh(self.focus_first_name)

    def focus_first_name(self) -> None:
        if self.focused is None or self.focused.id == "setup":  # (the page, focused by default)
            with suppress(NoMatches):
                self.query_one("#name-0", Input).focus(scroll_visible=False)

    def just_shown(self) -> bool:
        """Keys within a moment of the setup's showing are the ones that opened it, repeated."""
        return time.monotonic() - self.shown_at < game_app(self).pass_guard

    def preset_blurb(self, name: str) -> str:
        return _(PRESET_BLURBS[name]) if name in PRESET_BLURBS else _("Your own choice of options.")

    # ------------------------------------------------------------------ seats

    def read_seats(self) -> list[SeatSpec]:
        """The seats as typed, untrimmed and unchecked (checking happens on start)."""
        seats = []
        for i in range(len(self.seats)):
            name = self.query_one(f"#name-{i}", Input).value
            kind = self.query_one(f"#kind-{i}", Select).value
            if not isinstance(kind, str):  # not mounted yet (keys typed ahead): as it was given
                seats.append(dataclasses.replace(self.seats[i], name=name))
                continue
            if kind.startswith(COMPUTER):
                seats.append(SeatSpec(name, COMPUTER, kind.split(":", 1)[1]))
            else:
                seats.append(SeatSpec(name, HUMAN))
        return seats

    def build_seats(self, *, new_seat: bool = False) -> None:
        """The rows again, from ``self.seats``. A field of the rows that had the keys has
        them again once rebuilt (the last row's if its own row went); a seat just added takes
        them for its name, as the first name does when the setup opens."""
        rows = self.query_one("#seat-rows", Vertical)
        focused = self.focused
        in_rows = focused is not None and rows in focused.ancestors
        again = focused.id if in_rows and focused is not None else None
        if new_seat and (in_rows or focused is None or focused.id == "setup"):
            again = f"name-{len(self.seats) - 1}"
        removed = rows.remove_children()
        mounted = rows.mount_all(SeatRow(i, seat) for i, seat in enumerate(self.seats))
        self.update_hint(self.seats)
        if again is not None:
            async def settled() -> None:  # the old rows gone and the new ones there
                await removed
                await mounted
                self.refocus(again)

            self.call_later(settled)

    def refocus(self, field_id: str) -> None:
        found = self.query(f"#{field_id}")
        if not found:  # its row went: the same field of the last row
            kind = field_id.rsplit("-", 1)[0]
            found = self.query(f"#{kind}-{len(self.seats) - 1}")
        if found:
            found.first().focus(scroll_visible=False)

    def level_hint(self, seats: list[SeatSpec]) -> str:
        """What the level of the hinted seat does: the seat last focused or changed while a
        computer, else the first computer; empty with no computer at the table."""
        computers = [i for i, seat in enumerate(seats) if not seat.is_human]
        if not computers:
            return ""
        index = self.hint_seat if self.hint_seat in computers else computers[0]
        seat = seats[index]
        name = seat.name.strip() or _("Seat {n}").format(n=index + 1)
        # TRANSLATORS: the setup's line on a computer seat: its name, its level, and what the
        # level does ("tracks everything said at the table..."); keep it to one line
        return _("{name} ({level}): {description}").format(
            name=name, level=_(LEVEL_TITLES[seat.level]), description=level_hint(seat.level))

    def seats_shown(self) -> list[SeatSpec]:
        try:
            return self.read_seats()
        except NoMatches:  # the rows are being rebuilt: the seats they are built from
            return self.seats

    def update_hint(self, seats: list[SeatSpec] | None = None) -> None:
        seats = self.seats_shown() if seats is None else seats
        self.query_one("#level-hint", Static).update(self.level_hint(seats))

    def hint_at(self, index: int) -> None:
        """Describe seat ``index`` if it is a computer (a human seat leaves the hint as it was)."""
        seats = self.seats_shown()
        if index < len(seats) and not seats[index].is_human:
            self.hint_seat = index
        self.update_hint(seats)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        if isinstance(event.widget, OptionList) and isinstance(event.widget.parent, Select):
            # a list just opened, in the page: scrolled into view once it has its height
            self.call_after_refresh(event.widget.scroll_visible, animate=False)
        row = next((n for n in event.widget.ancestors_with_self if isinstance(n, SeatRow)), None)
        if row is not None:
            self.hint_at(row.index)
        # the row that has the keys is marked by a class (":focus-within" left its label's
        # style stale once the focus moved on)
        for marked in self.query(".-here"):
            marked.remove_class("-here")
        here = next((n for n in event.widget.ancestors_with_self
                     if n.has_class("seat-row") or n.has_class("opt-row")), None)
        if here is not None:
            here.add_class("-here")

    def action_add_seat(self) -> None:
        if len(self.seats) >= 6:
            self.query_one("#seat-error", Static).update(_("At most 6 players."))
            return
        self.seats = self.read_seats()
        taken = {s.name.casefold() for s in self.seats}
        name = next(n for n in DEFAULT_NAMES if n.casefold() not in taken)
        self.seats.append(SeatSpec(name, COMPUTER, "hard"))
        self.hint_seat = len(self.seats) - 1
        self.build_seats(new_seat=True)

    def action_remove_seat(self) -> None:
        if len(self.seats) <= 2:
            self.query_one("#seat-error", Static).update(_("At least 2 players."))
            return
        self.seats = self.read_seats()[:-1]
        self.build_seats()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {"add": self.action_add_seat, "remove": self.action_remove_seat,
                   "start": self.action_start}
        actions[event.button.id or ""]()

    # ------------------------------------------------------------------ rules

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id and event.select.id.startswith("kind-"):
            # a seat changed by the player is described; one just mounted only refreshes
            if event.select.has_focus_within:
                self.hint_at(int(event.select.id.split("-", 1)[1]))
            else:
                self.update_hint()
            return
        if event.select.id == "opt-pairs":  # by hand or by a preset
            self.label_for_pairs(event.value is True)
        if self._building:
            return
        if event.select.id == "preset":
            name = event.value
            self.query_one("#preset-blurb", Static).update(self.preset_blurb(str(name)))
            if name in PRESETS:
                self.set_rules(PRESETS[name])
            if name == "kids" and self._preset_shown != "kids":
                self.kids_table()  # chosen now, not the preset the setup opened on
            self._preset_shown = str(name)
        elif event.select.id and event.select.id.startswith("opt-"):
            self.sync_preset()
            self.recheck(event.select.id)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id and event.input.id.startswith("name-"):
            self.update_hint()  # the hint names its seat
            if self.query(".seat-name.-wrong"):
                # a name marked wrong is checked again as it is typed: the mark and its line
                # go as soon as the names can be used (or say what is still wrong)
                self.mark_seat_problem(
                    [dataclasses.replace(s, name=s.name.strip()) for s in self.read_seats()])
        if event.input.id and not self._building:
            self.recheck(event.input.id)
            if event.input.id.startswith("opt-"):
                self.sync_preset()

    def mark_seat_problem(self, seats: list[SeatSpec]) -> bool:
        """Mark the first seat whose name cannot be used, and say why; clear the marks otherwise."""
        for name in self.query(".seat-name.-wrong"):
            name.remove_class("-wrong")
        found = seat_problem(seats, free_ok=self.hosting)
        self.query_one("#seat-error", Static).update(found[1] if found else "")
        if found:
            self.query_one(f"#name-{found[0]}", Input).add_class("-wrong")
        return found is not None

    def label_for_pairs(self, pairs: bool) -> None:
        """Name books pairs (or books again) in the options that mention them."""
        fields = {field for field, _v in PAIRS_VALUE_LABELS} | set(PAIRS_EXPLANATIONS)
        for field in sorted(fields):
            select = self.query_one(f"#opt-{field}", Select)
            value = select.value  # set_options picks the first option: the value goes back
            select.set_options([(option_label(field, v, pairs), v) for v in option_values(field)])
            select.value = value
            select.mutate_reactive(type(select).value)  # the same value shows its new label
            self.query_one(f"#help-{field}", Static).update(
                option_help(field, OPTION_LABELS[field][1], pairs))

    def kids_table(self) -> None:
        """Kids means kids: the computers easy and slow enough to follow. Only when the preset
        is chosen; the player may change either afterwards."""
        easy = f"{COMPUTER}:easy"
        for i in range(len(self.seats)):
            kind = self.query_one(f"#kind-{i}", Select)
            if isinstance(kind.value, str) and kind.value.startswith(COMPUTER):
                kind.value = easy
        self.query_one("#pace", Select).value = "slow"

    def set_rules(self, rules: Rules) -> None:
        self._building = True
        try:
            for field in OPTION_LABELS:
                widget = self.query_one(f"#opt-{field}")
                value = getattr(rules, field)
                if isinstance(widget, Input):
                    widget.value = str(value)
                elif isinstance(widget, Select):
                    widget.value = value
        finally:
            self.call_after_refresh(self._done_building)

    def _done_building(self) -> None:
        self._building = False

    def sync_preset(self) -> None:
        try:
            rules = self.read_rules()
        except RulesError:
            return
        name = rules.preset_name() or "custom"
        preset = self.query_one("#preset", Select)
        self._preset_shown = name
        if preset.value != name:
            self._building = True
            preset.value = name
            self.query_one("#preset-blurb", Static).update(self.preset_blurb(name))
            self.call_after_refresh(self._done_building)

    def read_rules(self) -> Rules:
        values: dict[str, Any] = {}
        for field in OPTION_LABELS:
            widget = self.query_one(f"#opt-{field}")
            if isinstance(widget, Input):
                text = widget.value.strip()
                if not text.isdigit():
                    raise RulesError(field, _("enter a whole number"))
                values[field] = int(text)
            elif isinstance(widget, Select):
                values[field] = widget.value
        return Rules(**values)

    # ------------------------------------------------------------------ start

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("start", "open_table"):
            return (action == "open_table") == self.hosting
        return True

    def action_open_table(self) -> None:
        self.action_start()

    def action_start(self) -> None:
        for widget in self.query(".-wrong"):
            widget.remove_class("-wrong")
        for error in self.query(".error").results(Static):
            error.update("")
        ok = True
        self._wrong_reason = None  # the first wrong field's: the notice says it
        seats = [dataclasses.replace(s, name=s.name.strip()) for s in self.read_seats()]
        if self.mark_seat_problem(seats):
            ok = False
            self._wrong_reason = ""  # its reason is in view, under the seats
            self.query_one(".seat-name.-wrong", Input).focus()  # type the fix straight away
        rules, wrong, reason = self.mark_rules_problem(len(seats))
        if rules is None:
            ok = False
            self.show_wrong(wrong, reason)
        seed, reason = self.mark_seed_problem()
        if reason:
            ok = False
            self.show_wrong(self.query_one("#seed", Input), reason)
        if not ok or rules is None:
            self.notify("\n".join(filter(None, (_("Please fix the marked field."),
                                                  self._wrong_reason))),
                        severity="error", markup=False)
            return
        pace = read_pace(self.query_one("#pace", Select).value)
        if self.hosting:
            self.open_table(seats, rules, seed)
            return
        try:
            choice = SetupChoice(tuple(seats), rules, seed, pace)
        except SeatError as e:
            self.query_one("#seat-error", Static).update(str(e))
            return
        game_app(self).start_game(choice)

    def open_table(self, seats: list[SeatSpec], rules: Rules, seed: int | None) -> None:
        """A shared table with these seats: the first is the host's own, kept for them."""
        if not seats[0].is_human:
            self.query_one("#seat-error", Static).update(
                _("Seat 1 is yours: make it a human seat."))
            return
        plans = [{"kind": "human", "name": s.name} if s.is_human else
                 {"kind": "computer", "level": s.level, "name": s.name} for s in seats]
        app = game_app(self)
        app.remember(player_name=seats[0].name)
        private = self.query_one("#listing", Select).value == "private"
        app.shared.host_table(plans, rules, seed, seats[0].name, private=private)

    def mark_rules_problem(self, players: int) -> tuple[Rules | None, Widget | None, str]:
        """The rules, or None with the option they refuse marked and why said under them."""
        for field in OPTION_LABELS:
            self.query_one(f"#opt-{field}").remove_class("-wrong")
        error = self.query_one("#rules-error", Static)
        try:
            rules = self.read_rules()
            rules.check_players(players)
        except RulesError as e:
            field = getattr(e, "field", "")
            # "Match to: ...", not the option's name in the code ("match_target: ...")
            reason = labelled(_(OPTION_LABELS[field][0]), e.message) \
                if field in OPTION_LABELS else Content(str(e))
            error.update(reason)
            wrong = self.query(f"#opt-{field}")
            if wrong:
                wrong.first().add_class("-wrong")
            return None, wrong.first() if wrong else None, reason.plain
        error.update("")
        return rules, None, ""

    def mark_seed_problem(self) -> tuple[int | None, str]:
        """The seed (None: none given), and why it cannot be used, said under it ("": it can)."""
        text = self.query_one("#seed", Input).value.strip()
        seed = int(text) if text.isdigit() else None
        reason = _("The seed must be a whole number.") if text and seed is None else ""
        self.query_one("#seed-error", Static).update(reason)
        return seed, reason

    def recheck(self, field_id: str) -> None:
        """A rule or seed said to be wrong is checked again as it is changed: its mark and line
        go as soon as it can be used, or say what is still wrong ("651 cannot be reached"
        stayed after the value was fixed)."""
        if field_id == "seed" and str(self.query_one("#seed-error", Static).render()):
            self.mark_seed_problem()
        elif field_id.startswith("opt-") and str(self.query_one("#rules-error", Static).render()):
            self.mark_rules_problem(len(self.read_seats()))

    def show_wrong(self, field: Widget | None, reason: str) -> None:
        """The first wrong field takes the keys and comes into view, and the notice says why:
        the field and its reason are far down the page, where "Please fix the marked field"
        showed neither."""
        if self._wrong_reason is not None:
            return
        self._wrong_reason = reason
        if field is not None:
            field.focus(scroll_visible=False)
            self.call_after_refresh(lambda: self.query_one("#setup", VerticalScroll)
                                    .scroll_to_center(field, animate=False))

    def draft(self) -> SetupChoice:
        """The page as it was left, unchecked: a wrong name or number is kept as typed (a rule
        that cannot be read stays as it was given)."""
        try:
            rules = self.read_rules()
        except (RulesError, ValueError):
            rules = self.choice.rules
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.isdigit() else None
        pace = read_pace(self.query_one("#pace", Select).value)
        return SetupChoice(tuple(self.read_seats()), rules, seed, pace)

    def action_cancel(self) -> None:
        if self.hosting:
            self.app.pop_screen()  # back to the lobby
            return
        game_app(self).keep_setup_draft(self.draft())  # bad input loses nothing
        game_app(self).go_menu()
