"""Looking back on a finished game, move by move, with every hand shown.

The coach's review (gofish.coach.review) holds the moves, the marks on the reviewed seat's
asks and the turning points; this screen only steps through it. It is only ever opened on a
finished game: an unfinished one would show hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from gofish.coach.review import Move, Review
from gofish.coach.words import (
    mark_text,
    no_turning_text,
    review_summary,
    swing_words,
    turning_title,
)
from gofish.front.keyboard import with_twins
from gofish.i18n import N_, _, ngettext
from gofish.names import ascii_mode, rank_short
from gofish.narrate import story
from gofish.tui.render import cards_row, dot
from gofish.tui.widgets.keys import KeyFooter

NAME_WIDTH = 12
TURNING_WIDTH = 78  # 80 columns less the padding


class ReviewScreen(Screen):
    BINDINGS = [
        Binding("right", "step(1)", N_("Move"), key_display="←→"),
        Binding("left", "step(-1)", N_("Move"), show=False),
        Binding("down", "step(1)", N_("Move"), show=False),
        Binding("up", "step(-1)", N_("Move"), show=False),
        Binding("pagedown", "turn(1)", N_("Turn"), key_display="PgUp/PgDn"),
        Binding("pageup", "turn(-1)", N_("Turn"), show=False),
        Binding("home", "to(0)", N_("Start/end"), key_display="Home/End"),
        Binding("end", "to(-1)", N_("Start/end"), show=False),
        Binding(with_twins("t"), "turning", N_("Turning point")),
        Binding(with_twins("p"), "next_player", N_("Player")),  # whose review, in pass and play
        Binding("escape", "back", N_("Back")),
    ]
    DEFAULT_CSS = """
    ReviewScreen #review-title { height: 1; background: $panel; padding: 0 1; }
    ReviewScreen #review-hands { height: auto; max-height: 12; padding: 0 1; }
    ReviewScreen #review-move { height: auto; padding: 0 1; border-top: solid $primary; }
    ReviewScreen #review-mark { height: auto; padding: 0 1; }
    ReviewScreen #review-turning { height: auto; padding: 0 1; border-top: solid $primary; }
    ReviewScreen #review-summary { height: auto; padding: 0 1; text-style: bold; }
    """

    def __init__(self, review: Review, names: Sequence[str], start: int = 0) -> None:
        super().__init__()
        self.review = review
        self.names = list(names)
        self.at = max(0, min(start, len(review.moves) - 1))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="review-title")
            with VerticalScroll(id="review-hands", can_focus=False):
                yield Static(id="review-table")
            yield Static(id="review-move")
            yield Static(id="review-mark")
            yield Static(id="review-turning")
            yield Static(id="review-summary")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.show()

    # ------------------------------------------------------------------ moving

    @property
    def last(self) -> int:
        return len(self.review.moves) - 1

    def go(self, at: int) -> None:
        self.at = max(0, min(at, self.last))
        self.show()

    def action_step(self, by: int) -> None:
        self.go(self.at + by)

    def action_to(self, at: int) -> None:
        self.go(self.last if at < 0 else at)

    def action_turn(self, by: int) -> None:
        starts = self.review.turn_starts()
        if by > 0:
            self.go(next((s for s in starts if s > self.at), self.last))
        else:
            self.go(next((s for s in reversed(starts) if s < self.at), 0))

    def action_turning(self) -> None:
        points = self.review.turning
        if points:
            self.go(next((p for p in points if p > self.at), points[0]))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_player":
            return len(self.review.humans) > 1
        return True

    def action_next_player(self) -> None:
        """The next human's review of the same game, at the same move (only the first
        human's could be seen: at one laptop, each player wants their own)."""
        humans = self.review.humans
        if len(humans) < 2:
            return
        at = humans.index(self.review.seat) if self.review.seat in humans else -1
        self.review = self.review.as_seat(humans[(at + 1) % len(humans)])
        self.show()

    def action_back(self) -> None:
        self.app.pop_screen()

    # ------------------------------------------------------------------ drawing

    def show(self) -> None:
        move = self.review.moves[self.at]
        self.query_one("#review-title", Static).update(self.title_line())
        self.query_one("#review-table", Static).update(self.table(move))
        self.query_one("#review-move", Static).update(self.narration(move))
        mark = self.query_one("#review-mark", Static)
        mark.update(Content(mark_text(move.mark, self.names, pairs=self.review.rules.pairs))
                    if move.mark else Content(""))
        mark.display = move.mark is not None
        self.query_one("#review-turning", Static).update(self.turning())
        self.query_one("#review-summary", Static).update(Content(review_summary(self.review)))

    def title_line(self) -> Content:
        you = self.names[self.review.seat]
        text = _("Review") + dot() + _("move {n} of {total}").format(
            n=self.at, total=self.last) + dot() + _("as {name}").format(name=you)
        return Content.styled(text, "bold")

    def table(self, move: Move) -> Content:
        after = move.after
        rows: list[Content] = []
        for seat, name in enumerate(self.names):
            mark = ">" if seat == move.seat else " "
            label = Content.styled((mark + name)[:NAME_WIDTH - 1].ljust(NAME_WIDTH),
                                   "bold" if seat == self.review.seat else "")
            hand = cards_row(after.hands[seat]) if after.hands[seat] else Content("-")
            books = " ".join(rank_short(r) for r in after.books[seat])
            line = label + hand
            if books:
                listed = (_("pairs: {ranks}") if self.review.rules.pairs
                          else _("books: {ranks}"))
                line += Content("  ") + Content.styled(listed.format(ranks=books), "italic")
            rows.append(line)
        rows.append(Content(ngettext("{n} card in the stock", "{n} cards in the stock",
                                     after.stock).format(n=after.stock)))
        return Content("\n").join(rows)

    def narration(self, move: Move) -> Content:
        pairs = self.review.rules.pairs
        lines = story(move.events, self.names, self.review.seat, pairs)
        text = " ".join(line.text for line in lines) or _("The deal.")
        if self.at in self.review.turning:
            text += " " + _("A turning point: {swing}.").format(swing=swing_words(move.swing))
        return Content(text)

    def turning(self) -> Content:
        rows = [Content.styled(turning_title(pairs=self.review.rules.pairs), "bold")]
        for number in self.review.turning:
            move = self.review.moves[number]
            lines = story(move.events, self.names, self.review.seat, self.review.rules.pairs)
            first = lines[0].text if lines else ""
            here = ">" if number == self.at else " "
            text = _("{here}move {n} ({swing}): {what}").format(
                here=here, n=number, swing=swing_words(move.swing), what=first)
            if len(text) > TURNING_WIDTH:  # one line each: the move itself is a key away
                more = "..." if ascii_mode() else "…"
                text = text[:TURNING_WIDTH - len(more)].rstrip() + more
            rows.append(Content(text))
        if not self.review.turning:
            rows.append(Content(no_turning_text(pairs=self.review.rules.pairs)))
        return Content("\n").join(rows)

