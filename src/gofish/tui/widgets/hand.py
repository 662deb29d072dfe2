"""Your hand as card faces: grouped by rank, the chosen rank raised in a double frame, cards new
since your last turn marked on their top edge. A thin renderer: ``show`` gives it what to draw."""

from __future__ import annotations

from textual.content import Content
from textual.message import Message
from textual.style import Style
from textual.widget import Widget

from gofish.i18n import _
from gofish.names import ascii_mode, rank_short, suit_symbol
from gofish.tui.cards import ASCII, BLUE, GREEN, INK_STYLES, UNICODE, four_colours, hand_rows
from gofish.tui.render import click

ROLE_CLASSES = {"red": "hand--red", "black": "hand--black", "frame": "hand--frame",
                "chosen": "hand--chosen", "new": "hand--new"}


class HandView(Widget):
    """The hand. Ranks are clickable, but a click target must not repaint the cards (Textual's
    link style would turn the red of hearts and diamonds into the text colour): no auto links."""

    auto_links = False
    COMPONENT_CLASSES = set(ROLE_CLASSES.values())
    DEFAULT_CSS = """
    HandView { height: 5; }
    HandView > .hand--red { color: red; text-style: bold; }
    HandView > .hand--black { text-style: bold; }
    HandView > .hand--frame { }
    HandView > .hand--chosen { color: $accent; text-style: bold; }
    HandView > .hand--new { color: $warning; text-style: bold; }
    """

    class RankChosen(Message):
        """A rank of the hand was clicked: the screen decides what that means now."""

        def __init__(self, rank: int) -> None:
            super().__init__()
            self.rank = rank

    def action_pick(self, rank: int) -> None:
        self.post_message(self.RankChosen(rank))

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: tuple[int, ...] = ()
        self.chosen: int | None = None
        self.new: frozenset[int] = frozenset()
        self.clickable = False
        self.hidden_note = ""
        self._cache: tuple[tuple, Content] | None = None

    def show(self, cards: tuple[int, ...], *, chosen: int | None, new: frozenset[int],
             clickable: bool, hidden_note: str = "") -> None:
        state = (cards, chosen, new, clickable, hidden_note)
        if state != (self.cards, self.chosen, self.new, self.clickable, self.hidden_note):
            self.cards, self.chosen, self.new, self.clickable, self.hidden_note = state
            self.refresh()

    @property
    def big(self) -> bool:
        return self.size.height >= 6

    def render(self) -> Content:
        width = self.content_size.width or self.size.width
        key = (self.cards, self.chosen, self.new, self.clickable, self.hidden_note, width,
               self.big, ascii_mode(), four_colours(), self.app.theme)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        content = self._draw(width)
        self._cache = (key, content)
        return content

    def _draw(self, width: int) -> Content:
        if self.hidden_note:
            return Content.styled(self.hidden_note, "dim")
        if not self.cards:
            return Content(_("(no cards)"))
        glyphs = ASCII if ascii_mode() else UNICODE
        rows = hand_rows(self.cards, width, chosen=self.chosen, new=self.new, big=self.big,
                         glyphs=glyphs, label=rank_short, suit=suit_symbol)
        styles: dict[str, Style | str] = {
            role: self.get_visual_style(cls) for role, cls in ROLE_CLASSES.items()}
        if getattr(self.app, "no_color", False):  # grey on black is no red: bold ink, as black
            styles["red"] = styles["black"]
        styles.update({role: INK_STYLES[role] for role in (BLUE, GREEN)})  # the four-colour deck
        lines = []
        for row in rows:
            parts = []
            for seg in row:
                part = Content(seg.text)
                style = styles.get(seg.role)
                if style is not None:
                    part = part.stylize(style)
                if self.clickable and seg.rank >= 0:
                    part = part.stylize(click(f"pick({seg.rank})"))
                parts.append(part)
            lines.append(Content.assemble(*parts))
        return Content("\n").join(lines)
