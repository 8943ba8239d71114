"""The themes of a SAMOURAI puzzle, read from its position and its main line in the rules' own terms.

How the IKI-ZUMARI comes (the rulebook's "soit parce qu'il est dans l'impossibilité d'avancer du nombre de
cases autorisé, soit parce qu'il ne peut emprunter la direction imposée"), how far the last move announces,
what the solver's moves use (ANZEN, HO BO, SHIRO, passing over a samurai, leaving his protection) and
whether the defence is down to a single move. ``puzzles/README.md`` (Themes) explains each one.
"""

from __future__ import annotations

from typing import Sequence

from ...i18n import N_
from ..core.board import BOARD
from ..core.moves import Move
from ..core.rules import announced_window, legal_moves, play, protected
from ..core.state import State

LONG = 8  # a last move of this many squares or more is a long announcement
SHORT = 4  # and one of this many or fewer a short one

#: Every theme and its name as the app shows it (translated in the ikizumari domain). Every puzzle is an
#: IKI-ZUMARI, by the direction or by the distance.
THEME_NAMES = {
    "direction": N_("IKI-ZUMARI by the direction"),
    "distance": N_("IKI-ZUMARI by the distance"), "long": N_("a long announcement"),
    "short": N_("a short announcement"), "jump": N_("over a samurai"), "exposed": N_("protection given up"),
    "only move": N_("the only defence"), "anzen": N_("ANZEN"), "ho bo": N_("HO BO"), "shiro": N_("SHIRO"),
    "pass": N_("a forced pass"),
}
_LANDING = {"anzen": "anzen", "mekura": "ho bo", "shiro": "shiro"}


def stifled_by(final: State) -> str:
    """Why the player to move in ``final`` has no move: ``"direction"`` when none of his samurai has a line
    starting on the announced symbol, else ``"distance"`` (the lines that start on it end at the board's edge
    or on samurai before the announced distance; default rulings)."""
    w = announced_window(final)
    for origin in final.pieces(final.to_move):
        for ray in BOARD.rays[origin]:
            if ray and (w.symbol is None or BOARD.symbol[ray[0]] == w.symbol):
                return "distance"
    return "direction"


def _jumps(state: State, move: Move) -> bool:
    """Does ``move`` pass over a samurai (ruling I1)?"""
    direction, k = BOARD.line(move.origin, move.target)
    return not state.occupied.isdisjoint(BOARD.rays[move.origin][direction][:k - 1])


def themes(state: State, line: Sequence[Move]) -> list[str]:
    """The themes of the main line ``line`` played from ``state`` (see ``THEME_NAMES``)."""
    solver = state.to_move
    out: set[str] = set()
    s = state
    for m in line:
        if m.is_pass:
            out.add("pass")
        elif s.to_move == solver:
            out.add(_LANDING.get(BOARD.kind[m.target], ""))
            if _jumps(s, m):
                out.add("jump")
        elif len(legal_moves(s)) == 1:
            out.add("only move")
        s = play(s, m)
    out.add(stifled_by(s))
    last = line[-1]
    if not last.is_pass:
        k = BOARD.line(last.origin, last.target)[1]
        out.add("long" if k >= LONG else "short" if k <= SHORT else "")
    if protected(state, solver) and not protected(s, solver):
        out.add("exposed")
    out.discard("")
    return sorted(out)
