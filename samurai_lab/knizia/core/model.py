"""The pieces a position is made of (phase, seats, tiles on the board, capture events) and the
seeded set-up helpers; shared by the rules and the state, imported by both."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from operator import itemgetter
from typing import TYPE_CHECKING, Sequence

from .board import Board
from .ruleset import RANDOM, Ruleset
from .tiles import CASTES, HAND_SIZE, TILE_SET, Caste, Tile, sort_tiles, supply_per_caste

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState


class Phase(str, Enum):
    """Where the game stands, in the rulebooks' order of setup."""

    CHOOSE_HANDS = "choose_hands"  # setup 1: each player picks 5 of his 20 tiles in secret, the rest is his pile
    PLACE_PIECES = "place_pieces"  # setup 2: caste pieces into cities, then villages, in turn order from seat 0
    PLAY = "play"  # from seat 0, once every piece is placed
    GAME_OVER = "game_over"


@dataclass(frozen=True, slots=True)
class Seat:
    """A player's name and colour."""

    name: str
    colour: str


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile lying on the board, with its owner (player index)."""

    owner: int
    tile: Tile


def placed(owner: int, tile: Tile) -> Placed:
    """The (shared) Placed value for a player's tile."""
    p = _PLACED[owner][tile.rank]
    if p is None or p.tile is not tile:
        p = _PLACED[owner][tile.rank] = Placed(owner, tile)
    return p


@dataclass(frozen=True, slots=True)
class Resolution:
    """One caste piece of a surrounded settlement decided: taken by ``winner`` or set aside (None)."""

    hex: int
    caste: Caste
    winner: int | None
    tallies: tuple[int, ...]  # influence on this piece, per player


_PLACED: list[list[Placed | None]] = [[None] * 32 for _ in range(4)]


def default_seats(n_players: int, ruleset: Ruleset) -> tuple[Seat, ...]:
    """Players named after their colours, in the edition's colour order."""
    colours = ruleset.vocabulary.colours
    return tuple(Seat(colours[i].capitalize(), colours[i]) for i in range(n_players))


def _evolve(state: GameState, **changes) -> GameState:
    """A copy of ``state`` with some fields changed (fast path for the engine; no validation)."""
    new = object.__new__(type(state))
    new.__dict__.update(state.__dict__, **changes)
    return new


def with_item(items: tuple, i: int, value: object) -> tuple:
    """``items`` with the one at ``i`` replaced by ``value`` (a state's per-player or per-hex field)."""
    return items[:i] + (value,) + items[i + 1:]


def shuffled(items: Sequence, rng: random.Random) -> list:
    """A seeded random permutation of ``items`` (sort by random keys: one C-level draw per item)."""
    keys = [rng.random() for _ in items]
    return [x for _, x in sorted(zip(keys, items), key=_FIRST)]


_FIRST = itemgetter(0)


def deal_random_hands(state: GameState) -> GameState:
    """Beginner hands: each player's 20 tiles shuffled (seeded), 5 in hand, 15 in the pile; then the
    pieces (``hands_chosen``)."""
    hands, piles = [], []
    rng = random.Random(f"hands:{state.seed}")
    for p in range(state.n_players):
        tiles = shuffled(TILE_SET, rng)
        hands.append(sort_tiles(tiles[:HAND_SIZE]))
        piles.append(tuple(tiles[HAND_SIZE:]))
    return hands_chosen(_evolve(state, hands=tuple(hands), piles=tuple(piles),
                                pile_sizes=tuple(len(p) for p in piles)))


def hands_chosen(state: GameState) -> GameState:
    """Every hand is chosen: the caste pieces are placed from seat 0 (``PLACE_PIECES``), or, with the
    beginner setup, dealt at random (seeded) and play begins from seat 0."""
    if state.ruleset.setup == RANDOM:
        return _evolve(state, phase=Phase.PLAY, current=0, events=(),
                       pieces=tuple(random_piece_setup(state.board, state.seed)))
    return _evolve(state, phase=Phase.PLACE_PIECES, current=0, events=())


def random_piece_setup(board: Board, seed: int) -> list[tuple[Caste, ...]]:
    """Beginner setup: Edo one of each caste, the supply dealt at random, no city with two alike."""
    rng = random.Random(f"setup:{seed}")
    per = supply_per_caste(board.n_players)
    supply = shuffled([c for c in CASTES for _ in range(per - 1)], rng)
    pieces: list[tuple[Caste, ...]] = [()] * len(board.ids)
    pieces[board.edo] = CASTES
    for s in board.cities:
        first = supply.pop()
        k = next(k for k in range(len(supply) - 1, -1, -1) if supply[k] is not first)
        second = supply.pop(k)
        pieces[s] = (first, second) if first.index < second.index else (second, first)
    for s in board.villages:
        pieces[s] = (supply.pop(),)
    return pieces


def pile_for(seed: int | None, player: int, rest: Sequence[Tile]) -> tuple[Tile, ...]:
    """The player's draw pile: the tiles not chosen, shuffled face down (seeded)."""
    return tuple(shuffled(sort_tiles(rest), random.Random(f"pile:{seed}:{player}")))


def tile_accounting(state: GameState, player: int) -> Counter:
    """Every one of a player's 20 tiles: in hand, pile, on the board or discarded (full states only)."""
    count = Counter(state.hands[player] or ())
    count.update(state.piles[player] or ())
    count.update(t for _, t in state.tiles_of(player))
    count.update(state.discarded[player])
    return count
