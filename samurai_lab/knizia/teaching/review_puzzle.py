"""A marked turn of a review as a puzzle: "Learn from your mistakes".

The position before the turn becomes a puzzle of ``teaching.puzzle`` (one turn, the player's own hand
and the public board) when exhaustive search over the turn proves one answer best: the one turn that
wins the game now, else the one turn that takes the most pieces, by at least one. Unlike the puzzles
mined from bot games, the obvious answer is kept: it is the one the player missed.
"""

from __future__ import annotations

from ...common.puzzle_file import PuzzleRecord
from ..core.state import GameState
from ..scenarios.position import position_string
from .puzzle import unique_best
from .turn_search import OutOfBudget, TurnSearch, search_turn


def mistake_puzzle(state: GameState, source: str = "", search: TurnSearch | None = None) -> PuzzleRecord | None:
    """The puzzle of the position ``state`` (the player to move), or None when no answer is proved best."""
    if search is None:
        try:
            search = search_turn(state)
        except OutOfBudget:
            return None
    for goal in ("win", "most"):
        proved = unique_best(search, goal)
        if proved is None:
            continue
        answer, second = proved
        return PuzzleRecord(
            game="knizia", id="review", title="win now" if goal == "win" else f"take {answer.taken}",
            position=position_string(state), goal=goal, answer=tuple(str(a) for a in answer.actions), themes=(),
            rating=0, source=source or "review", value=answer.taken,
            margin=answer.taken - max(second, 0) if goal == "most" else 0, nodes=search.nodes)
    return None
