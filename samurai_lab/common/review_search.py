"""Reviewing a game of moves with its alpha-beta search (Katana, Iki-zumari, any ``Game`` with ``evaluate``).

For each move of the reviewed player, every legal move of the position is searched to the same depth (negamax
with alpha-beta over the game's ``legal_actions`` and ``apply_legal``, its ``evaluate`` at the leaves); the
value of the best and of the played move become chances to win by a logistic curve of the evaluation (``scale``
is the evaluation worth odds of e to 1; a won position, worth ``win``, is 1, a lost one 0). As lichess marks
moves, a move whose chance is lower than the best's by ``INACCURACY``, ``MISTAKE`` or ``BLUNDER`` is marked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Generic, Iterator, Sequence

from .game import Game
from .negamax import M, Negamax, S

INACCURACY, MISTAKE, BLUNDER = 0.06, 0.12, 0.24
DEPTH = 3  # plies searched after each candidate move


def judgement_of(loss: float) -> str | None:
    """``blunder``, ``mistake``, ``inaccuracy`` for a loss of chance to win, or None."""
    return next((name for name, least in (("blunder", BLUNDER), ("mistake", MISTAKE), ("inaccuracy", INACCURACY))
                 if loss >= least), None)


class Judged:
    """A reviewed move or turn's verdict from its ``before`` (the best move's chance) and ``after``."""

    before: float
    after: float

    @property
    def loss(self) -> float:
        """The chance to win the move played gave away."""
        return max(0.0, self.before - self.after)

    @property
    def judgement(self) -> str | None:
        """``blunder``, ``mistake``, ``inaccuracy`` or None."""
        return judgement_of(self.loss)


@dataclass(frozen=True)
class MoveReview(Judged, Generic[M]):
    """One move of the reviewed player: ``states[index]`` before it, its best alternative, the chances."""

    index: int
    player: int
    played: M
    best: M
    before: float  # chance to win with the best move
    after: float  # chance to win after the move played


class Search(Negamax[S, M]):
    """Each move of a position searched to a fixed depth (``negamax.py``) and judged by its chance to win."""

    def __init__(self, game: Game[S, M], depth: int = DEPTH) -> None:
        super().__init__(game)
        self.game = game
        self.depth = depth

    def chance(self, v: float) -> float:
        """The chance to win of a value: 1 for a win found, 0 for a loss, logistic in between."""
        if v >= self.game.win / 2:
            return 1.0
        if v <= -self.game.win / 2:
            return 0.0
        return 1.0 / (1.0 + math.exp(-v / self.game.scale))

    def review_move(self, state: S, played: M, index: int) -> MoveReview[M]:
        """The played move against the best one (every move searched to the same depth)."""
        g = self.game
        played_value = self.child(state, played, self.depth - 1, -2 * g.win, 2 * g.win)
        best, best_value = played, played_value
        for m in g.legal_actions(state):
            if m == played:
                continue
            v = self.child(state, m, self.depth - 1, best_value, 2 * g.win)  # only better moves matter
            if v > best_value:
                best, best_value = m, v
        return MoveReview(index, g.to_move(state), played, best, self.chance(best_value), self.chance(played_value))


def review_steps(game: Game[S, M], states: Sequence[S], moves: Sequence[M], player: int,
                 depth: int = DEPTH) -> Iterator[tuple[int, int, MoveReview[M]]]:
    """Review ``player``'s moves (``states[k + 1]`` follows ``moves[k]``) one at a time:
    yields (moves done, moves in all, the move's review)."""
    search = Search(game, depth)
    mine = [k for k in range(len(moves)) if game.to_move(states[k]) == player and not game.is_over(states[k])]
    for done, k in enumerate(mine, 1):
        yield done, len(mine), search.review_move(states[k], moves[k], k)
