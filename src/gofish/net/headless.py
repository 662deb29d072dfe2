"""``gofish join --auto LEVEL``: a seat with no screen, played by a computer of that level.

It is a joined seat like any other (same handshake, same secret, same reconnection), which
makes it the scripted client of the end-to-end tests and a way to fill a seat from another
machine. It prints the game as the seat sees it: the log lines, and its hand after each change.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TextIO

from gofish.ai import Player, make_player
from gofish.i18n import _
from gofish.names import card_label
from gofish.narrate import story
from gofish.store.joined import SecretBook

from .client import RemoteSession
from .seat_client import SeatClient, Stop
from .text import clean_lines


class AutoSeat:
    """Plays the seat from what the session was told, as a computer player would."""

    def __init__(self, session: Callable[[], RemoteSession], level: str, out: TextIO,
                 seed: int = 0) -> None:
        self._session = session  # the client's session (a new one for another table)
        self.level = level
        self.out = out
        self.seed = seed
        self.player: Player | None = None
        self.seen = 0  # events the player has observed
        self.printed = 0  # events already printed
        self.actions = 0
        self.on_over: Callable[[], None] = lambda: None

    @property
    def session(self) -> RemoteSession:
        return self._session()

    def on_change(self, kind: str) -> None:
        s = self.session
        if kind == "hello":
            self.player = make_player(self.level, s.seat, s.rules, len(s.names),
                                      self.seed * 7919 + s.seat)
            self.seen = self.printed = 0
            self.say(_("Seat {n} of {names}.").format(n=s.seat + 1, names=", ".join(s.names)))
        elif kind == "offline":
            self.say(_("Connection lost: reconnecting…"))
        elif kind == "error" and s.error is not None:
            self.say(_("The host says: {what}").format(what=s.error[1]))
        elif kind == "lobby" and s.lobby is not None:
            waiting = sum(1 for seat in s.lobby.get("seats", []) if seat.get("status") == "empty")
            self.say(_("Waiting for {n} more players.").format(n=waiting) if waiting else
                     _("Every seat is taken."))
        if self.player is None or not s.started:
            return
        for e in s.events[self.seen:]:
            self.player.observe(e)
        self.seen = s.event_count
        if kind in ("state", "turn"):
            for line in story(s.events[self.printed:], s.names, s.seat, s.rules.pairs):
                self.say(line.text)
            self.printed = s.event_count
            view = s.view(s.seat)
            hand = " ".join(card_label(c) for c in view.hand) or "—"
            self.say(_("Your hand: {cards}").format(cards=hand))
        if kind == "turn" and s.deal_over:
            s.next_deal()  # any seat may start the next deal
        elif kind == "turn" and s.to_act == s.seat:
            s.play(s.seat, self.player.choose(s.view(s.seat)))
            self.actions += 1
        if s.over:
            self.on_over()

    def say(self, text: str) -> None:
        print(clean_lines(text), file=self.out, flush=True)  # the host's names are in it


async def play_headless(host: str, port: int, code: str, name: str, level: str, *,
                        book: SecretBook | None, transcript: TextIO | None = None,
                        out: TextIO = sys.stdout, give_up_after: float = 60.0) -> int:
    def seat() -> RemoteSession:
        session = client.session
        assert isinstance(session, RemoteSession)  # (a seat's client: never a watcher's)
        return session

    auto = AutoSeat(seat, level, out)
    client = SeatClient(host, port, code, name, session=RemoteSession(),
                        on_change=auto.on_change, book=book, transcript=transcript,
                        give_up_after=give_up_after)
    auto.on_over = client.stop
    try:
        await client.run()
    except Stop as e:
        print(clean_lines(_("gofish: {why}").format(why=e.text)), file=sys.stderr)
        return 1
    session = seat()
    if session.over:
        winners = ", ".join(session.names[w] for w in session.winners)
        auto.say(_("Game over: {names} won.").format(names=winners))
        return 0
    return 1


def run_headless(*args: object, **kwargs: object) -> int:
    return asyncio.run(play_headless(*args, **kwargs))  # type: ignore[arg-type]
