"""A bot that plays a uniformly random legal move (seeded)."""

from __future__ import annotations

import random

from ..core.rules import legal_moves
from ..core.state import Move, State
from .base import register


@register("random")
class RandomBot:
    """Uniformly random among the legal moves."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = legal_moves(state)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        return self.rng.choice(moves)
