"""A marked move of a review as a puzzle ("Learn from your mistakes"): the position before it, when the
player to move had a forced win or kill in 1-3 moves (``teaching.puzzle.solve``, every defence searched)."""

from __future__ import annotations

from ...common.puzzle_file import PuzzleRecord
from ..core.ruleset import DEFAULT
from ..core.state import State, to_position
from .puzzle import rating, solve, themes


def mistake_puzzle(state: State, source: str = "") -> PuzzleRecord | None:
    """The puzzle of ``state`` for its player to move (the win first, else a kill), or None."""
    if state.rules != DEFAULT:  # puzzles are read with the default rulings
        return None
    for goal in ("win", "kill"):
        sol = solve(state, goal)
        if sol is not None:
            return PuzzleRecord(
                game="katana", id="review", title=f"{goal} in {sol.moves}", position=to_position(state), goal=goal,
                answer=tuple(str(m) for m in sol.line), themes=tuple(themes(state, goal, sol.line)),
                rating=rating(sol.moves, sol.nodes, sol.tempting), source=source or "review", moves=sol.moves,
                nodes=sol.nodes, tempting=sol.tempting)
    return None
