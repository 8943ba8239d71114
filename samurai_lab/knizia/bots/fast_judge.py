"""Whole-turn plans judged by Monte Carlo playouts on the fast path.

Each sample deals the tiles the player cannot see (``knowledge.sample_state``: others' hands and piles,
his own pile's order, captures hidden behind screens), plays every plan on it and then random legal
actions to the end of the game (``fast.FastGame.playout``); a plan's value is the player's mean share of
the victory. Every plan meets the same samples and the same random continuations (common random
numbers), so that their differences are measured more sharply than their values.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..core.actions import Action
from ..core.state import GameState
from .fast import FastGame, from_action
from .knowledge import sample_state

Plan = Sequence[Action]


def judge_plans(view: GameState, plans: Sequence[Plan], samples: int, rng: random.Random) -> list[float]:
    """Each plan's estimated chance to win for the player whose view (or whose turn) ``view`` is."""
    me = view.viewer if view.viewer is not None else view.current
    fast_plans = [[from_action(view.board, a) for a in plan] for plan in plans]
    sums = [0.0] * len(plans)
    for _ in range(max(1, samples)):
        world = FastGame.from_state(sample_state(view, rng))
        seed = rng.getrandbits(32)
        for i, plan in enumerate(fast_plans):
            game = world.copy()
            for action in plan:
                if game.over:
                    break
                game.apply(action)
            game.playout(random.Random(seed))
            sums[i] += game.result(me)
    return [s / max(1, samples) for s in sums]
