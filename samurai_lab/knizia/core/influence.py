"""Influence tallies for every settlement, and what-if previews of actions not yet committed."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, EndTurn
from .rules import apply_action, decide, empty_land_around, influence, is_surrounded, surrounded_with_pieces
from .ruleset import INSTANT
from .model import Resolution
from .state import GameState
from .tiles import CASTES, Caste


@dataclass(frozen=True, slots=True)
class CasteTally:
    """Influence of every player on one caste at one settlement, and who would take such a piece now."""

    caste: Caste
    tallies: tuple[int, ...]
    present: bool  # a piece of this caste lies in the settlement
    leader: int | None  # strict highest now, None on a tie


@dataclass(frozen=True, slots=True)
class SettlementTally:
    """Everything about one settlement's influence, closed or not ("if it were surrounded now")."""

    hex: int
    pieces: tuple[Caste, ...]
    castes: tuple[CasteTally, ...]  # H, B, R
    empty_land: int
    surrounded: bool

    def for_caste(self, caste: Caste) -> CasteTally:
        return self.castes[caste.index]


def settlement_tally(state: GameState, settlement: int) -> SettlementTally:
    """Tallies per caste x player for one settlement, plus its empty land hexes."""
    pieces = state.pieces[settlement]
    tallies = [influence(state, settlement, c) for c in CASTES]
    castes = tuple(CasteTally(c, t, c in pieces, decide(t)) for c, t in zip(CASTES, tallies))
    return SettlementTally(settlement, pieces, castes, empty_land_around(state, settlement),
                           is_surrounded(state, settlement))


def all_tallies(state: GameState) -> dict[int, SettlementTally]:
    """settlement index -> tally, for every settlement in play."""
    return {s: settlement_tally(state, s) for s in state.board.settlements}


@dataclass(frozen=True, slots=True)
class Preview:
    """What an action would do: the resulting state and every piece it would decide (under end-of-turn
    capture, those the end of the turn would decide if the turn ended right after the action)."""

    action: Action
    after: GameState
    resolutions: tuple[Resolution, ...]
    game_ends: str | None


def preview(state: GameState, action: Action) -> Preview:
    """Apply ``action`` to a copy and report the captures it causes (IllegalMoveError if illegal)."""
    after = apply_action(state, action)
    if state.ruleset.capture_timing == INSTANT or isinstance(action, EndTurn):
        return Preview(action, after, after.events, after.end_reason)
    pending = pending_resolutions(after)
    ends = after.end_reason
    if ends is None and pending:
        ends = apply_action(after, EndTurn()).end_reason if not after.is_over else None
    return Preview(action, after, pending, ends)


def pending_resolutions(state: GameState) -> tuple[Resolution, ...]:
    """How every surrounded settlement still holding pieces would be decided now."""
    out = []
    for s in surrounded_with_pieces(state):
        for c in state.pieces[s]:
            t = influence(state, s, c)
            out.append(Resolution(s, c, decide(t), t))
    return tuple(out)
