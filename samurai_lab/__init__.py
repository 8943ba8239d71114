"""samurai_lab: Reiner Knizia's *Samurai* as a rules engine on the real map, plus teaching apps.

The core (this package's top-level modules) needs only the standard library and networkx::

    from samurai_lab import new_game, EDITION_1998
    state = new_game(4, EDITION_1998.with_options(setup="random", hands="random"), seed=7)
    action = state.legal_actions()[0]
    state = state.apply(action)          # a new frozen state
"""

from .actions import Action, EndTurn, MoveTile, Pass, PickTile, PlacePiece, PlaceTile, Swap, parse_action
from .board import Board, HexInfo, board_for, map_graph
from .influence import Preview, SettlementTally, all_tallies, pending_resolutions, preview, settlement_tally
from .rules import IllegalMoveError, apply_action, legal_actions, why_illegal
from .ruleset import EDITION_1998, EDITION_2015, PRESETS, RULINGS, Ruleset, Ruling
from .scoring import ScoreReport, score, score_state
from .state import GameState, Phase, Placed, Resolution, Seat, new_game
from .tiles import CASTES, TILE_KINDS, TILE_SET, Caste, Figure, Tile, tile

__all__ = [
    "Action", "EndTurn", "MoveTile", "Pass", "PickTile", "PlacePiece", "PlaceTile", "Swap", "parse_action",
    "Board", "HexInfo", "board_for", "map_graph",
    "Preview", "SettlementTally", "all_tallies", "pending_resolutions", "preview", "settlement_tally",
    "IllegalMoveError", "apply_action", "legal_actions", "why_illegal",
    "EDITION_1998", "EDITION_2015", "PRESETS", "RULINGS", "Ruleset", "Ruling",
    "ScoreReport", "score", "score_state",
    "GameState", "Phase", "Placed", "Resolution", "Seat", "new_game",
    "CASTES", "TILE_KINDS", "TILE_SET", "Caste", "Figure", "Tile", "tile",
]
__version__ = "0.1.0"
