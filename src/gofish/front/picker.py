"""The ask picker: whom to ask, for which rank (and suit), as a plain state machine.

No Textual here: the table screen feeds it keys and choices and shows what it holds, and the
tests drive it directly. Its one promise: "opponent key, rank key, Enter" asks that opponent for
that rank, wherever the ask line offers the opponents' keys. Every new ask starts at "whom"
(digits are opponents), an opponent choice moves to "rank" (digits are ranks), and a rank choice
moves to "ready" (a digit chooses an opponent again). Where the line asks for the rank alone
("What do you ask Bob for? A 2-9 ..."), a digit you hold is that rank, as the line says. The
rank is never carried into a new ask: after a hit the opponent has none of it left, and after a
miss the turn is over.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gofish.engine import Ask, Draw, SeatView
from gofish.engine.cards import parse_rank
from gofish.front.keyboard import latin_letter
from gofish.i18n import _
from gofish.names import OF, card_label, local_rank, rank_keys, rank_word

WHOM, RANK, SUIT, READY, DRAW = "target", "rank", "suit", "ready", "draw"
RANK_KEYS = {"a": "A", "t": "10", "0": "10", "j": "J", "q": "Q", "k": "K",
             **{str(d): str(d) for d in range(2, 10)}}
SUIT_KEYS = {"c": 0, "d": 1, "h": 2, "s": 3}


@dataclass
class Outcome:
    """What a key did: ``handled`` (the key was the picker's), a message to show, an action
    to send. A message with no action means nothing was sent."""

    handled: bool = True
    message: str = ""
    action: Ask | Draw | None = None


@dataclass
class Picker:
    """The choices of one seat's ask. ``start`` begins a new ask from a view."""

    names: tuple[str, ...]
    ask_for_card: bool = False
    bluff_asks: bool = False
    step: str = WHOM
    target: int | None = None
    rank: int | None = None
    suit: int | None = None
    view: SeatView | None = None
    started_at: int = -1  # the action count the current ask began at
    _last_target: int | None = field(default=None, repr=False)
    _rank_next: bool = field(default=False, repr=False)  # the last key was an opponent's digit

    # ------------------------------------------------------------------ what the view allows

    def targets(self) -> list[int]:
        v = self.view
        if v is None:
            return []
        return [o for o in range(v.players) if o != v.seat and v.counts[o]]

    def held_ranks(self) -> list[int]:
        return [] if self.view is None else sorted({c >> 2 for c in self.view.hand})

    # ------------------------------------------------------------------ starting an ask

    def start(self, view: SeatView, action_count: int) -> None:
        """A new ask (a new turn, or another ask after a hit or a lucky draw): the rank is
        cleared; the last opponent stays chosen if they still hold cards (or the only one)."""
        self.view = view
        self.started_at = action_count
        targets = self.targets()
        keep = self.target if self.target is not None else self._last_target
        self.target = keep if keep in targets else (targets[0] if len(targets) == 1 else None)
        self.rank = self.suit = None
        self._rank_next = False
        self.step = DRAW if not view.hand else WHOM

    def update(self, view: SeatView, action_count: int) -> None:
        """The table moved on (or only redrew): start a new ask if an action happened since."""
        if action_count != self.started_at:
            self.start(view, action_count)
        else:
            self.view = view

    def clear(self) -> None:
        """Nobody's ask is on screen (the hand left it)."""
        if self.target is not None:
            self._last_target = self.target
        self.view = None
        self.step, self.target, self.rank, self.suit = WHOM, None, None, None
        self.started_at = -1

    # ------------------------------------------------------------------ choices

    def choose_target(self, seat: int) -> str:
        """An opponent, by key, arrow or click: always (re)chosen, whatever the step."""
        self._rank_next = False
        v = self.view
        if v is None:
            return ""
        if seat == v.seat:
            return _("That is you: ask one of the others.")
        if not 0 <= seat < v.players:
            return _("There is no seat {n}.").format(n=seat + 1)
        if not v.counts[seat]:
            return _("{name} has no cards to ask for.").format(name=self.names[seat])
        self.target = seat
        if self.step != DRAW:  # the next digit is a rank: "3 9 2 8" asks Bob for eights
            self.step = SUIT if self.rank is not None and self._after_rank() == SUIT else RANK
        return ""

    def choose_rank(self, rank: int) -> str:
        self._rank_next = False
        if self.view is None or self.step == DRAW:
            return ""
        if rank not in self.held_ranks():
            return _("You have no {rank}: you may only ask for a rank you hold.").format(
                rank=rank_word(rank, role=OF))
        self.rank, self.suit = rank, None
        self.step = self._after_rank()
        return ""

    def _after_rank(self) -> str:
        if self.ask_for_card and self.suit is None and self.rank is not None:
            return SUIT
        return READY

    def choose_suit(self, suit: int) -> str:
        v = self.view
        if v is None or not self.ask_for_card or self.step == DRAW:
            return ""
        if self.rank is None:
            return _("Choose a rank first.")
        c = self.rank * 4 + suit
        if c in v.hand and not self.bluff_asks:
            return _("You already hold {card}; bluff asks are off.").format(card=card_label(c))
        self.suit = suit
        self.step = READY
        return ""

    def cycle_target(self, step: int) -> None:
        self._rank_next = False
        targets = self.targets()
        if not targets or self.step == DRAW:
            return
        i = targets.index(self.target) + step if self.target in targets else 0
        self.choose_target(targets[i % len(targets)])

    def cycle_rank(self, step: int) -> None:
        self._rank_next = False
        if self.view is None or self.step == DRAW:
            return
        if self.step == SUIT or (self.ask_for_card and self.rank is not None
                                 and self.step == READY and self.suit is not None):
            options = [s for s in range(4) if self.bluff_asks
                       or (self.rank or 0) * 4 + s not in self.view.hand]
            if options:
                i = options.index(self.suit) + step if self.suit in options else 0
                self.choose_suit(options[i % len(options)])
            return
        ranks = self.held_ranks()
        if ranks:
            i = ranks.index(self.rank) + step if self.rank in ranks else 0
            self.choose_rank(ranks[i % len(ranks)])

    def back(self) -> bool:
        """One step back; False if there was nothing to undo."""
        self._rank_next = False
        if self.step == SUIT or (self.step == READY and self.suit is not None):
            self.suit, self.step = None, SUIT
        elif self.rank is not None:
            self.rank, self.step = None, RANK if self.target is not None else WHOM
        elif self.step == RANK and len(self.targets()) > 1:
            self.step = WHOM
        else:
            return False  # nothing chosen (with one opponent, choosing it is not a step)
        return True

    # ------------------------------------------------------------------ keys

    def key(self, ch: str) -> Outcome:
        """A printable key: a digit, a rank letter, a suit letter. Not the picker's: unhandled."""
        if self.view is None or self.step == DRAW:
            return Outcome(False)
        ch = ch.lower()
        if local_rank(ch) is None:  # a local letter is its rank; else the key's Latin letter
            ch = latin_letter(ch)
        if not ch.isdigit():
            self._rank_next = False
        if self.step == SUIT and ch in SUIT_KEYS:
            return Outcome(message=self.choose_suit(SUIT_KEYS[ch]))
        if ch.isdigit() and ch != "0":
            return self._digit(int(ch))
        if ch in RANK_KEYS:
            return Outcome(message=self.choose_rank(parse_rank(RANK_KEYS[ch])))
        if (rank := local_rank(ch)) is not None:  # a court card by its local letter
            return Outcome(message=self.choose_rank(rank))
        return Outcome(False)

    def _digit(self, d: int) -> Outcome:
        """A digit is an opponent, except right after an opponent's digit: then it is a rank
        ("3 9" is Carol, nines). A rank you do not hold that names an opponent is them. With one
        opponent, chosen, a rank you hold is that rank."""
        v = self.view
        assert v is not None
        rank_next, self._rank_next = self._rank_next, False
        seat = d - 1
        is_opponent = 0 <= seat < v.players and seat != v.seat
        rank = parse_rank(str(d)) if d >= 2 else None
        held = rank is not None and rank in self.held_ranks()
        if rank_next and held:
            return Outcome(message=self.choose_rank(rank))  # type: ignore[arg-type]
        if held and self.target is not None and (
                (self.step == RANK and self.rank is None) or seat == v.seat):
            # the ask line asks "What do you ask Bob for? A 2-9 ..." (Bob chosen by an arrow,
            # a click, or kept and Enter asked for the rank): "3" is threes, not Carol; and
            # your own number, with an opponent chosen, can only be the rank
            return Outcome(message=self.choose_rank(rank))  # type: ignore[arg-type]
        if held and self.target is not None and len(self.targets()) == 1:
            # one opponent, already chosen: there is nobody else a digit could mean ("2" at a
            # two-seat table is twos, not Bob again); but if it is that opponent's number, the
            # next digit is still the rank ("2 9": nines, as at every other turn)
            message = self.choose_rank(rank)  # type: ignore[arg-type]
            self._rank_next = seat == self.target
            return Outcome(message=message)
        if rank_next and rank is not None and not is_opponent:
            # the rank after an opponent's number, not held: say so, and leave no rank chosen
            # (an earlier digit read as a rank must not be asked for instead)
            self.rank = self.suit = None
            self.step = RANK
            return Outcome(message=self.choose_rank(rank))
        if is_opponent or seat == v.seat or rank is None:
            message = self.choose_target(seat)
            self._rank_next = not message
            return Outcome(message=message)
        if held and self.target is not None:
            return Outcome(message=self.choose_rank(rank))  # "9" with no seat 9: nines
        if rank_next:
            return Outcome(message=self.choose_rank(rank))
        return Outcome(message=self.choose_target(seat))

    def confirm(self) -> Outcome:
        """Enter: the action, or what is still to choose (and nothing sent)."""
        if self.view is None:
            return Outcome(False)
        if self.step == DRAW:
            return Outcome(action=Draw())
        if self.target is None:
            self.step = WHOM
            return Outcome(message=_("Choose whom to ask: a number key, or ↑ ↓."))
        if self.rank is None:
            self.step = RANK
            return Outcome(message=_("Choose a rank: its key ({keys}) or ← →.").format(
                keys=rank_keys()))
        if self.ask_for_card:
            if self.suit is None:
                self.step = SUIT
                return Outcome(message=_("Choose a suit: C, D, H or S, or the arrows."))
            return Outcome(action=Ask(self.target, self.rank, self.suit))
        return Outcome(action=Ask(self.target, self.rank))
