"""What SAMURAI (katana) puzzles are, declared for the shared puzzles (``common/puzzles.py``): a forced kill,
or a forced win (the third kill, or the opponent stuck), in 1-3 moves; the themes of a solution read from the
position and its main line, the tempting wrong moves (other challenges), the positions worth mining and the
words of the goal, the hint and a refuted try. ``puzzles/README.md`` explains the themes.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ...common.puzzles import Goal, LinePuzzles
from ...i18n import N_, Domain
from ..core.board import NAMES, SYMBOLS
from ..core.rules import apply_legal, legal_moves
from ..core.state import Move, State, piece

T = Domain("katana")
THEME_NAMES = {"third kill": N_("the third kill"), "win": N_("win"), "sword": N_("a sword taken"),
               "double": N_("two challenges at once"), "tachiojo": N_("Tachiōjō"), "relocation": N_("back to SHIRO"),
               "constrained": N_("constrained move"), "only move": N_("the only defence"),
               "two samurai": N_("two samurai at work")}
KIND_THEMES = {"pass": "tachiojo", "place": "relocation"}  # a kind of move that is a theme by itself


def themes(state: State, goal: str, line: Sequence[Move]) -> list[str]:
    """The ideas of the solution: third kill, win, sword, double, tachiojo, relocation, constrained, only move
    (the defender has one legal move, not a pass), two samurai (the solver's line moves two of his samurai).
    Every puzzle challenges and kills, nearly every one with a quiet first move: those are no themes."""
    out = set() if goal == "kill" else {"third kill" if state.kills[state.to_move] == 2 else "win"}
    if state.last in SYMBOLS:
        out.add("constrained")
    solver, s = state.to_move, state
    moved: dict[int, int] = {}  # square → the solver's samurai that stands there, as it started
    for m in line:
        after = apply_legal(s, m)
        if s.to_move == solver and m.kind == "move":
            moved[m.to] = moved.pop(m.frm, m.frm)
        elif s.to_move != solver and m.kind == "move" and len(legal_moves(s)) == 1:
            out.add("only move")
        if after.challenges and s.to_move == solver:
            if any(not c.killed for c in after.challenges):
                out.add("sword")
            if len(after.challenges) > 1:
                out.add("double")
        if m.kind in KIND_THEMES:
            out.add(KIND_THEMES[m.kind])
        s = after
    if len(moved) > 1:
        out.add("two samurai")
    return sorted(out)


def tempting_moves(state: State, answer: Move) -> int:
    """Other moves that start a challenge (they take a sword or a life, but not the puzzle)."""
    return sum(1 for m in legal_moves(state) if m != answer and apply_legal(state, m).challenges)


def mine_goal(state: State) -> str | None:
    """The goal searched for in a bot game's position: a kill (the win when it would be the third), when the
    opponent has a samurai without his sword; none in the middle of a relocation or after a pass."""
    opponent = 1 - state.to_move
    if state.pending or state.passes or all(state.cells[s] != piece(opponent, False) for s in state.samurai(opponent)):
        return None
    return "win" if state.kills[state.to_move] == 2 else "kill"


def hint(state: State, move: Move) -> str:
    """Which samurai to move (the square it stands on), without the arrival."""
    if move.kind == "place":
        return T.gettext("Put the defeated samurai back where it helps the next move.")
    if move.kind == "pass":
        return T.gettext("There is nothing to move: pass.")
    return T.gettext("Look at the samurai on {square}.").format(square=NAMES[move.frm])


def _too_late(goal: str) -> Callable[[bool], str]:
    """A refuted try's words for ``goal``: '{what} But then {reply} Black can no longer kill in time.'"""
    def words(reply: bool) -> str:
        verb = T.gettext("kill") if goal == "kill" else T.gettext("win")
        text = (T.gettext("{what} But then {reply} {player} can no longer {goal} in time.") if reply
                else T.gettext("{what} But {player} can no longer {goal} in time."))
        return text.replace("{goal}", verb)
    return words


PUZZLES = LinePuzzles(
    goals={"win": Goal(lambda n: T.ngettext("{player} to move: win in {n} move.", "{player} to move: win in {n} moves.",
                                            n), _too_late("win")),
           "kill": Goal(lambda n: T.ngettext("{player} to move: kill a samurai in {n} move.",
                                             "{player} to move: kill a samurai in {n} moves.", n), _too_late("kill"),
                        lambda start, s, solver: s.kills[solver] > start.kills[solver])},
    hint=hint, themes=themes, theme_names=THEME_NAMES, translate=T.gettext, tempting=tempting_moves,
    mine_goal=mine_goal, mine_bots=("search:200n", "search:400n", "search:800n"), random_moves=0.15,
    keep_one_move=1)
