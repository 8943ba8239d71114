"""The random bot of the games of moves: a uniformly random legal action, seeded so that games replay."""

from __future__ import annotations

import random
from typing import Callable, Generic, Sequence, TypeVar

S = TypeVar("S")
A = TypeVar("A")


class RandomBot(Generic[S, A]):
    """Uniformly random among ``legal_actions(state)`` (a game's ``Game.legal_actions``)."""

    name = "random"

    def __init__(self, legal_actions: Callable[[S], Sequence[A]], seed: int = 0) -> None:
        self.legal_actions = legal_actions
        self.rng = random.Random(seed)

    def choose(self, state: S) -> A:
        actions = self.legal_actions(state)
        if not actions:
            raise ValueError("the game is over: there is no move to choose")
        return self.rng.choice(actions)
