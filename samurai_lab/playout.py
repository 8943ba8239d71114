"""Random play: a fast uniform-ish policy over the same legal targets the rules use, and full games."""

from __future__ import annotations

import random

from .actions import Action, EndTurn, MoveTile, Pass, PickTile, PlacePiece, PlaceTile
from .rules import _apply_legal, empty_hexes, legal_actions, movable_tiles, swap_options, tile_targets
from .ruleset import EDITION_1998, Ruleset
from .state import GameState, Phase, new_game
from .tiles import Figure, sort_tiles


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action: first a random playable tile kind (or ending the turn), then a random target.

    Uses the rules' own target helpers; only setup phases fall back to ``legal_actions``.
    """
    if state.phase is not Phase.PLAY:
        return rng.choice(legal_actions(state))
    ids = state.board.ids
    options: list = []
    normal_ok = not state.normal_played
    for t in sort_tiles(set(state.hands[state.current] or ())):
        if t.figure is Figure.SWAP:
            options.append(t)
        elif t.figure is Figure.MOVE:
            if normal_ok:
                options.append(t)
        elif t.fast or normal_ok:
            options.append(t)
    if state.played_this_turn > 0:
        options.append(None)
    while options:
        k = rng.randrange(len(options))
        t = options[k]
        if t is None:
            return EndTurn()
        if t.figure is Figure.SWAP:
            swaps = swap_options(state)
            if swaps:
                return rng.choice(swaps)
        elif t.figure is Figure.MOVE:
            sources = movable_tiles(state, state.current)
            targets = empty_hexes(state)
            if sources and targets:
                return MoveTile(ids[rng.choice(sources)], ids[rng.choice(targets)])
        else:
            targets = tile_targets(state, t)
            if targets:
                return PlaceTile(t, ids[rng.choice(targets)])
        options.pop(k)
    return Pass()


def play_random_game(
    n_players: int = 4, ruleset: Ruleset = EDITION_1998, seed: int = 0, checked: bool = False
) -> tuple[GameState, list[Action]]:
    """Play a whole game with random actions (setup included, as the ruleset says).

    ``checked=True`` sends every action through the full legality check (slower); the default
    applies actions the random policy built from the rules' own legal targets.
    """
    rng = random.Random(seed)
    state = new_game(n_players, ruleset, seed)
    actions: list[Action] = []
    while state.phase is not Phase.GAME_OVER:
        action = random_action(state, rng)
        state = state.apply(action) if checked else _apply_legal(state, action)
        actions.append(action)
    return state, actions


__all__ = ["random_action", "play_random_game", "PickTile", "PlacePiece"]
