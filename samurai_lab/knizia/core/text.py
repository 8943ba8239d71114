"""Plain-text descriptions of states and captures, in the edition's vocabulary."""

from __future__ import annotations

from .ruleset import Vocabulary
from typing import TYPE_CHECKING

from .model import Phase, Resolution
from .tiles import Tile

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState


def tile_name(t: Tile, vocab: Vocabulary) -> str:
    """``High Helmet 4``, ``Samurai 2``, ``Ship 1``, ``figure exchange`` (in the edition's words)."""
    name = vocab.figure(t.figure)
    return name if t.value is None or t.is_move else f"{name} {t.value}"


def describe_resolution(state: GameState, r: Resolution) -> str:
    """``Blue takes the High Helmet of HO12 (Blue 3, Red 2)`` or ``... is set aside (tie ...)``."""
    vocab = state.ruleset.vocabulary
    names = [s.name for s in state.seats]
    tallies = ", ".join(f"{names[p]} {v}" for p, v in enumerate(r.tallies) if v) or "nobody has influence"
    where = f"the {vocab.caste(r.caste)} of {state.board.label(r.hex)}"
    if r.winner is None:
        return f"{where[0].upper()}{where[1:]} is set aside: tie for the highest influence ({tallies})"
    return f"{names[r.winner]} takes {where} ({tallies})"


def describe_state(state: GameState) -> str:
    """A short multi-line summary: phase, whose turn, hands, captures."""
    vocab = state.ruleset.vocabulary
    lines = [f"Samurai, {state.n_players} players, {state.ruleset.edition} rules, phase {state.phase.value}"]
    who = state.seats[state.current].name
    if state.phase is Phase.CHOOSE_HANDS:
        lines.append(f"setup: {who} chooses a starting hand (hands first, then the {vocab.piece}s are placed)")
    elif state.phase is Phase.PLACE_PIECES:
        lines.append(f"setup: {who} places a {vocab.piece} (every hand is chosen; play begins when all are placed)")
    elif state.phase is not Phase.GAME_OVER:
        lines.append(f"turn {state.turn}: {who} to play")
    else:
        lines.append(f"game over: {state.end_reason}")
    sizes = state.hand_sizes()
    for p, seat in enumerate(state.seats):
        hand = state.hands[p]
        shown = " ".join(t.code for t in hand) if hand is not None else f"{sizes[p]} hidden"
        cap = state.captured[p]
        caps = "hidden" if cap is None else ", ".join(f"{n} {vocab.castes[c]}" for c, n in zip(vocab.castes, cap))
        lines.append(f"  {seat.name}: hand {shown}; pile {state.pile_sizes[p]}; captured {caps}")
    lines.append(f"  set aside: {sum(state.set_aside)}")
    return "\n".join(lines)
