"""What to show on top of the board, worked out once for the SVG and the canvas alike."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.board import BOARD
from ..core.moves import Move
from ..core.rules import legal_moves, outcome, window
from ..core.state import State


@dataclass(frozen=True)
class Marks:
    """Selected samurai, legal targets with their distance, the first squares to cross, the last move."""

    selected: int | None = None
    targets: dict[int, int] = field(default_factory=dict)  # square -> distance
    first_squares: frozenset[int] = frozenset()
    last: Move | None = None


def marks_for(state: State, selected: int | None = None, show_constraint: bool = True) -> Marks:
    """The marks of ``state``: the targets of ``selected`` (if it is a samurai of the player to move) and the
    squares bearing the announced symbol next to his samurai."""
    targets: dict[int, int] = {}
    first: set[int] = set()
    if outcome(state) is None:
        moves = [m for m in legal_moves(state) if not m.is_pass]
        if selected is not None:
            targets = {m.target: BOARD.line(m.origin, m.target)[1] for m in moves if m.origin == selected}
        w = window(state)
        if show_constraint and w.symbol is not None and state.ruleset.first_square == "first":
            for m in moves:
                d = BOARD.line(m.origin, m.target)[0]
                first.add(BOARD.rays[m.origin][d][0])
    last = state.last if state.last is not None and not state.last.is_pass else None
    return Marks(selected, targets, frozenset(first), last)
