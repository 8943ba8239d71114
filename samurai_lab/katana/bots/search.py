"""An alpha-beta (negamax) search bot with iterative deepening, a node or time budget, and a seed.

The evaluation counts, from the side to move: kills (decisive), samurai alive and swords kept, and the
immediate threats (rival samurai one step from a challenge square facing one of ours across a Katana).
Positions met before in the game cost a little, so the bot does not loop for ever when it is ahead.
Ties between equally good moves are broken by the seeded random generator, so a seed fixes the play.
"""

from __future__ import annotations

import time
from collections import Counter

from ..core.board import IS_KATANA, KATANA, KIND, NEIGHBOUR
from ..core.rules import apply_legal, legal_moves, outcome
from ..core.state import BLACK_STRONG, BLACK_WEAK, RED_STRONG, RED_WEAK, Move, State
from ...common import negamax
from ...common.negamax import OutOfBudget, SearchRules

WIN = 100_000
REPEAT_PENALTY = 40  # per earlier visit of the position a move leads to
KATANAS = tuple(i for i, k in enumerate(KIND) if k == KATANA)


#: (samurai square, opposite square) on either side of every Katana square
KATANA_PAIRS = tuple((NEIGHBOUR[k][d], NEIGHBOUR[k][(d + 4) % 8]) for k in KATANAS for d in range(8)
                     if NEIGHBOUR[k][d] >= 0 and NEIGHBOUR[k][(d + 4) % 8] >= 0
                     and not IS_KATANA[NEIGHBOUR[k][d]] and not IS_KATANA[NEIGHBOUR[k][(d + 4) % 8]])
# penalty of an exposed samurai by cell code: strong ones lose a sword, weak ones their life
_EXPOSED = (0, 12, 25, 12, 25)


def evaluate(state: State) -> float:
    """The value of ``state`` for the player to move (positive: good for him)."""
    res = outcome(state)
    me = state.to_move
    if res is not None:
        return 0.0 if res.winner is None else WIN if res.winner == me else -WIN
    cells = state.cells
    black = 100 * (cells.count(BLACK_STRONG) + cells.count(BLACK_WEAK)) + 60 * cells.count(BLACK_STRONG)
    red = 100 * (cells.count(RED_STRONG) + cells.count(RED_WEAK)) + 60 * cells.count(RED_STRONG)
    black += 400 * state.kills[0]
    red += 400 * state.kills[1]
    # exposure: a samurai next to a Katana whose opposite square is free can be attacked there
    for a, b in KATANA_PAIRS:
        c = cells[a]
        if c and not cells[b]:
            if c <= BLACK_WEAK:
                black -= _EXPOSED[c]
            else:
                red -= _EXPOSED[c]
    return black - red if me == 0 else red - black


RULES = SearchRules(legal_moves, apply_legal, lambda s: s.to_move, outcome, evaluate, WIN)


class SearchBot(negamax.SearchBot[State, Move]):
    """Negamax with alpha-beta pruning, iterative deepening and a budget of nodes or seconds per move."""

    def __init__(self, seed: int = 0, nodes: int = 1500, seconds: float | None = None, max_depth: int = 6) -> None:
        super().__init__(RULES, seed, nodes, max_depth, "search")
        self.seconds = seconds
        self._deadline = 0.0
        self.seen: Counter[tuple] = Counter()  # positions met in this game, to steer away from endless loops

    def choose(self, state: State) -> Move:
        moves = legal_moves(state)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        self.seen[state.key()] += 1
        if len(moves) == 1:
            return moves[0]
        self.rng.shuffle(moves)
        self.nodes = 0
        self._deadline = time.perf_counter() + self.seconds if self.seconds else float("inf")
        best = moves[0]
        children = [(m, apply_legal(state, m)) for m in moves]
        # order: immediate gains first (static evaluation from our side)
        children.sort(key=lambda c: (1 if c[1].to_move == state.to_move else -1) * evaluate(c[1]),
                      reverse=True)
        for depth in range(1, self.max_depth + 1):
            try:
                value, move = self._root(children, depth, state)
            except OutOfBudget:
                break
            best, self.depth_reached = move, depth
            if value >= WIN - 100:
                break
            children.sort(key=lambda mc: mc[0] == best, reverse=True)
        self.seen[next(c for m, c in children if m == best).key()] += 1
        return best

    def _root(self, children: list, depth: int, state: State) -> tuple[float, Move]:
        alpha, best_move = -float("inf"), children[0][0]
        for move, child in children:
            value = self.after(state, child, depth - 1, -WIN * 2, WIN * 2)
            value -= REPEAT_PENALTY * self.seen[child.key()]
            if value > alpha:
                alpha, best_move = value, move
        return alpha, best_move

    def visit(self, state: State) -> None:
        self.nodes += 1
        if self.nodes > self.budget or (self.nodes & 63 == 0 and time.perf_counter() > self._deadline):
            raise OutOfBudget
