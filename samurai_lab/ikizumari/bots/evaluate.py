"""A sound static evaluation, from the point of view of the player to move (higher is better for him).

* his mobility under the constraint he must follow (fewer moves: closer to IKI-ZUMARI);
* a threat: he can stifle his opponent at once (a win one move away);
* exposure: the symbols none of a player's samurai can start on. Landing on such a symbol (at a suitable
  distance) stifles him at once, unless three of his samurai are still on his SHIRO.
"""

from __future__ import annotations

import math

from ..core.board import BOARD, SYMBOL, SYMBOLS
from ..core.rules import blocks_opponent, legal_moves, protected
from ..core.state import State

WIN = 10_000.0
THREAT = 1_000.0  # a win one move away: worth less than a win found by the search


def exposed_symbols(state: State, player: int) -> int:
    """How many of the four symbols start none of ``player``'s possible lines."""
    occupied = state.occupied
    seen = {BOARD.symbol[ray[0]] for origin in state.pieces(player) for ray in BOARD.rays[origin]
            if ray and BOARD.kind[ray[0]] == SYMBOL
            and (ray[0] not in occupied or any(sq not in occupied for sq in ray[1:3]))}
    return len(SYMBOLS) - len(seen)


def stifling_move(state: State) -> bool:
    """True when the player to move has a move that leaves his unprotected opponent with no move at all."""
    return (not protected(state, 1 - state.to_move)
            and any(blocks_opponent(state, m) for m in legal_moves(state)))


def evaluate(state: State) -> float:
    """The value of a position that is not over, for the player to move."""
    me, opp = state.to_move, 1 - state.to_move
    if stifling_move(state):
        return THREAT
    mobility = math.sqrt(len(legal_moves(state)))
    exposure_me = 0 if protected(state, me) else exposed_symbols(state, me)
    exposure_opp = 0 if protected(state, opp) else exposed_symbols(state, opp)
    return mobility + 1.5 * (exposure_opp - exposure_me)
