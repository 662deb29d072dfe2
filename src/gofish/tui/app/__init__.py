"""The Textual app: moves between screens and owns the store and the session in play (which
holds its saved game)."""

from __future__ import annotations

import contextlib
import shlex
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from textual import events
from textual.binding import Binding
from textual.filter import LineFilter
from textual.geometry import Size
from textual.scrollbar import ScrollBar, ScrollBarRender

from gofish.command_name import command_name
from gofish.front.choice import SetupChoice, default_choice, read_last_setup, write_last_setup
from gofish.front.pace import SECONDS, nearest_pace, pace_notice, pace_notices, step_pace
from gofish.i18n import N_, _, ascii_text
from gofish.names import ascii_mode, set_ascii
from gofish.store.errors import GameLocked, LoadError, StoreError
from gofish.store.repo import GameNotFound, Store
from gofish.store.saves import utc_now
from gofish.store.settings import (
    Display,
    Preferences,
    read_display,
    save_display,
    save_preferences,
)
from gofish.store.text import plain
from gofish.tui.app.shared import SharedTables
from gofish.tui.ascii_glyphs import AsciiFilter, AsciiScrollBarRender
from gofish.tui.bindings import translate_bindings
from gofish.tui.quit_hint import QuitHint
from gofish.tui.render import dot
from gofish.tui.screens.menu import MenuScreen
from gofish.tui.screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from gofish.tui.startup import freeze_imports
from gofish.tui.theme import apply_display, register_themes

if TYPE_CHECKING:
    from gofish.engine import Rules
    from gofish.front.place import Place
    from gofish.session import Session, TableSession
    from gofish.store.stats import Tally

# The other screens (and the engine, computer players and session behind them) are imported
# when first needed: the start view comes up sooner.



class GofishApp(QuitHint):
    CSS_PATH = str(Path(__file__).parent.parent / "gofish.tcss")
    TITLE = "gofish"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+q", "quit", N_("Quit"), priority=True),
        # Ctrl+Z puts gofish in the background like any terminal program (fg brings it back),
        # where a shell can bring it back (see action_suspend_process)
        Binding("ctrl+z", "suspend_process", N_("Suspend"), show=False, priority=True),
    ]

    def __init__(
        self,
        *,
        data_dir: str | None = None,
        profile: str | None = None,
        ascii: bool = False,
        terminal_ascii: bool = False,
        computer_delay: float | None = None,
        pass_guard: float = 0.6,
        moment_seconds: float = 1.2,
        clock: Callable = utc_now,
        start: str = "menu",
        game_id: str | None = None,
        choice: SetupChoice | None = None,
        setup_rules: Rules | None = None,
        setup_seed: int | None = None,
        command: str | None = None,
        join: Place | None = None,
        transcript: TextIO | None = None,
    ) -> None:
        freeze_imports()  # before the first frame: see startup.py
        super().__init__()
        # how the player runs gofish from their shell, for the words that name a command
        self.command = command or command_name()
        translate_bindings(self)
        self._ascii_filter = AsciiFilter()
        self.store = Store(data_dir, profile=profile, clock=clock)
        self.profile = profile
        # --ascii wins for this run; else the player's setting; else the terminal's default
        self.command_line_ascii = ascii
        self.terminal_ascii = terminal_ascii  # a TERM that cannot draw (tui/terminals.py)
        # (read apart: the preferences are read once, when the screens first ask for them)
        chosen = Preferences.read(self.store.root).ascii
        self.use_ascii(ascii or (terminal_ascii if chosen is None else chosen))
        register_themes(self)
        self.display_settings = read_display(self.store.root)  # the deck's colours, the theme
        apply_display(self, self.display_settings)
        self.clock = clock
        # GOFISH_DELAY or the caller's pause (0 in tests) wins over the remembered pace, until
        # the player picks another pace in the setup or at the table
        self.delay_override = computer_delay
        self.pace = self.load_last_setup().pace
        self.pass_guard = pass_guard  # seconds of quiet before the pass screen takes its key
        self.moment_seconds = moment_seconds  # how long a "Go fish!" stays on the table (0: off)
        self.start = start
        self.start_id = game_id
        self.start_choice = choice  # start this game at once (gofish new --seats, tests)
        self.setup_rules = setup_rules  # the first setup shows these (gofish new --rules, --seed)
        self.setup_seed = setup_seed
        self.setup_draft: SetupChoice | None = None  # the setup left by Esc, as it was typed
        # the game in play: a local one holds its saved game, a shared table's is the host's
        self.session: TableSession | None = None
        self.shared = SharedTables(self, data_dir)  # the lobby, hosting, joining, watching
        if join is not None:  # gofish join: this seat at once
            self.shared.link = self.shared.seat_link(join, transcript or self.shared.transcript())
            self.session = self.shared.link.session
        self.exit_message = ""
        self._preferences: Preferences | None = None
        # the game (and the moment: a match's deal) whose final move was last seen
        self._final_seen: tuple[TableSession, int] | None = None

    def use_ascii(self, on: bool) -> None:
        """--ascii (or a setting, while gofish runs): gofish's words and cards, and Textual's
        frames and scrollbars, in plain ASCII (the line filter reads this at every redraw)."""
        set_ascii(on)
        ScrollBar.renderer = AsciiScrollBarRender if on else ScrollBarRender
        if self.is_running:
            self.refresh(repaint=True)

    def get_line_filters(self) -> Sequence[LineFilter]:
        filters = super().get_line_filters()
        return [self._ascii_filter, *filters] if ascii_mode() else filters

    def push_screen(self, screen, *args, **kwargs):
        """Every screen is shown with its key descriptions in the current language."""
        translate_bindings(screen)
        return super().push_screen(screen, *args, **kwargs)

    # ------------------------------------------------------------------ start and size

    def on_mount(self) -> None:
        self.open_first_screens()
        self.check_size()

    def open_first_screens(self) -> None:
        """The start view, and what the command line asked for above it."""
        self.push_screen(MenuScreen())
        self.warn_exposure()
        if self.shared.link is not None:
            self.shared.open_remote(self.shared.link)
        elif self.start_choice is not None:
            self.start_game(self.start_choice, remember=False)
        elif self.start == "new":
            self.show_setup()
        elif self.start == "resume":
            if self.start_id:
                self.resume_game(self.start_id)
            else:
                try:
                    latest = self.latest_unfinished()
                except StoreError as e:
                    self.notify(_("Cannot read the saved games: {why}").format(why=e),
                                severity="error", markup=False, timeout=15)
                else:
                    if latest is None:
                        self.notify(_("There is no unfinished game to resume."),
                                    severity="warning")
                    else:
                        self.resume_game(latest[0])

    def warn_exposure(self) -> None:
        """Once a run: a data folder others can change, saves others can read."""
        from gofish.store.exposure import exposure_warnings

        for warning in exposure_warnings(self.store.root):
            self.notify(warning, title=_("Your saved games are not private"),
                        severity="warning", markup=False, timeout=20)

    def on_resize(self, event: events.Resize) -> None:
        # the event's size: this handler runs before Textual's own, which sets self.size (so a
        # terminal shrunk below 80x24 mid-game went on drawing the game's broken layout)
        self.check_size(event.size)

    def check_size(self, size: Size | None = None) -> None:
        size = size or self.size
        small = size.width < MIN_WIDTH or size.height < MIN_HEIGHT
        showing = isinstance(self.screen, TooSmallScreen)
        if small and not showing:
            self.push_screen(TooSmallScreen(game_saved=self.session is not None))
        elif not small and showing:
            self.pop_screen()

    # ------------------------------------------------------------------ navigation

    def _replace_top(self, screen) -> None:
        """Keep the menu at the bottom of the stack and one screen above it."""
        while len(self.screen_stack) > 2:
            self.pop_screen()
        self.push_screen(screen)

    def go_menu(self) -> None:
        if self.shared.link is not None and self.session is not None:
            self.leave_table()
            return
        self.close_game()
        while len(self.screen_stack) > 2:
            self.pop_screen()
        if isinstance(self.screen, MenuScreen):
            self.screen.refresh_continue()
        else:
            self.pop_screen()

    def show_setup(self) -> None:
        from gofish.tui.screens.setup import SetupScreen

        choice = self.setup_draft or self.load_last_setup()
        if self.setup_rules is not None or self.setup_seed is not None:
            choice = SetupChoice(choice.seats, self.setup_rules or choice.rules,
                                 self.setup_seed if self.setup_seed is not None else choice.seed,
                                 choice.pace)
            self.setup_rules = self.setup_seed = None  # once: the next setup is as remembered
        self._replace_top(SetupScreen(choice))

    def show_history(self) -> None:
        from gofish.tui.screens.history import HistoryScreen

        self.close_game()
        self._replace_top(HistoryScreen(self.store))

    def show_help(self, session: TableSession) -> None:
        from gofish.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen(session.rules, len(session.seats),
                                    computers=self.paces_computers(session),
                                    remote=session.remote))

    def show_settings(self) -> None:
        from gofish.tui.screens.settings import SettingsScreen

        self.push_screen(SettingsScreen())

    def show_general_help(self) -> None:
        from gofish.engine import PRESETS
        from gofish.tui.screens.help import HelpScreen

        self.push_screen(HelpScreen(PRESETS["standard"], 2))

    def show_pass(self, session: TableSession, seat: int, on_ready: Callable[[int], None]) -> None:
        from gofish.tui.screens.pass_device import PassScreen

        self.push_screen(PassScreen(session, seat, on_ready))

    def show_game_over(self, session: TableSession) -> None:
        """The move that ended the deal first, over the table, then (once the player has seen
        it) the results."""
        from gofish.tui.screens.game_over import FinalMoveScreen, GameOverScreen

        if isinstance(self.screen, GameOverScreen | FinalMoveScreen):
            return
        seen = self._final_seen
        if seen is not None and seen[0] is session and seen[1] == session.event_count:
            self.push_screen(GameOverScreen(session))
        else:
            self.push_screen(FinalMoveScreen(session))

    def final_move_seen(self, session: TableSession) -> None:
        self._final_seen = (session, session.event_count)

    def record_against(self, session: TableSession) -> list[Tally] | None:
        """Each human's record in the saved games with exactly these seats (None if the
        history cannot be read, or the game is a shared table's: the game over screen goes
        without it)."""
        from gofish.store.stats import record_against

        if session.remote:
            return None
        try:
            entries = self.store.list()
        except StoreError:
            return None
        return record_against(entries, ((seat.name, seat.kind, seat.level)
                                        for seat in session.seats))

    def show_review(self, game_id: str, seat: int | None = None) -> None:
        """Step through a finished game with every hand shown (seat: the first human's)."""
        from gofish.coach.review import review_record
        from gofish.tui.screens.review import ReviewScreen

        try:
            record = self.store.load(game_id)
        except StoreError as e:  # not found, damaged (moved aside), locked
            self.notify(str(e), severity="error")
            return
        if not record.finished:
            self.notify(_("Only a finished game can be reviewed."), severity="warning")
            return
        self.push_screen(ReviewScreen(review_record(record, seat),
                                      [s.name for s in record.seats]))

    def show_tutorial(self, name: str | None = None) -> None:
        """A first game that teaches: three guided asks of a prepared deal."""
        from gofish.tui.screens.tutorial import TutorialScreen

        self.push_screen(TutorialScreen(name))

    # ------------------------------------------------------------------ computers' pace

    @property
    def computer_delay(self) -> float:
        """Seconds the table waits after each computer move."""
        if self.delay_override is not None:
            return max(0.0, self.delay_override)
        return SECONDS[self.pace]

    def paces_computers(self, session: TableSession) -> bool:
        """Whether this app plays computers at its own pace (a joined seat's host does)."""
        return not session.remote and any(not seat.is_human for seat in session.seats)

    def change_pace(self, faster: int) -> None:
        """A step faster (or slower, negative) from the pace in force, at once and for next time."""
        was = nearest_pace(self.computer_delay)
        pace = step_pace(was, faster)
        self.pace, self.delay_override = pace, None
        choice = self.load_last_setup()
        if choice.pace != pace:
            self.save_last_setup(SetupChoice(choice.seats, choice.rules, choice.seed, pace))
        self.forget_pace_notices()
        self.notify(pace_notice(pace, limit=pace == was), timeout=2)

    def notify_once(self, message: str, timeout: float) -> None:
        """A notice, unless the same one is still up: a key pressed again and again (Esc on
        the start view) says its word once, not a pile of toasts."""
        if not any(n.message == message for n in self._notifications):
            self.notify(message, timeout=timeout)

    def forget_notices(self, title: str) -> None:
        """Take back the notices of one kind (a hint's, once its ask is made)."""
        for notice in [n for n in self._notifications if n.title == title]:
            self._unnotify(notice)

    def forget_pace_notices(self) -> None:
        """One pace notice at a time: a run of presses of + or - shows where it ended, not a
        pile of toasts over the table."""
        shown = pace_notices()
        for notice in [n for n in self._notifications if n.message in shown]:
            self._unnotify(notice, refresh=False)  # the notice that follows redraws them

    # ------------------------------------------------------------------ games

    def latest_unfinished(self) -> tuple[str, str] | None:
        """The id and a description of the game Continue resumes; None if there is none.

        StoreError (a folder that cannot be read or made) propagates: "no unfinished game"
        would hide why.
        """
        info = self.store.latest_unfinished()
        if info is None:
            return None
        names = ", ".join(plain(s.name, 20) for s in info.summary.seats)
        when = info.updated.astimezone().strftime("%Y-%m-%d %H:%M")
        return info.id, f"{names}{dot()}{when}"

    def start_game(self, choice: SetupChoice, remember: bool = True) -> None:
        from gofish.session import Session

        if remember:  # the setup's choice: a pace picked there is the player's word
            self.setup_draft = None  # remembered below, as it was started
            if choice.pace != self.pace:
                self.pace, self.delay_override = choice.pace, None
            self.save_last_setup(choice)
        try:
            session = Session.start(self.store, choice.rules, choice.seats, choice.seed)
        except StoreError as e:  # nothing was saved, nothing is held
            self.notify(_("Could not start the game: {why}").format(why=e), severity="error",
                        markup=False, timeout=10)
            return
        self.open_session(session)

    def resume_game(self, game_id: str) -> None:
        from gofish.session import Session

        try:
            session = Session.resume(self.store, game_id)
        except GameLocked as e:  # once, however often C is pressed; and what can be done
            text = _("Cannot resume {id}: {why}. L in the history reads its log.").format(
                id=game_id, why=e)
            if not any(n.message == text for n in self._notifications):
                self.notify(text, severity="error", markup=False, timeout=10)
            return
        except (LoadError, GameNotFound) as e:
            self.notify(_("Cannot resume {id}: {why}").format(id=game_id, why=e),
                        severity="error", markup=False, timeout=10)
            # a damaged save was moved aside: not offered. A menu pushed a moment ago (gofish
            # resume ID) is not built yet, and offers what is there once it is.
            if isinstance(self.screen, MenuScreen) and self.screen.is_mounted:
                self.screen.refresh_continue()
            return
        except StoreError as e:  # it cannot be locked (a full disk), or read
            self.notify(str(e), severity="error", markup=False, timeout=10)
            return
        self.open_session(session)

    def open_session(self, session: Session) -> None:
        """Play ``session`` (it holds its saved game, and saves it after every action)."""
        from gofish.front.hints import resume_hint
        from gofish.tui.screens.table import TableScreen

        self.close_game()
        self.session = session
        # a finished game has nothing to resume
        self.exit_message = "" if session.over else resume_hint(session.game_id, self.profile)
        self._replace_top(TableScreen(session))

    def plays(self, session: TableSession) -> bool:
        """Whether ``session`` is the game this app plays now (a screen of one let go never
        acts for it again)."""
        return session is self.session

    def close_game(self) -> None:
        link, self.shared.link = self.shared.link, None
        if link is not None:
            link.close()  # the connection goes; the seat is kept for its player at the host
        if self.session is not None:
            self.session.close()
        self.session = None
        self.exit_message = ""

    def leave_table(self) -> None:
        """Esc at a shared table: ask first while its game is on (the seat waits, but a
        stray Esc should not cost a turn), then leave it."""
        from gofish.tui.screens.confirm import ConfirmScreen

        link = self.shared.link
        if link is None or link.watching or (self.session is not None and self.session.over):
            self.shared.leave_remote()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self.shared.leave_remote()

        self.push_screen(ConfirmScreen(_("Leave the table? Your seat is kept for you: come back "
                                         "with {command}").format(command=link.rejoin_command())),
                         answered)

    def command_words(self) -> list[str]:
        """How this gofish is run here, with the options that name its data folder: a
        command printed for the player works as printed."""
        words = shlex.split(self.command)
        if self.shared.data_dir:
            words += ["--data-dir", self.shared.data_dir]
        if self.profile:
            words += ["--profile", self.profile]
        return words

    def forget_notice(self, message: str | None) -> None:
        """Take back a notice still on screen (a seat's news replaced by newer news)."""
        for notice in [n for n in self._notifications if n.message == message]:
            self._unnotify(notice, refresh=False)  # the notice that follows redraws them

    def next_deal(self, session: TableSession) -> None:
        if session is not self.session:  # a stale screen of a game already let go
            self.go_menu()
            return
        if session.remote:
            session.next_deal()  # the table moves on when the host says the deal has begun
            return
        try:
            session.next_deal()
        except StoreError as e:
            self.report_save_error(e)
        self.pop_screen()  # back to the table, which moves on

    def play_again(self, session: TableSession) -> None:
        if session.remote:
            return  # a shared table's seat offers a rematch instead (the results' A)
        self.start_game(SetupChoice(session.seats, session.rules, None, self.pace),
                        remember=False)

    def report_save_error(self, error: StoreError) -> None:
        self.notify(_("Could not save the game: {why}").format(why=error), severity="error", markup=False,
                    timeout=15)

    def get_key_display(self, binding: Binding) -> str:
        """Textual shows Enter as a symbol; --ascii names it."""
        shown = super().get_key_display(binding)
        return ascii_text(shown) if ascii_mode() else shown

    def action_suspend_process(self) -> None:
        """Ctrl+Z, only where a shell with job control can resume us: under an sshd
        ForceCommand nothing would, and the session would freeze with the game locked."""
        from gofish.tui.job_control import has_job_control

        if self._driver is None or not self._driver.can_suspend:
            return  # in a browser: Textual does nothing either
        if not has_job_control():
            self.notify(_("Ctrl+Z is off here: there is no shell to come back to. "
                          "Ctrl+Q quits (the game is saved)."), severity="warning", timeout=6)
            return
        super().action_suspend_process()

    def on_unmount(self) -> None:
        if self.shared.link is not None:
            self.shared.link.close()  # no more news from the host: the app is gone

    async def action_quit(self) -> None:
        self.close_game_keep_message()
        self.exit()

    def notify(self, message: str, *, title: str = "", severity="information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notice is literal text unless asked: names and a host's words are data, and
        Textual would read ``[/x]`` in them as markup (and crash on it)."""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=markup)

    def close_game_keep_message(self) -> None:
        """Let the game go, keeping the line printed on leaving (none once it is over)."""
        session = self.session
        message = "" if session is not None and session.over else self.exit_message
        self.close_game()
        self.exit_message = message

    # ------------------------------------------------------------------ preferences

    @property
    def preferences(self) -> Preferences:
        """The player's remembered choices, read once (when first needed) from the store."""
        if self._preferences is None:
            self._preferences = Preferences.read(self.store.root)
        return self._preferences

    def remember(self, **changes: object) -> None:
        """Remember a choice for next time; it holds for this run even when it cannot be
        written (a preference is a convenience, never a reason to fail)."""
        self._preferences = replace(self.preferences, **changes)  # type: ignore[arg-type]
        with contextlib.suppress(OSError, StoreError):
            save_preferences(changes, self.store.root)

    # ------------------------------------------------------------------ display settings

    def change_display(self, display: Display) -> None:
        """Draw with ``display`` at once, and remember it (a folder that cannot be written
        is said; the setting still holds until gofish ends)."""
        self.display_settings = display
        apply_display(self, display)
        try:
            save_display(display, self.store.root)
        except (OSError, StoreError) as e:
            self.notify(_("Could not remember the setting: {why}").format(why=e),
                        severity="warning", markup=False, timeout=10)

    # ------------------------------------------------------------------ remembered setup

    def load_last_setup(self) -> SetupChoice:
        return read_last_setup(self.store.root) or default_choice(self.profile)

    def save_last_setup(self, choice: SetupChoice) -> None:
        write_last_setup(self.store.root, choice)

    def keep_setup_draft(self, choice: SetupChoice) -> None:
        """The next setup of this run opens as this one was left (only a started game's
        setup is written down for later runs)."""
        self.setup_draft = choice


__all__ = ["GofishApp"]
