"""The coach: what the table has openly revealed, hints with reasons, sure misses, and a
review of a finished game. Pure Python (no textual, no rich), derived only from one seat's view
and the events it saw, except the review, which only opens finished games.

    coach = Coach.from_view(view)          # the view's own events
    coach.memory(view)                      # TableMemory
    coach.hint(view)                        # Hint (ask, chance, sure, reason) or None
    coach.sure_miss(view, ask)              # bool; coach.miss_reason(view, ask) says why
    words.hint_text(hint, names)            # "Ask Carol for sevens. Carol asked for ..."
    review_game(rules, players, seed, actions, seat)   # Review; Unfinished if not over
"""

from .advice import Assessment, Coach, Hint, Reason
from .memory import OpponentMemory, TableMemory

__all__ = ["Assessment", "Coach", "Hint", "OpponentMemory", "Reason", "TableMemory"]
