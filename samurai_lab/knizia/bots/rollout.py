"""A fast greedy policy for simulated continuations (and the ``greedy-lite`` level): every candidate
judged locally (``local.LocalBoard``) instead of by a full evaluation."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.actions import Action, EndTurn, MoveTile, PlaceTile, Swap
from ..core.playout import random_action
from ..core.rules import apply_action, end_turn, movable_tiles, place_tile_at
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import CASTES
from .evaluate import DEFAULT_COSTS, DEFAULT_PARAMS, Costs, Params
from .knowledge import Perspective, playable
from .local import LocalBoard
from .opening import choose_setup


@dataclass(eq=False)
class FastPolicy:
    """Cheap greedy play, one turn at a time (full states or playable views).

    The best tile, move or swap by its local gain minus its price; while the turn goes on, further
    actions only if they gain more than their price; then end. ``noise`` adds a random amount up to
    that much to every gain; ``swaps``/``moves`` allow those actions; ``recheck``: the first action of
    a turn is chosen among that many best local candidates by a full evaluation (0: none)."""

    params: Params = DEFAULT_PARAMS
    costs: Costs = DEFAULT_COSTS
    noise: float = 0.0
    swaps: bool = True
    moves: bool = True
    recheck: int = 0

    @staticmethod
    def _useful(state: GameState, info: LocalBoard, pool: tuple[int, ...]) -> list[int]:
        """Empty hexes of ``pool`` next to a settlement with pieces, plus one other (for a forced play)."""
        tiles = state.tiles
        adjacent = state.board.adjacent_settlements
        odds = info.odds
        out = []
        spare = None
        for h in pool:
            if tiles[h] is None:
                if any(s in odds for s in adjacent[h]):
                    out.append(h)
                elif spare is None:
                    spare = h
        if spare is not None:
            out.append(spare)
        return out

    def best_play(self, state: GameState, info: LocalBoard, rng: random.Random | None,
                  floor: float | None) -> Action | None:
        """The best action whose gain minus price beats ``floor`` (any action if ``floor`` is None)."""
        player = state.current
        hand = state.hands[player] or ()
        board = state.board
        ids = board.ids
        normal = not state.normal_played
        best: tuple | None = None
        best_v = floor
        shortlist: list | None = [] if (self.recheck > 1 and floor is None) else None
        noise = self.noise if rng is not None else 0.0
        draw = rng.random if noise else None
        costs = self.costs

        def consider(v: float, candidate: tuple) -> None:
            """One candidate with its gain minus price: noise added, shortlisted, kept if the best so far."""
            nonlocal best, best_v
            if noise:
                v += noise * draw()  # type: ignore[misc]
            if shortlist is not None:
                shortlist.append((v, candidate))
            if best_v is None or v > best_v:
                best, best_v = candidate, v

        useful_land = self._useful(state, info, board.land)
        useful_sea = self._useful(state, info, board.sea)
        for t in dict.fromkeys(hand):
            if t.is_swap or t.is_move or (not t.fast and not normal):
                continue
            price = costs.per_value * t.strength + (costs.fast if t.fast else 0.0)
            for h in (useful_sea if t.on_sea else useful_land):
                consider(info.tile_gain(state, t, h) - price, ("tile", t, h))
        if normal and self.moves and any(t.is_move for t in hand):
            for a in movable_tiles(state, player):
                for h in useful_land:
                    consider(info.move_gain(state, a, h) - costs.move, ("move", a, h))
        if self.swaps and any(t.is_swap for t in hand):
            for sa, ca, sb, cb in info.swaps(state):
                consider(info.swap_gain(sa, ca, sb, cb) - costs.swap, ("swap", sa, ca, sb, cb))
        if best is None:
            return None
        if shortlist:
            shortlist.sort(key=lambda x: -x[0])
            actions = [self._action(ids, kind) for _, kind in shortlist[:self.recheck]]
            return max(actions, key=lambda a: info.exact_gain(state, a) - costs.of(a))
        return self._action(ids, best)

    @staticmethod
    def _action(ids: tuple[str, ...], kind: tuple) -> Action:
        if kind[0] == "tile":
            return PlaceTile(kind[1], ids[kind[2]])
        if kind[0] == "move":
            return MoveTile(ids[kind[1]], ids[kind[2]])
        return Swap(ids[kind[1]], CASTES[kind[2]], ids[kind[3]], CASTES[kind[4]])

    def next_action(self, state: GameState, rng: random.Random | None = None, persp: Perspective | None = None,
                    info: LocalBoard | None = None) -> Action:
        """The policy's next action of the current turn (``rng=None``: no noise)."""
        if info is None:
            info = LocalBoard(state, persp or Perspective(state.current), self.params)
        first = state.played_this_turn == 0
        choice = self.best_play(state, info, rng, floor=None if first else 0.0)
        if choice is not None:
            return choice
        return random_action(state, rng or random.Random(0)) if first else EndTurn()

    def play_turn(self, state: GameState, rng: random.Random | None = None,
                  weights: dict[int, list[list[float]]] | None = None) -> GameState:
        """The state after the current player's whole turn under this policy (a full state).
        ``weights``: per player, the caste weights to judge with (see ``LocalBoard``)."""
        turn = state.turn
        info = LocalBoard(state, Perspective(state.current), self.params,
                          weights.get(state.current) if weights else None)
        board = state.board
        while not state.is_over and state.turn == turn:
            a = self.next_action(state, rng, info=info)
            if isinstance(a, PlaceTile):
                i = board.resolve(a.hex)
                state = place_tile_at(state, a.tile, i)
                changed = board.adjacent_settlements[i]
            elif isinstance(a, EndTurn):
                state = end_turn(state)
                continue
            else:
                state = apply_action(state, a)
                if isinstance(a, Swap):
                    changed = (board.resolve(a.hex_a), board.resolve(a.hex_b))
                elif isinstance(a, MoveTile):
                    changed = (board.adjacent_settlements[board.resolve(a.from_hex)]
                               + board.adjacent_settlements[board.resolve(a.to_hex)])
                else:
                    continue
            if state.turn == turn and not state.is_over:
                info.update(state, changed)
        return state


class LiteBot:
    """The fast policy as a bot: quick, somewhat weaker than ``greedy``."""

    name = "greedy-lite"

    def __init__(self, noise: float = 0.0, recheck: int = 0) -> None:
        self.policy = FastPolicy(noise=noise, recheck=recheck)

    def choose(self, view: GameState, rng: random.Random) -> Action:
        if view.phase is not Phase.PLAY:
            return choose_setup(view, rng)
        state, persp = playable(view)
        return self.policy.next_action(state, rng, persp)
