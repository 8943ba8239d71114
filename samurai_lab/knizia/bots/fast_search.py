"""The ``search-mc`` level: ``search``'s whole-turn plans, each followed by random legal play to the end of the
game on the fast path (``fast_judge.judge_plans``) instead of one turn of the fast policy and an evaluation;
sequential halving drops the weaker half of the plans each round."""

from __future__ import annotations

import math
import random
import time

from ..core.state import GameState
from .fast_judge import judge_plans
from .knowledge import Perspective
from .search import Plan, SearchBot

#: Default random games per turn by player count (about 0.5 s of one core in mid-game).
PLAYOUTS = {2: 1600, 3: 1100, 4: 800}
BATCH = 4  # deals per judgement call


class FastSearchBot(SearchBot):
    """Monte Carlo search over whole-turn plans with random playouts on the fast path (see the module).

    ``playouts``: random games per turn in all (default by player count, ``PLAYOUTS``); ``time_limit``:
    also stop each round of the halving once its share of that many seconds has passed; ``plans``:
    candidate plans kept from the greedy ranking."""

    name = "search-mc"

    def search(self, view: GameState, persp: Perspective, plans: list[Plan], rng: random.Random) -> Plan:
        start = time.perf_counter()
        budget = self.playouts or PLAYOUTS[view.n_players]
        rounds = max(1, math.ceil(math.log2(len(plans))))
        alive = list(range(len(plans)))
        sums = [0.0] * len(plans)
        counts = [0] * len(plans)
        spent = 0
        for r in range(rounds):
            share = (budget - spent) // (rounds - r)
            used = 0
            while used < share:
                values = judge_plans(view, [plans[i] for i in alive], BATCH, rng)
                for i, v in zip(alive, values):
                    sums[i] += v * BATCH
                    counts[i] += BATCH
                used += BATCH * len(alive)
                if self.time_limit is not None and time.perf_counter() - start > self.time_limit * (r + 1) / rounds:
                    break
            spent += used
            alive.sort(key=lambda i: -sums[i] / max(1, counts[i]))
            if r < rounds - 1:
                alive = alive[:max(1, (len(alive) + 1) // 2)]
        self.last_stats = {"plans": len(plans), "playouts": spent, "seconds": time.perf_counter() - start,
                           "means": {i: sums[i] / counts[i] for i in range(len(plans)) if counts[i]}}
        return plans[alive[0]]
