"""The setup's lists (Select), opened at 80x24, cover no other text: they push the lines below
them down, in full view."""

from __future__ import annotations

from textual.geometry import Region
from textual.widgets import Button, Footer, Input, OptionList, Select, Static

from .helpers import make_app


def visible(widget) -> Region:
    """Where the widget shows on screen (clipped by its containers), empty if it does not."""
    try:
        return widget.screen.find_widget(widget).visible_region
    except Exception:  # not on screen at all (scrolled out of the compositor's map)
        return Region()


async def test_every_opened_list_covers_nothing_and_is_in_view(tmp_path) -> None:
    app = make_app(tmp_path, None, start="new")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        # a seat's, the preset's, and options from the middle to the end of the page (where
        # the list must be scrolled into view); each takes a second here, all of them 20
        selects = [screen.query_one(f"#{name}", Select)
                   for name in ("kind-1", "preset", "opt-end", "opt-scoring", "opt-pairs")]
        for select in selects:
            select.focus()
            await pilot.pause()
            await pilot.press("enter")
            listed = select.query_one(OptionList)
            # it opens, then is scrolled into view on a later refresh: wait for both (or fail)
            for _ in range(50):
                await pilot.pause()
                if select.expanded and visible(listed).height == listed.outer_size.height:
                    break
            shown = visible(listed)
            assert select.expanded and shown.area, select.id
            # all of it in view: scrolled there if it opened near the bottom
            assert shown.height == listed.outer_size.height, (select.id, shown, listed.region)
            others = [w for w in screen.query("Static, Input, Button, Select, Footer")
                      if isinstance(w, Static | Input | Button | Select | Footer)
                      and w is not select and select not in w.ancestors
                      and w not in select.ancestors_with_self and listed not in w.ancestors]
            for other in others:
                overlap = visible(other).intersection(shown)
                assert not overlap.area, f"the list of #{select.id} covers {other!r} at {overlap}"
            await pilot.press("escape")
            await pilot.pause()
            assert not select.expanded
