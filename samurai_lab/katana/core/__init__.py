"""The rules engine of SAMURAI (``katana``): board graph, frozen states, moves, rulings, legality.

Standard library and networkx only. One source of legality: :func:`why_illegal`,
:func:`legal_moves`, :func:`apply_move` (raising :class:`IllegalMoveError`, a ValueError).
"""

from .board import (BLACK, GLOSSARY_COUNTS, GRAPH, KATANA, MEKURA, NAMES, RAYS, RYU, SHIRO, SHIRO_OF, SYMBOLS,
                    TAIYO, WASH, counts, square_index)
from .rules import (IllegalMoveError, apply_legal, apply_move, challenge_areas, check_move, free_shiro,
                    is_tachiojo, legal_moves, outcome, play, targets, why_illegal)
from .ruleset import DEFAULT, RULINGS, Ruleset, Ruling
from .state import PASS, Challenge, Move, Outcome, State, from_position, new_game, parse_move, to_position
from .text import describe_constraint, describe_move, describe_outcome, player_name

__all__ = [
    "BLACK", "GLOSSARY_COUNTS", "GRAPH", "KATANA", "MEKURA", "NAMES", "RAYS", "RYU", "SHIRO", "SHIRO_OF",
    "SYMBOLS", "TAIYO", "WASH", "counts", "square_index",
    "IllegalMoveError", "Outcome", "apply_legal", "apply_move", "challenge_areas", "check_move", "free_shiro", "is_tachiojo",
    "legal_moves", "outcome", "play", "targets", "why_illegal",
    "DEFAULT", "RULINGS", "Ruleset", "Ruling",
    "PASS", "Challenge", "Move", "State", "from_position", "new_game", "parse_move", "to_position",
    "describe_constraint", "describe_move", "describe_outcome", "player_name",
]
