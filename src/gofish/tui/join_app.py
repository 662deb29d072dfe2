"""``gofish join ADDR:PORT CODE``: the game's app, straight to a seat at a table hosted
elsewhere. It is the same app as ``gofish`` (one contract for a local game and a shared
table: the session says which it is); leaving the table leaves gofish, as it came."""

from __future__ import annotations

from typing import TextIO

from gofish.front.place import Place

from .app import GofishApp


def joined_app(host: str, port: int, code: str, name: str, *, data_dir: str | None = None,
               profile: str | None = None, ascii: bool = False,
               transcript: TextIO | None = None) -> GofishApp:
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return GofishApp(data_dir=data_dir, profile=profile, ascii=ascii, computer_delay=0.0,
                     join=Place(code, where, name), transcript=transcript)
