"""What SAMOURAI puzzles are, declared for the shared puzzles (``common/puzzles.py``): a forced IKI-ZUMARI in
1-3 moves; its themes read from the position and the main line in the rules' own terms, the tempting wrong
moves, the rating, the positions worth mining and the words of the goal, the hint and a refuted try.

How the IKI-ZUMARI comes (the rulebook's "soit parce qu'il est dans l'impossibilité d'avancer du nombre de
cases autorisé, soit parce qu'il ne peut emprunter la direction imposée"), how far the last move announces,
what the solver's moves use (ANZEN, HO BO, SHIRO, passing over a samurai, leaving his protection) and
whether the defence is down to a single move. ``puzzles/README.md`` (Themes) explains each one.
"""

from __future__ import annotations

import math
from typing import Sequence

from ...common.puzzles import Goal, LinePuzzles
from ...i18n import N_, Domain
from ..core.board import BOARD
from ..core.moves import Move
from ..core.rules import announced_window, legal_moves, outcome, play, protected
from ..core.state import State

T = Domain("ikizumari")
ONE_MOVE_TEMPTING = 16  # a win in 1 is kept when this many other moves look as close to IKI-ZUMARI
LONG = 8  # a last move of this many squares or more is a long announcement
SHORT = 4  # and one of this many or fewer a short one

#: Every theme and its name as the app shows it (translated in the ikizumari domain). Every puzzle is an
#: IKI-ZUMARI, by the direction or by the distance (the distance, nearly always at the board's edge, is no theme).
THEME_NAMES = {
    "direction": N_("IKI-ZUMARI by the direction"),
    "blocked": N_("blocked by samurai"), "long": N_("a long announcement"),
    "short": N_("a short announcement"), "jump": N_("over a samurai"), "exposed": N_("protection given up"),
    "only move": N_("the only defence"), "anzen": N_("ANZEN"), "ho bo": N_("HO BO"), "shiro": N_("SHIRO"),
    "pass": N_("a forced pass"),
}
_LANDING = {"anzen": "anzen", "mekura": "ho bo", "shiro": "shiro"}


def stifled_by(final: State) -> str:
    """Why the player to move in ``final`` has no move: ``"direction"`` when none of his samurai has a line
    starting on the announced symbol, else ``"distance"`` (the lines that start on it end at the board's edge
    or on samurai before the announced distance; default rulings)."""
    return "distance" if _open_lines(final, 1) else "direction"


def _open_lines(final: State, least: int) -> bool:
    """Has a samurai of the player to move a line starting on the announced symbol, at least ``least`` long?"""
    w = announced_window(final)
    return any(ray and (w.symbol is None or BOARD.symbol[ray[0]] == w.symbol) and len(ray) >= least
               for origin in final.pieces(final.to_move) for ray in BOARD.rays[origin])


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
    if stifled_by(s) == "direction":
        out.add("direction")
    elif _open_lines(s, announced_window(s).dmin):  # by the distance, with samurai on every square in reach
        out.add("blocked")
    last = line[-1]
    if not last.is_pass:
        k = BOARD.line(last.origin, last.target)[1]
        out.add("long" if k >= LONG else "short" if k <= SHORT else "")
    if protected(state, solver) and not protected(s, solver):
        out.add("exposed")
    out.discard("")
    return sorted(out)


def tempting_moves(state: State, answer: Move) -> int:
    """Other moves that leave the opponent with few moves (three or fewer): they look close to IKI-ZUMARI."""
    return sum(1 for m in legal_moves(state) if m != answer and (after := play(state, m)).to_move != state.to_move
               and outcome(after) is None and len(legal_moves(after)) <= 3)


def rating(moves: int, nodes: int, tempting: int) -> int:
    """A difficulty from the moves needed, the search effort (positions examined) and the tempting wrong first
    moves, each on a log scale and none capped: a win in 1 among forty near misses is harder than one among ten."""
    return int(600 + 300 * (moves - 1) + 150 * math.log10(max(nodes, 1)) + 150 * math.log10(1 + tempting))


def stifled(start: State, s: State, solver: int) -> bool:
    """The opponent is in IKI-ZUMARI (only the player to move can be left without a move)."""
    done = None if s.to_move == solver else outcome(s)
    return done is not None and done.winner == solver


PUZZLES = LinePuzzles(
    goals={"win": Goal(lambda n: T.ngettext("{player} to move: IKI-ZUMARI in {n} move.",
                                            "{player} to move: IKI-ZUMARI in {n} moves.", n),
                       lambda reply: T.gettext("{what} But then {reply} {player} can no longer force IKI-ZUMARI in "
                                               "time.") if reply else
                       T.gettext("{what} But {player} can no longer force IKI-ZUMARI in time."), stifled)},
    hint=lambda state, m: None if m.is_pass else T.gettext("Look at the samurai on {square}.").format(
        square=BOARD.name(m.origin)),
    themes=lambda state, goal, line: themes(state, line), theme_names=THEME_NAMES, translate=T.gettext,
    tempting=tempting_moves, rating=rating, mine_budget=2_000, keep_one_move=ONE_MOVE_TEMPTING,
    # no IKI-ZUMARI while the opponent keeps three samurai on his SHIRO
    mine_goal=lambda state: None if protected(state, 1 - state.to_move) else "win",
    mine_bots=("search:100n", "search:200n", "search:400n"), random_moves=0.2,
    turn_cost=lambda state, move: 0 if state.bonus else 1)  # ANZEN's extra move is part of the same turn
