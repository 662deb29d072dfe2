"""Regenerate screenshots/ for every screen: SVG always, PNG too where cairosvg is installed.

    .venv/bin/python scripts/screenshots.py [SCENE ...]

With scene names (game-over, table, ...), only those pictures are made again.

The scenes are the snapshot tests' own (tests/tui/scenes.py), with the same seeds and clock.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.tui.scenes import SCENES, Scene  # noqa: E402

OUT = ROOT / "screenshots"


async def shoot(scene: Scene, folder: Path) -> str:
    app = scene.make(folder)
    async with app.run_test(size=scene.size) as pilot:
        if scene.run_before is not None:
            await scene.run_before(pilot)
        await pilot.pause()
        return app.export_screenshot(title=f"gofish: {scene.name}")


def main() -> int:
    os.environ["TZ"] = "UTC"
    time.tzset()
    OUT.mkdir(exist_ok=True)
    try:
        import cairosvg
    except ImportError:
        cairosvg = None
        print("cairosvg is not installed: writing SVG only", file=sys.stderr)
    wanted = set(sys.argv[1:])
    unknown = wanted - {scene.name for scene in SCENES}
    if unknown:
        print(f"no such scene: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    for scene in SCENES:
        if wanted and scene.name not in wanted:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            svg = asyncio.run(shoot(scene, Path(tmp)))
        path = OUT / f"{scene.name}.svg"
        path.write_text(svg, encoding="utf-8")
        if cairosvg is not None:
            cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(path.with_suffix(".png")),
                             output_width=scene.size[0] * 12)
        print(path.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
