"""The end of a deal or a game, told as a story.

First the move that ended it, over the table it was played on (``FinalMoveScreen``), until the
player asks for the results; then the results (``GameOverScreen``): the placings, that final
move again, each player's books as cards, a match's deal-by-deal scores, each human's record
against these same opponents, and what next.
"""

from __future__ import annotations

import textwrap
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Static

from gofish.engine import IllegalAction
from gofish.engine import events as ev
from gofish.front.keyboard import with_twins
from gofish.i18n import N_, _, ngettext
from gofish.names import ascii_mode, rank_short, suit_symbol
from gofish.narrate import BOOK, LUCKY, OVER, Line, and_list, story
from gofish.seats import level_title
from gofish.tui.cards import ink_style
from gofish.tui.game_app import game_app
from gofish.tui.widgets.keys import KeyFooter

if TYPE_CHECKING:
    from gofish.session import TableSession
    from gofish.store.stats import Tally

PLACE_WIDTH = 6  # "=1st", "=2e", "=1-е" and a space
NAME_WIDTH = 22  # a name of up to 20 characters and a space; longer with a level, cut
SCORE_WIDTH = 7
DEAL_WIDTH = 4  # a deal's score in the deal-by-deal table
ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"), N_("6th"))


# ---------------------------------------------------------------------- the story, as data

def viewer_of(session: TableSession) -> int | None:
    """Whose eyes the story is told through: a joined seat's own, the one human's against
    computers, nobody's (names only) when several share the screen."""
    seat = session.joined_seat
    if seat is not None:
        return seat
    humans = session.human_seats
    return humans[0] if len(humans) == 1 else None


def final_move(session: TableSession, viewer: int | None) -> list[Line]:
    """The lines of the move that ended the deal: from the last ask of the last turn (or the
    whole last turn, if it asked nothing) to the end, without the "game over" line itself."""
    events = session.events_for(viewer)
    turns = [i for i, e in enumerate(events) if e.kind == ev.TURN]
    end = len(events)
    for turn in reversed([-1, *turns]):  # a turn that told nothing (passed on): the one before
        start = turn + 1
        asks = [i for i in range(start, end) if events[i].kind == ev.ASK]
        if asks:
            start = asks[-1]
        lines = story(events[start:end], session.names, viewer, session.rules.pairs)
        told = [line for line in lines if line.kind != OVER]
        if told:
            return told + first_out_reason(session, viewer)
        end = max(turn, 0)
    return []


def first_out_reason(session: TableSession, viewer: int | None) -> list[Line]:
    """Under "first out" the deal ends as soon as a hand or the stock is empty, and no event
    says so (the game ended with cards in the stock, and nothing said why): the reason."""
    if session.rules.end != "first-out":
        return []
    view = session.public_view()
    empty = [seat for seat, count in enumerate(view.counts) if not count]
    if viewer in empty:
        return [Line(_("You have no cards left: the deal is over."), seat=viewer)]
    if empty:
        return [Line(_("{name} has no cards left: the deal is over.").format(
            name=session.names[empty[0]]), seat=empty[0])]
    if not view.stock:
        return [Line(_("The stock is empty: the deal is over."))]
    return []


def place_width() -> int:
    """The place column: its title and every place ("=1st") with a space after, in the
    language in force (Indonesian "Posisi" was cut to "Posi…")."""
    words = [_("Place"), *("=" + _(o) for o in ORDINALS)]
    return max(PLACE_WIDTH, *(cell_len(w) + 1 for w in words))


def placings(scores: Sequence[int]) -> list[str]:
    """Each seat's place by score, ties shared and marked: ["1st", "=2nd", "=2nd", "4th"]."""
    places = []
    for s in scores:
        place = sum(1 for other in scores if other > s)
        tied = sum(1 for other in scores if other == s) > 1
        name = _(ORDINALS[place]) if place < len(ORDINALS) else str(place + 1)
        places.append("=" + name if tied else name)
    return places


def deal_scores(session: TableSession) -> list[tuple[int, ...]]:
    """Each finished deal's scores, from the public story (a match's "deal over" events)."""
    return [e.scores for e in session.events_for(None) if e.kind == ev.DEAL_OVER]


def book_content(rank: int, cards: Sequence[int]) -> Content:
    """A book as its cards, compact: the rank once, then its suits ("K♣♦♥♠", "7♦♥" for a pair;
    "Kcdhs" under --ascii), each suit in its ink (tui/cards.py)."""
    parts = [Content.styled(rank_short(rank), "bold")]
    parts.extend(Content.styled(suit_symbol(c & 3), ink_style(c & 3))
                 for c in sorted(cards))
    return Content.assemble(*parts)


def wrap_cells(cells: Sequence[Content], width: int) -> list[Content]:
    """Cells joined by spaces into lines of at most ``width`` columns (a cell is never split)."""
    lines: list[list[Content]] = [[]]
    used = 0
    for cell in cells:
        need = cell.cell_length + (1 if lines[-1] else 0)
        if lines[-1] and used + need > width:
            lines.append([])
            used, need = 0, cell.cell_length
        lines[-1].append(cell)
        used += need
    return [Content(" ").join(line) for line in lines]


def _cell(text: Content | str, width: int, right: bool = False) -> Content:
    content = text if isinstance(text, Content) else Content(text)
    if content.cell_length > width - 1:
        content = content.truncate(width - 1, ellipsis=True)
    pad = " " * (width - content.cell_length)
    return Content.assemble(pad, content) if right else Content.assemble(content, pad)


# ---------------------------------------------------------------------- the move that ended it

class QuietEnter:
    """Enter comes in bursts at the end: it ends each wait for a computer's move, and a player
    mashing it there sent the one that ended the game on to skip the final move and then to
    press Play again, a new game the results were never seen for. Here Enter counts only after
    a quiet moment (as the pass screen's key does), from the screen's showing and the last key."""

    last_key = 0.0

    def on_mount(self) -> None:  # Textual calls each class's handler: the screens' own too
        self.last_key = time.monotonic()

    def on_key(self, event: events.Key) -> None:
        now = time.monotonic()
        quiet = now - self.last_key >= game_app(self).pass_guard  # type: ignore[arg-type]
        self.last_key = now
        if event.key == "enter" and not quiet:
            event.stop()  # before the bindings: neither the screen's nor a focused button's
            event.prevent_default()


class FinalMoveScreen(QuietEnter, ModalScreen):
    """The table stays in view, its log ending with the move that ended the deal or the game,
    and that move is spelt out below it until the player presses Enter for the results (the
    results used to replace the table at once, so the winning move was never seen)."""

    BINDINGS = [
        Binding("enter", "results", N_("Results")),
        Binding("escape", "menu", N_("Menu")),
        Binding("escape", "leave", N_("Leave")),  # a joined seat has no menu: Esc leaves
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        with Vertical(id="final"):
            move = final_move(s, viewer_of(s))
            label = (_("Final move:"), "bold") if move else ""
            yield Static(Content.assemble(headline(s), "  ", label), id="final-title")
            yield Static(move_content(move), id="final-move")
            yield Static(Content.styled(_("Press Enter for the results."), "bold"),
                         id="final-prompt")
        yield KeyFooter()

    def on_mount(self) -> None:
        # a hand that still holds cards (a deal ended by another's empty hand, or the stock's)
        # stays in sight: the move is told over the seats, not over the hand
        self.set_class(self.hand_beneath_holds_cards(), "-hand-up")
        self.call_after_refresh(self.table_to_the_end)

    def hand_beneath_holds_cards(self) -> bool:
        stack = self.app.screen_stack
        viewer = getattr(stack[-2], "viewer", None) if len(stack) > 1 else None
        if viewer is None:
            return False
        try:
            return bool(self.session.view(viewer, with_events=False).hand)
        except ValueError:  # a seat this session does not show
            return False

    def table_to_the_end(self) -> None:
        """The table's log, beneath, ends with the final move too. The table updated its log
        and asked to scroll to its end just before this screen went up; Textual (8.2.8) does
        not lay out a screen beneath the top one, so those last lines were left unpainted.
        Scroll it here and lay it out once, by hand."""
        stack = self.app.screen_stack
        if len(stack) < 2 or stack[-1] is not self:
            return
        beneath = stack[-2]
        for box in beneath.query(ScrollableContainer):
            box.scroll_end(animate=False, immediate=True)
        beneath._refresh_layout(self.app.size, scroll=True)
        self.refresh()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("menu", "leave"):
            return (action == "leave") == self.session.remote
        return True

    def action_results(self) -> None:
        game_app(self).final_move_seen(self.session)
        self.app.pop_screen()
        game_app(self).show_game_over(self.session)

    def action_menu(self) -> None:
        game_app(self).go_menu()

    def action_leave(self) -> None:
        game_app(self).go_menu()  # a joined seat's app leaves


def headline(session: TableSession) -> Content:
    s = session
    if s.deal_over and not s.over:
        return Content.styled(_("Deal {n} is over").format(n=s.public_view().deal + 1),
                              "bold reverse")
    winners = [s.names[w] for w in s.winners]
    if s.winners == (viewer_of(s),):
        text = _("You win!")  # as the log told this player ("Game over: you win!")
    elif len(winners) == 1:
        text = _("{name} wins!").format(name=winners[0])
    else:
        text = _("{names} share the win!").format(names=and_list(winners))  # as the log says
    return Content.styled(text, "bold reverse")


def move_content(lines: Sequence[Line]) -> Content:
    """The final move, one line of the story per line, books and lucky draws in bold."""
    if not lines:
        return Content("")
    shown = [Content.styled(line.text, "bold" if line.kind in (BOOK, LUCKY) else "")
             for line in lines]
    return Content("\n").join(shown)


# ---------------------------------------------------------------------- the results

class GameOverScreen(QuietEnter, Screen):
    BINDINGS = [
        Binding("enter", "primary", N_("Continue")),
        Binding(with_twins("n"), "next_deal", N_("Next deal"), show=False),
        Binding(with_twins("a"), "again", N_("Play again")),
        Binding(with_twins("a"), "rematch(True)", N_("Rematch")),  # at a shared table
        Binding(with_twins("d"), "rematch(False)", N_("Decline"), show=False),
        Binding(with_twins("h"), "history", N_("History")),
        Binding(with_twins("r"), "review", N_("Review")),
        Binding("escape", "menu", N_("Menu")),
        Binding("escape", "leave", N_("Leave")),  # a joined seat has no menu: Esc leaves
        Binding("pageup", "scroll_page(-1)", N_("Scroll"), show=False),
        Binding("pagedown", "scroll_page(1)", N_("Scroll"), show=False),
        Binding("up", "scroll_line(-1)", N_("Scroll"), show=False),
        Binding("down", "scroll_line(1)", N_("Scroll"), show=False),
    ]

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        s = self.session
        view = s.public_view()
        remote = self.remote
        with Vertical(id="over"):
            yield Static(self.headline(), id="over-title")
            with VerticalScroll(id="over-body"):
                yield Static(self.body(view), id="over-table")
            if remote:  # a shared table: who has accepted a rematch
                yield Static(self.votes(), id="over-votes")
            with Horizontal(id="over-buttons"):
                if s.deal_over and not s.over:
                    yield Button(_("Next deal (Enter)"), id="next", variant="primary")
                elif not remote:
                    yield Button(_("Play again (A)"), id="again", variant="primary")
                elif s.joined_seat is not None:
                    yield Button(_("Rematch (A)"), id="rematch", variant="primary")
                if not remote and s.over:
                    yield Button(_("Review (R)"), id="review")
                if not remote:
                    yield Button(_("History (H)"), id="history")
                yield Button(_("Leave (Esc)") if remote else _("Menu (Esc)"), id="menu")
        yield KeyFooter()

    def headline(self) -> Content:
        return headline(self.session)

    def votes(self) -> Content:
        """At a shared table, who has accepted a rematch so far ("" until someone answers)."""
        s = self.session
        votes = getattr(s, "votes", ())
        if not s.over or not any(v is not None for v in votes):
            return Content("")
        words = {True: _("yes"), False: _("no"), None: "?"}
        said = ", ".join(f"{s.names[i]} {words[v]}" for i, v in enumerate(votes)
                         if i < len(s.names) and (s.seats[i].is_human or v is not None))
        return Content.styled(_("Rematch: {votes}").format(votes=said), "bold")

    def show_votes(self) -> None:
        if self.is_mounted and self.remote:
            self.query_one("#over-votes", Static).update(self.votes())

    def body(self, view) -> Content:
        """Everything under the headline, in reading order."""
        s = self.session
        parts: list[Content] = []
        move = final_move(s, viewer_of(s))
        if move:
            label = Content.styled(_("Final move:") + " ", "bold")
            indent = label.cell_length if label.cell_length <= 20 else 2
            room = max(20, self.app.size.width - 4 - indent)
            texts = [part for line in move for part in textwrap.wrap(line.text, room)]
            lines = [Content.assemble(label if i == 0 else " " * indent, (text, "bold"))
                     for i, text in enumerate(texts)]
            if label.cell_length > 20:  # a long label in some language: on a line of its own
                lines.insert(0, label)
                lines[1] = Content.assemble(" " * indent, (texts[0], "bold"))
            parts.append(Content("\n").join(lines))
        parts.append(self.table(view))
        deals = deal_scores(s)
        if s.rules.match_target and deals:
            parts.append(self.deals_table(deals))
        if s.rules.match_target:
            target = s.rules.match_target
            match = [ngettext("Match to {n} point.", "Match to {n} points.",
                              target).format(n=target)]
            if not s.over:
                dealer = (view.dealer + 1) % len(s.names)
                match.append(_("Next deal: {name} deals.").format(name=s.names[dealer]))
            parts.append(Content("\n".join(match)))
        if s.over and not self.remote:
            record = game_app(self).record_against(s)
            if record and any(t.played for t in record):
                parts.append(self.record(record))
        return Content("\n\n").join(parts)

    def seat_label(self, seat: int) -> Content:
        """A name, and a computer's level after it ("Bob (hard)"): levels tell apart computers
        that could otherwise be mistaken for one another."""
        return Content(" ").join(self.seat_labels(seat))

    def seat_labels(self, seat: int) -> list[Content]:
        """The name, and a computer's level as a second part (on a line of its own where the
        two do not fit together)."""
        s = self.session
        name = Content(s.names[seat])
        level = "" if s.is_human(seat) else level_title(s.seats[seat].level)
        if not level:
            return [name]
        return [name, Content.styled(f"({level})", "dim")]

    def table(self, view) -> Content:
        """The placings: place, player, score (a match's total), and this deal's books."""
        s = self.session
        match = bool(s.rules.match_target)
        scores = s.scores() if match else view.deal_scores
        places = placings(scores)
        books_width = self.books_width
        score_title = _("Total") if match else _("Score")
        if match:
            title = (_("Pairs, deal {n}") if s.rules.pairs else _("Books, deal {n}")).format(
                n=view.deal + 1)
        else:
            title = _("Pairs") if s.rules.pairs else _("Books")
        header = Content.assemble(
            _cell(_("Place"), place_width()), _cell(_("Player"), NAME_WIDTH),
            _cell(score_title, SCORE_WIDTH, right=True), " ", title)
        rows = [header.stylize("bold underline")]
        order = sorted(range(len(s.names)), key=lambda seat: (-scores[seat], seat))
        none = "-" if ascii_mode() else "—"
        for seat in order:
            books = [book_content(r, cards) for r, cards in sorted(view.books[seat])]
            lines = wrap_cells(books, books_width) if books else [Content(none)]
            style = "bold" if seat in s.winners and s.over else ""
            labels = self.seat_labels(seat)
            names = [Content(" ").join(labels)]
            if names[0].cell_length > NAME_WIDTH - 1:  # the level under the name
                names = [labels[0], *(Content.assemble(" ", part) for part in labels[1:])]
            head = Content.assemble(
                _cell(Content.styled(places[seat], style), place_width()),
                _cell(names[0].stylize(style), NAME_WIDTH),
                _cell(Content.styled(str(scores[seat]), style), SCORE_WIDTH, right=True), " ",
                lines[0])
            rows.append(head)
            for i in range(1, max(len(lines), len(names))):
                rows.append(Content.assemble(
                    " " * place_width(),
                    _cell(names[i] if i < len(names) else Content(""), NAME_WIDTH),
                    " " * (SCORE_WIDTH + 1), lines[i] if i < len(lines) else Content("")))
        return Content("\n").join(rows)

    @property
    def books_width(self) -> int:
        """What is left of the line for the books (the body scrolls, so a scrollbar may show)."""
        width = self.app.size.width - 2 - 2  # padding, and room for a scrollbar
        return max(12, width - place_width() - NAME_WIDTH - SCORE_WIDTH - 1)

    def deals_table(self, deals: Sequence[tuple[int, ...]]) -> Content:
        """A match's scores deal by deal: a row per player, a column per deal, then the total;
        a long match in blocks of as many deals as the width holds, the total after the last."""
        s = self.session
        room = max(1, (self.app.size.width - 4 - NAME_WIDTH - SCORE_WIDTH) // DEAL_WIDTH)
        numbered = list(enumerate(deals))
        blocks = [numbered[i:i + room] for i in range(0, len(numbered), room)]
        totals = s.scores()
        parts = []
        for b, block in enumerate(blocks):
            last = b == len(blocks) - 1
            head = [_cell(_("Deal by deal") if b == 0 else "", NAME_WIDTH)]
            head += [_cell(str(n + 1), DEAL_WIDTH, right=True) for n, _d in block]
            if last:
                head.append(_cell(_("Total"), SCORE_WIDTH, right=True))
            rows = [Content.assemble(*head).stylize("bold underline")]
            for seat in range(len(s.names)):
                cells = [_cell(self.seat_label(seat), NAME_WIDTH)]
                cells += [_cell(str(d[seat]), DEAL_WIDTH, right=True) for _n, d in block]
                if last:
                    cells.append(_cell(str(totals[seat]), SCORE_WIDTH, right=True))
                rows.append(Content.assemble(*cells))
            parts.append(Content("\n").join(rows))
        return Content("\n\n").join(parts)

    def record(self, tallies: Sequence[Tally]) -> Content:
        """Each human's games against these same opponents, from the saved games."""
        lines = [Content.styled(_("Against these same opponents (saved games):"), "bold")]
        for tally in tallies:
            if not tally.played:
                continue  # this game was not saved (the save failed): nothing to tell
            lost = tally.played - tally.wins
            text = ngettext("{name}: won {won}, lost {lost}, of {n} game.",
                            "{name}: won {won}, lost {lost}, of {n} games.",
                            tally.played).format(name=tally.label, won=tally.wins, lost=lost,
                                                 n=tally.played)
            lines.append(Content("  " + text))
        return Content("\n").join(lines)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    @property
    def remote(self) -> bool:
        """A shared table: a new game and the history are the host's, so neither is offered
        (a seat may offer a rematch instead)."""
        return self.session.remote

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        s = self.session
        if action == "rematch":
            return s.over and self.remote and s.joined_seat is not None
        if action in ("again", "review"):
            return s.over and not self.remote
        if action == "next_deal":
            return s.deal_over and not s.over
        if action in ("history", "menu"):
            return not self.remote
        if action == "leave":
            return self.remote
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        actions = {"next": self.action_next_deal, "again": self.action_again,
                   "history": self.action_history, "menu": self.action_menu,
                   "review": self.action_review, "rematch": lambda: self.action_rematch(True)}
        actions[event.button.id or ""]()

    def action_scroll_page(self, step: int) -> None:
        body = self.query_one("#over-body", VerticalScroll)
        if step < 0:
            body.scroll_page_up(animate=False)
        else:
            body.scroll_page_down(animate=False)

    def action_scroll_line(self, step: int) -> None:
        body = self.query_one("#over-body", VerticalScroll)
        body.scroll_relative(y=step, animate=False)

    def action_primary(self) -> None:
        focused = self.focused
        if isinstance(focused, Button):
            focused.press()
        elif self.session.deal_over and not self.session.over:
            self.action_next_deal()
        elif self.remote:
            self.action_rematch(True)
        else:
            self.action_again()

    def action_next_deal(self) -> None:
        if not game_app(self).plays(self.session):
            return  # this game was let go (menu, history): nothing to deal
        if self.session.deal_over and not self.session.over:
            game_app(self).next_deal(self.session)

    def action_again(self) -> None:
        if self.session.over:
            game_app(self).play_again(self.session)

    def action_rematch(self, accept: bool) -> None:
        vote = getattr(self.session, "vote", None)
        if vote is not None and self.session.over:
            try:
                vote(accept)
            except IllegalAction as e:  # not connected: said, nothing sent
                self.notify(str(e), severity="warning", markup=False)

    def action_history(self) -> None:
        game_app(self).show_history()

    def action_review(self) -> None:
        """Step back through the finished game with every hand shown (the saved record)."""
        if self.remote or not self.session.over:
            return  # a joined seat's game is saved on the host; a match is reviewed at its end
        game_app(self).show_review(self.session.game_id)

    def action_menu(self) -> None:
        game_app(self).go_menu()

    def action_leave(self) -> None:
        game_app(self).go_menu()  # a joined seat's app leaves


__all__ = ["FinalMoveScreen", "GameOverScreen", "final_move", "placings", "viewer_of"]
