"""One line per action for a game's log (``describe_action``), in the edition's vocabulary and the current
language; starting-hand picks are secret: their line never names the tile."""

from __future__ import annotations

from ..core.actions import Action, EndTurn, MoveTile, Pass, PickTile, PlacePiece, PlaceTile, Swap, action_hex_ids
from ..core.model import Phase
from ..core.state import GameState
from ..core.text import end_reason_text, tile_name
from ..core.tiles import HAND_SIZE
from .words import hex_words, resolution_words
from ...i18n import Domain

T = Domain("knizia")


def describe_action(before: GameState, action: Action, after: GameState, label: str | None = None,
                    coords: bool = False) -> str:
    """What ``action`` did, taking ``before`` to ``after``; ``label`` names the actor (default: seat name)."""
    vocab = before.ruleset.vocabulary
    who = label or vocab.seat_names(before.seats)[before.current]
    if isinstance(action, PlacePiece):
        text = T.gettext("{player} puts a {caste} into {place}").format(
            player=who, caste=vocab.caste(action.caste), place=hex_words(before, action.hex, coords))
    elif isinstance(action, PickTile):
        n = len(after.hands[before.current] or ()) if after.current == before.current else HAND_SIZE
        text = T.gettext("{player} chooses a {tile} for the starting hand ({n} of {total})").format(
            player=who, tile=vocab.tile, n=n, total=HAND_SIZE)
        if n == HAND_SIZE:
            text += T.gettext("; the other {tiles} are shuffled into the draw pile").format(tiles=vocab.tiles)
    elif isinstance(action, PlaceTile):
        text = T.gettext("{player} lays {tile} on {place}").format(
            player=who, tile=tile_name(action.tile, vocab), place=hex_words(before, action.hex, coords))
    elif isinstance(action, Swap):
        text = T.gettext("{player} plays the {swap}: the {caste_a} of {place_a} changes places with the {caste_b} "
                         "of {place_b}").format(
            player=who, swap=vocab.swap, caste_a=vocab.caste(action.caste_a),
            place_a=hex_words(before, action.hex_a, coords), caste_b=vocab.caste(action.caste_b),
            place_b=hex_words(before, action.hex_b, coords))
    elif isinstance(action, MoveTile):
        lifted = before.tiles[before.board.resolve(action.from_hex)]
        what = tile_name(lifted.tile, vocab) if lifted is not None else vocab.tile
        text = T.gettext("{player} plays the {move}: {tile} goes from {start} to {end}").format(
            player=who, move=vocab.move, tile=what, start=hex_words(before, action.from_hex, coords),
            end=hex_words(before, action.to_hex, coords))
    elif isinstance(action, EndTurn):
        p = before.current
        drawn = before.pile_sizes[p] - after.pile_sizes[p]
        if drawn:
            text = T.ngettext("{player} ends the turn and draws {n} {tiles}",
                              "{player} ends the turn and draws {n} {tiles}", drawn).format(
                player=who, n=drawn, tiles=vocab.tile if drawn == 1 else vocab.tiles)
        else:
            text = T.gettext("{player} ends the turn; the draw pile is empty").format(player=who)
    elif isinstance(action, Pass):
        text = T.gettext("{player} cannot place any {tile} and passes (R1)").format(player=who, tile=vocab.tile)
    else:  # pragma: no cover - every action type is handled above
        text = f"{who}: {action}"
    next_player = vocab.seat_names(after.seats)[after.current]
    if before.phase is not after.phase and after.phase is Phase.PLACE_PIECES:
        text += T.gettext(". Every hand is chosen: now the {pieces} are placed, {player} first").format(
            pieces=vocab.pieces, player=next_player)
    elif before.phase is not Phase.PLAY and after.phase is Phase.PLAY:
        if isinstance(action, PickTile):
            text += T.gettext(". Every hand is chosen and the {pieces} are dealt at random: play begins with "
                              "{player}").format(pieces=vocab.pieces, player=next_player)
        else:
            text += T.gettext(". Every hand is chosen and every {piece} is placed: play begins with {player}").format(
                piece=vocab.piece, player=next_player)
    captures = [resolution_words(after, r, coords, capital=False) for r in after.events]
    if captures:
        text += " — " + "; ".join(captures)
    if after.is_over and not before.is_over:
        text += T.gettext(". The game ends: {reason}").format(reason=end_reason_text(after.end_reason, vocab))
    elif after.end_reason and not before.end_reason:
        text += T.gettext(". The game will end after this turn: {reason}").format(
            reason=end_reason_text(after.end_reason, vocab))
    return text


def action_phrase(state: GameState, action: Action, coords: bool = False) -> str:
    """A short name of an action not yet played: ``Samurai 2 on the land north of Kyoto``, ``end the turn``."""
    vocab = state.ruleset.vocabulary
    if isinstance(action, PlaceTile):
        return T.gettext("{tile} on {place}").format(tile=tile_name(action.tile, vocab),
                                                     place=hex_words(state, action.hex, coords))
    if isinstance(action, Swap):
        return T.gettext("{swap}: {caste_a} of {place_a} ↔ {caste_b} of {place_b}").format(
            swap=vocab.swap, caste_a=vocab.caste(action.caste_a), place_a=hex_words(state, action.hex_a, coords),
            caste_b=vocab.caste(action.caste_b), place_b=hex_words(state, action.hex_b, coords))
    if isinstance(action, MoveTile):
        return T.gettext("{move}: {start} → {end}").format(
            move=vocab.move, start=hex_words(state, action.from_hex, coords),
            end=hex_words(state, action.to_hex, coords))
    if isinstance(action, PlacePiece):
        return T.gettext("a {caste} into {place}").format(caste=vocab.caste(action.caste),
                                                          place=hex_words(state, action.hex, coords))
    if isinstance(action, PickTile):
        return T.gettext("take {tile} into the starting hand").format(tile=tile_name(action.tile, vocab))
    if isinstance(action, EndTurn):
        return T.gettext("end the turn")
    if isinstance(action, Pass):
        return T.gettext("pass (no {tile} can be placed)").format(tile=vocab.tile)
    return str(action)  # pragma: no cover


def action_hexes(state: GameState, action: Action) -> tuple[int, ...]:
    """Hex indices an action touches (for highlighting it on the board)."""
    return tuple(state.board.resolve(h) for h in action_hex_ids(action))
