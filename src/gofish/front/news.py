"""What the table says after a move: the message line and the moment on the table.

The message line tells the last thing that happened (lucky draws, books and the end of the
game first) and names cards taken from you; a "Go fish!", a lucky draw or a new book is also a
moment on the table. Plain text with an emphasis per line: the front end chooses the look.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gofish.engine import events as ev
from gofish.i18n import _
from gofish.names import OF, cards_label, rank_word
from gofish.narrate import BOOK, LUCKY, OVER, story
from gofish.session import TableSession

from .speech import concerns

PLAIN, STRONG, STRESS = "plain", "strong", "stress"  # a line's emphasis: none, bold, reversed


@dataclass(frozen=True)
class Said:
    """The message line: lines of text, each with its emphasis."""

    lines: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        return "\n".join(text for text, _emphasis in self.lines)


@dataclass(frozen=True)
class News:
    said: Said = field(default_factory=Said)
    moment: str = ""
    dwell: bool = False  # the move concerns the player on screen: it stays up longer


def tell(session: TableSession, viewer: int | None, start: int, taken: list[str]) -> News:
    """The news of the events from ``start`` for ``viewer`` (None: the public story).
    ``taken`` (the cards taken from the viewer since they last acted) grows with these."""
    s = session
    events = s.events_for(viewer, start)
    lines = story(events, s.names, viewer, s.rules.pairs, played_by=s.played_by, start=start)
    you = frozenset(s.human_seats) if viewer is None else frozenset({viewer})
    for e in events:
        if viewer is not None and e.kind == ev.GAVE and e.target == viewer:
            taken.append(_("{name} took {cards} from you.").format(
                name=s.names[e.seat], cards=cards_label(sorted(e.cards))))
    said: tuple[tuple[str, str], ...] = ()
    for line in reversed(lines):
        if line.kind in (LUCKY, BOOK, OVER):
            said = ((line.text, STRESS),)
            break
    else:
        if lines:
            said = ((lines[-1].text, PLAIN),)
    if taken:
        said = ((" ".join(taken), STRONG), *(said or (("", PLAIN),)))
    return News(Said(said), moment_of(session, viewer, events), concerns(events, you))


def moment_of(session: TableSession, viewer: int | None, events: list[ev.Event]) -> str:
    """The most telling event of a move, for a bubble on the table ("" if none)."""
    s = session
    text = ""
    for e in events:
        if e.kind == ev.GO_FISH:
            text = _("{target} said “Go fish!”").format(target=s.names[e.target]) \
                if e.target != viewer else _("You said “Go fish!”")
        elif e.kind == ev.LUCKY:
            text = _("Lucky draw!")
        elif e.kind == ev.BOOK:
            rank = rank_word(e.rank, role=OF)
            said = _("{name}: a pair of {rank}!") if s.rules.pairs else \
                _("{name}: a book of {rank}!")
            text = said.format(name=s.names[e.seat], rank=rank)
    return text
