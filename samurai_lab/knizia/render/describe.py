"""One-line descriptions of hexes, pieces and tiles, for hover labels and SVG tooltips, in the current
language and the edition's words."""

from __future__ import annotations

from ...i18n import N_, Domain
from ..core.board import CITY, EDO, LAND, SEA, SETTLEMENT_KINDS, VILLAGE
from ..core.influence import settlement_tally
from ..core.model import Phase, Placed
from ..core.ruleset import Vocabulary
from ..core.state import GameState
from ..core.tiles import Tile
from ..teaching.words import capitalised, hex_words, seat_names

T = Domain("knizia_teach")

SEP = " · "
#: The kinds of hex (``HexInfo.kind``) in words, translated where shown (``kind_words``).
KIND_WORDS = {SEA: N_("sea"), LAND: N_("land"), VILLAGE: N_("village"), CITY: N_("city"), EDO: N_("Edo")}


def kind_words(kind: str) -> str:
    """``city``, ``land``... in the current language."""
    return T.gettext(KIND_WORDS[kind]) if kind in KIND_WORDS else kind


def tile_name(state: GameState, tile: Tile) -> str:
    """``High Helmet 4`` / ``Ship 2 (fast)`` / ``token exchange``, in the edition's words."""
    return tile_text(tile, state.ruleset.vocabulary)


def tile_text(tile: Tile, vocab: Vocabulary) -> str:
    """A tile in the words of ``vocab``'s edition and the current language: ``Castle 4``, ``Ship 2 (fast)``."""
    name = vocab.figure(tile.figure)
    if tile.value is not None and not tile.is_move:  # the move tile's 0 is no strength
        name = T.gettext("{figure} {value}").format(figure=name, value=tile.value)
    return T.gettext("{tile} (fast)").format(tile=name) if tile.fast else name


def placed_name(state: GameState, placed: Placed) -> str:
    """``Green's High Helmet 4``."""
    return T.gettext("{player}'s {tile}").format(player=seat_names(state)[placed.owner],
                                                 tile=tile_name(state, placed.tile))


def pieces_text(state: GameState, index: int) -> str:
    """``High Helmet, Rice field`` or ``empty`` for a settlement's caste pieces."""
    return ", ".join(state.ruleset.vocabulary.caste(c) for c in state.pieces[index]) or T.gettext("empty")


def hex_title(state: GameState, index: int, coords: bool = False) -> str:
    """Short description, the place in words: ``Kyoto · city`` / ``The land north of Akita``; the hex's id
    (``Kyoto (HO35) · city``) only with ``coords`` (the apps' "Show coordinates"). The kind is said where the
    words do not say it already (a named place)."""
    info = state.board.info[index]
    place = capitalised(hex_words(state, index, coords))
    return f"{place}{SEP}{kind_words(info.kind)}" if info.name and info.kind != EDO else place


def tallies_text(state: GameState, index: int) -> str:
    """Influence per caste present at a settlement: ``Buddha: Green 3, Red 2 → Green``."""
    tally = settlement_tally(state, index)
    vocab = state.ruleset.vocabulary
    names = seat_names(state)
    parts = []
    present = [ct for ct in tally.castes if ct.present]
    if present and not any(any(ct.tallies) for ct in present):
        parts.append(T.gettext("no influence yet"))
        present = []
    for ct in present:
        scores = ", ".join(f"{names[p]} {v}" for p, v in enumerate(ct.tallies) if v)
        if not scores:
            parts.append(T.gettext("{caste}: no influence yet").format(caste=vocab.caste(ct.caste)))
            continue
        lead = names[ct.leader] if ct.leader is not None else T.gettext("tie")
        parts.append(f"{vocab.caste(ct.caste)}: {scores} → {lead}")
    if tally.surrounded:
        parts.append(T.gettext("surrounded"))
    else:
        n = tally.empty_land
        parts.append(T.ngettext("{n} empty land hex around", "{n} empty land hexes around", n).format(n=n))
    return "; ".join(parts)


def hover_text(state: GameState, hex_index: int | None, coords: bool = False) -> str:
    """What a hover label (or the keyboard's announcement) says of a hex: where it is in words (its id too
    with ``coords``); its tile; on a settlement, pieces and tallies. ``None`` (off the map): ''."""
    if hex_index is None:
        return ""
    board = state.board
    info = board.info[hex_index]
    parts = [hex_title(state, hex_index, coords)]
    if info.kind in SETTLEMENT_KINDS:
        parts[0] += " " + T.gettext("(holds {n})").format(n=board.capacity[hex_index])
        parts.append(pieces_text(state, hex_index))
        if state.pieces[hex_index]:
            parts.append(tallies_text(state, hex_index))
    elif (placed := state.tiles[hex_index]) is not None:
        parts.append(placed_name(state, placed))
    else:
        parts.append(T.gettext("empty (ships only)") if info.kind == "sea" else T.gettext("empty"))
    return SEP.join(parts)


def status_text(state: GameState) -> str:
    """Where the game stands, in a few words: ``Turn 12 · Red to play``."""
    name = seat_names(state)[state.current]
    vocab = state.ruleset.vocabulary
    if state.phase is Phase.CHOOSE_HANDS:
        return T.gettext("Setup, hands · {player} chooses a hand").format(player=name)
    if state.phase is Phase.PLACE_PIECES:
        return T.gettext("Setup, {pieces} · {player} places a {piece}").format(
            pieces=vocab.pieces, player=name, piece=vocab.piece)
    if state.phase is Phase.GAME_OVER:
        return T.gettext("Game over")
    return T.gettext("Turn {n} · {player} to play").format(n=state.turn, player=name)
