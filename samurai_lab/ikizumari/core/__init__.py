"""The rules engine of SAMOURAI (standard library + networkx): board graph, frozen state, moves, rulings.

    from samurai_lab.ikizumari.core import new_game, legal_moves, apply_move
    s = new_game()
    s = apply_move(s, "d1-d3")          # Red: "2 dragon"
    legal_moves(s)                      # Black: 1, 2 or 3 squares, first crossing a dragon
"""

from .board import BLACK, BOARD, RED, SYMBOLS, parse_square, square_name  # noqa: F401
from .moves import PASS, Move, parse_move  # noqa: F401
from .position import START, from_position, to_position  # noqa: F401
from .rules import (  # noqa: F401
    IllegalMoveError, Outcome, Window, apply_move, legal_moves, outcome, protected, why_illegal, window,
)
from .ruleset import DEFAULT_RULESET, RULINGS, Ruleset  # noqa: F401
from .state import State, new_game  # noqa: F401
