"""The rules of Go Fish as a library: pure Python, deterministic for a seed.

    from gofish.engine import Game, preset
    game = Game(preset("standard"), players=3, seed=42)
    view = game.view(game.to_act)
    game.apply(view.legal[0])
"""

from .actions import Action, Ask, Draw, IllegalAction, NextDeal, action_from_json
from .cards import RANK_VALUES, RANKS, SUITS, card, card_code, parse_card, rank_of, suit_of
from .events import Event
from .game import MAX_DEALS, Game, cards_in_play
from .rules import CHOICES, MAX_PLAYERS, MIN_PLAYERS, PRESETS, Rules, RulesError, preset
from .view import AnyView, PublicView, SeatView

__all__ = [
    "Action", "Ask", "Draw", "IllegalAction", "NextDeal", "action_from_json",
    "RANK_VALUES", "RANKS", "SUITS", "card", "card_code", "parse_card", "rank_of", "suit_of",
    "Event", "MAX_DEALS", "Game", "cards_in_play",
    "CHOICES", "MAX_PLAYERS", "MIN_PLAYERS", "PRESETS", "Rules", "RulesError", "preset",
    "AnyView", "PublicView", "SeatView",
]
