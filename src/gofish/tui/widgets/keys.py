"""The key line at the bottom of every screen: one widget that always fits its width.

Textual's Footer is a row of one widget per key: it cut the last key in half where a language's
words ran longer (Russian "Выход" at 80 columns), and its widgets were a good part of the start
view's first frame. This draws the same keys as one line: spaced as the Footer spaces them when
they fit, closer when not, and then without the keys just before the last (the coach's, at the
table: the help lists every key), never the first ones nor the last (Quit).
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import ActiveBinding
from textual.content import Content
from textual.widget import Widget

from gofish.tui.render import click


@dataclass(frozen=True)
class Key:
    """One key as the line shows it."""

    key: str  # what a press sends (the first of the binding's keys)
    shown: str  # how the key is written ("⏎", "^q")
    description: str
    enabled: bool = True

    def width(self, gap: int) -> int:
        return len(self.shown) + (1 + len(self.description) if self.description else 0) + gap


def fit(keys: list[Key], width: int) -> tuple[list[Key], int]:
    """The keys that fit ``width`` columns and the gap between them: 2 columns if all fit so,
    else 1; then the keys just before the last go, one by one, until the rest fit."""
    for gap in (2, 1):
        if sum(k.width(gap) for k in keys) - 1 <= width:  # a margin of gap - 1 each side
            return keys, gap
    keys = list(keys)
    while len(keys) > 2 and sum(k.width(1) for k in keys) - 1 > width:
        del keys[-2]
    return keys, 1


class KeyFooter(Widget):
    """The screen's keys, as Textual's Footer lists them (shown bindings, one per action, in
    order), on one line. A click presses the key."""

    auto_links = False
    COMPONENT_CLASSES = {"keys--key", "keys--description"}
    DEFAULT_CSS = """
    KeyFooter {
        dock: bottom;
        height: 1;
        background: $footer-background;
        color: $footer-description-foreground;
    }
    KeyFooter > .keys--key {
        color: $footer-key-foreground;
        text-style: bold;
    }
    KeyFooter > .keys--description {
        color: $footer-description-foreground;
    }
    """

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen) -> None:
        self.refresh()

    def keys(self) -> list[Key]:
        """The shown bindings of the screen (and the app), the first binding of each action."""
        seen: set[str] = set()
        keys = []
        # in the order the screen declares them, the app's (Quit) last: a focused field's
        # own key (Ctrl+D in a text field) came first and reordered the line
        def declared(item: tuple[str, ActiveBinding]) -> tuple[bool, int]:
            key, active = item
            order = list(active.node._bindings.key_to_bindings)
            return active.node is self.app, order.index(key) if key in order else len(order)

        for _key, active in sorted(self.screen.active_bindings.items(), key=declared):
            binding = active.binding
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            keys.append(Key(binding.key.split(",")[0].strip(), self.app.get_key_display(binding),
                            binding.description, active.enabled))
        return keys

    def render(self) -> Content:
        width = self.size.width
        keys, gap = fit(self.keys(), width)
        key_style = self.get_visual_style("keys--key")
        text_style = self.get_visual_style("keys--description")
        parts: list[Content] = [Content(" " * (gap - 1))]
        for i, k in enumerate(keys):
            if i:  # between keys only: a gap after the last one made a line that fits exactly
                parts.append(Content(" " * gap))  # run over, and cut its last letter
            item = Content.assemble(Content(k.shown).stylize(key_style),
                                    *((" ", Content(k.description).stylize(text_style))
                                      if k.description else ()))
            if not k.enabled:
                item = item.stylize("dim")
            parts.append(item.stylize(click(f"app.simulate_key({k.key!r})")))
        return Content.assemble(*parts).truncate(width, ellipsis=True)
