"""A marked move of a review as a puzzle ("Learn from your mistakes"): the position before it, when the
player to move had a forced IKI-ZUMARI in 1-3 moves (``teaching.puzzle.solve``, every defence searched)."""

from __future__ import annotations

from ...common.puzzle_file import PuzzleRecord
from ..core.position import to_position
from ..core.ruleset import DEFAULT_RULESET
from ..core.state import State
from .puzzle import rating, solve, themes


def mistake_puzzle(state: State, source: str = "") -> PuzzleRecord | None:
    """The puzzle of ``state`` for its player to move, or None."""
    if state.ruleset != DEFAULT_RULESET:  # puzzles are read with the default rulings
        return None
    sol = solve(state)
    if sol is None:
        return None
    return PuzzleRecord(
        game="ikizumari", id="review", title=f"win in {sol.moves}", position=to_position(state), goal="win",
        answer=tuple(str(m) for m in sol.line), themes=tuple(themes(state, sol.line)),
        rating=rating(sol.moves, sol.nodes, sol.tempting), source=source or "review", moves=sol.moves,
        nodes=sol.nodes, tempting=sol.tempting)
