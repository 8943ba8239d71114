"""The greedy level: the action that most raises the estimated chance to win, as if the turn ended
right after it, minus a small price for spending tiles (so a turn ends when no tile helps)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.actions import Action, EndTurn, MoveTile, Pass, PlaceTile
from ..core.rules import apply_action, legal_actions
from ..core.model import Phase
from ..core.state import GameState
from .evaluate import DEFAULT_COSTS, DEFAULT_PARAMS, Costs, Params, win_chances
from .knowledge import Perspective, holding_odds, playable
from .local import LocalBoard
from .opening import choose_setup

_END = EndTurn()


@dataclass(frozen=True, slots=True)
class Scored:
    """An action with the estimated chance to win after it (the turn ended) and that minus its price."""

    action: Action
    chance: float
    value: float
    after: GameState  # the playable state right after the action (turn not yet ended)
    ended: GameState  # ... and after ending the turn


#: How many tile, move and swap actions, chosen by a quick local judgement, get the full evaluation.
SCREEN = 24


def rank_actions(view: GameState, params: Params = DEFAULT_PARAMS, costs: Costs = DEFAULT_COSTS,
                 actions: list[Action] | None = None, screen: int | None = SCREEN) -> list[Scored]:
    """The legal actions of the play phase (or ``actions``), best first, judged from the view's player.

    With ``screen``, only that many tile, move and swap actions (the best by the local judgement of
    ``local.LocalBoard``) are judged in full and returned, with ending the turn or passing."""
    return rank_in(*playable(view), params, costs, actions, screen)


def signature(state: GameState, action: Action) -> tuple:
    """What an action does, up to hexes that touch the same settlements (such hexes are equivalent: a
    tile counts only for the settlements next to it, and only they need it to be surrounded)."""
    board = state.board
    adjacent = board.adjacent_settlements
    if isinstance(action, PlaceTile):
        return ("tile", action.tile.code, board.is_sea[board.resolve(action.hex)], adjacent[board.resolve(action.hex)])
    if isinstance(action, MoveTile):
        a = board.resolve(action.from_hex)
        return ("move", state.tiles[a].tile.code if state.tiles[a] else None, adjacent[a],  # type: ignore[union-attr]
                adjacent[board.resolve(action.to_hex)])
    return (str(action),)


def distinct_actions(state: GameState, actions: list[Action]) -> list[Action]:
    """``actions`` without those equivalent to an earlier one (see ``signature``)."""
    firsts: dict[tuple, Action] = {}
    for a in actions:
        firsts.setdefault(signature(state, a), a)
    return list(firsts.values())


def rank_in(state: GameState, persp: Perspective, params: Params = DEFAULT_PARAMS, costs: Costs = DEFAULT_COSTS,
            actions: list[Action] | None = None, screen: int | None = SCREEN) -> list[Scored]:
    """``rank_actions`` on a playable state; equivalent actions (``signature``) are judged once, the
    first of them in the legal order represents them."""
    me = persp.player
    n = state.n_players
    candidates = distinct_actions(state, legal_actions(state) if actions is None else list(actions))
    if screen is not None and len(candidates) > screen:
        info = LocalBoard(state, persp, params)
        gains = [(info.action_gain(state, a), i, a) for i, a in enumerate(candidates)]
        judged = sorted(((-(g - costs.of(a)), i, a) for g, i, a in gains if g is not None),
                        key=lambda x: x[:2])
        candidates = [a for g, _, a in gains if g is None] + [a for _, _, a in judged[:screen]]
    odds: list = [None] * n
    nxt = (state.current + 1) % n
    odds[nxt] = holding_odds(state, nxt, me)
    out = []
    for a in candidates:
        after = apply_action(state, a)
        ended = after if after.is_over or isinstance(a, (EndTurn, Pass)) else apply_action(after, _END)
        chance = win_chances(ended, persp, odds, params)[me]
        out.append(Scored(a, chance, chance - costs.of(a), after, ended))
    out.sort(key=lambda s: -s.value)
    return out


class GreedyBot:
    """Best immediate gain: every legal action judged by the estimated chance to win once the turn ends."""

    name = "greedy"

    def __init__(self, screen: int | None = SCREEN, params: Params = DEFAULT_PARAMS, costs: Costs = DEFAULT_COSTS) -> None:
        self.screen = screen
        self.params = params
        self.costs = costs

    def choose(self, view: GameState, rng: random.Random) -> Action:
        if view.phase is not Phase.PLAY:
            return choose_setup(view, rng)
        ranked = rank_actions(view, self.params, self.costs, screen=self.screen)
        best = ranked[0].value
        ties = [s.action for s in ranked if s.value >= best - 1e-12]
        return ties[0] if len(ties) == 1 else rng.choice(ties)
