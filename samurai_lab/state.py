"""Frozen game states. Applying an action returns a new state; undo is a list of states."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from enum import Enum
from operator import itemgetter
from typing import TYPE_CHECKING, Sequence

from .board import Board, board_for
from .ruleset import EDITION_1998, RANDOM, Ruleset
from .tiles import CASTES, HAND_SIZE, TILE_SET, Caste, Tile, sort_tiles, supply_per_caste

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Action


class Phase(str, Enum):
    """Where the game stands."""

    PLACE_PIECES = "place_pieces"  # setup: caste pieces into cities, then villages, in turn order
    CHOOSE_HANDS = "choose_hands"  # setup: each player picks 5 of his 20 tiles
    PLAY = "play"
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


@dataclass(frozen=True)
class GameState:
    """Everything about a position.

    Per-hex tuples are indexed by ``board`` index; per-player tuples by seat.
    Hidden parts of a player's view (``view``) are ``None``.
    """

    ruleset: Ruleset
    seats: tuple[Seat, ...]
    seed: int | None
    phase: Phase
    current: int
    tiles: tuple[Placed | None, ...]
    pieces: tuple[tuple[Caste, ...], ...]
    hands: tuple[tuple[Tile, ...] | None, ...]
    piles: tuple[tuple[Tile, ...] | None, ...]
    pile_sizes: tuple[int, ...]
    captured: tuple[tuple[int, int, int] | None, ...]
    set_aside: tuple[int, int, int]
    discarded: tuple[tuple[Tile, ...], ...]  # swap tiles that left the game
    turn: int = 1
    normal_played: bool = False
    played_this_turn: int = 0
    passes: int = 0
    end_reason: str | None = None
    events: tuple[Resolution, ...] = ()
    viewer: int | None = None
    hidden_hand_sizes: tuple[int, ...] = field(default=(), compare=False)  # in a view: sizes of the hidden hands
    board: Board = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.board is None:
            object.__setattr__(self, "board", board_for(len(self.seats)))

    # --- derived facts -------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The current player's hand (empty if hidden from the viewer)."""
        return self.hands[self.current] or ()

    def pieces_on_board(self) -> tuple[int, int, int]:
        """Caste pieces still on the board, per caste."""
        counts = [0, 0, 0]
        for ps in self.pieces:
            for c in ps:
                counts[c.index] += 1
        return counts[0], counts[1], counts[2]

    def supply(self) -> tuple[int, int, int]:
        """Pieces not yet placed (only during setup is this non-zero)."""
        per = supply_per_caste(self.n_players)
        on = self.pieces_on_board()
        gone = [sum(c[i] for c in self.captured if c is not None) + self.set_aside[i] for i in range(3)]
        return tuple(per - on[i] - gone[i] for i in range(3))  # type: ignore[return-value]

    def tiles_of(self, player: int) -> list[tuple[int, Tile]]:
        """(hex index, tile) of every tile ``player`` has on the board."""
        return [(i, p.tile) for i, p in enumerate(self.tiles) if p is not None and p.owner == player]

    def captures_open(self) -> bool:
        return self.ruleset.captures_open(self.n_players)

    # --- the rules, as methods ----------------------------------------
    def legal_actions(self) -> list["Action"]:
        """All legal actions of the current step (see rules.legal_actions)."""
        from .rules import legal_actions

        return legal_actions(self)

    def apply(self, action: "Action") -> "GameState":
        """The state after ``action``; IllegalMoveError (a ValueError) says which rule forbids it."""
        from .rules import apply_action

        return apply_action(self, action)

    def is_legal(self, action: "Action") -> bool:
        from .rules import why_illegal

        return why_illegal(self, action) is None

    def view(self, player: int) -> "GameState":
        """What ``player`` may see: own hand; others' hand and pile sizes only; others' captured
        pieces only when captures are open (2 players); never the seed (it fixes the piles)."""
        open_caps = self.captures_open()
        return _evolve(
            self,
            seed=None,
            hands=tuple(h if p == player else None for p, h in enumerate(self.hands)),
            piles=tuple(None for _ in self.piles),
            captured=tuple(c if (p == player or open_caps) else None for p, c in enumerate(self.captured)),
            viewer=player,
            hidden_hand_sizes=self.hand_sizes(),
        )

    def hand_sizes(self) -> tuple[int, ...]:
        """Tiles in each hand (public knowledge: everybody sees how many tiles a player holds)."""
        known = self.hidden_hand_sizes
        return tuple(len(h) if h is not None else known[p] for p, h in enumerate(self.hands))

    def _repr_svg_(self) -> str:
        """The board as SVG in plain notebooks (the pure-SVG renderer, imported only when asked)."""
        from .render.svg import state_svg

        return state_svg(self)

    def __str__(self) -> str:
        from .text import describe_state

        return describe_state(self)


def _evolve(state: GameState, **changes) -> GameState:
    """A copy of ``state`` with some fields changed (fast path for the engine; no validation)."""
    new = object.__new__(GameState)
    d = new.__dict__
    d.update(state.__dict__)
    d.update(changes)
    return new




def new_game(
    n_players: int,
    ruleset: Ruleset = EDITION_1998,
    seed: int = 0,
    seats: Sequence[Seat] | None = None,
) -> GameState:
    """A fresh game: Edo filled; then, by the ruleset, pieces and hands chosen in turn order or at random."""
    board = board_for(n_players)
    seats = tuple(seats) if seats is not None else default_seats(n_players, ruleset)
    if len(seats) != n_players:
        raise ValueError(f"{n_players} players need {n_players} seats, got {len(seats)}")
    if ruleset.setup == RANDOM:
        pieces = random_piece_setup(board, seed)
    else:
        pieces = [()] * len(board.ids)
        pieces[board.edo] = CASTES
    state = GameState(
        ruleset=ruleset, seats=seats, seed=seed, phase=Phase.PLACE_PIECES, current=0,
        tiles=(None,) * len(board), pieces=tuple(pieces),
        hands=((),) * n_players, piles=((),) * n_players, pile_sizes=(0,) * n_players,
        captured=((0, 0, 0),) * n_players, set_aside=(0, 0, 0), discarded=((),) * n_players,
    )
    if ruleset.setup == RANDOM:
        if ruleset.hands == RANDOM:
            return deal_random_hands(state)
        state = _evolve(state, phase=Phase.CHOOSE_HANDS)
    return state


def shuffled(items: Sequence, rng: random.Random) -> list:
    """A seeded random permutation of ``items`` (sort by random keys: one C-level draw per item)."""
    keys = [rng.random() for _ in items]
    return [x for _, x in sorted(zip(keys, items), key=_FIRST)]


_FIRST = itemgetter(0)


def deal_random_hands(state: GameState) -> GameState:
    """Beginner hands: each player's 20 tiles shuffled (seeded), 5 in hand, 15 in the pile; play begins."""
    hands, piles = [], []
    rng = random.Random(f"hands:{state.seed}")
    for p in range(state.n_players):
        tiles = shuffled(TILE_SET, rng)
        hands.append(sort_tiles(tiles[:HAND_SIZE]))
        piles.append(tuple(tiles[HAND_SIZE:]))
    return _evolve(state, phase=Phase.PLAY, current=0, hands=tuple(hands), piles=tuple(piles),
                   pile_sizes=tuple(len(p) for p in piles))


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
    count: Counter = Counter()
    count.update(state.hands[player] or ())
    count.update(state.piles[player] or ())
    count.update(t for _, t in state.tiles_of(player))
    count.update(state.discarded[player])
    return count
