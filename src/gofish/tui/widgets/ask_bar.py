"""The ask line: "Ask Bob for nines", what to choose next, and the [Ask] button."""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from gofish.front.picker import DRAW, RANK, READY, WHOM, Picker
from gofish.i18n import _
from gofish.names import ASK, ONE, card_words, rank_word
from gofish.tui.render import click, rank_keys


class AskBar(Static):
    auto_links = False
    DEFAULT_CSS = "AskBar { height: 1; padding: 0 1; }"


def ask_content(session, picker: Picker, *, can_ask: bool, handover: bool,
                width: int | None = None) -> Content:
    """The line; in ``width`` cells when given (it is one row): what is left out first is
    what is said elsewhere too (the top bar says the turn is over; the help has the keys)."""
    s = session
    if s.over or s.deal_over:
        return Content("")
    if handover and s.to_act is not None:
        step = _("Press Enter, then pass the device to {name}.").format(name=s.names[s.to_act])
        line = Content.assemble((_("Your turn is over."), "bold"), " ", step)
        if width is not None and line.cell_length > width:
            line = Content.styled(step, "bold")  # the name the device goes to, in full
        return line
    if not can_ask:
        seat = s.to_act
        if seat is not None and s.computer_to_act():
            return Content.assemble(
                (_("{name} is thinking…").format(name=s.names[seat]), "italic"),
                "  ", (_("Space: skip ahead"), "dim"))
        return Content("")
    if picker.step == DRAW:
        return Content.assemble((_("Your hand is empty."), "bold"), " ",
                                _("Press Enter to draw from the stock."))
    target, rank, suit = picker.target, picker.rank, picker.suit
    card_mode = s.rules.ask_for == "card"
    if rank is None:
        what = None
    elif card_mode:  # a card, or before its suit one card of the rank ("a king")
        what = card_words(rank * 4 + suit) if suit is not None else rank_word(rank, role=ONE)
    else:
        what = rank_word(rank, role=ASK)
    hint = {
        "target": _("Whom? {keys} or ↑↓").format(keys=seat_keys(picker.targets())),
        "rank": _("Which rank? {keys} or ←→").format(keys=rank_keys()),
        "suit": _("Which suit? C D H S or ←→"),
    }.get(picker.step, "")
    # where the sentence itself asks, the hint gives only the keys (not "Whom?" twice)
    if target is None:
        hint = _("{keys} or ↑↓").format(keys=seat_keys(picker.targets()))
    elif rank is None and (picker.step == RANK or len(picker.targets()) == 1):
        hint = _("{keys} or ←→").format(keys=rank_keys())
    elif rank is None and picker.step == WHOM:  # the last opponent, kept: digits still choose
        hint = _("Someone else? {keys} or ↑↓").format(keys=seat_keys(picker.targets()))
    elif rank is not None and (not card_mode or suit is not None) and \
            picker.step in ("rank", READY):
        hint = _("Enter: ask")
    if card_mode and what is not None and suit is None and target is not None:
        # the suit is what is asked now: "Ask Hal for the king of ?" read as broken
        sentence = _("Ask {name} for {what} of which suit?").format(name=s.names[target],
                                                                    what=what)
    else:
        sentence = ask_sentence(s.names[target] if target is not None else None, what)
    button = ask_button("screen.confirm")
    line = Content.assemble((sentence, "bold"), "   ", (hint, "dim"), "  ", button)
    if width is not None and line.cell_length > width:  # the keys' hint goes first
        line = Content.assemble((sentence, "bold"), "  ", button)
    if width is not None and line.cell_length > width:
        room = max(width - button.cell_length - 2, 1)
        line = Content.assemble(Content.styled(sentence, "bold").truncate(room, ellipsis=True),
                                "  ", button)
    return line


def ask_button(action: str) -> Content:
    """The [Ask] button at the end of an ask line: a click runs ``action``."""
    return Content.styled("[" + _("Ask") + "]", "reverse").stylize(click(action))


def seat_keys(seats: list[int]) -> str:
    """The number keys of the seats one may ask, as short as it reads: "2-4", "1,3", "1,3-5"
    (never a range through your own seat, whose key only says "That is you")."""
    parts: list[str] = []
    run: list[int] = []
    for key in [s + 1 for s in sorted(seats)] + [-1]:
        if run and key == run[-1] + 1:
            run.append(key)
            continue
        if len(run) >= 3:
            parts.append(f"{run[0]}-{run[-1]}")
        else:
            parts.extend(str(k) for k in run)
        run = [key]
    return ",".join(parts)


def ask_sentence(who: str | None, what: str | None) -> str:
    """The ask as chosen so far: a question while the opponent or the rank is missing, never
    a "?" where a name or a rank goes ("?, дай мне двойки!" read as broken)."""
    if who is None:
        return _("Whom do you ask?") if what is None else \
            _("Whom do you ask for {what}?").format(what=what)
    if what is None:
        return _("What do you ask {name} for?").format(name=who)
    return _("Ask {name} for {what}").format(name=who, what=what)
