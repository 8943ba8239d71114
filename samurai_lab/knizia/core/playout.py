"""Random play: a fast uniform-ish policy over the same legal targets the rules use, and full games."""

from __future__ import annotations

import random

from ...i18n import Domain

from .actions import Action, EndTurn, MoveTile, Pass, PlaceTile, Swap
from .rules import (_apply_legal, apply_action, end_turn, game_over_reason, legal_actions, movable_tiles,
                    place_tile_at, swap_keeps_castes_apart, swap_options, swappable_pieces)
from .ruleset import EDITION_1998, RANDOM, Ruleset
from .model import Phase
from .state import GameState, new_game

T = Domain("knizia")


_PLAY = Phase.PLAY
_END = EndTurn()


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action: a random playable tile kind (or ending the turn), then a random target from
    the rules' own target helpers. ValueError, saying why, when the game is over or the hand is hidden."""
    return _random_choice(state, rng)[0]


def _random_choice(state: GameState, rng: random.Random) -> tuple[Action, int]:
    """``random_action``, with the target hex index of a tile placement (-1 for other actions)."""
    if state.phase is not _PLAY:
        actions = legal_actions(state)
        if not actions:
            raise _nothing_to_choose(state)
        return rng.choice(actions), -1
    hand = state.hands[state.current]
    if hand is None:
        raise _nothing_to_choose(state)
    board = state.board
    options: list = []
    normal_ok = not state.normal_played
    prev = None
    for t in hand:
        if t is not prev and (normal_ok or t.fast):  # the swap is fast, the move tile is not
            options.append(t)
        prev = t
    if state.played_this_turn > 0:
        options.append(None)
    random_ = rng.random
    while options:
        k = int(random_() * len(options))
        t = options[k]
        if t is None:
            return _END, -1
        if t.is_swap:
            swap = random_swap(state, rng)
            if swap is not None:
                return swap, -1
        elif t.is_move:
            sources = movable_tiles(state, state.current)
            target = _random_empty(state, board.land, rng)
            if sources and target is not None:
                return MoveTile(board.ids[rng.choice(sources)], board.ids[target]), -1
        else:
            pool = board.sea if t.on_sea else board.land
            tiles = state.tiles
            n = len(pool)
            for _ in range(8):  # _random_empty, inlined: rejection sampling first
                target = pool[int(random_() * n)]
                if tiles[target] is None:
                    return _placement(board, t, target), target
            target = _random_empty(state, pool, rng, tries=0)
            if target is not None:
                return _placement(board, t, target), target
        options.pop(k)
    return Pass(), -1


def _nothing_to_choose(state: GameState) -> ValueError:
    why = game_over_reason(state) if state.phase is Phase.GAME_OVER else \
        T.gettext("the hand of the player to move is hidden in this view")
    return ValueError(T.gettext("no action can be chosen: {why}").format(why=why))


_PLACEMENTS: dict[tuple[int, str], PlaceTile] = {}


def _placement(board, t, target: int) -> PlaceTile:
    """The (shared, immutable) action laying tile ``t`` on hex index ``target``."""
    key = (target, t.code)
    action = _PLACEMENTS.get(key)
    if action is None or action.hex != board.ids[target]:
        action = _PLACEMENTS[key] = PlaceTile(t, board.ids[target])
    return action


def _random_empty(state: GameState, pool: tuple[int, ...], rng: random.Random, tries: int = 8) -> int | None:
    """A uniformly random empty hex of ``pool`` (rejection sampling, then the full list of empty hexes)."""
    tiles = state.tiles
    n = len(pool)
    for _ in range(tries):
        i = pool[int(rng.random() * n)]
        if tiles[i] is None:
            return i
    empties = [i for i in pool if tiles[i] is None]
    return rng.choice(empties) if empties else None


def random_swap(state: GameState, rng: random.Random, tries: int = 20) -> Swap | None:
    """A random legal swap: random pairs of pieces first, the full list only if they keep failing."""
    pieces = swappable_pieces(state)
    if len(pieces) >= 2:
        ids = state.board.ids
        for _ in range(tries):
            (a, ca), (b, cb) = rng.sample(pieces, 2)
            if a != b and swap_keeps_castes_apart(state, a, ca, b, cb):
                return Swap(ids[a], ca, ids[b], cb)
    options = swap_options(state)
    return rng.choice(options) if options else None


def play_random_game(
    n_players: int = 4, ruleset: Ruleset = EDITION_1998, seed: int = 0, checked: bool = False
) -> tuple[GameState, list[Action]]:
    """Play a whole game with random actions (setup included, as the ruleset says); ``checked=True``
    sends every action through the full legality check (slower)."""
    rng = random.Random(seed)
    state = new_game(n_players, ruleset, seed)
    actions: list[Action] = []
    over = Phase.GAME_OVER
    record = actions.append
    if checked:
        while state.phase is not over:
            action = random_action(state, rng)
            state = apply_action(state, action)
            record(action)
        return state, actions
    choose = _random_choice
    while state.phase is not over:
        action, target = choose(state, rng)
        if target >= 0:  # a placement: straight to the rules' placement, hex index known
            state = place_tile_at(state, action.tile, target)  # type: ignore[union-attr]
        elif action is _END:
            state = end_turn(state)
        else:
            state = _apply_legal(state, action)
        record(action)
    return state, actions


#: The 1998 rules with the beginner setup: pieces and hands dealt at random.
BEGINNER_RULES = EDITION_1998.with_options(setup=RANDOM, hands=RANDOM)


def midgame_position(seed: int = 11, n_players: int = 4, turns: int = 12) -> GameState:
    """A 4-player position at the start of turn ``turns + 1`` of a random game (first seed from
    ``seed`` whose game is still running then, with five tiles in hand)."""
    while True:
        rng = random.Random(seed)
        state = new_game(n_players, BEGINNER_RULES, seed)
        while state.turn <= turns and state.phase is Phase.PLAY:
            state = state.apply(random_action(state, rng))
        if state.phase is Phase.PLAY and len(state.hand) == 5:
            return state
        seed += 1
