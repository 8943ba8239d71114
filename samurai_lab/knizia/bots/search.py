"""The search level: flat Monte Carlo over determinizations.

A turn is planned at once. Candidate plans are the greedy ranking's best first actions (equivalent
hexes merged), each completed by the fast policy (fast tiles and swaps that help, then end). Each plan
is tried on full states sampled consistently with the view (others' hands and piles, the own pile
order, hidden captures), followed by the next player's reply played by the fast policy (``depth``
turns), and judged by the estimated chance to win. All plans meet the same samples (common random
numbers); sequential halving drops the weaker half each round. Later actions of a planned turn are
answered from the plan.
"""

from __future__ import annotations

import math
import random
import time

from ..core.actions import Action, EndTurn, Pass
from ..core.rules import apply_action, legal_actions
from ..core.model import Phase
from ..core.state import GameState
from .evaluate import DEFAULT_COSTS, DEFAULT_PARAMS, Costs, Params, win_chances
from .greedy import rank_in, signature
from .knowledge import Perspective, playable, sample_state
from .local import LocalBoard
from .opening import choose_setup
from .rollout import FastPolicy

Plan = tuple[Action, ...]

#: Default continuations per turn by player count (about 0.6 s of one core in mid-game).
PLAYOUTS = {2: 360, 3: 200, 4: 160}


def _key(view: GameState) -> tuple:
    """What identifies a decision point of a turn (hidden parts excluded)."""
    return (view.turn, view.current, view.played_this_turn, view.tiles, view.pieces, view.hands[view.current])


class SearchBot:
    """Monte Carlo search over whole-turn plans (see the module text).

    ``playouts``: simulated continuations per turn (default by player count, ``PLAYOUTS``, to answer
    within about 1 s per turn on a 2-core machine); ``time_limit``: also stop once that many seconds
    have passed (the choice then depends on the machine's speed); ``plans``: candidate plans kept from
    the greedy ranking; ``depth``: turns of the fast policy simulated after the plan; ``noise``: random
    amount added to the gains in those turns; ``recheck``: how many of the fast policy's best first
    actions get a full evaluation in those turns (see ``FastPolicy``)."""

    name = "search"

    def __init__(self, playouts: int | None = None, plans: int = 16, depth: int = 1, time_limit: float | None = None,
                 noise: float = 0.01, recheck: int = 4, params: Params = DEFAULT_PARAMS,
                 costs: Costs = DEFAULT_COSTS) -> None:
        if (playouts is not None and playouts < 1) or plans < 1 or depth < 0:
            raise ValueError("playouts and plans must be at least 1, depth at least 0")
        self.playouts = playouts
        self.plans = plans
        self.depth = depth
        self.time_limit = time_limit
        self.params = params
        self.costs = costs
        self.policy = FastPolicy(params, costs, noise=noise, recheck=recheck)
        self.completion = FastPolicy(params, costs)
        self._plan: list[Action] = []
        self._plan_key: tuple | None = None
        self.last_stats: dict[str, object] = {}

    # --- the protocol ------------------------------------------------------------------------------------
    def choose(self, view: GameState, rng: random.Random) -> Action:
        if view.phase is not Phase.PLAY:
            return choose_setup(view, rng)
        state, persp = playable(view)
        if self._plan and self._plan_key == _key(view):
            return self._follow(state)
        legal = legal_actions(state)
        if len(legal) == 1 and not isinstance(legal[0], EndTurn):
            self._plan = []
            return legal[0]
        plans = self.candidate_plans(state, persp)
        self.last_stats = {"plans": len(plans), "playouts": 0, "seconds": 0.0, "means": {}}
        best = plans[0] if len(plans) == 1 else self.search(view, persp, plans, rng)
        self._plan = list(best)
        return self._follow(state)

    def _follow(self, state: GameState) -> Action:
        action = self._plan.pop(0)
        self._plan_key = _key(apply_action(state, action)) if self._plan else None
        return action

    # --- candidates ----------------------------------------------------------------------------------------
    def candidate_plans(self, state: GameState, persp: Perspective) -> list[Plan]:
        """Up to ``plans`` different whole-turn plans, best greedy first."""
        ranked = rank_in(state, persp, self.params, self.costs)
        out: dict[tuple, Plan] = {}  # by what the plan does (``signature``)
        for scored in ranked:
            if len(out) >= self.plans:
                break
            plan = [scored.action]
            s = scored.after
            while not s.is_over and not isinstance(plan[-1], (EndTurn, Pass)):
                a = self.completion.next_action(s, None, persp)
                plan.append(a)
                if isinstance(a, (EndTurn, Pass)):
                    break
                s = apply_action(s, a)
            out.setdefault(tuple(signature(state, a) for a in plan), tuple(plan))
        return list(out.values())

    # --- search ------------------------------------------------------------------------------------------
    def search(self, view: GameState, persp: Perspective, plans: list[Plan], rng: random.Random) -> Plan:
        """The plan with the best mean result over sampled continuations (sequential halving)."""
        return plans[self.rank(view, persp, plans, rng)[0]]

    def rank(self, view: GameState, persp: Perspective, plans: list[Plan], rng: random.Random,
             budget: int | None = None, time_limit: float | None = None, keep: int = 1,
             depth: int | None = None) -> list[int]:
        """Indices of the ``keep`` plans (or fewer) left by sequential halving over sampled continuations,
        best mean first; ``budget``, ``time_limit`` and ``depth`` replace the bot's own ``playouts``,
        ``time_limit`` and ``depth`` when given."""
        start = time.perf_counter()
        depth = self.depth if depth is None else depth
        budget = budget or self.playouts or PLAYOUTS[view.n_players]
        limit = self.time_limit if time_limit is None else time_limit
        k = len(plans)
        root, _ = playable(view)
        weights = {p: LocalBoard(root, Perspective(p, persp.hidden, persp.hidden_base), self.params).weights
                   for p in range(view.n_players)}
        rounds = max(1, math.ceil(math.log2(k / keep)))
        alive = list(range(k))
        sums = [0.0] * k
        counts = [0] * k
        spent = 0
        for r in range(rounds):
            per_round = max(1, (budget - spent) // (rounds - r))
            samples = max(1, per_round // len(alive))
            for _ in range(samples):
                seed = rng.getrandbits(64)
                world = sample_state(view, random.Random(seed))
                for i in alive:
                    sums[i] += self.rollout(world, plans[i], persp.player, depth, random.Random(seed + 1), weights)
                    counts[i] += 1
                    spent += 1
                if limit is not None and time.perf_counter() - start > limit * (r + 1) / rounds:
                    break
            alive.sort(key=lambda i: -sums[i] / counts[i])
            if r < rounds - 1:
                alive = alive[:max(keep, (len(alive) + 1) // 2)]
        self.last_stats = {"plans": k, "playouts": spent, "seconds": time.perf_counter() - start,
                           "means": {i: sums[i] / counts[i] for i in range(k) if counts[i]}}
        return alive[:keep]

    def rollout(self, world: GameState, plan: Plan, me: int, depth: int, rng: random.Random,
                weights: dict[int, list[list[float]]] | None = None) -> float:
        """Play ``plan`` on a sampled full state, then ``depth`` turns of the fast policy; my chance to win."""
        s = world
        for a in plan:
            s = apply_action(s, a)
            if s.is_over:
                break
        for _ in range(depth):
            if s.is_over:
                break
            s = self.policy.play_turn(s, rng, weights)
        return win_chances(s, Perspective(me), None, self.params)[me]
