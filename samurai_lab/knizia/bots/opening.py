"""Setup choices for bots, in the rulebooks' order: first the five starting tiles (chosen before any piece
but Edo's is on the board), then where to put caste pieces (knowing the hand just chosen)."""

from __future__ import annotations

import random

from ..core.actions import Action, PickTile, PlacePiece
from ..core.rules import legal_actions
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import CASTES, TILE_SET_COUNTS, Tile, tile

#: Starting tiles in order of preference; tiles on one line are equally good (the bot picks at random).
HAND_PREFERENCE: tuple[tuple[str, ...], ...] = (("S3",), ("N1",), ("H4", "B4", "R4"), ("S2",))


def caste_strength(hand: tuple[Tile, ...]) -> tuple[int, int, int]:
    """Influence the hand's land and sea tiles can bring on a piece of each caste (the swap and the move bring none)."""
    return tuple(sum(t.per_caste[c.index] for t in hand) for c in CASTES)  # type: ignore[return-value]


def choose_setup(view: GameState, rng: random.Random) -> Action:
    """A setup action: a hand with the strongest tiles (nothing but Edo is on the board yet); then a caste
    piece, the castes the hand influences most more often, into a random legal settlement."""
    if view.phase is Phase.CHOOSE_HANDS:
        hand = view.hands[view.current] or ()
        for group in HAND_PREFERENCE:
            options = [tile(code) for code in group if hand.count(tile(code)) < TILE_SET_COUNTS[tile(code)]]
            if options:
                return PickTile(rng.choice(options))
    legal = legal_actions(view)
    pieces = [a for a in legal if isinstance(a, PlacePiece)]
    if not pieces:
        return rng.choice(legal)
    strength = caste_strength(view.hands[view.current] or ())
    castes = sorted({a.caste for a in pieces}, key=lambda c: c.index)
    caste = rng.choices(castes, [1 + strength[c.index] for c in castes])[0]
    return rng.choice([a for a in pieces if a.caste is caste])
