"""Completing a hand-written position: the unlisted settlements filled, the unlisted tiles dealt (seeded)."""

from __future__ import annotations

import random
from collections import Counter

from ..core.board import Board
from ..core.model import Phase, pile_for
from ..core.tiles import CASTES, HAND_SIZE, TILE_SET_COUNTS, Caste, Tile, sort_tiles, supply_per_caste, tile as tile_by_code
from .notation import sort_castes


def fill_settlements(board: Board, pieces: list, listed: set[int], captured, set_aside, tiles, seed) -> str | None:
    """Put the pieces not accounted for into settlements the file does not list, at random (seeded).

    Each chosen settlement is filled completely (Edo one of each, a city two different pieces);
    surrounded settlements stay empty. Returns a problem in words, or None.
    """
    per = supply_per_caste(board.n_players)
    rem = [per - sum(len([c for c in ps if c is k]) for ps in pieces) - sum(c[k.index] for c in captured)
           - set_aside[k.index] for k in CASTES]
    total = sum(rem)
    if total == 0 or any(x < 0 for x in rem):  # nothing to place, or too many pieces (the position check says so)
        return None
    candidates = [s for s in board.settlements if s not in listed
                  and not all(tiles[o] is not None for o in board.land_neighbours[s])]
    room = sum(board.capacity[s] for s in candidates)
    words = ", ".join(f"{rem[k.index]} {k.value}" for k in CASTES if rem[k.index])
    if room < total:
        return (f"{total} pieces remain to place ({words}) but the settlements not listed (and not surrounded) "
                f"hold only {room}")
    rng = random.Random(f"fill:{seed}")
    for _ in range(500):
        left = list(rem)
        to_place = total
        chosen: dict[int, tuple[Caste, ...]] = {}
        order = list(candidates)
        rng.shuffle(order)
        for s in order:
            cap = board.capacity[s]
            if to_place == 0:
                break
            if cap > to_place or sum(1 for x in left if x > 0) < cap:
                continue
            pick: list[Caste] = []
            for _j in range(cap):
                pool = [k for k in CASTES if left[k.index] > 0 and k not in pick]
                pick.append(rng.choices(pool, [left[k.index] for k in pool])[0])
            for c in pick:
                left[c.index] -= 1
            to_place -= cap
            chosen[s] = sort_castes(pick)
        if to_place == 0:
            for s, cs in chosen.items():
                pieces[s] = cs
            return None
    return f"cannot share the remaining pieces ({words}) among the settlements not listed without two alike in a city"


def deal_tiles(specs, phase: Phase, current: int, played: int, tiles, seed, unreliable: bool):
    """Hands and piles as written; a chosen hand without its pile gets the other 15 shuffled (as the engine
    does); in play, what is not written is dealt from the player's remaining tiles.

    ``specs`` give each player's ``hand``, ``pile`` (None when not written) and ``swap_used``.
    """
    hands: list[tuple[Tile, ...]] = []
    piles: list[tuple[Tile, ...]] = []
    for p, s in enumerate(specs):
        hand = list(s.hand) if s.hand is not None else None
        pile = list(s.pile) if s.pile is not None else None
        if phase in (Phase.PLAY, Phase.GAME_OVER) and not unreliable and (hand is None or pile is None):
            rest = Counter(TILE_SET_COUNTS)
            rest.subtract(pl.tile for pl in tiles if pl is not None and pl.owner == p)
            rest.subtract(hand or ())
            rest.subtract(pile or ())
            if s.swap_used:
                rest.subtract([tile_by_code("X")])
            if all(v >= 0 for v in rest.values()):
                remaining = list(sort_tiles(rest.elements()))
                random.Random(f"deal:{seed}:{p}").shuffle(remaining)
                due = max(0, HAND_SIZE - (played if p == current else 0))
                if hand is None and pile is None:
                    hand, pile = remaining[:due], remaining[due:]
                elif pile is None:
                    need = max(0, due - len(hand))
                    hand, pile = hand + remaining[:need], remaining[need:]
                else:
                    hand = remaining
        elif pile is None and hand is not None and len(hand) == HAND_SIZE and (
                phase is Phase.PLACE_PIECES or (phase is Phase.CHOOSE_HANDS and p < current)):
            rest = Counter(TILE_SET_COUNTS)
            rest.subtract(hand)
            if all(v >= 0 for v in rest.values()):
                pile = list(pile_for(seed, p, list(rest.elements())))
        hands.append(sort_tiles(hand or ()))
        piles.append(tuple(pile or ()))
    return tuple(hands), tuple(piles)
