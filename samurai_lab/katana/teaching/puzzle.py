"""SAMURAI (katana) puzzles: a position, a forced kill or win in 1-3 moves, proved by exhaustive search.

A puzzle file (``puzzles/katana/*.toml``, see ``puzzles/README.md``) gives the position string, the goal
(``kill``: a kill; ``win``: the third kill, or the opponent stuck) and the main line. :func:`prove` searches
every defence and checks that the solver's move is the only one at every step of the line; :func:`judge`
says in words what a try does and why it fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...common.puzzle_file import PuzzleRecord, read_record
from ...common.puzzle_search import (LineWords, Prover, Rules, Solution, Verdict, check_line, find_solution,
                                     judge_line, line_rating)
from ...i18n import Domain
from ..core.board import NAMES, SYMBOLS
from ..core.rules import apply_legal, legal_moves, outcome
from ..core.state import Move, State, from_position, parse_move
from ..core.text import describe_move, player_name

T = Domain("katana")
GOALS = ("kill", "win")
MAX_MOVES = 3
BUDGET = 60_000
MINE_BUDGET = 8_000  # positions a generated puzzle may need (keeps every later proof quick)


def rules_for(goal: str, solver: int, start: State) -> Rules:
    """The prover's view of the game for ``goal`` of ``solver`` from ``start``."""
    kills = start.kills[solver]
    if goal == "kill":
        def reached(s: State) -> bool:
            return s.kills[solver] > kills
    else:
        def reached(s: State) -> bool:
            done = outcome(s)
            return done is not None and done.winner == solver
    return Rules(moves=legal_moves, play=apply_legal, to_move=lambda s: s.to_move, goal=reached,
                 over=lambda s: outcome(s) is not None, key=State.key,
                 cost=lambda s, m: 0 if m.kind == "place" else 1)


@dataclass(frozen=True)
class Puzzle:
    """A puzzle read from its file: the record, the starting state and the solver (0 Black, 1 Red)."""

    record: PuzzleRecord
    state: State

    @property
    def solver(self) -> int:
        return self.state.to_move

    def prover(self, budget: int = BUDGET) -> Prover:
        return Prover(rules_for(self.record.goal, self.solver, self.state), self.solver, budget)

    def line(self) -> list[Move]:
        return [parse_move(m) for m in self.record.answer]

    def title_text(self) -> str:
        return goal_text(self.record.goal, self.solver, self.record.moves)


def goal_text(goal: str, solver: int, moves: int) -> str:
    """'Black to move: kill in 2 moves' in the current language."""
    who = player_name(solver)
    if goal == "kill":
        return T.ngettext("{player} to move: kill a samurai in {n} move.",
                          "{player} to move: kill a samurai in {n} moves.", moves).format(player=who, n=moves)
    return T.ngettext("{player} to move: win in {n} move.", "{player} to move: win in {n} moves.",
                      moves).format(player=who, n=moves)


def load_puzzle(path: Path | str) -> Puzzle:
    """The puzzle in ``path`` (PuzzleFileError or ValueError when it cannot be read)."""
    return puzzle_from_record(read_record(path))


def puzzle_from_record(record: PuzzleRecord) -> Puzzle:
    if record.goal not in GOALS:
        raise ValueError(f"{record.id}: goal must be one of {', '.join(GOALS)}")
    return Puzzle(record, from_position(record.position))


# --- proof ------------------------------------------------------------------------------------------
def solve(state: State, goal: str, most: int = MAX_MOVES, budget: int = BUDGET) -> Solution | None:
    """The quickest forced ``goal`` for the side to move within ``most`` moves, or None (none, or over budget)."""
    prover = Prover(rules_for(goal, state.to_move, state), state.to_move, budget)
    return find_solution(prover, state, most, tempting_moves)


def tempting_moves(state: State, answer: Move) -> int:
    """Other moves that start a challenge (they take a sword or a life, but not the puzzle)."""
    return sum(1 for m in legal_moves(state) if m != answer and apply_legal(state, m).challenges)


rating = line_rating


def themes(state: State, goal: str, line: tuple[Move, ...]) -> list[str]:
    """The ideas of the solution: challenge, sword, kill, double, tachiojo, relocation, constrained, quiet."""
    out = {goal if goal == "kill" else "third kill" if state.kills[state.to_move] == 2 else "win"}
    if state.last in SYMBOLS:
        out.add("constrained")
    s = state
    for i, m in enumerate(line):
        after = apply_legal(s, m)
        if after.challenges and s.to_move == state.to_move:
            out.add("challenge")
            if any(not c.killed for c in after.challenges):
                out.add("sword")
            if len(after.challenges) > 1:
                out.add("double")
        if m.kind == "pass":
            out.add("tachiojo")
        if m.kind == "place":
            out.add("relocation")
        if i == 0 and not after.challenges:
            out.add("quiet")
        s = after
    return sorted(out)


def prove(puzzle: Puzzle, budget: int = BUDGET) -> list[str]:
    """Every reason the puzzle is not proved (empty: the answer is the only forced win, as stated)."""
    rec = puzzle.record
    try:
        line = puzzle.line()
    except ValueError as e:
        return [f"answer: {e}"]
    return check_line(puzzle.prover(budget), puzzle.state, rec.moves, rec.answer, MAX_MOVES,
                      (lambda: themes(puzzle.state, rec.goal, tuple(line)), rec.themes))


# --- trying -----------------------------------------------------------------------------------------
def judge(puzzle: Puzzle, state: State, move: Move | str, left: int) -> Verdict:
    """Judge the solver's ``move`` in ``state`` (a position of the line) with ``left`` moves to go."""
    move = parse_move(move)
    if move not in legal_moves(state):
        return Verdict(False, False, T.gettext("That move is not allowed here."), state, left)
    who = player_name(puzzle.solver)
    goal = T.gettext("kill") if puzzle.record.goal == "kill" else T.gettext("win")

    def refuted(said: str, reply: str | None) -> str:
        if reply is not None:
            return T.gettext("{what} But then {reply} {player} can no longer {goal} in time.").format(
                what=said, reply=reply, player=who, goal=goal)
        return T.gettext("{what} But {player} can no longer {goal} in time.").format(what=said, player=who, goal=goal)

    words = LineWords(describe_move, lambda said: T.gettext("Solved! {what}").format(what=said),
                      lambda said: T.gettext("Right: {what}").format(what=said), refuted)
    return judge_line(puzzle.prover(), state, move, left, words)


def hint(puzzle: Puzzle, state: State, left: int) -> str:
    """Which samurai to move (the square it stands on), without the arrival."""
    prover = puzzle.prover()
    moves = prover.winning_moves(state, left) if left > 0 else []
    if not moves:
        return T.gettext("No hint: this position no longer leads to the goal.")
    m = moves[0]
    if m.kind == "place":
        return T.gettext("Put the defeated samurai back where it helps the next move.")
    if m.kind == "pass":
        return T.gettext("There is nothing to move: pass.")
    return T.gettext("Look at the samurai on {square}.").format(square=NAMES[m.frm])
