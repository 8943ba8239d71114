"""What the next player could take on his next turn, whatever tiles he holds: a puzzle's reply without hidden tiles.

The player to move cannot see the next player's hand, but he can count his tiles: the next player holds up to
five of his *unseen* tiles, his 20 less those on the board and the swaps he has used. :func:`threats` lists every
piece the next player could take on his next turn with some hand of those tiles, and a hand that does it:

* the piece's settlement is not yet surrounded and has at most two empty land hexes next to it (one tile
  without the fast mark, or the move tile, fills one; the ronin, the one fast land tile, the other);
* he fills them, lays ships on its empty sea hexes and may first use the swap to bring a piece of another
  caste into it from another settlement, with at most five tiles in all;
* his influence on that piece is then higher than every other player's (a tie takes nothing).

The move tile lifts one of his tiles without the fast mark from the board: taken from next to the settlement
it adds nothing there, taken from elsewhere it adds its value. The answer is exact for these rules: the hand
returned takes the piece (``tests/test_puzzles.py`` plays it), and no hand takes a piece not listed.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..bots.knowledge import unseen_tiles
from ..core.rules import empty_land_around, influence, is_surrounded, movable_tiles
from ..core.state import GameState
from ..core.tiles import HAND_SIZE, TILES_BY_CODE, Caste, Tile

RONIN, SWAP, MOVE = TILES_BY_CODE["N1"], TILES_BY_CODE["X"], TILES_BY_CODE["M"]


@dataclass(frozen=True)
class Threat:
    """A piece the next player could take, and a hand of his unseen tiles that takes it."""

    hex: int
    caste: Caste
    player: int
    hand: tuple[str, ...]  # tile codes; "M<hex>" names the move tile with the tile it lifts


def next_player(state: GameState) -> int:
    """The player whose turn follows the current one."""
    return (state.current + 1) % state.n_players


def reach(state: GameState, player: int) -> int:
    """How many empty land hexes around one settlement ``player`` could fill on his next turn."""
    return _reach(unseen_tiles(state, player))


def _reach(unseen: Counter) -> int:
    """:func:`reach` from the player's unseen tiles: one tile without the fast mark, and the ronin if he may hold it."""
    return 2 if unseen[RONIN] else 1


def _castes_in_reach(state: GameState, s: int, others: list[tuple[int, tuple[Caste, ...]]]) -> dict[Caste, bool]:
    """The castes that can lie in ``s`` when the player's turn captures (True: only after a swap with one of
    ``others``, the settlements whose pieces the swap may take, with their pieces)."""
    here = set(state.pieces[s])
    out = {c: False for c in here}
    for t, pieces in others:
        if t != s and any(c not in pieces for c in here):
            out.update({c2: True for c2 in pieces if c2 not in out})
    return out


def _fills(state: GameState, s: int, player: int, base: list, unseen: Counter) -> list[tuple[tuple[int, int, int], str]]:
    """The ways to fill one land hex next to ``s`` with the one tile without the fast mark: (gain, code)."""
    out = list(base)
    if unseen[MOVE]:
        near = set(state.board.neighbours[s])
        for h in movable_tiles(state, player):
            out.append(((0, 0, 0) if h in near else state.tiles[h].tile.per_caste, f"M{state.board.ids[h]}"))
    return out


def threats(state: GameState, player: int | None = None, first: bool = False) -> list[Threat]:
    """Every piece ``player`` (default: the player to move, the next player after the puzzle's turn) could
    take on his turn (``first``: stop at the first found)."""
    if state.is_over:
        return []
    player = state.current if player is None else player
    unseen = unseen_tiles(state, player)
    capacity = min(HAND_SIZE, sum(unseen.values()))
    ships = sorted((t for t in unseen.elements() if t.on_sea), key=lambda t: -t.strength)
    base = [(t.per_caste, t.code) for t in unseen if not t.fast and t.placement == "land" and not t.is_move]
    candidates = [(s, k) for s in state.board.settlements
                  if state.pieces[s] and 0 < (k := empty_land_around(state, s)) <= _reach(unseen)]
    if not candidates:
        return []
    others = [(t, state.pieces[t]) for t in state.board.settlements if state.pieces[t] and not is_surrounded(state, t)] \
        if unseen[SWAP] else []
    out = []
    for s, k in candidates:
        fills = _fills(state, s, player, base, unseen)
        if k == 2 and not fills:
            continue
        sea = sum(1 for o in state.board.sea_neighbours[s] if state.tiles[o] is None)
        for caste, by_swap in _castes_in_reach(state, s, others).items():
            hand = _best_hand(state, s, caste, player, k, sea, by_swap, fills, ships, capacity, unseen)
            if hand is not None:
                out.append(Threat(s, caste, player, hand))
                if first:
                    return out
    return out


def _best_hand(state: GameState, s: int, caste: Caste, player: int, k: int, sea: int, by_swap: bool,
               fills: list, ships: list[Tile], capacity: int, unseen: Counter) -> tuple[str, ...] | None:
    """The hand that gives ``player`` the most influence on ``caste`` in ``s``, if that is the most of all."""
    ci = caste.index
    land: list[tuple[int, tuple[str, ...]]] = []
    best_fill = max(fills, key=lambda f: f[0][ci], default=None)
    if k == 1:
        if best_fill is not None:
            land.append((best_fill[0][ci], (best_fill[1],)))
        if unseen[RONIN]:
            land.append((RONIN.per_caste[ci], (RONIN.code,)))
    elif best_fill is not None:  # k == 2: the ronin and one tile without the fast mark
        land.append((RONIN.per_caste[ci] + best_fill[0][ci], (RONIN.code, best_fill[1])))
    if not land:
        return None
    gain, codes = max(land, key=lambda g: g[0])
    codes += ("X",) if by_swap else ()
    used = ships[:max(0, min(sea, capacity - len(codes)))]
    gain += sum(t.per_caste[ci] for t in used)
    tallies = influence(state, s, caste)
    others = max((v for p, v in enumerate(tallies) if p != player), default=0)
    if tallies[player] + gain <= others or len(codes) + len(used) > capacity:
        return None
    return codes + tuple(t.code for t in used)


def threatened(state: GameState, player: int | None = None) -> set[tuple[int, Caste]]:
    """(settlement, caste) of every piece in :func:`threats`."""
    return {(t.hex, t.caste) for t in threats(state, player)}
