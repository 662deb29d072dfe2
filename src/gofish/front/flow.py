"""The turn flow: whose move it is, how long a computer's move stays up, the pass-and-play
hand-over, and what the table says after each move.

No Textual here. The table screen asks ``next()`` what to do after every action and renders the
state this object keeps (whose hand is on screen, what the message line says, the ask being
chosen); tests drive it without a screen (tests/front). The shared table's host asks the same
``whose_move`` which move is due, so a local game and a hosted one are told the same story.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum

from gofish.engine import Ask, Draw, IllegalAction, SeatView
from gofish.i18n import _
from gofish.session import TableSession
from gofish.store.errors import StoreError

from .coaching import SeatCoach
from .marks import NewCards
from .news import STRONG, Said, tell
from .pace import pause_after
from .picker import RANK, WHOM, Outcome, Picker
from .speech import Exchange, Talk


class Due(StrEnum):
    """What is due at a table (whose_move)."""

    OVER = "over"  # the game is over
    DEAL_OVER = "deal-over"  # a deal of a match is over: someone moves the table on
    COMPUTER = "computer"  # a computer this session plays is to act
    SEAT = "seat"  # a seat's decision is awaited (a human here, or a player elsewhere)
    WAITING = "waiting"  # nobody can act yet (a joined seat's legal actions are on their way)


class Next(StrEnum):
    """What the front end does next (TurnFlow.next)."""

    END = "end"  # the deal or the game is over: the final move, then the results
    PLAY_COMPUTER = "play-computer"  # a computer moves after ``wait`` seconds
    HAND_STAYS = "hand-stays"  # the turn is over; the hand stays up until its player's Enter
    HOLD = "hold"  # still waiting for that Enter, or for the pass screen: nothing to do
    PASS = "pass"  # the pass-the-device screen for ``seat`` (no hand is on screen any more)
    TURN = "turn"  # a human's turn (the viewer's, or a player's elsewhere): show the table


@dataclass(frozen=True)
class Move:
    kind: Due
    seat: int | None = None


def whose_move(session: TableSession) -> Move:
    """Which move is due: the one decider for the local table and the shared table's host."""
    if session.over:
        return Move(Due.OVER)
    if session.deal_over:
        return Move(Due.DEAL_OVER)
    seat = session.to_act
    if seat is None:
        return Move(Due.WAITING)
    if session.computer_to_act():
        return Move(Due.COMPUTER, seat)
    return Move(Due.SEAT, seat)


@dataclass(frozen=True)
class Step:
    kind: Next
    seat: int | None = None
    wait: float = 0.0


@dataclass(frozen=True)
class Played:
    """What an action did: an ``error`` to say (nothing was played), or a save that failed."""

    error: str = ""
    save_error: StoreError | None = None


@dataclass(frozen=True)
class Enter:
    """What Enter does: ``hand_over`` (the hand leaves the screen), an ``action`` to play, or
    nothing (``said`` is then on the message line)."""

    hand_over: bool = False
    action: Ask | Draw | None = None


@dataclass
class TurnFlow:
    """The state of one table as a front end shows it, and the decisions that move it on.

    ``viewer`` is the seat whose hand is on screen (None: no hand). ``local_computers``: this
    front end plays the computers' moves (a joined seat's host plays them). ``delay`` gives the
    pace's pause after a computer's move; ``guard`` the seconds of quiet before an Enter that
    hides a hand or sends a sure miss counts (never the Enter that got there, pressed twice).
    """

    session: TableSession
    local_computers: bool = True
    delay: Callable[[], float] = lambda: 0.0
    guard: Callable[[], float] = lambda: 0.6
    warn_sure_miss: bool = True
    clock: Callable[[], float] = lambda: time.monotonic()  # (read at each call: tests set it)
    viewer: int | None = None
    handover: bool = False  # the hand stays up after its turn until its player's Enter
    passing: bool = False  # the pass-the-device screen is up
    fast: bool = False  # no pause for the computers until a human is to act
    dwell: bool = False  # the last move concerns the player on screen: it stays up longer
    said: Said = field(default_factory=Said)
    taken: list[str] = field(default_factory=list)  # cards taken from the viewer since they acted
    moment: str = ""  # the last move's moment on the table ("Go fish!", a book), if any
    banner: str = ""  # what stays on the top bar until it is over (the host unreachable)
    guard_from: float = 0.0  # when the hand-over began, or the sure miss was warned of
    warned: tuple[Ask, int] | None = None  # the sure miss Enter was warned of
    picker: Picker = field(init=False)
    coaching: SeatCoach = field(init=False)
    marks: NewCards = field(default_factory=NewCards)
    talk: Talk = field(default_factory=Talk)

    def __post_init__(self) -> None:
        s = self.session
        self.picker = Picker(s.names, ask_for_card=s.rules.ask_for == "card",
                             bluff_asks=s.rules.bluff_asks)
        self.coaching = SeatCoach(s)
        humans = s.human_seats
        if self.viewer is None and (len(humans) == 1 or (humans and s.rules.open_hands)):
            self.viewer = humans[0]

    # ------------------------------------------------------------------ what is due

    @property
    def needs_pass(self) -> bool:
        """The next human to act here is not the one whose hand is on screen."""
        s = self.session
        seat = s.to_act
        if seat is None or not s.is_human(seat) or s.deal_over:
            return False
        if s.rules.open_hands or len(s.human_seats) < 2:
            return False
        return seat != self.viewer

    def next(self) -> Step:
        """What the front end does now; called after every action and every screen change."""
        if self.passing:
            return Step(Next.HOLD)
        move = whose_move(self.session)
        if move.kind in (Due.OVER, Due.DEAL_OVER):
            return Step(Next.END)
        if move.kind is Due.COMPUTER and self.local_computers:
            wait = 0.0 if self.fast else pause_after(self.delay(), self.dwell)
            return Step(Next.PLAY_COMPUTER, move.seat, wait)
        self.fast = False
        if self.needs_pass:
            if self.viewer is not None and not self.handover:
                # the player on screen sees how their turn ended before the hand goes
                self.handover = True
                self.guard_from = self.clock()
                return Step(Next.HAND_STAYS)
            if self.handover:
                return Step(Next.HOLD)
            self.viewer = None
            self.picker.clear()
            self.passing = True
            return Step(Next.PASS, move.seat)
        if move.seat is not None and self.session.is_human(move.seat):
            self.viewer = move.seat
        self.prepare_pick()
        return Step(Next.TURN, move.seat)

    def passed(self, seat: int) -> None:
        """The incoming player confirmed on the pass screen: their hand comes up."""
        self.passing = False
        self.viewer = seat
        self.said = Said()
        self.prepare_pick()

    def hide_hand(self) -> None:
        """The player on screen is done: their hand leaves the screen."""
        self.handover = False
        self.viewer = None
        self.picker.clear()

    # ------------------------------------------------------------------ moves

    def play_computer(self) -> Played | None:
        """The computer whose turn it is makes one move (None: none is to act)."""
        s = self.session
        if not (self.local_computers and s.computer_to_act()):
            return None
        before = s.event_count
        failed = None
        try:
            s.step_computer()
        except StoreError as e:  # the save failed: said, and the game plays on (in memory)
            failed = e
        self.hear(before)
        return Played(save_error=failed)

    def act(self, action: Ask | Draw) -> Played:
        """The viewer's own move."""
        s = self.session
        before = s.event_count
        self.taken = []
        failed = None
        try:
            s.play(self.viewer, action)  # type: ignore[arg-type]
        except IllegalAction as e:
            self.say(str(e))
            return Played(error=str(e))
        except StoreError as e:  # the save failed after the action: said, and play goes on
            failed = e
        self.hear(before)
        return Played(save_error=failed)

    def hear(self, start: int) -> None:
        """The moves since event ``start`` (here or from the host) are told on the message
        line and as a moment on the table."""
        news = tell(self.session, self.viewer, start, self.taken)
        self.dwell = news.dwell
        self.said = news.said
        self.moment = news.moment

    def say(self, text: str, emphasis: str = STRONG) -> None:
        self.said = Said(((text, emphasis),)) if text else Said()

    # ------------------------------------------------------------------ the ask

    def view(self) -> SeatView | None:
        """The viewer's view, without its history (the log and the marks read the events)."""
        return None if self.viewer is None else self.session.view(self.viewer, with_events=False)

    def can_ask(self) -> bool:
        s = self.session
        return (self.viewer is not None and s.to_act == self.viewer and not s.over
                and not s.deal_over and not self.passing)

    @property
    def stage(self) -> str:
        """"handover" while the hand waits for its Enter, else the picker's step."""
        return "handover" if self.handover else self.picker.step

    def prepare_pick(self) -> None:
        """A new ask begins at every action: the rank is never carried over (after a hit the
        opponent has none left, after a miss the turn is over)."""
        view = self.view()
        if view is None or not self.can_ask():
            return
        self.picker.update(view, self.session.action_count)

    def picked(self, message: str) -> None:
        """A choice was made in the picker (a key, a click, an arrow)."""
        if self.warned is not None and self.warned[0] != self.chosen_ask():
            self.warned = None  # another choice: the word about the last one no longer holds
        self.say(message)

    def choose(self, *, target: int | None = None, rank: int | None = None) -> None:
        """An opponent or a rank chosen by a click."""
        if not self.can_ask():
            return
        p = self.picker
        self.picked(p.choose_target(target) if target is not None else
                    p.choose_rank(rank) if rank is not None else "")

    def cycle(self, *, target: int = 0, rank: int = 0) -> None:
        """The arrows: the next opponent or rank, ``target`` or ``rank`` steps on."""
        if not self.can_ask():
            return
        if target:
            self.picker.cycle_target(target)
        if rank:
            self.picker.cycle_rank(rank)
        self.picked("")

    def next_stage(self) -> None:
        p = self.picker
        if self.can_ask() and p.step == WHOM and p.target is not None:
            p.step = RANK

    def prev_stage(self) -> None:
        if self.can_ask():
            self.picker.back()

    def chosen_ask(self) -> Ask | None:
        p = self.picker
        if p.target is None or p.rank is None:
            return None
        return Ask(p.target, p.rank, p.suit) if p.ask_for_card else Ask(p.target, p.rank)

    def key(self, character: str) -> Outcome | None:
        """A typed character for the picker (None: not the picker's moment)."""
        if not self.can_ask() or self.handover:
            return None
        outcome = self.picker.key(character)
        if outcome.handled:
            self.picked(outcome.message)
        return outcome

    def back(self) -> bool:
        """A step back in the ask; False when there is none to take (the screen leaves)."""
        return self.can_ask() and self.picker.back()

    def enter(self) -> Enter:
        """Enter: hide the hand at a hand-over, or make the ask chosen (after a word first,
        when the record proves it will miss)."""
        quiet = self.clock() - self.guard_from >= self.guard()
        if self.handover:
            return Enter(hand_over=quiet)  # not the Enter that ended the turn, pressed twice
        if not self.can_ask():
            return Enter()
        self.prepare_pick()
        outcome = self.picker.confirm()
        if isinstance(outcome.action, Ask) and self.sure_miss_word(outcome.action, quiet):
            return Enter()
        if outcome.action is None and outcome.message:
            self.say(outcome.message)
        return Enter(action=outcome.action)

    def sure_miss_word(self, ask: Ask, quiet: bool = True) -> bool:
        """The first Enter on an ask the record proves will miss says why and sends nothing;
        the second Enter (with nothing changed, after a moment's ``quiet``: not the first
        pressed twice) sends it."""
        if not self.warn_sure_miss:
            return False
        key = (ask, self.session.action_count)
        if self.warned == key:
            if not quiet:
                return True  # the word stays up, to be read
            self.warned = None
            return False
        view = self.view()
        if view is None or self.viewer is None:
            return False
        reason = self.coaching.warn(self.viewer, view, ask)
        if reason is None:
            return False
        self.say(reason + " " + _("Press Enter again to ask all the same."))
        self.warned = key
        self.guard_from = self.clock()
        return True

    def hint(self) -> str:
        """The coach's ask, chosen in the picker with its reason said ("": none to give)."""
        if not self.can_ask() or self.handover:
            return ""
        self.prepare_pick()
        view = self.view()
        if view is None or self.viewer is None:
            return ""
        hint = self.coaching.hint(self.viewer, view)
        if hint is None:  # nothing to ask (an empty hand draws)
            return ""
        ask, text = hint
        p = self.picker
        p.choose_target(ask.target)
        p.choose_rank(ask.rank)
        if ask.suit is not None:
            p.choose_suit(ask.suit)
        self.picked(text)
        return text

    # ------------------------------------------------------------------ what is shown

    def new_cards(self, view: SeatView) -> frozenset[int]:
        """The viewer's cards that came since their last ask began (marked with a star)."""
        if self.viewer is None:
            return frozenset()
        return self.marks.of(self.session, self.viewer, view.hand)

    def exchange(self) -> Exchange | None:
        """The last ask and its answer, said at the two seats."""
        return self.talk.heard(self.session)

    def turn_word(self, turn: int) -> str:
        """The top bar's word on whose turn it is (the view's ``turn``)."""
        s = self.session
        if self.banner:
            return self.banner
        if s.over:
            return _("Game over")
        if s.deal_over:
            return _("Deal over")
        if self.handover:  # the old hand is still up: the next player is not named yet
            return _("Your turn is over.")
        if self.viewer is not None and turn == self.viewer:
            return _("Your turn")
        return _("{name}'s turn").format(name=s.names[turn])


__all__ = ["Due", "Enter", "Move", "Next", "Played", "Step", "TurnFlow", "whose_move"]
