"""One line per action for a game's log, in the edition's vocabulary.

``describe_action(before, action, after, label)`` says what happened, including the
pieces the action decided and the end of the game. Starting-hand picks are secret:
their line never names the tile.
"""

from __future__ import annotations

from ..core.actions import Action, EndTurn, MoveTile, Pass, PickTile, PlacePiece, PlaceTile, Swap
from ..core.model import Phase
from ..core.state import GameState
from ..core.text import tile_name
from ..core.tiles import HAND_SIZE
from .words import hex_words, resolution_words


def _label(state: GameState, ref: str, coords: bool = False) -> str:
    """Where a hex is, in words (``hex_words``); its id too with ``coords``."""
    return hex_words(state, ref, coords)


def describe_action(before: GameState, action: Action, after: GameState, label: str | None = None,
                    coords: bool = False) -> str:
    """What ``action`` did, taking ``before`` to ``after``; ``label`` names the actor (default: seat name).

    Hexes are named in words (``hex_words``); with ``coords`` their ids follow in brackets."""
    who = label or before.seats[before.current].name
    vocab = before.ruleset.vocabulary
    if isinstance(action, PlacePiece):
        text = f"{who} puts a {vocab.caste(action.caste)} into {_label(before, action.hex, coords)}"
    elif isinstance(action, PickTile):
        n = len(after.hands[before.current] or ()) if after.current == before.current else HAND_SIZE
        text = f"{who} chooses a {vocab.tile} for the starting hand ({n} of {HAND_SIZE})"
        if n == HAND_SIZE:
            text += f"; the other {vocab.tiles} are shuffled into the draw pile"
    elif isinstance(action, PlaceTile):
        text = f"{who} lays {tile_name(action.tile, vocab)} on {_label(before, action.hex, coords)}"
    elif isinstance(action, Swap):
        text = (f"{who} plays the {vocab.swap}: the {vocab.caste(action.caste_a)} of {_label(before, action.hex_a, coords)} "
                f"changes places with the {vocab.caste(action.caste_b)} of {_label(before, action.hex_b, coords)}")
    elif isinstance(action, MoveTile):
        lifted = before.tiles[before.board.resolve(action.from_hex)]
        what = tile_name(lifted.tile, vocab) if lifted is not None else vocab.tile
        text = (f"{who} plays the {vocab.move}: {what} goes from {_label(before, action.from_hex, coords)} "
                f"to {_label(before, action.to_hex, coords)}")
    elif isinstance(action, EndTurn):
        p = before.current
        drawn = before.pile_sizes[p] - after.pile_sizes[p]
        text = f"{who} ends the turn" + (
            f" and draws {drawn} {vocab.tile if drawn == 1 else vocab.tiles}" if drawn else
            "; the draw pile is empty")
    elif isinstance(action, Pass):
        text = f"{who} cannot place any {vocab.tile} and passes (R1)"
    else:  # pragma: no cover - every action type is handled above
        text = f"{who}: {action}"
    if before.phase is not after.phase and after.phase is Phase.PLACE_PIECES:
        text += f". Every hand is chosen: now the {vocab.piece}s are placed, {after.seats[after.current].name} first"
    elif before.phase is not Phase.PLAY and after.phase is Phase.PLAY:
        how = f"the {vocab.piece}s are dealt at random" if isinstance(action, PickTile) else f"every {vocab.piece} is placed"
        text += f". Every hand is chosen and {how}: play begins with {after.seats[after.current].name}"
    captures = [resolution_words(after, r, coords) for r in after.events]
    if captures:
        text += " — " + "; ".join(captures)
    if after.is_over and not before.is_over:
        text += f". The game ends: {after.end_reason}"
    elif after.end_reason and not before.end_reason:
        text += f". The game will end after this turn: {after.end_reason}"
    return text


def action_phrase(state: GameState, action: Action, coords: bool = False) -> str:
    """A short name of an action not yet played: ``Samurai 2 on the land north of Kyoto``, ``end the turn``."""
    vocab = state.ruleset.vocabulary
    if isinstance(action, PlaceTile):
        return f"{tile_name(action.tile, vocab)} on {_label(state, action.hex, coords)}"
    if isinstance(action, Swap):
        return (f"{vocab.swap}: {vocab.caste(action.caste_a)} of {_label(state, action.hex_a, coords)} ↔ "
                f"{vocab.caste(action.caste_b)} of {_label(state, action.hex_b, coords)}")
    if isinstance(action, MoveTile):
        return f"{vocab.move}: {_label(state, action.from_hex, coords)} → {_label(state, action.to_hex, coords)}"
    if isinstance(action, PlacePiece):
        return f"a {vocab.caste(action.caste)} into {_label(state, action.hex, coords)}"
    if isinstance(action, PickTile):
        return f"take {tile_name(action.tile, vocab)} into the starting hand"
    if isinstance(action, EndTurn):
        return "end the turn"
    if isinstance(action, Pass):
        return "pass (no tile can be placed)"
    return str(action)  # pragma: no cover


def action_hexes(state: GameState, action: Action) -> tuple[int, ...]:
    """Hex indices an action touches (for highlighting it on the board)."""
    board = state.board
    if isinstance(action, (PlaceTile, PlacePiece)):
        return (board.resolve(action.hex),)
    if isinstance(action, Swap):
        return (board.resolve(action.hex_a), board.resolve(action.hex_b))
    if isinstance(action, MoveTile):
        return (board.resolve(action.from_hex), board.resolve(action.to_hex))
    return ()
