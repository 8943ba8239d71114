"""One-line descriptions of hexes, pieces and tiles, for hover labels and SVG tooltips."""

from __future__ import annotations

from ..core.board import SETTLEMENT_KINDS
from ..core.influence import settlement_tally
from ..core.model import Phase, Placed
from ..core.state import GameState
from ..core.tiles import Tile

SEP = " · "


def tile_name(state: GameState, tile: Tile) -> str:
    """``High Helmet 4`` / ``Ship 2 (fast)`` / ``token exchange 0``, in the edition's words."""
    vocab = state.ruleset.vocabulary
    value = "" if tile.value is None else f" {tile.value}"
    fast = " (fast)" if tile.fast else ""
    return f"{vocab.figure(tile.figure)}{value}{fast}"


def placed_name(state: GameState, placed: Placed) -> str:
    """``Green's High Helmet 4``."""
    return f"{state.seats[placed.owner].name}'s {tile_name(state, placed.tile)}"


def pieces_text(state: GameState, index: int) -> str:
    """``High Helmet, Rice field`` or ``empty`` for a settlement's caste pieces."""
    vocab = state.ruleset.vocabulary
    pieces = state.pieces[index]
    return ", ".join(vocab.caste(c) for c in pieces) if pieces else "empty"


def hex_title(state: GameState, index: int) -> str:
    """Short description: ``Kyoto (HO35) · city`` / ``HO12 · land``."""
    info = state.board.info[index]
    return f"{info.label}{SEP}{info.kind}"


def tallies_text(state: GameState, index: int) -> str:
    """Influence per caste present at a settlement: ``Buddha: Green 3, Red 2 → Green``."""
    tally = settlement_tally(state, index)
    vocab = state.ruleset.vocabulary
    names = [s.name for s in state.seats]
    parts = []
    present = [ct for ct in tally.castes if ct.present]
    if present and not any(any(ct.tallies) for ct in present):
        parts.append("no influence yet")
        present = []
    for ct in present:
        scores = ", ".join(f"{names[p]} {v}" for p, v in enumerate(ct.tallies) if v)
        if not scores:
            parts.append(f"{vocab.caste(ct.caste)}: no influence yet")
            continue
        lead = names[ct.leader] if ct.leader is not None else "tie"
        parts.append(f"{vocab.caste(ct.caste)}: {scores} → {lead}")
    if tally.surrounded:
        parts.append("surrounded")
    else:
        n = tally.empty_land
        parts.append(f"{n} empty land hex{'es' if n != 1 else ''} around")
    return "; ".join(parts)


def hover_text(state: GameState, hex_index: int | None) -> str:
    """What a hover label shows for a hex: id, kind, name; its tile; on a settlement, pieces and tallies.

    ``None`` (the pointer is off the map) gives an empty string.
    """
    if hex_index is None:
        return ""
    board = state.board
    info = board.info[hex_index]
    parts = [hex_title(state, hex_index)]
    if info.kind in SETTLEMENT_KINDS:
        cap = board.capacity[hex_index]
        parts[0] += f" (holds {cap})"
        parts.append(pieces_text(state, hex_index))
        if state.pieces[hex_index]:
            parts.append(tallies_text(state, hex_index))
    else:
        placed = state.tiles[hex_index]
        if placed is not None:
            parts.append(placed_name(state, placed))
        else:
            parts.append("empty" + (" (ships only)" if info.kind == "sea" else ""))
    return SEP.join(parts)


def status_text(state: GameState) -> str:
    """Where the game stands, in a few words: ``Turn 12 · Red to play``."""
    name = state.seats[state.current].name
    if state.phase is Phase.CHOOSE_HANDS:
        return f"Setup, hands · {name} chooses a hand"
    if state.phase is Phase.PLACE_PIECES:
        return f"Setup, {state.ruleset.vocabulary.piece}s · {name} places a {state.ruleset.vocabulary.piece}"
    if state.phase is Phase.GAME_OVER:
        return "Game over"
    return f"Turn {state.turn} · {name} to play"
