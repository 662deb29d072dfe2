"""A key line that fits its width exactly is drawn whole: no gap after the last key pushing it
over the edge, where the cut took the last letter of Quit ("^q Kelua…" in Indonesian)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding

from gofish.tui.widgets.keys import KeyFooter, fit

# 1 column of margin, then "a " and 14 letters and 2 columns of gap, five times, then
# "b Lastletter": 1 + 5 * (16 + 2) + 12 = 103; at 103 columns it fits exactly, 2 apart
WIDTH = 103


class Keys(App):
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding(k, f"nothing('{k}')", d) for k, d in
                [("a", "A" * 14), ("c", "C" * 14), ("e", "E" * 14), ("f", "F" * 14),
                 ("g", "G" * 14), ("b", "Lastletter")]]

    def compose(self) -> ComposeResult:
        yield KeyFooter()

    def action_nothing(self, _key: str) -> None:
        pass


async def test_a_line_that_fits_exactly_keeps_its_last_letter():
    app = Keys()
    async with app.run_test(size=(WIDTH, 3)) as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        keys = footer.keys()
        assert [k.key for k in keys] == ["a", "c", "e", "f", "g", "b"]
        shown, gap = fit(keys, WIDTH)
        assert shown == keys and gap == 2
        line = footer.render().plain
        assert line.endswith("b Lastletter"), line
        assert "…" not in line and len(line) <= WIDTH
