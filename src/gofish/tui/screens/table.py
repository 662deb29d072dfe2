"""The table: your hand, the other seats, the stock, the log, and the ask.

The turn flow (gofish.front.flow) decides what happens next and keeps what the table shows; this
screen takes the keys, keeps the timers, and draws (table_draw.py). Only one seat's view is
ever drawn: the flow's ``viewer``. Between two human players the viewer is cleared (the hand
leaves the screen) before the pass-the-device screen goes up.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from gofish.engine import Ask, Draw, SeatView
from gofish.front.flow import Next, Played, TurnFlow
from gofish.front.keyboard import with_twins
from gofish.front.picker import DRAW
from gofish.i18n import N_, _
from gofish.session import TableSession
from gofish.tui.game_app import game_app
from gofish.tui.screens.table_draw import TableDrawing, said_content
from gofish.tui.widgets.ask_bar import AskBar
from gofish.tui.widgets.hand import HandView
from gofish.tui.widgets.keys import KeyFooter
from gofish.tui.widgets.log import LogView
from gofish.tui.widgets.memory import MemoryPanel
from gofish.tui.widgets.message import MessageLine
from gofish.tui.widgets.moment import MomentBubble
from gofish.tui.widgets.seats import SeatBox
from gofish.tui.widgets.stock import StockView

HINT_SECONDS = 12.0  # a hint too long for the message line stays this long in full in a notice
# keys that keep their own meaning while a computer's move is on show; any other key ends the
# wait at once (and does nothing else: Enter must not ask the moment the turn comes)
OWN_MEANING = frozenset({"back", "back_or_leave", "help", "skip", "pace", "toggle_memory",
                         "hint", "log_page"})


class TableScreen(Screen):
    BINDINGS = [
        Binding("enter", "confirm", N_("Ask")),
        # the same Enter once a turn is over in pass and play: it hides the hand (the key line
        # said "Ask" there)
        Binding("enter", "hide_hand", N_("Hide hand")),
        Binding("enter", "draw", N_("Draw")),  # an empty hand: Enter draws (it said "Ask")
        Binding("escape", "back", N_("Back/menu")),
        Binding("escape", "back_or_leave", N_("Back/leave")),  # a joined seat has no menu
        Binding("question_mark,f1", "help", N_("Help")),
        Binding("space", "skip", N_("Skip ahead")),
        # "+" and "-": no rank, suit, seat or local letter (R D V, К Д В Т) is either of them
        Binding("plus", "pace(1)", N_("Pace"), key_display="+/-", show=False),  # in the help: the footer fits 80 columns
        Binding("minus", "pace(-1)", N_("Pace"), show=False),
        # the coach, after the keys of the game: where a long language runs out of footer at 80
        # columns, these are cut (the help lists them), never Enter, Esc, help or the pace.
        # M and I: no rank, suit or local letter (R D V, К Д В Т) is either of them
        # (and the same keys in the Russian layout: front/keyboard.py)
        Binding(with_twins("m"), "toggle_memory", N_("Memory")),
        Binding(with_twins("i"), "hint", N_("Hint")),
        Binding(with_twins("w"), "words", N_("Say"), show=False),  # a shared table's seat
        Binding("up", "cycle_target(-1)", N_("Opponent"), show=False),
        Binding("down", "cycle_target(1)", N_("Opponent"), show=False),
        Binding("left", "cycle_rank(-1)", N_("Rank"), show=False),
        Binding("right", "cycle_rank(1)", N_("Rank"), show=False),
        Binding("tab", "next_stage", N_("Next"), show=False),
        Binding("shift+tab,backspace", "prev_stage", N_("Previous"), show=False),
        Binding("pageup", "log_page(-1)", N_("Log up"), show=False),
        Binding("pagedown", "log_page(1)", N_("Log down"), show=False),
    ]

    # from 120 columns and 36 rows: seats around the table, bigger cards, a wider log
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.flow = TurnFlow(session, delay=self._computer_delay, guard=self._pass_guard)
        self.drawing = TableDrawing(self, session, self.flow)
        self._timer: Timer | None = None  # the computer's move to come

    def _computer_delay(self) -> float:
        return game_app(self).computer_delay

    def _pass_guard(self) -> float:
        return game_app(self).pass_guard

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        with Horizontal(id="main"):
            with Vertical(id="felt"):
                with Horizontal(id="row-seats"):
                    for seat in range(len(self.session.names)):
                        yield SeatBox(seat, id=f"seat-{seat}")
                with Horizontal(id="middle"):
                    yield SeatBox(-1, id="seat-left")
                    with Vertical(id="centre"):
                        yield StockView(id="stock")
                        yield MomentBubble(id="moment")
                    yield SeatBox(-1, id="seat-right")
            yield MemoryPanel(id="memory")
            yield LogView(id="logbox")
        yield Static(id="handtitle")
        yield HandView(id="hand")
        yield AskBar(id="ask")
        yield MessageLine(id="msg")
        yield KeyFooter()

    def on_resize(self) -> None:
        """The breakpoints may have moved the seats: redraw once the classes are set."""
        self.call_after_refresh(self.refresh_table)

    def on_mount(self) -> None:
        prefs = game_app(self).preferences
        self.flow.warn_sure_miss = prefs.warn_sure_miss
        # the player's last word (the M key), else on under the Kids preset
        self.drawing.show_memory = prefs.table_memory if prefs.table_memory is not None else \
            self.session.rules.preset_name() == "kids"
        self.advance()

    # ------------------------------------------------------------------ what the flow shows

    @property
    def viewer(self) -> int | None:
        return self.flow.viewer

    @property
    def show_memory(self) -> bool:
        return self.drawing.show_memory

    @property
    def message(self) -> Content:
        return said_content(self.flow.said)

    def say(self, text: str) -> None:
        self.flow.say(text)
        self.refresh_table()

    def refresh_table(self) -> None:
        if self.is_mounted:
            self.drawing.draw()
            self.refresh_bindings()  # the key line names what Enter does now, or no Enter

    # ------------------------------------------------------------------ flow

    @property
    def closed(self) -> bool:
        """The app has let this game go (menu, history, another game): never act for it again."""
        return not game_app(self).plays(self.session)

    def advance(self) -> None:
        """Move the table on after an action: game over, a computer's turn, or a human's."""
        if self.flow.passing or self.closed:
            return
        step = self.flow.next()
        self.refresh_table()  # (before a pass screen: the hand has left it already)
        if step.kind is Next.END:
            game_app(self).show_game_over(self.session)
        elif step.kind is Next.PLAY_COMPUTER:
            self._stop_wait()  # advance twice (mount, then resume): one wait, not two
            if step.wait <= 0:
                self.call_after_refresh(self.computer_step)
            else:
                self._timer = self.set_timer(step.wait, self.computer_step)
        elif step.kind is Next.HAND_STAYS:
            self.refresh_bindings()
        elif step.kind is Next.PASS:
            assert step.seat is not None
            game_app(self).show_pass(self.session, step.seat, self._passed)

    def _stop_wait(self) -> bool:
        """No computer's move waits any more; whether one did."""
        timer, self._timer = self._timer, None
        if timer is not None:
            timer.stop()
        return timer is not None

    def _passed(self, seat: int) -> None:
        self.flow.passed(seat)
        self.refresh_table()

    def computer_step(self) -> None:
        self._timer = None
        if self.app.screen is not self or self.closed:
            return
        played = self.flow.play_computer()
        if played is not None:
            self.after(played)

    def heard(self, start: int) -> None:
        """Moves made elsewhere (a joined seat's host) since event ``start``: told as here."""
        self.flow.hear(start)
        self.moment(self.flow.moment)

    def after(self, played: Played) -> None:
        """A move was made (or refused): say so, and move on."""
        if played.save_error is not None:  # the game plays on in memory
            game_app(self).report_save_error(played.save_error)
        if played.error:
            self.refresh_table()
            return
        self.moment(self.flow.moment)
        self.advance()

    def on_screen_resume(self) -> None:
        if not self.flow.passing:
            self.advance()

    def hand_over(self) -> None:
        """The player on screen is done: take the hand off and put up the interstitial."""
        self.flow.hide_hand()
        self.refresh_bindings()
        self.advance()

    def act(self, action: Ask | Draw) -> None:
        game_app(self).forget_notices(_("Hint"))  # a hint's notice is for this ask
        self.after(self.flow.act(action))

    # ------------------------------------------------------------------ keys

    def my_view(self) -> SeatView | None:
        return self.flow.view()

    def can_ask(self) -> bool:
        return self.flow.can_ask()

    def on_key(self, event: events.Key) -> None:
        if self._timer is not None and not self._own_meaning(event.key):
            event.stop()
            event.prevent_default()
            self.skip_wait()
            return
        outcome = self.flow.key(event.character) if event.character else None
        if outcome is not None and outcome.handled:
            event.stop()
            self.refresh_table()

    def _own_meaning(self, key: str) -> bool:
        return any(b.action.split("(")[0] in OWN_MEANING
                   for b in self._bindings.key_to_bindings.get(key, ()))

    def action_cycle_target(self, step: int) -> None:
        self.flow.cycle(target=step)
        self.refresh_table()

    def action_cycle_rank(self, step: int) -> None:
        self.flow.cycle(rank=step)
        self.refresh_table()

    def action_next_stage(self) -> None:
        self.flow.next_stage()
        self.refresh_table()

    def action_prev_stage(self) -> None:
        self.flow.prev_stage()
        self.refresh_table()

    def action_back(self) -> None:
        if self.flow.back():
            self.refresh_table()
            return
        game_app(self).go_menu()

    def action_back_or_leave(self) -> None:
        self.action_back()  # a joined seat's app leaves where this one goes to the menu

    def action_confirm(self) -> None:
        enter = self.flow.enter()
        if enter.hand_over:
            self.hand_over()
        elif enter.action is not None:
            self.act(enter.action)
        else:
            self.refresh_table()

    def action_hide_hand(self) -> None:
        self.action_confirm()

    def action_draw(self) -> None:
        self.action_confirm()

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

    def skip_wait(self) -> None:
        """A key while a computer's move is on show: the next move comes now (Space goes on
        through all the computers' moves)."""
        if self._stop_wait():
            self.computer_step()

    def action_skip(self) -> None:
        if self.session.computer_to_act():
            self.flow.fast = True
            self._stop_wait()
            self.computer_step()

    def action_pace(self, faster: int) -> None:
        game_app(self).change_pace(faster)
        if self._stop_wait():  # the computer already waiting goes at the new pace
            self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Skipping and pacing apply only where this app plays computers: hidden otherwise
        (a game of humans only, or a seat of a table the host plays from elsewhere). Enter
        asks, or at a hand-over hides the hand, and the key line names the one it does."""
        if action in ("skip", "pace"):
            return game_app(self).paces_computers(self.session)
        if action in ("back", "back_or_leave"):
            return (action == "back_or_leave") == (self.session.joined_seat is not None)
        if action in ("confirm", "hide_hand", "draw"):  # no Enter while the computers play
            if self.flow.handover or not self.flow.can_ask():
                return action == "hide_hand" and self.flow.handover
            return action == ("draw" if self.flow.picker.step == DRAW else "confirm")
        if action == "words":
            return self.session.remote and self.session.joined_seat is not None
        return True

    def action_help(self) -> None:
        game_app(self).show_help(self.session)

    def action_log_page(self, step: int) -> None:
        box = self.query_one("#logbox", LogView)
        box.scroll_page_up() if step < 0 else box.scroll_page_down()

    def on_seat_box_chosen(self, message: SeatBox.Chosen) -> None:  # a click on a seat
        self.flow.choose(target=message.seat)
        self.refresh_table()

    def on_hand_view_rank_chosen(self, message: HandView.RankChosen) -> None:  # on a card
        self.flow.choose(rank=message.rank)
        self.refresh_table()

    def show_banner(self, text: str) -> None:
        """A line on the top bar that stays until it is taken back (the host unreachable)."""
        self.flow.banner = text
        self.refresh_table()

    def show_word(self, seat: int, word: str) -> None:
        self.moment(_("{name}: {word}").format(name=self.session.names[seat], word=word))

    def action_words(self) -> None:
        game_app(self).shared.choose_word(self.session)

    def moment(self, text: str) -> None:
        if self.is_mounted:
            self.query_one("#moment", MomentBubble).show(text, game_app(self).moment_seconds)


__all__ = ["TableScreen"]
