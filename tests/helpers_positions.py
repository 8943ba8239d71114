"""Build game positions for rule tests: a dealt game, then pieces, tiles and hands set by hand.

``position`` starts from ``new_game(n, ruleset.with_options(setup="random", hands="random"), seed)``
(phase PLAY, player 0 to move) and replaces what the test names::

    state = position(2, pieces={"HO23": "H"}, tiles={"HO18": (1, "H3")},
                     hands={0: "H2 W2"})

Pieces are strings of caste letters (``"HB"``), tiles ``(owner, code)``, hands and piles
tile codes separated by spaces (piles in draw order). ``FILLER`` (the move tile: value 0,
no caste, never movable) fills a hex without adding influence.

The piece count stays that of a real game (on the board + captured + set aside = the supply
of each caste): surplus pieces leave settlements the test did not name, and the pieces
missing from the board count as captured by ``rest_to`` (default: the last player).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Mapping

from samurai_lab import EDITION_1998, Caste, GameState, Ruleset, new_game, parse_action, tile
from samurai_lab.knizia.core.playout import random_action
from samurai_lab.knizia.core.model import placed
from samurai_lab.knizia.core.tiles import CASTES, sort_tiles, supply_per_caste

#: A tile that fills a hex and influences nothing.
FILLER = "M"


def tiles_of(codes: str) -> tuple:
    """``"H2 W1"`` -> the tiles, in the order given."""
    return tuple(tile(c) for c in codes.split())


def castes(letters: str) -> tuple[Caste, ...]:
    """``"BH"`` -> (Caste.HELMET, Caste.BUDDHA), in canonical order."""
    return tuple(sorted((Caste(x) for x in letters), key=lambda c: c.index))


def position(
    n_players: int = 2,
    ruleset: Ruleset = EDITION_1998,
    *,
    seed: int = 0,
    pieces: Mapping[str, str] | None = None,
    clear_pieces: bool = False,
    tiles: Mapping[str, tuple[int, str]] | None = None,
    hands: Mapping[int, str] | None = None,
    piles: Mapping[int, str] | None = None,
    captured: Mapping[int, tuple[int, int, int]] | None = None,
    set_aside: tuple[int, int, int] = (0, 0, 0),
    rest_to: int | None = None,
    allow_closed: bool = False,
    **fields,
) -> GameState:
    """A game in phase PLAY with the named pieces, tiles, hands and piles (other fields via ``fields``).

    ``clear_pieces`` empties every settlement before ``pieces`` are put in; ``captured`` gives
    some players' captures; the pieces still unaccounted for go to ``rest_to``'s captures.
    A settlement surrounded while still holding pieces cannot occur between turns: refused
    unless ``allow_closed``.
    """
    state = new_game(n_players, ruleset.with_options(setup="random", hands="random"), seed)
    board = state.board
    new_pieces = [() for _ in board.ids] if clear_pieces else list(state.pieces)
    named = set()
    for ref, letters in (pieces or {}).items():
        i = board.resolve(ref)
        named.add(i)
        new_pieces[i] = castes(letters)
    per = supply_per_caste(n_players)
    caps = [list(c) for c in state.captured]
    for p, c in (captured or {}).items():
        caps[p] = list(c)
    for c in CASTES:
        on_board = sum(ps.count(c) for ps in new_pieces)
        room = per - set_aside[c.index] - sum(cp[c.index] for cp in caps)
        for s in reversed(board.settlements):
            if on_board <= room:
                break
            if s not in named and c in new_pieces[s]:
                new_pieces[s] = tuple(x for x in new_pieces[s] if x is not c)
                on_board -= 1
        missing = room - on_board
        if missing < 0:
            raise ValueError(f"more {c.name} pieces on the board, captured and set aside than the supply of {per}")
        caps[n_players - 1 if rest_to is None else rest_to][c.index] += missing
    new_tiles = list(state.tiles)
    for ref, (owner, code) in (tiles or {}).items():
        new_tiles[board.resolve(ref)] = placed(owner, tile(code))
    new_hands = list(state.hands)
    for p, codes in (hands or {}).items():
        new_hands[p] = sort_tiles(tiles_of(codes))
    new_piles = list(state.piles)
    for p, codes in (piles or {}).items():
        new_piles[p] = tiles_of(codes)
    if not allow_closed:
        for s in board.settlements:
            if new_pieces[s] and all(new_tiles[o] is not None for o in board.land_neighbours[s]):
                raise ValueError(f"{board.ids[s]} is surrounded but still holds pieces")
    return dataclasses.replace(
        state, pieces=tuple(new_pieces), tiles=tuple(new_tiles), hands=tuple(new_hands),
        piles=tuple(new_piles), pile_sizes=tuple(len(p) for p in new_piles),
        captured=tuple(tuple(c) for c in caps), set_aside=tuple(set_aside), **fields,
    )


def land_around(state: GameState, ref: str) -> list[str]:
    """Ids of the land hexes next to a settlement, in board order."""
    b = state.board
    return [b.ids[o] for o in b.land_neighbours[b.resolve(ref)]]


def sea_around(state: GameState, ref: str) -> list[str]:
    """Ids of the sea hexes next to a settlement (in play), in board order."""
    b = state.board
    return [b.ids[o] for o in b.sea_neighbours[b.resolve(ref)]]


def filled(hexes, owner: int = 1, code: str = FILLER) -> dict[str, tuple[int, str]]:
    """``tiles=`` entries putting the same tile on several hexes."""
    return {h: (owner, code) for h in hexes}


def play(state: GameState, *notations: str) -> GameState:
    """Apply actions given in notation (``"H4@HO05"``, ``"end"``...), one after another."""
    for text in notations:
        state = state.apply(parse_action(text))
    return state


def pieces_at(state: GameState, ref: str) -> str:
    """The caste letters of a settlement's pieces (``"HB"``)."""
    return "".join(c.value for c in state.pieces[state.board.resolve(ref)])


def events_at(state: GameState, ref: str) -> list:
    """The resolutions of the last action at one settlement."""
    i = state.board.resolve(ref)
    return [r for r in state.events if r.hex == i]


def winners_at(state: GameState, ref: str) -> dict[str, int | None]:
    """caste letter -> winner (None: set aside) for the last action's resolutions at a settlement."""
    return {r.caste.value: r.winner for r in events_at(state, ref)}


__all__ = [
    "FILLER", "castes", "events_at", "filled", "land_around", "pieces_at", "play",
    "position", "sea_around", "tiles_of", "winners_at",
]


def played(n: int = 4, steps: int = 120, seed: int = 3, ruleset: Ruleset = EDITION_1998) -> GameState:
    """A game after ``steps`` random actions (beginner setup and hands), or at its end if sooner."""
    state = new_game(n, ruleset.with_options(setup="random", hands="random"), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = state.apply(random_action(state, rng))
    return state
