"""An alpha-beta (negamax) search bot with iterative deepening and a node budget per move.

Deterministic: the same seed and budget give the same moves (ties are broken by a seeded shuffle, and the
budget counts nodes, not seconds). ANZEN's extra move keeps the same player to move: the value is then not
negated.
"""

from __future__ import annotations

import random

from ..core.moves import Move
from ..core.rules import legal_moves, outcome, play
from ..core.state import State
from .evaluate import WIN, evaluate


class _OutOfBudget(Exception):
    pass


class SearchBot:
    """``nodes``: positions examined per move at most (the first depth always completes)."""

    def __init__(self, seed: int = 0, nodes: int = 200, max_depth: int = 8, name: str = "search") -> None:
        self.rng = random.Random(seed)
        self.budget = nodes
        self.max_depth = max_depth
        self.name = name
        self.nodes = 0
        self.depth_reached = 0
        self.last_score = 0.0

    def choose(self, state: State) -> Move:
        moves = legal_moves(state)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        moves = list(moves)
        self.rng.shuffle(moves)
        if len(moves) == 1:
            return moves[0]
        self.nodes = 0
        best, best_score = moves[0], -WIN * 2
        for depth in range(1, self.max_depth + 1):
            try:
                scored = self._root(state, moves, depth, limited=depth > 1)
            except _OutOfBudget:
                break
            scored.sort(key=lambda t: -t[0])
            best_score, best = scored[0]
            moves = [m for _, m in scored]
            self.depth_reached = depth
            if best_score >= WIN / 2:
                break  # a forced win found: take the quickest
        self.last_score = best_score
        return best

    def _root(self, state: State, moves: list[Move], depth: int, limited: bool) -> list[tuple[float, Move]]:
        alpha, beta = -WIN * 2, WIN * 2
        out: list[tuple[float, Move]] = []
        for m in moves:
            v = self._child(state, m, depth - 1, alpha, beta, limited)
            out.append((v, m))
            alpha = max(alpha, v)
        return out

    def _child(self, state: State, m: Move, depth: int, alpha: float, beta: float, limited: bool) -> float:
        child = play(state, m)
        if child.to_move == state.to_move:
            return self._negamax(child, depth, alpha, beta, limited)
        return -self._negamax(child, depth, -beta, -alpha, limited)

    def _negamax(self, state: State, depth: int, alpha: float, beta: float, limited: bool) -> float:
        self.nodes += 1
        if limited and self.nodes > self.budget:
            raise _OutOfBudget
        end = outcome(state)
        if end is not None:
            if end.winner is None:
                return 0.0
            score = WIN - state.ply
            return score if end.winner == state.to_move else -score
        if depth <= 0:
            return evaluate(state)
        best = -WIN * 2
        for m in legal_moves(state):
            v = self._child(state, m, depth - 1, alpha, beta, limited)
            if v > best:
                best = v
            if v > alpha:
                alpha = v
            if alpha >= beta:
                break
        return best
