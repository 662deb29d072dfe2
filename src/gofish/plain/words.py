"""What a player types at the line mode's prompt, read as a move or a command.

Answers are read the way people say them: ``carol nines``, ``3 9``, ``ask 2 for queens``,
``2 q``, and under card asks ``carol 9h`` or ``ask 2 for the nine of hearts``. Rank and suit
words come from the same catalogs as the narration, in the current language, and English and
the card codes are always understood as well. Anything else gets one line saying why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gofish.engine import RANKS, Ask, Draw, SeatView
from gofish.front.tables import word_text
from gofish.i18n import Np_, _, npgettext, pgettext
from gofish.names import (
    ASK,
    CARD,
    LOCAL_LETTERS,
    OF,
    ONE,
    RANK_COUNTED,
    SUIT_WORDS,
    card_words,
    rank_word,
)

# What a player can type besides a move. Each is a context-marked message whose translation
# may hold several words separated by spaces; the English words are always understood too.
COMMANDS = {
    "help": ("h", "?", "help"),
    "hand": ("hand", "cards"),
    "books": ("books", "pairs"),
    "log": ("log",),
    "quit": ("quit", "exit"),
    "draw": ("draw",),
    "say": ("say",),
}
COMMAND_WORDS = {
    "help": Np_("line mode command (one or more words)", "help"),
    "hand": Np_("line mode command (one or more words)", "hand"),
    "books": Np_("line mode command (one or more words)", "books"),
    "log": Np_("line mode command (one or more words)", "log"),
    "quit": Np_("line mode command (one or more words)", "quit"),
    "draw": Np_("line mode command (one or more words)", "draw"),
    "say": Np_("line mode command (one or more words)", "say"),
}
TAKES_WORDS = ("log", "say")  # commands that read what follows them: "log all", "say 1"
# the preset words of a shared table (``say 1`` to ``say 4``), as the table's lobby has them
# (gofish.tui.words: the same messages; a word travels as its key, each reader's client says it)
FILLERS_EN = "ask asks asking for the a an of any some please do you have got with from to s"
_FILLERS = Np_("words the line mode skips in a move (one or more, separated by spaces)",
              "ask for the a an of any some please")
SUIT_CODES = {"c": 0, "d": 1, "h": 2, "s": 3, "♣": 0, "♦": 1, "♥": 2, "♠": 3,
              "♧": 0, "♢": 1, "♡": 2, "♤": 3}
SUITS_EN = {"club": 0, "clubs": 0, "diamond": 1, "diamonds": 1, "heart": 2, "hearts": 2,
            "spade": 3, "spades": 3}
RANKS_EN = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace")
PLURALS_EN = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
              "jacks", "queens", "kings", "aces")
_PUNCTUATION = re.compile(r"[,.;:!?¡¿\"“”„«»()\[\]]+")
_CARD_CODE = re.compile(r"^(10|[2-9tjqka]|\w)([cdhs♣♦♥♠♧♢♡♤])$")


class Refusal(ValueError):
    """An answer that is not a move now: the message is one line, already translated."""


@dataclass(frozen=True)
class Command:
    """A command word (help, hand, books, log, quit); ``arg`` is what followed it."""

    name: str
    arg: str = ""


@dataclass(frozen=True)
class Context:
    """What the reader needs from the table: the seat answering, the names and its view."""

    view: SeatView
    names: Sequence[str]

    @property
    def seat(self) -> int:
        return self.view.seat

    @property
    def card_asks(self) -> bool:
        return self.view.rules.ask_for == "card"

    def opponents(self) -> list[int]:
        """The seats that may be asked now: anyone else holding a card."""
        return [s for s in range(self.view.players) if s != self.seat and self.view.counts[s]]


def fold(text: str) -> str:
    return text.casefold().replace("ё", "е")


def tokens(text: str) -> list[str]:
    return _PUNCTUATION.sub(" ", fold(text)).replace("'", " ").replace("’", " ").split()


# ------------------------------------------------------------------ vocabulary


def _words(message: str) -> list[str]:
    return [w for w in fold(message).split() if w]


def command_words(english: Mapping[str, tuple[str, ...]] = COMMANDS,
                  messages: Mapping[str, tuple[str, str]] = COMMAND_WORDS) -> dict[str, str]:
    """Every word that names a command, in English and the current language."""
    found: dict[str, str] = {}
    for name, words in english.items():
        for word in words:
            found[word] = name
        for word in _words(pgettext(*messages[name])):
            found.setdefault(word, name)
    return found


def filler_words() -> set[str]:
    return set(FILLERS_EN.split()) | set(_words(pgettext(*_FILLERS)))


def _add(table: dict[str, set[int]], phrase: str, value: int) -> None:
    words = tokens(phrase)
    if not words:
        return
    table.setdefault(" ".join(words), set()).add(value)
    table.setdefault(words[-1], set()).add(value)  # "the nine", "un neuf": the word itself


def _unique(table: dict[str, set[int]]) -> dict[str, int]:
    return {word: next(iter(values)) for word, values in table.items() if len(values) == 1}


def rank_names() -> dict[str, int]:
    """Every way of naming a rank: codes, English, and the language's words in every role."""
    table: dict[str, set[int]] = {}
    for rank, code in enumerate(RANKS):
        for phrase in (code, code + "s", RANKS_EN[rank], PLURALS_EN[rank]):
            _add(table, phrase, rank)
        context, singular, plural = RANK_COUNTED[rank]
        for n in (1, 2, 5):
            _add(table, npgettext(context, singular, plural, n), rank)
        for role in (ASK, OF, ONE, CARD):
            _add(table, rank_word(rank, role=role), rank)
        if rank in LOCAL_LETTERS:
            _add(table, pgettext(*LOCAL_LETTERS[rank]), rank)
    _add(table, "t", 8)
    _add(table, "0", 8)
    return _unique(table)


def suit_names() -> dict[str, int]:
    table: dict[str, set[int]] = {}
    for word, suit in {**SUIT_CODES, **SUITS_EN}.items():
        _add(table, word, suit)
    for suit, message in enumerate(SUIT_WORDS):
        _add(table, pgettext(*message), suit)
    return _unique(table)


@dataclass(frozen=True)
class Vocabulary:
    """The words of the current language, read once per game (the language does not change
    during one)."""

    commands: dict[str, str]
    fillers: set[str]
    ranks: dict[str, int]
    suits: dict[str, int]

    @classmethod
    def current(cls) -> Vocabulary:
        return cls(command_words(), filler_words(), rank_names(), suit_names())


# ------------------------------------------------------------------ reading an answer


def read(text: str, ctx: Context, vocab: Vocabulary | None = None) -> Ask | Draw | Command:
    """The move or command ``text`` says; Refusal (one translated line) if it says none."""
    vocab = vocab or Vocabulary.current()
    words = ["?"] if text.strip() == "?" else tokens(text)
    view = ctx.view
    must_draw = any(isinstance(a, Draw) for a in view.legal)
    if not words:
        if must_draw:
            return Draw()
        raise Refusal(example_line(ctx))
    command = vocab.commands.get(words[0])
    if command is not None and (len(words) == 1 or command in TAKES_WORDS):
        if command == "draw":
            if not must_draw:
                raise Refusal(_("You draw only when your hand is empty."))
            return Draw()
        return Command(command, " ".join(words[1:]))
    if must_draw:
        raise Refusal(_("Your hand is empty: press Enter (or type draw) to draw."))
    target, rest = _find_target(words, ctx, vocab)
    rank, suit = _find_what(rest, ctx, vocab, target)
    return _check(Ask(target, rank, suit), ctx)


def said_word(word: str) -> str:
    """A preset word said at a shared table, in the reader's language ("" if unknown)."""
    return word_text(word)


def command_of(text: str, vocab: Vocabulary | None = None) -> Command | None:
    """The command ``text`` says (help, hand, books, log, say, quit...), or None: what is read
    when no move can be made (another player's turn at a shared table)."""
    vocab = vocab or Vocabulary.current()
    words = ["?"] if text.strip() == "?" else tokens(text)
    command = vocab.commands.get(words[0]) if words else None
    if command is None or (len(words) > 1 and command not in TAKES_WORDS):
        return None
    return Command(command, " ".join(words[1:]))


def _find_target(words: list[str], ctx: Context, vocab: Vocabulary) -> tuple[int, list[str]]:
    names = [tokens(n) for n in ctx.names]
    # a whole name, longest first (a name may hold spaces, or be a rank word itself)
    best: tuple[int, int, int] | None = None  # (length, start, seat)
    for seat, name in enumerate(names):
        n = len(name)
        for start in range(len(words) - n + 1):
            if n and words[start:start + n] == name and (best is None or n > best[0]):
                best = (n, start, seat)
    if best is not None:
        n, start, seat = best
        rest = words[:start] + words[start + n:]
        if rest and _meaningful(rest, vocab):
            return seat, rest
    meaningful = [w for w in words if w not in vocab.fillers or w in vocab.ranks]
    # a seat number, when something follows it: "3 9", "ask 2 for queens"
    if len(meaningful) >= 2 and meaningful[0].isdigit():
        number = int(meaningful[0])
        if not 1 <= number <= len(ctx.names):
            raise Refusal(_("There is no seat {n}.").format(n=number))
        i = words.index(meaningful[0])
        return number - 1, words[:i] + words[i + 1:]
    # the start of a name: "car nines"
    for i, word in enumerate(words):
        if word in vocab.fillers or word in vocab.ranks or word.isdigit():
            continue
        matches = [s for s, name in enumerate(names) if name and name[0].startswith(word)]
        if len(matches) == 1:
            return matches[0], words[:i] + words[i + 1:]
    if best is not None:  # a name that is also a rank word, and nothing else: "ask nine"
        n, start, seat = best
        return seat, words[:start] + words[start + n:]
    others = ctx.opponents()
    if len(others) == 1:
        return others[0], words
    for word in words:
        if not _known(word, vocab):
            raise Refusal(_("“{word}” is neither a player nor a card here: try {example}, "
                            "or h for help.").format(word=word, example=example(ctx)))
    choices = ", ".join(f"{ctx.names[s]} ({s + 1})" for s in others)
    raise Refusal(_("Whom do you ask? Name a player or a seat number: {choices}.").format(
        choices=choices))


def _known(word: str, vocab: Vocabulary) -> bool:
    code = _CARD_CODE.match(word)
    return (word in vocab.fillers or word in vocab.ranks or word in vocab.suits
            or bool(code and code.group(1) in vocab.ranks))


def _meaningful(words: list[str], vocab: Vocabulary) -> bool:
    return any(w not in vocab.fillers or w in vocab.ranks for w in words)


def _find_what(words: list[str], ctx: Context, vocab: Vocabulary,
               target: int) -> tuple[int, int | None]:
    kept = [w for w in words if w not in vocab.fillers]
    if not kept:
        # "ask carol for a": the last skipped word may be the rank itself (a for ace)
        kept = [w for w in words[-1:] if w in vocab.ranks]
    if not kept:
        raise Refusal(_("Ask {name} for what? Name a rank you hold, for example {example}.")
                      .format(name=ctx.names[target], example=_example_rank(ctx)))
    phrase = " ".join(kept)
    code = _CARD_CODE.match(phrase)
    if ctx.card_asks and code and code.group(1) in vocab.ranks:  # "9s": the nine of spades
        return vocab.ranks[code.group(1)], SUIT_CODES[code.group(2)]
    if phrase in vocab.ranks:
        return vocab.ranks[phrase], None
    rank: int | None = None
    suit: int | None = None
    for word in kept:
        code = _CARD_CODE.match(word)
        if word in vocab.ranks and rank is None:
            rank = vocab.ranks[word]
        elif word in vocab.suits and rank is not None and suit is None:
            suit = vocab.suits[word]
        elif code and code.group(1) in vocab.ranks and rank is None:
            rank, suit = vocab.ranks[code.group(1)], SUIT_CODES[code.group(2)]
        elif word in vocab.ranks or (code and code.group(1) in vocab.ranks):
            raise Refusal(_("Ask for one rank at a time."))
        else:
            raise Refusal(_("“{word}” is neither a player nor a card here: try {example}, "
                            "or h for help.").format(word=word, example=example(ctx)))
    if rank is None:
        raise Refusal(_("Ask {name} for what? Name a rank you hold, for example {example}.")
                      .format(name=ctx.names[target], example=_example_rank(ctx)))
    return rank, suit


def _check(ask: Ask, ctx: Context) -> Ask:
    view = ctx.view
    if ask.target == ctx.seat:
        raise Refusal(_("That is you: ask one of the others."))
    if not view.counts[ask.target]:
        raise Refusal(_("{name} has no cards to ask for.").format(name=ctx.names[ask.target]))
    if not any(c >> 2 == ask.rank for c in view.hand):
        raise Refusal(_("You have no {rank}: you may only ask for a rank you hold.").format(
            rank=rank_word(ask.rank, role=OF)))
    if ctx.card_asks:
        if ask.suit is None:
            raise Refusal(_("Under these rules you ask for one card: name its suit too, "
                            "for example {example}.").format(
                example=f"{ctx.names[ask.target]} {RANKS[ask.rank].lower()}h"))
        card = ask.rank * 4 + ask.suit
        if card in view.hand and not view.rules.bluff_asks:
            raise Refusal(_("You already hold {card}; bluff asks are off.").format(
                card=card_words(card)))
    else:
        ask = Ask(ask.target, ask.rank)  # a suit named under rank asks: the rank is meant
    if ask not in view.legal:  # pragma: no cover - the checks above are the engine's
        raise Refusal(_("That ask is not allowed now."))
    return ask


# ------------------------------------------------------------------ examples


def _example_rank(ctx: Context) -> str:
    ranks = sorted({c >> 2 for c in ctx.view.hand})
    return rank_word(ranks[0], role=ASK) if ranks else rank_word(7, role=ASK)


def example(ctx: Context) -> str:
    others = ctx.opponents() or [s for s in range(len(ctx.names)) if s != ctx.seat]
    who = ctx.names[others[0]].split()[0].casefold() if others else "2"
    ranks = sorted({c >> 2 for c in ctx.view.hand})
    rank = ranks[0] if ranks else 7
    if ctx.card_asks:
        suit = next((s for s in range(4) if rank * 4 + s not in ctx.view.hand), 2)
        return quoted(f"{who} {RANKS[rank].lower()}{'cdhs'[suit]}")
    return quoted(f"{who} {rank_word(rank, role=ASK)}")


def quoted(text: str) -> str:
    """An answer to type, in the language's quotation marks."""
    return pgettext("an answer to type, quoted", "“{text}”").format(text=text)


def example_line(ctx: Context) -> str:
    """The one-line reminder for an empty answer."""
    return _("Say whom you ask and for what, for example {example}; h for help.").format(
        example=example(ctx))
