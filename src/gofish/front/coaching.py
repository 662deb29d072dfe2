"""The coach of the seat on screen, told every event that seat has seen (only new ones are
read). It never speaks for a seat not on screen: each call names the seat."""

from __future__ import annotations

from dataclasses import dataclass, field

from gofish.coach import Coach, TableMemory
from gofish.coach.words import hint_text, reason_text
from gofish.engine import Ask, SeatView
from gofish.session import TableSession


@dataclass
class SeatCoach:
    session: TableSession
    _coach: Coach | None = field(default=None, repr=False)
    _upto: int = 0

    def of(self, seat: int) -> Coach:
        s = self.session
        if self._coach is None or self._coach.seat != seat:
            self._coach, self._upto = Coach(seat, s.rules, len(s.names)), 0
        events = s.events_for(seat, self._upto)
        for e in events:
            self._coach.observe(e)
        self._upto += len(events)
        return self._coach

    def hint(self, seat: int, view: SeatView) -> tuple[Ask, str] | None:
        """The coach's ask and its reason in words; None when there is nothing to ask."""
        hint = self.of(seat).hint(view)
        if hint is None:
            return None
        s = self.session
        return hint.ask, hint_text(hint, s.names, pairs=s.rules.pairs)

    def warn(self, seat: int, view: SeatView, ask: Ask) -> str | None:
        """Why the record proves ``ask`` will miss, in words; None when it does not."""
        reason = self.of(seat).warn_reason(view, ask)
        if reason is None:
            return None
        s = self.session
        return reason_text(reason, s.names, pairs=s.rules.pairs)

    def memory(self, seat: int, view: SeatView) -> TableMemory:
        return self.of(seat).memory(view)
