"""A bot that plays a uniformly random legal move (seeded, so games replay)."""

from __future__ import annotations

import random

from ..core.moves import Move
from ..core.rules import legal_moves
from ..core.state import State


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Move:
        moves = legal_moves(state)
        if not moves:
            raise ValueError("the game is over: there is no move to choose")
        return self.rng.choice(moves)
