"""SAMOURAI, the French abstract game of 121 squares: move one samurai along a line, announce the
distance and the symbol you landed on, and put the opponent in IKI-ZUMARI (asphyxie).

Layers: ``core`` (rules) ← ``scenarios`` (text formats) ← ``bots`` ← ``teaching`` ← ``render`` ← ``widgets``.
"""

from .core import (  # noqa: F401
    IllegalMoveError, Move, Ruleset, State, apply_move, legal_moves, new_game, outcome, parse_move, why_illegal,
)
