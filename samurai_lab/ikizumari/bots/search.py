"""An alpha-beta (negamax) search bot with iterative deepening and a node budget per move.

Deterministic: the same seed and budget give the same moves (ties are broken by a seeded shuffle, and the
budget counts nodes, not seconds). ANZEN's extra move keeps the same player to move: the value is then not
negated.
"""

from __future__ import annotations

from ...common import negamax
from ...common.negamax import OutOfBudget, SearchRules
from ..core.moves import Move
from ..core.rules import legal_moves, outcome, play
from ..core.state import State
from .evaluate import WIN, evaluate

RULES = SearchRules(legal_moves, play, lambda s: s.to_move, outcome, evaluate, WIN)


class SearchBot(negamax.SearchBot[State, Move]):
    """``nodes``: positions examined per move at most (the first depth always completes)."""

    def __init__(self, seed: int = 0, nodes: int = 200, max_depth: int = 8, name: str = "search") -> None:
        super().__init__(RULES, seed, nodes, max_depth, name)
        self.limited = False  # past the first depth: the budget holds

    def choose(self, state: State) -> Move:
        moves = legal_moves(state)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        self.rng.shuffle(moves)
        if len(moves) == 1:
            return moves[0]
        self.nodes = 0
        best, best_score = moves[0], -WIN * 2
        for depth in range(1, self.max_depth + 1):
            self.limited = depth > 1
            try:
                scored = self._root(state, moves, depth)
            except OutOfBudget:
                break
            scored.sort(key=lambda t: -t[0])
            best_score, best = scored[0]
            moves = [m for _, m in scored]
            self.depth_reached = depth
            if best_score >= WIN / 2:
                break  # a forced win found: take the quickest
        return best

    def _root(self, state: State, moves: list[Move], depth: int) -> list[tuple[float, Move]]:
        alpha, beta = -WIN * 2, WIN * 2
        out: list[tuple[float, Move]] = []
        for m in moves:
            v = self.child(state, m, depth - 1, alpha, beta)
            out.append((v, m))
            alpha = max(alpha, v)
        return out

    def visit(self, state: State) -> None:
        self.nodes += 1
        if self.limited and self.nodes > self.budget:
            raise OutOfBudget

    def won(self, state: State) -> float:
        """A quicker win is worth more."""
        return WIN - state.ply
