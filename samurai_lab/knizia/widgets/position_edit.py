"""Editing a position by hand: pieces, tiles, hands and whose turn, each edit a new candidate state.

The functions never check the rules: ``problems(state)`` runs the scenario files' validation on the candidate.
A tile laid comes out of its owner's pile (and goes back when lifted); a piece taken off goes to a *pool* (a
player's captures, or the set-aside pieces), and a piece put in comes from it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Sequence

from ..core.model import Phase, placed, with_item
from ..core.state import GameState
from ..teaching.words import capitalised, hex_words
from ..core.tiles import TILE_SET_COUNTS, Caste, Tile, sort_castes, sort_tiles, tile as tile_by_code
from ...i18n import Domain

T = Domain("knizia")

#: The pool of set-aside pieces (the other pools are player indices).
SET_ASIDE = -1


def problems(state: GameState) -> list[str]:
    """Every problem of a candidate position, as scenario validation words it (``field: words``)."""
    from ..scenarios.validate import state_problems

    out = []
    for path, words in state_problems(state):
        where = path_words(state, path)
        out.append(T.gettext("{where}: {problem}").format(where=where, problem=words) if where else words)
    return out


def path_words(state: GameState, path: str) -> str:
    """Where a problem of scenario validation lies, in words: a player's hand (``players.Green.hand`` ->
    *Green, hand*), a hex (``pieces.HO12`` -> *the village north of Akita*); '' when the words of the
    problem say it already (``phase``, ``captured``)."""
    head, _, rest = path.partition(".")
    if head == "players" and rest:
        name, _, part = rest.partition(".")
        seat = next((s for s in state.seats if s.name == name), None)
        if seat is None:
            return ""
        vocab = state.ruleset.vocabulary
        who = vocab.seat_name(seat.name, seat.colour)
        parts = {"hand": T.gettext("hand"), "pile": T.gettext("draw pile"), "swap_used": vocab.swap}
        return T.gettext("{player}, {part}").format(player=who, part=parts[part]) if part in parts else who
    if head in ("pieces", "tiles") and rest:
        try:
            return capitalised(hex_words(state, rest))
        except ValueError:
            return ""
    return ""


_SETUP = (Phase.CHOOSE_HANDS, Phase.PLACE_PIECES)  # pieces come from the supply, not a player's pool


def _pool_change(state: GameState, pool: int, caste: Caste, delta: int) -> dict:
    """Field changes moving ``delta`` pieces of ``caste`` into ``pool`` (never below zero)."""
    k = caste.index
    if pool == SET_ASIDE:
        return {"set_aside": with_item(state.set_aside, k, max(0, state.set_aside[k] + delta))}
    mine = state.captured[pool] or (0, 0, 0)
    return {"captured": with_item(state.captured, pool, with_item(mine, k, max(0, mine[k] + delta)))}


def add_piece(state: GameState, index: int, caste: Caste, pool: int = SET_ASIDE) -> GameState:
    """Put a piece of ``caste`` into hex ``index``, taken from ``pool`` (during setup: from the supply)."""
    pieces = with_item(state.pieces, index, sort_castes(state.pieces[index] + (caste,)))
    changes = {} if state.phase in _SETUP else _pool_change(state, pool, caste, -1)
    return replace(state, pieces=pieces, **changes)


def remove_piece(state: GameState, index: int, caste: Caste | None = None, pool: int = SET_ASIDE) -> GameState:
    """Take a piece (of ``caste`` if it lies there, else the last one) out of hex ``index`` into ``pool``."""
    ps = list(state.pieces[index])
    if not ps:
        raise ValueError(T.gettext("{place} holds no {piece} to remove").format(
            place=capitalised(hex_words(state, index)), piece=state.ruleset.vocabulary.piece))
    c = caste if caste in ps else ps[-1]
    ps.remove(c)
    changes = {} if state.phase in _SETUP else _pool_change(state, pool, c, +1)
    return replace(state, pieces=with_item(state.pieces, index, tuple(ps)), **changes)


def put_tile(state: GameState, index: int, owner: int, t: Tile) -> GameState:
    """Lay ``owner``'s tile ``t`` on hex ``index`` (replacing any tile there), out of his pile."""
    return rebalance_piles(replace(state, tiles=with_item(state.tiles, index, placed(owner, t))))


def remove_tile(state: GameState, index: int) -> GameState:
    """Lift the tile of hex ``index`` back into its owner's pile."""
    if state.tiles[index] is None:
        raise ValueError(T.gettext("{place} holds no {tile} to remove").format(
            place=capitalised(hex_words(state, index)), tile=state.ruleset.vocabulary.tile))
    return rebalance_piles(replace(state, tiles=with_item(state.tiles, index, None)))


def parse_hand(text: str) -> tuple[Tile, ...]:
    """Tile codes separated by spaces or commas (``"H4 S1 W2"``); ValueError names an unknown code."""
    return sort_tiles(tile_by_code(c) for c in text.replace(",", " ").split())


def set_hand(state: GameState, player: int, tiles: Sequence[Tile]) -> GameState:
    """Give ``player`` exactly these tiles in hand; his pile keeps the rest."""
    return rebalance_piles(replace(state, hands=with_item(state.hands, player, sort_tiles(tiles))))


def set_current(state: GameState, player: int) -> GameState:
    """Make it ``player``'s turn: a fresh turn (the turn number follows seat order)."""
    turn = state.turn + (player - (state.turn - 1)) % state.n_players  # the first turn of that seat from now
    return fresh_turn(replace(state, current=player, turn=turn))


def fresh_turn(state: GameState) -> GameState:
    """The start of the current player's turn: nothing played or passed, no captures pending report."""
    from ..scenarios.validate import end_condition

    changes: dict = {"normal_played": False, "played_this_turn": 0, "passes": 0, "events": ()}
    if state.phase in (Phase.PLAY, Phase.GAME_OVER):
        cond = end_condition(state) if state.phase is Phase.GAME_OVER else None
        changes.update(phase=Phase.GAME_OVER if cond else Phase.PLAY, end_reason=cond)
    return replace(state, **changes)


def rebalance_piles(state: GameState) -> GameState:
    """Each player's pile = his 20 tiles less hand, board and used swap; the old draw order is kept
    for the tiles still in it, tiles coming back are shuffled in (seeded). While hands are chosen the
    piles are made only when a hand is complete, so nothing changes then."""
    if state.phase is Phase.CHOOSE_HANDS:
        return state
    on_board = [Counter(p.tile for p in state.tiles if p is not None and p.owner == s)
                for s in range(len(state.seats))]
    piles = []
    for p in range(state.n_players):
        rest = TILE_SET_COUNTS - Counter(state.hands[p] or ()) - on_board[p] - Counter(state.discarded[p])
        kept = []
        for t in state.piles[p] or ():  # the pile keeps its order, less what now lies elsewhere
            if rest[t] > 0:
                kept.append(t)
                rest[t] -= 1
        back = sort_tiles(rest.elements())
        rng = random.Random(f"edit:{state.seed}:{p}:{len(kept)}")
        for t in back:
            kept.insert(rng.randint(0, len(kept)), t)
        piles.append(tuple(kept))
    return replace(state, piles=tuple(piles), pile_sizes=tuple(len(p) for p in piles))
