"""The rules in words, generated from a Rules value: the setup screen and the help read this."""

from __future__ import annotations

from dataclasses import dataclass

from gofish.engine import CHOICES, MAX_DEALS, Rules
from gofish.i18n import N_, _, ngettext

PRESET_TITLES = {
    "standard": N_("Standard"),
    "quick": N_("Quick"),
    "classic": N_("Classic"),
    "kids": N_("Kids"),
}
PRESET_BLURBS = {
    "standard": N_("7 cards each (5 for 5-6 players); play until all 13 books are down."),
    "quick": N_("First out: the game ends when a hand or the stock runs out."),
    "classic": N_("The lowest card deals; 7 cards for 2-3 players; all 13 books."),
    "kids": N_("Hands face up and pairs instead of books: for young children."),
}

# Each option: its label and a one-line explanation; then a label for each value.
OPTION_LABELS = {
    "deal": (N_("Cards dealt"), N_("How many cards each player starts with.")),
    "deal_fixed": (N_("Fixed deal"), N_("Cards each when the deal is a fixed number.")),
    "first_player": (N_("First player"), N_("Who plays first.")),
    "lucky_draw": (N_("Lucky draw"),
                   N_("Drawing the rank you asked for: show it and ask again.")),
    "end": (N_("End of game"), N_("When the game ends.")),
    "empty_hand": (N_("Empty hand"), N_("What a player with no cards does on their turn.")),
    "empty_stock": (N_("Empty stock"), N_("Who plays after a miss once the stock is empty.")),
    "after_miss": (N_("After a miss"), N_("Who plays after a Go Fish.")),
    "ask_for": (N_("Ask for"), N_("Ask for a whole rank, or for one exact card.")),
    "bluff_asks": (N_("Bluff asks"),
                   N_("Ask for a card you hold: a sure Go Fish that hides your hand.")),
    "draw_until_hit": (N_("Draw until hit"),
                       N_("After Go Fish, keep drawing until you draw what you asked for.")),
    "scoring": (N_("Scoring"), N_("What a book is worth.")),
    "match_target": (N_("Match to"),
                     N_("0: one deal. Otherwise deals go on until someone reaches this score, "
                        "50 deals at most.")),
    "open_hands": (N_("Open hands"), N_("Every hand face up, for young children.")),
    "pairs": (N_("Pairs"), N_("Books are pairs instead of fours, for young children.")),
}

VALUE_LABELS = {
    ("deal", "7-for-2"): N_("7 for 2 players, else 5"),
    ("deal", "7-for-2-3"): N_("7 for 2-3 players, else 5"),
    ("deal", "7-for-2-4"): N_("7 for 2-4 players, else 5"),
    ("deal", "fixed"): N_("a fixed number"),
    ("first_player", "random-dealer"): N_("left of a random dealer"),
    ("first_player", "lowest-card-deals"): N_("lowest card deals; their left plays"),
    ("first_player", "random"): N_("a random player"),
    ("end", "all-books"): N_("all 13 books laid down"),
    ("end", "first-out"): N_("first empty hand or empty stock"),
    ("empty_hand", "draw-one"): N_("draw one card and ask for it"),
    ("empty_hand", "draw-hand"): N_("draw a new hand of 5"),
    ("empty_stock", "turn-ends"): N_("as after any miss"),
    ("empty_stock", "asked-plays"): N_("the player asked plays"),
    ("after_miss", "next-player"): N_("the next player on the left"),
    ("after_miss", "asked-player"): N_("the player who said Go Fish"),
    ("ask_for", "rank"): N_("a rank"),
    ("ask_for", "card"): N_("a card"),
    ("scoring", "books"): N_("one point a book"),
    ("scoring", "card-value"): N_("card value (2-10, J 11, Q 12, K 13, A 15)"),
}


# Under the pairs option (Kids) a book is a pair: the lines that name books say so.
PAIRS_VALUE_LABELS = {
    ("end", "all-books"): N_("all 26 pairs laid down"),
    ("scoring", "books"): N_("one point a pair"),
}
PAIRS_EXPLANATIONS = {"scoring": N_("What a pair is worth.")}


def value_label(field: str, value: object) -> str:
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, str) and (field, value) in VALUE_LABELS:
        return _(VALUE_LABELS[(field, value)])
    return str(value)


def option_values(field: str) -> tuple[object, ...]:
    if field in CHOICES:
        return CHOICES[field]
    return (True, False)


@dataclass(frozen=True)
class RuleLine:
    field: str
    label: str
    value: str
    explanation: str


def describe(rules: Rules) -> list[RuleLine]:
    """Every option, its value in words and what it means."""
    lines = []
    for field, (label, explanation) in OPTION_LABELS.items():
        value = getattr(rules, field)
        shown = value_label(field, value)
        if rules.pairs:
            if (field, value) in PAIRS_VALUE_LABELS:
                shown = _(PAIRS_VALUE_LABELS[(field, value)])
            explanation = PAIRS_EXPLANATIONS.get(field, explanation)
        lines.append(RuleLine(field, _(label), shown, _(explanation)))
    return lines


def summary(rules: Rules, players: int) -> list[str]:
    """The rules in force as a few plain sentences, for the help screen."""
    out = []
    name = rules.preset_name()
    if name:
        out.append(_("Rules: {preset}.").format(preset=_(PRESET_TITLES[name])))
    else:
        out.append(_("Rules: custom."))
    n = rules.deal_size(players)
    out.append(ngettext("Each player is dealt {n} card.", "Each player is dealt {n} cards.",
                        n).format(n=n))
    if rules.ask_for == "card":
        out.append(_("On your turn, ask one opponent for one exact card of a rank you hold. "
                     "If they have it, they give it to you, and you ask again."))
        if rules.bluff_asks:
            out.append(_("You may ask for a card you already hold (a bluff): it is always a "
                         "Go Fish."))
        out.append(_("If they do not have it: Go Fish! Draw from the stock."))
    else:
        out.append(_("On your turn, ask one opponent for a rank you hold. They give you all "
                     "their cards of that rank, and you ask again."))
        out.append(_("If they have none: Go Fish! Draw from the stock."))
    if rules.draw_until_hit:
        out.append(_("Keep drawing until you draw what you asked for or the stock runs out."))
    if rules.lucky_draw:
        out.append(_("Drawing what you asked for is a lucky draw: show it and ask again."))
    if rules.after_miss == "asked-player":
        out.append(_("After a miss, the player who said Go Fish plays next."))
    else:
        out.append(_("After a miss, the next player on the left plays."))
    if rules.pairs:
        out.append(_("Books are pairs: lay down two cards of a rank as soon as you hold them."))
    else:
        out.append(_("Lay down a book of four cards of a rank as soon as you hold it."))
    if rules.end == "first-out":
        out.append(_("The game ends as soon as a player has no cards or the stock is empty."))
    else:
        out.append(_("The game ends when every pair is down.") if rules.pairs else
                   _("The game ends when every book is down."))
        if rules.empty_hand == "draw-one":
            out.append(_("With no cards, draw one on your turn and ask for its rank."))
        else:
            out.append(_("With no cards, draw a new hand of 5 on your turn."))
        out.append(_("With no cards and no stock, you are out, and keep your pairs.")
                   if rules.pairs else
                   _("With no cards and no stock, you are out, and keep your books."))
        if rules.empty_stock == "asked-plays":
            out.append(_("Once the stock is empty, a miss gives the turn to the player asked."))
    if rules.scoring == "card-value" and rules.pairs:
        out.append(_("A pair scores its rank: 2-10 face value, J 11, Q 12, K 13, A 15."))
    elif rules.scoring == "card-value":
        out.append(_("A book scores its rank: 2-10 face value, J 11, Q 12, K 13, A 15."))
    elif rules.pairs:
        out.append(_("Each pair scores one point. Most points wins; ties share the win."))
    else:
        out.append(_("Each book scores one point. Most points wins; ties share the win."))
    if rules.match_target:
        out.append(ngettext("Deals go on until someone reaches {n} point, {deals} deals at most.",
                            "Deals go on until someone reaches {n} points, {deals} deals at most.",
                            rules.match_target).format(n=rules.match_target, deals=MAX_DEALS))
    if rules.open_hands:
        out.append(_("All hands are played face up."))
    return out
