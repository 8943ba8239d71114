"""The random level: any legal action."""

from __future__ import annotations

import random

from ..core.actions import Action
from ..core.playout import random_action
from ..core.rules import legal_actions
from ..core.state import GameState


class RandomBot:
    """Plays at random: by default a random playable tile (or ending the turn), then a random target
    (``samurai_lab.knizia.core.playout.random_action``); with ``uniform=True`` uniformly over all legal actions."""

    name = "random"

    def __init__(self, uniform: bool = False) -> None:
        self.uniform = uniform

    def choose(self, view: GameState, rng: random.Random) -> Action:
        return rng.choice(legal_actions(view)) if self.uniform else random_action(view, rng)
