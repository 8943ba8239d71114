"""The rules core of Knizia's *Samurai* (``docs/ARCHITECTURE.md`` lists its modules): standard library and
networkx only, nothing from the layers above."""

from .actions import Action, EndTurn, MoveTile, Pass, PickTile, PlacePiece, PlaceTile, Swap, parse_action
from .board import Board, HexInfo, board_for, map_graph
from .influence import Preview, SettlementTally, all_tallies, pending_resolutions, preview, settlement_tally
from .rules import IllegalMoveError, apply_action, legal_actions, why_illegal
from .ruleset import EDITION_1998, EDITION_2015, PRESETS, RULINGS, Ruleset, Ruling
from .scoring import ScoreReport, score, score_state
from .model import Phase, Placed, Resolution, Seat
from .state import GameState, new_game
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
