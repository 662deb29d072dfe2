"""The high-contrast theme reads at 4.5:1 or more on every screen, and NO_COLOR draws no colour
on any: both measured from what the app draws (tests/tui/contrast.py), screen by screen.

A dozen screens run in the normal suite (each kind of screen once: start, setup with marked
fields, table, pass screen, final move, game over, history, help, settings, review, notices;
fewer for NO_COLOR, whose filter is one for all screens); every scene the snapshots know, and a
few more, under ``--slow``. The checks are shown to fail: on the default
theme, on a colour too faint, on dim text, and without NO_COLOR.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from textual.content import Content
from textual.widgets import Static

from gofish.tui.theme import HIGH_CONTRAST as HIGH_CONTRAST_THEME

from .contrast import cells, coloured, contrast, too_faint
from .scenes import (
    BOTH,
    FOUR_COLOURS,
    MORE_SCENES,
    SCENES,
    Scene,
    no_color,
    with_display,
)

ALL = {s.name: s for s in SCENES + MORE_SCENES}
EVERY_KIND = ["menu", "setup-wrong", "table-memory", "table-kids", "pass-the-device", "final-move",
              "game-over", "history-unreadable", "help", "settings", "review", "notices"]
NO_COLOR_KINDS = ["menu", "setup", "notices", "pass-the-device", "game-over", "settings"]


def _params(fast: list[str]) -> list:
    return [pytest.param(ALL[name], id=name) for name in fast] + [
        pytest.param(scene, id=name, marks=pytest.mark.slow)
        for name, scene in ALL.items() if name not in fast]


async def play(scene: Scene, pilot) -> None:
    """Bring the scene on screen (notices shown: run it with ``notifications=True``)."""
    if scene.run_before is not None:
        await scene.run_before(pilot)
    await pilot.pause()


def report(faint) -> str:
    return "\n".join(str(c) for c in faint[:30])


@pytest.mark.parametrize("scene", _params(EVERY_KIND))
async def test_high_contrast_reads_everywhere(tmp_path: Path, scene: Scene) -> None:
    """Under the high-contrast theme (and the four-colour deck: its inks are text too), no
    text below 4.5:1 and no frame or bar below 3:1, from the cells drawn."""
    app = scene.make(tmp_path)
    app.change_display(BOTH)  # as chosen in the settings (some scenes start with another)
    async with app.run_test(size=scene.size, notifications=True) as pilot:
        await play(scene, pilot)
        assert app.theme == HIGH_CONTRAST_THEME
        assert len(cells(app)) >= 3, "nothing drawn: the check would pass on a blank screen"
        faint = too_faint(app)
        assert not faint, f"{scene.name}: too faint under high contrast:\n{report(faint)}"


async def test_the_default_theme_fails_the_check(tmp_path: Path) -> None:
    """The same check on the default theme finds its faint text (the start view's disabled
    Continue, 3.4:1): it is not a check that passes whatever is drawn."""
    scene = ALL["menu"]
    app = scene.make(tmp_path)
    async with app.run_test(size=scene.size) as pilot:
        await play(scene, pilot)
        faint = too_faint(app)
        assert any("Continue (C)" in c.text for c in faint), report(faint)


@pytest.mark.parametrize("style, dim", [("#5a5a5a", False), ("#909090", True)])
async def test_a_faint_or_dim_text_fails_the_check(tmp_path: Path, style: str,
                                                   dim: bool) -> None:
    """A deliberately faint colour on the high-contrast table is found, and so is a colour
    that passes (#909090, 6.4:1 on black) once dimmed (half way to the black: 3.0:1)."""
    scene = ALL["table"]
    app = with_display(scene.make, BOTH)(tmp_path)
    async with app.run_test(size=scene.size) as pilot:
        await play(scene, pilot)
        assert not too_faint(app)
        await app.screen.mount(Static(Content.styled("faint words", style + " dim" * dim)))
        await pilot.pause()
        faint = too_faint(app)
        assert [c.text for c in faint] == ["faint words"], report(faint)
    assert contrast((0x90, 0x90, 0x90), (0, 0, 0)) > 4.5  # undimmed, it would pass


@pytest.mark.parametrize("scene", _params(NO_COLOR_KINDS))
async def test_no_color_draws_greys_only(tmp_path: Path, scene: Scene) -> None:
    """NO_COLOR (with the four-colour deck chosen: its blue and green too): every ink and
    every background drawn is a grey."""
    app = no_color(lambda: scene.make(tmp_path))
    app.change_display(replace(app.display_settings, four_colours=True))
    async with app.run_test(size=scene.size, notifications=True) as pilot:
        await play(scene, pilot)
        assert app.no_color
        shown = coloured(app)
        assert not shown, f"{scene.name}: colour under NO_COLOR:\n{report(shown)}"


async def test_without_no_color_the_same_table_has_colour(tmp_path: Path) -> None:
    """The control: the table the NO_COLOR check passes is coloured without it."""
    scene = ALL["notices"]
    app = with_display(scene.make, FOUR_COLOURS)(tmp_path)
    async with app.run_test(size=scene.size, notifications=True) as pilot:
        await play(scene, pilot)
        assert not app.no_color
        assert len(coloured(app)) > 10
