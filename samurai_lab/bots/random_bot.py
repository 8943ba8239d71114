"""The random level: any legal action."""

from __future__ import annotations

import random

from ..actions import Action
from ..playout import random_action
from ..rules import legal_actions
from ..state import GameState


class RandomBot:
    """Plays at random: by default a random playable tile (or ending the turn), then a random target
    (``samurai_lab.playout.random_action``); with ``uniform=True`` uniformly over all legal actions."""

    name = "random"

    def __init__(self, uniform: bool = False) -> None:
        self.uniform = uniform

    def choose(self, view: GameState, rng: random.Random) -> Action:
        if self.uniform:
            return rng.choice(legal_actions(view))
        return random_action(view, rng)
