"""One game played line by line over the same Session the Textual table uses.

Every event is printed once as the sentence the table's log shows (gofish.narrate), as the seat
on the device sees it. On a human's turn the hand is printed in words, then who holds how many
cards, and the prompt reads the answer (gofish.plain.words). Between two human players at one
device the hand is taken off the screen and the next player confirms with their own key before
anything of theirs is printed; what they missed is recapped without a card.

A shared table (gofish.plain.shared) is this same table over a joined seat's session: the hooks
``ask``, ``wait``, ``deal_ready`` and ``game_over`` are where it differs (the host moves the
table on, and a question may be overtaken by it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gofish.engine import Draw, IllegalAction
from gofish.i18n import _, ngettext, pgettext
from gofish.names import OF, card_words, rank_word
from gofish.narrate import since_last_turn, story
from gofish.rules_text import summary
from gofish.session import TableSession
from gofish.store.errors import StoreError

from .console import Console
from .words import Command, Context, Refusal, Vocabulary, command_words, example, read

QUIT, OVER = "quit", "over"
LOG_LINES = 20


class TableMoved(Exception):
    """The question asked is no longer the table's: a shared table moved on meanwhile (another
    player started the next deal, a rematch began); the table looks again."""


def hand_words(cards: tuple[int, ...]) -> str:
    return ", ".join(card_words(c) for c in cards)


@dataclass
class Key:
    """What a player types to say they are at the device: their seat number, or their initial
    when no other seat's name starts with it."""

    number: str
    letter: str | None

    def matches(self, text: str) -> bool:
        text = text.strip().casefold()
        return text == self.number or (self.letter is not None and text == self.letter)

    def __str__(self) -> str:
        if self.letter is None:
            return self.number
        return _("{number} or {letter}").format(number=self.number, letter=self.letter)


def seat_key(names: tuple[str, ...], seat: int) -> Key:
    initials = [n[:1].casefold() for n in names]
    letter = initials[seat]
    unique = initials.count(letter) == 1 and letter.isalpha()
    return Key(str(seat + 1), letter if unique else None)


class PlainTable:
    def __init__(self, console: Console, session: TableSession) -> None:
        self.console = console
        s = session
        self.session = s
        humans = s.human_seats
        self.hidden = len(humans) >= 2 and not s.rules.open_hands  # pass and play
        self.viewer: int | None = None if self.hidden else (humans[0] if humans else None)
        self.shown = 0  # events already printed
        self.status = ""  # the last hand-and-counts block printed
        self.vocab = Vocabulary.current()
        self.hinted: set[int] = set()  # the seats shown the example answer
        self.ended: tuple[str, int] | None = None  # the end (game, actions) whose results are out

    # ------------------------------------------------------------------ the loop

    def run(self, resumed: bool = False) -> str:
        """Play until the game is over (OVER) or the player leaves (QUIT); EndOfInput passes
        through (every action is saved already)."""
        if resumed and not self.hidden and self.viewer is not None:
            self.recap(self.viewer)
        while True:
            try:
                done = self.step()
            except TableMoved:
                continue
            if done is not None:
                return done

    def step(self) -> str | None:
        """One thing the table does: a move, a question, a wait; QUIT or OVER at the end."""
        s = self.session
        if s.over:
            self.flush()
            self.results_once()
            return self.game_over()
        if s.deal_over:
            self.flush()
            self.results_once()
            if not self.deal_ready():
                return QUIT if self.wait() == QUIT else None
            answer = self.ask(_("Press Enter for the next deal, or type quit."))
            if self.is_quit(answer):
                return QUIT
            self.act(s.next_deal)
            return None
        seat = s.to_act
        if s.computer_to_act():
            self.act(s.step_computer)
            self.flush()
            self.console.pause()
            return None
        if seat is None or not s.is_human(seat):  # a shared table: the host moves it on
            self.flush()
            return QUIT if self.wait() == QUIT else None
        if self.hidden and seat != self.viewer:
            self.flush()
            return QUIT if self.hand_over(seat) == QUIT else None
        if s.rules.open_hands:
            self.viewer = seat
        self.flush()
        return QUIT if self.turn(seat) == QUIT else None

    # ------------------------------------------------------------------ what a shared table
    # does its own way (gofish.plain.shared)

    def ask(self, prompt: str) -> str:
        return self.console.ask(prompt)

    def wait(self) -> str | None:
        """Nobody here can act: at a table played here that cannot happen."""
        raise AssertionError("a local table always has someone to act")  # pragma: no cover

    def deal_ready(self) -> bool:
        """Whether this terminal may move the table on to the next deal now."""
        return True

    def game_over(self) -> str | None:
        """What follows the results: OVER (back to the menu), or None to play on."""
        return OVER

    # ------------------------------------------------------------------ telling

    def act(self, step: Callable[[], object]) -> None:
        try:
            step()
        except StoreError as e:  # the move is made in memory; the file keeps the one before
            self.console.say(_("Could not save the game: {why}").format(why=e))
        except IllegalAction as e:  # a shared table's host cannot be reached just now
            self.console.say(str(e))

    def flush(self) -> None:
        """Print the events not printed yet, as the seat on the device sees them."""
        s = self.session
        if s.event_count <= self.shown:
            return  # (a seat that reconnects is told the game again: not printed twice)
        for line in story(s.events_for(self.viewer, self.shown), s.names, self.viewer,
                          s.rules.pairs, words=True, played_by=s.played_by, start=self.shown):
            self.console.say(line.text)
        self.shown = s.event_count

    def results_once(self) -> None:
        """The results of the deal or game just ended, printed once."""
        s = self.session
        end = (s.game_id, s.action_count)
        if self.ended != end:
            self.ended = end
            self.results()

    # ------------------------------------------------------------------ a human's turn

    def turn(self, seat: int) -> str | None:
        s = self.session
        view = s.view(seat, with_events=False)
        status = self.status_lines(seat)
        if status != self.status:
            self.console.say(status)
            self.status = status
        ctx = Context(view, s.names)
        if seat not in self.hinted:
            self.console.say(_("Type whom you ask and for what ({example}), or h for help.")
                             .format(example=example(ctx)))
            self.hinted.add(seat)
        if any(isinstance(a, Draw) for a in view.legal):
            prompt = _("Your hand is empty: press Enter to draw.")
        elif s.rules.ask_for == "card":
            prompt = _("{name}, ask whom for which card?").format(name=s.names[seat])
        else:
            prompt = _("{name}, ask whom for what?").format(name=s.names[seat])
        while True:
            answer = self.ask(prompt)
            try:
                move = read(answer, ctx, self.vocab)
            except Refusal as e:
                self.console.say(str(e))
                continue
            if isinstance(move, Command):
                if self.command(move, seat) == QUIT:
                    return QUIT
                continue
            try:
                s.play(seat, move)
            except IllegalAction as e:
                self.console.say(str(e))
                continue
            except StoreError as e:
                self.console.say(_("Could not save the game: {why}").format(why=e))
            return None

    def command(self, command: Command, seat: int | None) -> str | None:
        s = self.session
        if command.name == "quit":
            return QUIT
        if command.name == "help":
            self.help()
        elif command.name == "hand":
            self.console.say(self.status_lines(seat))
        elif command.name == "books":
            self.console.say(self.books_lines())
        elif command.name == "log":
            lines = story(s.events_for(seat), s.names, seat, s.rules.pairs, words=True,
                          played_by=s.played_by)
            everything = command.arg and command.arg in _all_words()
            for line in lines if everything else lines[-LOG_LINES:]:
                self.console.say(line.text)
        elif command.name == "say":
            self.console.say(_("Words are said at a shared table, to the players at it."))
        return None

    def status_lines(self, seat: int | None) -> str:
        """The hand in words, then each opponent's cards and books, and the stock (to a
        watcher, who holds no hand: every player's)."""
        s = self.session
        view = s.view(seat, with_events=False) if seat is not None else s.public_view()
        n = len(view.hand)
        if seat is None:
            hand = ""
        elif n:
            hand = ngettext("Your hand, {n} card: {cards}.", "Your hand, {n} cards: {cards}.",
                            n).format(n=n, cards=hand_words(view.hand))
        else:
            hand = _("Your hand is empty.")
        others = []
        for other in range(view.players):
            if other == seat:
                continue
            cards = ngettext("{n} card", "{n} cards", view.counts[other]).format(
                n=view.counts[other])
            books = len(view.books[other])
            made = (ngettext("{n} pair", "{n} pairs", books) if s.rules.pairs else
                    ngettext("{n} book", "{n} books", books)).format(n=books)
            others.append(_("{name}: {cards}, {books}.").format(
                name=s.names[other], cards=cards, books=made))
            held = view.hands[other]
            if held is not None and s.rules.open_hands:
                others.append(_("{name} holds {cards}.").format(
                    name=s.names[other], cards=hand_words(held) or "—"))
        stock = ngettext("{n} card in the stock", "{n} cards in the stock",
                         view.stock).format(n=view.stock)
        if seat is None:
            return "\n".join([" ".join(others), f"{stock}."])
        mine = len(view.books[seat])
        mine_text = (ngettext("You have {n} pair.", "You have {n} pairs.", mine) if s.rules.pairs
                     else ngettext("You have {n} book.", "You have {n} books.", mine)).format(
            n=mine)
        return "\n".join([hand, " ".join(others), f"{mine_text} {stock}."])

    def books_lines(self) -> str:
        s = self.session
        view = s.public_view()
        lines = []
        for seat, name in enumerate(s.names):
            ranks = [rank_word(r, role=OF) for r, _cards in sorted(view.books[seat])]
            if s.rules.pairs:
                text = (_("{name}: pairs of {ranks}.").format(name=name, ranks=", ".join(ranks))
                        if ranks else _("{name}: no pairs.").format(name=name))
            else:
                text = (_("{name}: books of {ranks}.").format(name=name, ranks=", ".join(ranks))
                        if ranks else _("{name}: no books.").format(name=name))
            lines.append(text)
        return "\n".join(lines)

    def help(self) -> None:
        s = self.session
        words = command_words()
        names = {name: sorted(w for w, c in words.items() if c == name) for name in
                 ("help", "hand", "books", "log", "quit")}
        say = self.console.say
        if s.rules.ask_for == "card":
            say(_("To ask, type the player (name or seat number) and the card: "
                  "“bob 9h”, “2 qs”, “ask 2 for the nine of hearts”."))
        else:
            say(_("To ask, type the player (name or seat number) and the rank: "
                  "“bob nines”, “2 9”, “ask 2 for queens”, “bob q”."))
        say(_("Ranks: 2 to 10, j, q, k, a, or their names; with one opponent, the rank alone "
              "will do."))
        say(_("Commands: {help} this help; {hand} your hand and the table; {books} the books "
              "laid down; {log} the last lines of the game ({log} all: every line); {quit} "
              "save and leave.").format(**{k: "/".join(v) for k, v in names.items()}))
        for line in summary(s.rules, len(s.names)):
            say(line)

    # ------------------------------------------------------------------ pass and play

    def hand_over(self, seat: int) -> str | None:
        """The device goes from the player on it to ``seat``: nothing of theirs is printed
        until they type their own key."""
        s = self.session
        name = s.names[seat]
        if self.viewer is not None:
            answer = self.console.ask(_("Your turn is over, {name}. Press Enter, then pass the "
                                        "device to {next}.").format(
                name=s.names[self.viewer], next=name))
            if self.is_quit(answer):
                return QUIT
        self.viewer = None
        self.status = ""
        self.console.clear()
        self.console.say(_("Pass the device to {name}").format(name=name))
        self.console.say(_("Everyone else, look away. No cards are shown on this screen."))
        key = seat_key(s.names, seat)
        while True:
            answer = self.console.ask(_("{name}: type {key} and press Enter when you are "
                                        "ready.").format(name=name, key=key))
            if key.matches(answer):
                break
            if self.is_quit(answer):
                return QUIT
            self.console.say(_("That is not {name}'s key: {name} types {key}.").format(
                name=name, key=key))
        self.viewer = seat
        self.recap(seat)
        return None

    def recap(self, seat: int) -> None:
        """What happened since ``seat``'s last turn, in its public form: no card at all."""
        s = self.session
        lines = story(since_last_turn(s.events_for(None), seat), s.names, seat, s.rules.pairs,
                      words=True)
        self.console.say(_("Since your last turn:"))
        if not lines:
            self.console.say(_("Nothing yet: this is the first turn."))
        for line in lines:
            self.console.say(line.text)
        self.shown = s.event_count

    def is_quit(self, answer: str) -> bool:
        return self.vocab.commands.get(answer.strip().casefold()) == "quit"

    # ------------------------------------------------------------------ the end

    def results(self) -> None:
        s = self.session
        view = s.public_view()
        self.console.say(self.books_lines())
        totals = s.scores()
        parts = [_("{name} {score}").format(name=name, score=totals[seat])
                 for seat, name in enumerate(s.names)]
        self.console.say(_("Scores: {scores}.").format(scores=", ".join(parts)))
        if s.deal_over and not s.over:
            dealer = (view.dealer + 1) % len(s.names)
            self.console.say(_("Next deal: {name} deals.").format(name=s.names[dealer]))


def _all_words() -> set[str]:
    return {"all", pgettext("line mode: log all", "all").casefold()}


__all__ = ["OVER", "QUIT", "PlainTable", "TableMoved", "hand_words", "seat_key"]
