"""Setup choices for bots: where to put caste pieces, which five tiles to start with."""

from __future__ import annotations

import random

from ..core.actions import Action, PickTile
from ..core.rules import legal_actions
from ..core.model import Phase
from ..core.state import GameState
from ..core.tiles import TILE_SET_COUNTS, tile

#: Starting tiles in order of preference; tiles on one line are equally good (the bot picks at random).
HAND_PREFERENCE: tuple[tuple[str, ...], ...] = (("S3",), ("N1",), ("H4", "B4", "R4"), ("S2",))


def choose_setup(view: GameState, rng: random.Random) -> Action:
    """A setup action: a random legal caste piece placement; a hand with the strongest tiles."""
    if view.phase is Phase.CHOOSE_HANDS:
        hand = view.hands[view.current] or ()
        for group in HAND_PREFERENCE:
            options = [tile(code) for code in group if hand.count(tile(code)) < TILE_SET_COUNTS[tile(code)]]
            if options:
                return PickTile(rng.choice(options))
    return rng.choice(legal_actions(view))
