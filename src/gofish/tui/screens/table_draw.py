"""Drawing the table screen from its session and turn flow: the top bar, the seats, the stock,
the log, the hand, the table memory, the ask line and the message line.

Only one seat's view is ever drawn: the flow's ``viewer`` (or the public view, with no hand).
Each fixed line is redrawn only when it changes, and never makes a new layout.
"""

from __future__ import annotations

from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from gofish.coach import TableMemory
from gofish.engine import AnyView, SeatView
from gofish.front.flow import TurnFlow
from gofish.front.news import PLAIN, STRESS, Said
from gofish.i18n import _, ngettext
from gofish.rules_text import PRESET_TITLES
from gofish.session import TableSession
from gofish.tui.render import dot, hand_title
from gofish.tui.widgets.ask_bar import AskBar, ask_content
from gofish.tui.widgets.hand import HandView
from gofish.tui.widgets.log import LogView
from gofish.tui.widgets.memory import MemoryPanel
from gofish.tui.widgets.message import MessageLine
from gofish.tui.widgets.seats import SeatBox, SeatState
from gofish.tui.widgets.stock import StockView

STYLES = {PLAIN: "", STRESS: "bold reverse"}


def said_content(said: Said) -> Content:
    """The message line's text, each line with its emphasis (bold unless said otherwise)."""
    parts = [Content(text) if emphasis == PLAIN else
             Content.styled(text, STYLES.get(emphasis, "bold"))
             for text, emphasis in said.lines]
    return Content("\n").join(parts) if parts else Content("")


class TableDrawing:
    """What each fixed line of one table screen shows, and the drawing of the rest."""

    def __init__(self, screen: Screen, session: TableSession, flow: TurnFlow) -> None:
        self.screen = screen
        self.session = session
        self.flow = flow
        self.show_memory = False  # the table memory beside the table (the M key)
        self.shown: dict[str, Content] = {}
        self.memory_key: tuple[int, int] | None = None  # (viewer, events) the panel shows

    def put(self, selector: str, content: Content) -> None:
        if self.shown.get(selector) != content:
            self.shown[selector] = content
            self.screen.query_one(selector, Static).update(content, layout=False)

    def draw(self) -> None:
        screen, flow = self.screen, self.flow
        s = self.session
        view = flow.view() or s.public_view()
        preset = s.rules.preset_name()
        rules_name = _(PRESET_TITLES[preset]) if preset else _("Custom rules")
        status = ngettext("{n} card in the stock", "{n} cards in the stock",
                          view.stock).format(n=view.stock)
        deal = _("Deal {n}").format(n=view.deal + 1) if s.rules.match_target else ""
        top = dot().join(p for p in ("gofish", rules_name, deal, status) if p)
        self.put("#topbar", Content.assemble((top, "bold"), "  ",
                                             (flow.turn_word(view.turn), "reverse bold")))
        self.show_seats(view)
        screen.query_one(StockView).show(view.stock)
        screen.query_one(LogView).show(s, flow.viewer, recap=len(s.human_seats) == 1)
        self.show_hand(view)
        self.show_memory_panel(view)
        bar = screen.query_one("#ask", AskBar)
        self.put("#ask", ask_content(s, flow.picker, can_ask=flow.can_ask(),
                                     handover=flow.handover,
                                     width=bar.content_size.width or None))
        screen.query_one("#msg", MessageLine).said = said_content(flow.said)

    # ------------------------------------------------------------------ the seats

    def seat_state(self, view: AnyView, seat: int) -> SeatState:
        flow = self.flow
        s = self.session
        pickable = flow.can_ask() and flow.stage in ("target", "rank", "suit", "ready")
        turn = not view.over and not view.deal_over and view.turn == seat
        name = s.names[seat]
        if seat == view.seat and flow.viewer is not None:
            name = _("{name} (you)").format(name=name)
        books = tuple(r for r, _c in sorted(view.books[seat]))
        shown = view.hands[seat] if s.rules.open_hands and seat != view.seat else None
        exchange = flow.exchange()
        said = exchange.said_by(seat) if exchange is not None else ""
        return SeatState(seat, name, view.counts[seat], books, turn, view.out[seat],
                         chosen=pickable and flow.picker.target == seat,
                         pickable=pickable and seat != view.seat,
                         you=seat == flow.viewer,
                         open_cards=tuple(shown) if shown is not None else None, said=said)

    def around(self, view: AnyView) -> tuple[list[int], int | None, int | None]:
        """The seats shown (the viewer's own is the hand below), and on a wide screen the two
        that sit at the left and right ends of the table."""
        viewer = self.flow.viewer
        seats = [o for o in range(view.players) if o != viewer]
        if viewer is not None:  # clockwise from the viewer's left
            seats = seats[viewer:] + seats[:viewer]
        screen = self.screen
        if len(seats) >= 3 and screen.has_class("-wide") and screen.has_class("-tall"):
            return seats, seats[0], seats[-1]
        return seats, None, None

    def show_seats(self, view: AnyView) -> None:
        shown, left, right = self.around(view)
        pairs = self.session.rules.pairs
        query = self.screen.query_one
        for seat in range(view.players):
            widget = query(f"#seat-{seat}", SeatBox)
            display = seat in shown and seat not in (left, right)
            if widget.display != display:
                widget.display = display
            if display:
                widget.show(self.seat_state(view, seat), pairs)
        for side, end in (("left", left), ("right", right)):
            widget = query(f"#seat-{side}", SeatBox)
            if widget.display != (end is not None):
                widget.display = end is not None
            if end is not None:
                widget.seat = end
                widget.show(self.seat_state(view, end), pairs)

    # ------------------------------------------------------------------ the hand

    def show_hand(self, view: AnyView) -> None:
        screen, flow = self.screen, self.flow
        s = self.session
        hand = screen.query_one("#hand", HandView)
        viewer = flow.viewer
        if viewer is None or not isinstance(view, SeatView):
            self.put("#handtitle", Content.styled(_("No hand is shown."), "dim"))
            hand.show((), chosen=None, new=frozenset(), clickable=False, hidden_note=" ")
            return
        new = flow.new_cards(view)
        self.put("#handtitle", hand_title(
            s.names[viewer], len(view.hand), [r for r, _c in view.books[viewer]],
            pairs=s.rules.pairs, new=bool(new), room=screen.size.width - 2))  # the padding
        can_ask = flow.can_ask()
        hand.show(tuple(view.hand), chosen=flow.picker.rank if can_ask else None, new=new,
                  clickable=can_ask)

    def show_memory_panel(self, view: AnyView) -> None:
        """Beside the table while a hand is shown and the player wants it; the viewer's alone."""
        screen, flow = self.screen, self.flow
        s = self.session
        shown = (self.show_memory and isinstance(view, SeatView) and view.seat == flow.viewer
                 and not s.rules.open_hands)
        screen.set_class(shown, "-memory")
        if not shown:
            self.memory_key = None
            return
        assert isinstance(view, SeatView)  # (shown: the viewer's own view)
        key = (view.seat, s.event_count)
        if key == self.memory_key:
            return
        memory: TableMemory = flow.coaching.memory(view.seat, view)
        screen.query_one("#memory", MemoryPanel).show(memory, s.names)
        self.memory_key = key
