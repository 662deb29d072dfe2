"""The table: your hand, the other seats, the stock, the log, and the ask.

Only one seat's view is ever rendered: ``viewer``. Between two human players the viewer is
cleared (the hand leaves the screen) before the pass-the-device screen goes up.
"""

from __future__ import annotations

import time
from contextlib import suppress
from pathlib import Path

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Static

from gofish.coach import Coach, TableMemory
from gofish.coach.words import hint_text, reason_text
from gofish.engine import RANKS, SUITS, AnyView, Ask, Draw, IllegalAction, SeatView
from gofish.engine import events as ev
from gofish.i18n import N_, _, ngettext
from gofish.names import OF, cards_label, rank_word, suit_symbol
from gofish.narrate import BOOK, LUCKY, OVER, story
from gofish.rules_text import PRESET_TITLES
from gofish.session import TableSession
from gofish.store.errors import StoreError
from gofish.store.settings import read_preferences, save_preferences
from gofish.tui.game_app import game_app
from gofish.tui.keyboard import with_twins
from gofish.tui.pace import pause_after
from gofish.tui.picker import RANK, WHOM, Picker
from gofish.tui.render import dot, hand_title
from gofish.tui.speech import Exchange, concerns, last_exchange
from gofish.tui.widgets.ask_bar import AskBar, ask_content
from gofish.tui.widgets.hand import HandView
from gofish.tui.widgets.keys import KeyFooter
from gofish.tui.widgets.log import LogView
from gofish.tui.widgets.memory import MemoryPanel
from gofish.tui.widgets.message import MessageLine
from gofish.tui.widgets.seats import SeatBox, SeatState
from gofish.tui.widgets.stock import StockView

MOMENT_SECONDS = 1.2
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
        # (and the same keys in the Russian layout: tui/keyboard.py)
        Binding(with_twins("m"), "toggle_memory", N_("Memory")),
        Binding(with_twins("i"), "hint", N_("Hint")),
        Binding("up", "cycle_target(-1)", N_("Opponent"), show=False),
        Binding("down", "cycle_target(1)", N_("Opponent"), show=False),
        Binding("left", "cycle_rank(-1)", N_("Rank"), show=False),
        Binding("right", "cycle_rank(1)", N_("Rank"), show=False),
        Binding("tab", "next_stage", N_("Next"), show=False),
        Binding("shift+tab,backspace", "prev_stage", N_("Previous"), show=False),
        Binding("pageup", "log_page(-1)", N_("Log up"), show=False),
        Binding("pagedown", "log_page(1)", N_("Log down"), show=False),
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        self.viewer: int | None = None  # the seat whose hand is on screen
        self.picker = Picker(session.names, ask_for_card=session.rules.ask_for == "card",
                             bluff_asks=session.rules.bluff_asks)
        self.handover = False  # the hand stays up after its turn until its player's Enter
        self.taken: list[str] = []  # cards taken from the viewer since they last acted
        self._moment_timer: Timer | None = None
        self._shown: dict[str, Content] = {}  # what each fixed line shows
        self._marks_for: int | None = None  # the new cards of this viewer, read up to _upto
        self._marks_upto = 0
        self._marks: set[int] = set()
        self.message: Content = Content("")
        self.fast = False  # skip the computer pacing until a human is to act
        self._timer: Timer | None = None
        self._dwell = False  # the last move concerns the player on screen: it stays up longer
        self.exchange: Exchange | None = None  # the last ask and its answer, said at the seats
        self._exchange_upto: int | None = None  # the events read for it
        self._passing = False
        self.show_memory = False  # set from the preferences once mounted
        self.warn_sure_miss = True  # a word before an ask the record proves will miss
        self._warned: tuple[Ask, int] | None = None  # the sure miss Enter was warned of
        # when the hand-over began or the sure miss was warned of: the Enter that takes the
        # hand away or sends the sure miss counts only a moment later, never as the Enter that
        # got there pressed twice
        self.last_enter = 0.0
        self._coach: Coach | None = None  # the viewer's coach, told the events up to _coach_upto
        self._coach_upto = 0
        self._memory_key: tuple[int, int] | None = None  # (viewer, events) the panel shows
        humans = session.human_seats
        if len(humans) == 1 or (humans and session.rules.open_hands):
            self.viewer = humans[0]

    # ------------------------------------------------------------------ layout

    # from 120 columns and 36 rows: seats around the table, bigger cards, a wider log
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    VERTICAL_BREAKPOINTS = [(0, "-short"), (36, "-tall")]

    def compose(self) -> ComposeResult:
        yield Static(id="topbar")
        players = len(self.session.names)
        with Horizontal(id="main"):
            with Vertical(id="felt"):
                with Horizontal(id="row-seats"):
                    for seat in range(players):
                        yield SeatBox(seat, id=f"seat-{seat}")
                with Horizontal(id="middle"):
                    yield SeatBox(-1, id="seat-left")
                    with Vertical(id="centre"):
                        yield StockView(id="stock")
                        yield Static(id="moment")
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
        self.show_memory = self.memory_default()
        self.read_coach_preferences()
        self.advance()

    # ------------------------------------------------------------------ the coach

    def _store_root(self) -> Path:
        return game_app(self).store.root

    def read_coach_preferences(self) -> None:
        root = self._store_root()
        prefs = read_preferences(root) if root is not None else {}
        warn = prefs.get("warn_sure_miss")
        self.warn_sure_miss = warn if isinstance(warn, bool) else True

    def memory_default(self) -> bool:
        """The player's last word (the M key), else on under the Kids preset."""
        root = self._store_root()
        saved = read_preferences(root).get("table_memory") if root is not None else None
        if isinstance(saved, bool):
            return saved
        return self.session.rules.preset_name() == "kids"

    def coach(self) -> Coach | None:
        """The viewer's coach, told every event the viewer has seen (only new ones are read).
        None while no hand is shown: the coach never speaks for a seat not on screen."""
        viewer = self.viewer
        if viewer is None:
            return None
        s = self.session
        if self._coach is None or self._coach.seat != viewer:
            self._coach, self._coach_upto = Coach(viewer, s.rules, len(s.names)), 0
        events = s.events_for(viewer, self._coach_upto)
        for e in events:
            self._coach.observe(e)
        self._coach_upto += len(events)
        return self._coach

    def action_toggle_memory(self) -> None:
        if self.session.rules.open_hands:  # nothing to remember: the panel would hide the log
            self.say(_("Hands are open: every card is in sight."))
            return
        self.show_memory = not self.show_memory
        root = self._store_root()
        if root is not None:
            # a preference: this table shows it all the same when it cannot be saved
            with suppress(OSError, StoreError):
                save_preferences({"table_memory": self.show_memory}, root)
        self.refresh_table()

    def action_hint(self) -> None:
        """The coach's ask, with its reason, chosen in the picker: Enter makes it."""
        if not self.can_ask() or self.handover:
            return
        self.prepare_pick()
        view = self.my_view()
        coach = self.coach()
        if view is None or coach is None:
            return
        hint = coach.hint(view)
        if hint is None:  # nothing to ask (an empty hand draws)
            return
        p = self.picker
        p.choose_target(hint.ask.target)
        p.choose_rank(hint.ask.rank)
        if hint.ask.suit is not None:
            p.choose_suit(hint.ask.suit)
        text = hint_text(hint, self.session.names, pairs=self.session.rules.pairs)
        self._picked(text)
        line = self.query_one("#msg", MessageLine)
        if len(Content(text).wrap(max(line.content_size.width, 1))) > line.content_size.height:
            # the message line's two rows cut the reason ("...and…"), and a hint is not in the
            # log where a cut message can be read whole: it is said in full in a notice too
            self.notify(text, title=_("Hint"), markup=False, timeout=HINT_SECONDS)

    def show_memory_panel(self, view: AnyView) -> None:
        """Beside the table while a hand is shown and the player wants it; the viewer's alone."""
        shown = (self.show_memory and isinstance(view, SeatView) and view.seat == self.viewer
                 and not self.session.rules.open_hands)
        self.set_class(shown, "-memory")
        if not shown:
            self._memory_key = None
            return
        assert isinstance(view, SeatView)  # (shown: the viewer's own view)
        key = (view.seat, self.session.event_count)
        if key == self._memory_key:
            return
        coach = self.coach()
        memory: TableMemory | None = coach.memory(view) if coach is not None else None
        self.query_one("#memory", MemoryPanel).show(memory, self.session.names)
        self._memory_key = key

    # ------------------------------------------------------------------ flow

    @property
    def needs_pass(self) -> bool:
        s = self.session
        seat = s.to_act
        if seat is None or not s.is_human(seat) or s.deal_over:
            return False
        if s.rules.open_hands or len(s.human_seats) < 2:
            return False
        return seat != self.viewer

    @property
    def closed(self) -> bool:
        """The app has let this game go (menu, history, another game): never act for it again."""
        return not game_app(self).plays(self.session)

    def advance(self) -> None:
        """Move the table on after an action: game over, a computer's turn, or a human's."""
        s = self.session
        if self._passing or self.closed:
            return
        if s.over or s.deal_over:
            self.refresh_table()
            game_app(self).show_game_over(s)
            return
        seat = s.to_act
        if seat is not None and s.computer_to_act():
            self.refresh_table()
            delay = 0.0 if self.fast else pause_after(game_app(self).computer_delay, self._dwell)
            if self._timer is not None:  # advance twice (mount, then resume): one wait, not two
                self._timer.stop()
                self._timer = None
            if delay <= 0:
                self.call_after_refresh(self.computer_step)
            else:
                self._timer = self.set_timer(delay, self.computer_step)
            return
        self.fast = False
        if self.needs_pass and self.viewer is not None and not self.handover:
            # let the player on screen see how their turn ended before the hand goes
            self.handover = True
            self.last_enter = time.monotonic()
            self.refresh_bindings()
            self.refresh_table()
            return
        if self.needs_pass and self.handover:
            return
        if self.needs_pass:
            self.viewer = None
            self.reset_pick()
            self.refresh_table()  # the hand leaves the screen before the interstitial is up
            self._passing = True
            assert seat is not None  # (the game is not over: someone is to act)
            game_app(self).show_pass(s, seat, self._passed)
            return
        if seat is not None and s.is_human(seat):
            self.viewer = seat
        self.prepare_pick()
        self.refresh_table()

    def _passed(self, seat: int) -> None:
        self._passing = False
        self.viewer = seat
        self.message = Content("")
        self.prepare_pick()
        self.refresh_table()

    def computer_step(self) -> None:
        self._timer = None
        s = self.session
        if not self.is_current_screen or self.closed or not s.computer_to_act():
            return
        events_before = s.event_count
        try:
            s.step_computer()
        except StoreError as e:  # a save that failed: say so, and play on (it is in memory)
            game_app(self).report_save_error(e)
        self.announce(events_before)
        self.advance()

    @property
    def is_current_screen(self) -> bool:
        return self.app.screen is self

    def on_screen_resume(self) -> None:
        if not self._passing:
            self.advance()

    # ------------------------------------------------------------------ picking

    def my_view(self) -> SeatView | None:
        """The viewer's view, without its history (the log and the marks read the events)."""
        return None if self.viewer is None else self.session.view(self.viewer, with_events=False)

    def can_ask(self) -> bool:
        s = self.session
        return (self.viewer is not None and s.to_act == self.viewer and not s.over
                and not s.deal_over and not self._passing)

    @property
    def stage(self) -> str:
        """"handover" while the hand waits for its Enter, else the picker's step."""
        return "handover" if self.handover else self.picker.step

    @property
    def target(self) -> int | None:
        return self.picker.target

    @property
    def rank(self) -> int | None:
        return self.picker.rank

    @property
    def suit(self) -> int | None:
        return self.picker.suit

    def reset_pick(self) -> None:
        self.picker.clear()

    def prepare_pick(self) -> None:
        """A new ask begins at every action: the rank is never carried over (after a hit the
        opponent has none left, after a miss the turn is over)."""
        view = self.my_view()
        if view is None or not self.can_ask():
            return
        self.picker.update(view, self.session.action_count)

    def _picked(self, message: str) -> None:
        if self._warned is not None and self._warned[0] != self.chosen_ask():
            self._warned = None  # another choice: the word about the last one no longer holds
        self.message = Content.styled(message, "bold") if message else Content("")
        self.refresh_table()

    def pick_target(self, seat: int) -> None:
        if self.can_ask():
            self._picked(self.picker.choose_target(seat))

    def pick_rank(self, rank: int) -> None:
        if self.can_ask():
            self._picked(self.picker.choose_rank(rank))

    def on_key(self, event: events.Key) -> None:
        if self._timer is not None and not self._own_meaning(event.key):
            event.stop()
            event.prevent_default()
            self.skip_wait()
            return
        if not self.can_ask() or not event.character or self.handover:
            return
        outcome = self.picker.key(event.character)
        if outcome.handled:
            event.stop()
            self._picked(outcome.message)

    def action_cycle_target(self, step: int) -> None:
        if self.can_ask():
            self.picker.cycle_target(step)
            self._picked("")

    def action_cycle_rank(self, step: int) -> None:
        if self.can_ask():
            self.picker.cycle_rank(step)
            self._picked("")

    def action_next_stage(self) -> None:
        p = self.picker
        if self.can_ask() and p.step == WHOM and p.target is not None:
            p.step = RANK
        self.refresh_table()

    def action_prev_stage(self) -> None:
        if self.can_ask():
            self.picker.back()
        self.refresh_table()

    def action_back(self) -> None:
        if self.can_ask() and self.picker.back():
            self.refresh_table()
            return
        game_app(self).go_menu()

    def action_back_or_leave(self) -> None:
        self.action_back()  # the joined seat's app leaves where this one goes to the menu

    def hand_over(self) -> None:
        """The player on screen is done: take the hand off and put up the interstitial."""
        self.handover = False
        self.refresh_bindings()
        self.viewer = None
        self.picker.clear()
        self.advance()

    def action_confirm(self) -> None:
        quiet = time.monotonic() - self.last_enter >= game_app(self).pass_guard
        if self.handover:
            if quiet:  # not the Enter that ended the turn, pressed twice by reflex
                self.hand_over()
            return
        if not self.can_ask():
            return
        self.prepare_pick()
        outcome = self.picker.confirm()
        if isinstance(outcome.action, Ask) and self.sure_miss_word(outcome.action, quiet):
            return
        if outcome.action is not None:
            self.act(outcome.action)
        elif outcome.message:
            self.say(outcome.message)

    def chosen_ask(self) -> Ask | None:
        p = self.picker
        if p.target is None or p.rank is None:
            return None
        return Ask(p.target, p.rank, p.suit) if p.ask_for_card else Ask(p.target, p.rank)

    def sure_miss_word(self, ask: Ask, quiet: bool = True) -> bool:
        """The first Enter on an ask the record proves will miss says why and sends nothing;
        the second Enter (with nothing changed, after a moment's ``quiet``: not the first
        pressed twice) sends it."""
        if not self.warn_sure_miss:
            return False
        key = (ask, self.session.action_count)
        if self._warned == key:
            if not quiet:
                return True  # the word stays up, to be read
            self._warned = None
            return False
        view = self.my_view()
        coach = self.coach()
        if view is None or coach is None:
            return False
        reason = coach.warn_reason(view, ask)
        if reason is None:
            return False
        self.say(reason_text(reason, self.session.names, pairs=self.session.rules.pairs) + " "
                 + _("Press Enter again to ask all the same."))
        self._warned = key
        self.last_enter = time.monotonic()
        return True

    def act(self, action: Ask | Draw) -> None:
        s = self.session
        before = s.event_count
        self.taken = []
        game_app(self).forget_notices(_("Hint"))  # a hint's notice is for this ask
        try:
            s.play(self.viewer, action)  # type: ignore[arg-type]
        except IllegalAction as e:
            self.say(str(e))
            return
        except StoreError as e:  # the save failed after the action: say so, and play on
            game_app(self).report_save_error(e)
        self.announce(before)
        self.advance()

    def _own_meaning(self, key: str) -> bool:
        return any(b.action.split("(")[0] in OWN_MEANING
                   for b in self._bindings.key_to_bindings.get(key, ()))

    def skip_wait(self) -> None:
        """A key while a computer's move is on show: the next move comes now (Space goes on
        through all the computers' moves)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
            self.computer_step()

    def action_skip(self) -> None:
        if self.session.computer_to_act():
            self.fast = True
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            self.computer_step()

    def action_pace(self, faster: int) -> None:
        game_app(self).change_pace(faster)
        if self._timer is not None:  # the computer already waiting goes at the new pace
            self._timer.stop()
            self._timer = None
            self.advance()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Skipping and pacing apply only where this app plays computers: hidden otherwise
        (a game of humans only, or a seat of a table the host plays from elsewhere). Enter
        asks, or at a hand-over hides the hand, and the key line names the one it does."""
        if action in ("skip", "pace"):
            return game_app(self).paces_computers(self.session)
        if action in ("back", "back_or_leave"):
            return (action == "back_or_leave") == game_app(self).REMOTE
        if action in ("confirm", "hide_hand"):
            return (action == "hide_hand") == self.handover
        return True

    def action_hide_hand(self) -> None:
        self.action_confirm()

    def action_help(self) -> None:
        game_app(self).show_help(self.session)

    def action_log_page(self, step: int) -> None:
        box = self.query_one("#logbox", LogView)
        if step < 0:
            box.scroll_page_up()
        else:
            box.scroll_page_down()

    # ------------------------------------------------------------------ messages

    def say(self, text: str) -> None:
        self.message = Content.styled(text, "bold")
        self.refresh_table()

    def announce(self, start: int) -> None:
        """The message line tells the last thing that happened (lucky draws, books and the end
        of the game first) and names cards taken from you; a "Go fish!", a lucky draw or a new
        book is also a moment on the table, shown briefly, never in the way of a key."""
        s = self.session
        events = s.events_for(self.viewer, start)
        lines = story(events, s.names, self.viewer, s.rules.pairs)
        viewer = self.viewer
        you = frozenset(s.human_seats) if viewer is None else frozenset({viewer})
        self._dwell = concerns(events, you)
        for e in events:
            if viewer is not None and e.kind == ev.GAVE and e.target == viewer:
                self.taken.append(_("{name} took {cards} from you.").format(
                    name=s.names[e.seat], cards=cards_label(sorted(e.cards))))
        message = Content("")
        for line in reversed(lines):
            if line.kind in (LUCKY, BOOK, OVER):
                message = Content.styled(line.text, "bold reverse")
                break
        else:
            if lines:
                message = Content(lines[-1].text)
        if self.taken:
            message = Content("\n").join([Content.styled(" ".join(self.taken), "bold"), message])
        self.message = message
        self.moment(events)

    def moment(self, events) -> None:
        """The most telling event of the last action, in a bubble on the table for a moment."""
        s = self.session
        text = ""
        for e in events:
            if e.kind == ev.GO_FISH:
                text = _("{target} said “Go fish!”").format(target=s.names[e.target]) \
                    if e.target != self.viewer else _("You said “Go fish!”")
            elif e.kind == ev.LUCKY:
                text = _("Lucky draw!")
            elif e.kind == ev.BOOK:
                rank = rank_word(e.rank, role=OF)
                said = _("{name}: a pair of {rank}!") if s.rules.pairs else \
                    _("{name}: a book of {rank}!")
                text = said.format(name=s.names[e.seat], rank=rank)
        seconds = game_app(self).moment_seconds
        if not self.is_mounted or seconds <= 0:
            return
        if not text:  # a new action without a moment: the last one is over
            self._moment_over()
            return
        bubble = self.query_one("#moment", Static)
        bubble.update(Content.styled(f" {text} ", "bold reverse"))
        bubble.display = True
        if self._moment_timer is not None:
            self._moment_timer.stop()
        self._moment_timer = self.set_timer(seconds, self._moment_over)

    def _moment_over(self) -> None:
        if self._moment_timer is not None:
            self._moment_timer.stop()
        self._moment_timer = None
        if self.is_mounted:
            self.query_one("#moment", Static).display = False

    # ------------------------------------------------------------------ rendering

    def refresh_table(self) -> None:
        if not self.is_mounted:
            return
        s = self.session
        view = self.my_view() or s.public_view()
        viewer = self.viewer
        names = s.names
        preset = s.rules.preset_name()
        rules_name = _(PRESET_TITLES[preset]) if preset else _("Custom rules")
        status = ngettext("{n} card in the stock", "{n} cards in the stock",
                          view.stock).format(n=view.stock)
        if s.over:
            turn = _("Game over")
        elif s.deal_over:
            turn = _("Deal over")
        elif self.handover:  # the old hand is still up: do not announce the next player yet
            turn = _("Your turn is over.")
        elif viewer is not None and view.turn == viewer:
            turn = _("Your turn")
        else:
            turn = _("{name}'s turn").format(name=names[view.turn])
        deal = _("Deal {n}").format(n=view.deal + 1) if s.rules.match_target else ""
        top = dot().join(p for p in ("gofish", rules_name, deal, status) if p)
        self.put("#topbar", Content.assemble((top, "bold"), "  ", (turn, "reverse bold")))
        self.hear()
        self.show_seats(view)
        self.query_one(StockView).show(view.stock)
        self.query_one(LogView).show(s, viewer, recap=len(s.human_seats) == 1)
        self.show_hand(view)
        self.show_memory_panel(view)
        can_ask = self.can_ask()
        bar = self.query_one("#ask", AskBar)
        self.put("#ask", ask_content(s, self.picker, can_ask=can_ask, handover=self.handover,
                                     width=bar.content_size.width or None))
        self.put("#msg", self.message)

    def hear(self) -> None:
        """The last ask and its answer, from the events not read yet (a resumed game: the last
        ones, as if just heard). Asks and answers are public: any seat's view tells them."""
        s = self.session
        start = self._exchange_upto
        if start is None:
            start = max(0, s.event_count - 60)
        if start < s.event_count:
            events = s.events_for(None, start)
            if any(e.kind in (ev.DEAL, ev.ASK) for e in events):
                self.exchange = last_exchange(events, s.names)
        self._exchange_upto = s.event_count

    def put(self, selector: str, content: Content) -> None:
        """A fixed-size line: redrawn only when it changes, and never a new layout."""
        if self._shown.get(selector) != content:
            self._shown[selector] = content
            self.query_one(selector, Static).update(content, layout=False)

    def seat_state(self, view: AnyView, seat: int) -> SeatState:
        s = self.session
        pickable = self.can_ask() and self.stage in ("target", "rank", "suit", "ready")
        turn = not view.over and not view.deal_over and view.turn == seat
        name = s.names[seat]
        if seat == view.seat and self.viewer is not None:
            name = _("{name} (you)").format(name=name)
        books = tuple(r for r, _c in sorted(view.books[seat]))
        shown = view.hands[seat] if s.rules.open_hands and seat != view.seat else None
        said = self.exchange.said_by(seat) if self.exchange is not None else ""
        return SeatState(seat, name, view.counts[seat], books, turn, view.out[seat],
                         chosen=pickable and self.target == seat,
                         pickable=pickable and seat != view.seat,
                         you=seat == self.viewer,
                         open_cards=tuple(shown) if shown is not None else None, said=said)

    def around(self, view: AnyView) -> tuple[list[int], int | None, int | None]:
        """The seats shown (the viewer's own is the hand below), and on a wide screen the two
        that sit at the left and right ends of the table."""
        seats = [o for o in range(view.players) if o != self.viewer]
        if self.viewer is not None:  # clockwise from the viewer's left
            seats = seats[self.viewer:] + seats[:self.viewer]
        if len(seats) >= 3 and self.has_class("-wide") and self.has_class("-tall"):
            return seats, seats[0], seats[-1]
        return seats, None, None

    def show_seats(self, view: AnyView) -> None:
        shown, left, right = self.around(view)
        pairs = self.session.rules.pairs
        for seat in range(view.players):
            widget = self.query_one(f"#seat-{seat}", SeatBox)
            display = seat in shown and seat not in (left, right)
            if widget.display != display:
                widget.display = display
            if display:
                widget.show(self.seat_state(view, seat), pairs)
        for side, end in (("left", left), ("right", right)):
            widget = self.query_one(f"#seat-{side}", SeatBox)
            if widget.display != (end is not None):
                widget.display = end is not None
            if end is not None:
                widget.seat = end
                widget.show(self.seat_state(view, end), pairs)

    def new_cards(self, view: AnyView) -> frozenset[int]:
        """Cards that came into the hand since the viewer's last ask began (what they drew or
        were given since): marked until they ask again. Only new events are read."""
        viewer = self.viewer
        if viewer is None:
            return frozenset()
        if self._marks_for != viewer:
            self._marks_for, self._marks_upto, self._marks = viewer, 0, set()
        s = self.session
        start = self._marks_upto
        events = s.events_for(viewer, start)
        self._marks_upto = start + len(events)
        for e in events:
            if e.kind == ev.DEAL or (e.kind == ev.ASK and e.seat == viewer):
                self._marks = set()  # a new deal, or the viewer asks again
            elif e.seat != viewer:
                continue
            elif e.kind in (ev.GAVE, ev.LUCKY):
                self._marks.update(e.cards)
            elif e.kind == ev.DREW:
                self._marks.update(e.secret)
        return frozenset(self._marks) & frozenset(view.hand)

    def show_hand(self, view: AnyView) -> None:
        s = self.session
        hand = self.query_one("#hand", HandView)
        viewer = self.viewer
        if viewer is None:
            self.put("#handtitle", Content.styled(_("No hand is shown."), "dim"))
            hand.show((), chosen=None, new=frozenset(), clickable=False, hidden_note=" ")
            return
        new = self.new_cards(view)
        self.put("#handtitle", hand_title(
            s.names[viewer], len(view.hand), [r for r, _c in view.books[viewer]],
            pairs=s.rules.pairs, new=bool(new), room=self.size.width - 2))  # the line's padding
        can_ask = self.can_ask()
        hand.show(tuple(view.hand), chosen=self.rank if can_ask else None, new=new,
                  clickable=can_ask)

    def action_pick_target(self, seat: int) -> None:
        self.pick_target(seat)

    def action_pick_rank(self, rank: int) -> None:
        self.pick_rank(rank)


__all__ = ["TableScreen", "RANKS", "SUITS", "suit_symbol"]
