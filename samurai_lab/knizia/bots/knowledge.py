"""What one player knows and does not know: unseen tiles, what an opponent may hold, captures hidden
behind screens, and full states sampled consistently with a player's view."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, replace
from functools import lru_cache

from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import CASTES, HAND_SIZE, TILE_SET, TILES_BY_CODE, Tile, sort_tiles, supply_per_caste

MAX_VALUE = 4  # no tile has more influence than 4


@dataclass(frozen=True, slots=True)
class Perspective:
    """Whose eyes a position is judged with, and the captures that player cannot see.

    ``hidden`` lists the players whose captured pieces are hidden; ``hidden_base`` is how many pieces of
    each caste they held between them when the view was taken (known from the public totals). In a
    playable copy (``playable``) their captured counts start at zero and count only later captures.
    """

    player: int
    hidden: tuple[int, ...] = ()
    hidden_base: tuple[int, int, int] = (0, 0, 0)


def playable(view: GameState) -> tuple[GameState, Perspective]:
    """A copy of a view on which actions can be tried, and the perspective to judge it with.

    Hidden captured counts (``None``) are set to zero in the copy, so that pieces those players take in
    what-if play are counted; ``Perspective.hidden_base`` keeps what they held before, as a public total.
    """
    player = view.viewer if view.viewer is not None else view.current
    hidden = tuple(p for p, c in enumerate(view.captured) if c is None)
    if not hidden:
        return view, Perspective(player)
    per = supply_per_caste(view.n_players)
    on_board = view.pieces_on_board()
    base = tuple(per - on_board[c.index] - view.set_aside[c.index]
                 - sum(cap[c.index] for cap in view.captured if cap is not None) for c in CASTES)
    copy = replace(view, captured=tuple((0, 0, 0) if c is None else c for c in view.captured))
    return copy, Perspective(player, hidden, base)  # type: ignore[arg-type]


def unseen_tiles(state: GameState, player: int, viewer: int | None = None) -> Counter:
    """``player``'s tiles that ``viewer`` (default: any other player) cannot see: his 20 minus those on
    the board and discarded, minus his hand when he is the viewer (then they are his pile)."""
    left = Counter(TILE_SET)
    for p in state.tiles:
        if p is not None and p.owner == player:
            left[p.tile] -= 1
    left.subtract(state.discarded[player])
    if player == viewer and state.hands[player] is not None:
        left.subtract(state.hands[player])
    return +left


# --- what a player may hold ------------------------------------------------------------------------

def _land_values(t: Tile) -> tuple[int, int, int] | None:
    return None if t.placement != "land" or t.is_move or t.is_swap else t.per_caste


@lru_cache(maxsize=4096)
def _any_drawn(n: int, good: int, drawn: int) -> float:
    """Chance that ``drawn`` tiles taken at random from ``n`` include one of ``good`` marked tiles."""
    if good <= 0 or drawn <= 0:
        return 0.0
    if n - good < drawn:
        return 1.0
    return 1.0 - math.comb(n - good, drawn) / math.comb(n, drawn)


Odds = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...]]


def holding_odds(state: GameState, player: int, viewer: int) -> Odds:
    """``[caste][v]``: the chance, as ``viewer`` sees it, that ``player`` has in hand at his next turn a
    land tile worth at least ``v`` (0..4) against a piece of that caste."""
    known: tuple[Tile, ...] = ()
    pool = unseen_tiles(state, player, viewer)
    if player == viewer and state.hands[player] is not None:
        known = state.hands[player]
        drawn = min(HAND_SIZE - len(known), state.pile_sizes[player])
    else:
        drawn = state.hand_sizes()[player]
    best_known = tuple(max((v[ci] for t in known if (v := _land_values(t)) is not None), default=-1) for ci in range(3))
    return _holding_odds(tuple(sorted((t.code, k) for t, k in pool.items())), drawn, best_known)


@lru_cache(maxsize=65536)
def _holding_odds(pool: tuple[tuple[str, int], ...], drawn: int, best_known: tuple[int, ...]) -> Odds:
    n = sum(k for _, k in pool)
    land = [(v, k) for code, k in pool if (v := _land_values(TILES_BY_CODE[code])) is not None]
    return tuple(tuple(1.0 if x <= best_known[ci] else _any_drawn(n, sum(k for v, k in land if v[ci] >= x),
                                                                  drawn) for x in range(MAX_VALUE + 1))
                 for ci in range(3))  # type: ignore[return-value]


# --- sampling the hidden information ---------------------------------------------------------------

def sample_state(view: GameState, rng: random.Random) -> GameState:
    """A full state consistent with ``view``: others' hands and piles dealt at random from their unseen
    tiles, the viewer's own pile shuffled, hidden captured pieces spread at random over the players
    who hide them (matching the public totals per caste). Only for the play phase."""
    if view.phase is not Phase.PLAY and view.phase is not Phase.GAME_OVER:
        raise ValueError("hidden information is sampled only once play has begun (every hand is chosen, then "
                         "every piece placed)")
    viewer = view.viewer if view.viewer is not None else view.current
    hands = list(view.hands)
    piles = list(view.piles)
    sizes = view.hand_sizes()
    for p in range(view.n_players):
        if hands[p] is not None and piles[p] is not None:
            continue
        tiles = list(unseen_tiles(view, p, viewer).elements())
        rng.shuffle(tiles)
        if p == viewer:
            piles[p] = tuple(tiles)
        else:
            hands[p] = sort_tiles(tiles[:sizes[p]])
            piles[p] = tuple(tiles[sizes[p]:])
        if len(piles[p]) != view.pile_sizes[p]:
            raise ValueError(f"player {p}'s tiles do not add up: {len(piles[p])} unseen for a pile of {view.pile_sizes[p]}")
    captured = list(view.captured)
    if any(c is None for c in captured):
        _, persp = playable(view)
        grid = {p: [0, 0, 0] for p in persp.hidden}
        for ci, total in enumerate(persp.hidden_base):
            for _ in range(total):
                grid[persp.hidden[int(rng.random() * len(persp.hidden))]][ci] += 1
        for p, c in grid.items():
            captured[p] = (c[0], c[1], c[2])
    return replace(view, hands=tuple(hands), piles=tuple(piles), captured=tuple(captured), viewer=None)
