"""SAMOURAI (rulebook 004) puzzles: a position and a forced IKI-ZUMARI in 1-3 moves, proved by search.

A puzzle file (``puzzles/ikizumari/*.toml``, see ``puzzles/README.md``) gives the position string, the goal
``win`` (the opponent in IKI-ZUMARI) and the main line. :func:`prove` searches every defence and checks that
the solver's move is the only one at every step; :func:`judge` says in words what a try does.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from ...common.puzzle_file import PuzzleRecord, read_record
from ...common.puzzle_search import (LineWords, Prover, Rules, Solution, Verdict, check_line, find_solution,
                                     judge_line)
from ...i18n import Domain
from ..core.board import BOARD
from ..core.moves import Move, parse_move
from ..core.position import from_position
from ..core.rules import legal_moves, outcome, play
from ..core.state import State
from ..core.describe import describe_move
from ..core.text import player_name
from .puzzle_themes import themes

T = Domain("ikizumari")
GOALS = ("win",)
MAX_MOVES = 3
BUDGET = 60_000
MINE_BUDGET = 2_000  # positions a generated puzzle may need (keeps every later proof quick)


def _key(s: State) -> tuple:
    return (s.red, s.black, s.to_move, s.distance, s.symbol, s.bonus, s.pending, s.anzen_used)


def rules_for(solver: int) -> Rules:
    """The prover's view of the game: the goal is the opponent in IKI-ZUMARI."""
    def reached(s: State) -> bool:
        if s.to_move == solver:  # only the player to move can be left without a move
            return False
        done = outcome(s)
        return done is not None and done.winner == solver
    return Rules(moves=legal_moves, play=play, to_move=lambda s: s.to_move, goal=reached,
                 over=lambda s: outcome(s) is not None, key=_key)


@dataclass(frozen=True)
class Puzzle:
    """A puzzle read from its file: the record and the starting state."""

    record: PuzzleRecord
    state: State

    @property
    def solver(self) -> int:
        return self.state.to_move

    def prover(self, budget: int = BUDGET) -> Prover:
        return Prover(rules_for(self.solver), self.solver, budget)

    def line(self) -> list[Move]:
        return [parse_move(m) for m in self.record.answer]

    def title_text(self) -> str:
        return goal_text(self.solver, self.record.moves)


def goal_text(solver: int, moves: int) -> str:
    """'Red to move: IKI-ZUMARI in 2 moves' in the current language."""
    return T.ngettext("{player} to move: IKI-ZUMARI in {n} move.", "{player} to move: IKI-ZUMARI in {n} moves.",
                      moves).format(player=player_name(solver), n=moves)


def load_puzzle(path: Path | str) -> Puzzle:
    return puzzle_from_record(read_record(path))


def puzzle_from_record(record: PuzzleRecord) -> Puzzle:
    if record.goal not in GOALS:
        raise ValueError(f"{record.id}: goal must be one of {', '.join(GOALS)}")
    return Puzzle(record, from_position(record.position))


def solve(state: State, most: int = MAX_MOVES, budget: int = BUDGET) -> Solution | None:
    """The quickest forced IKI-ZUMARI for the side to move within ``most`` moves, or None."""
    prover = Prover(rules_for(state.to_move), state.to_move, budget)
    return find_solution(prover, state, most, tempting_moves)


def tempting_moves(state: State, answer: Move) -> int:
    """Other moves that leave the opponent with few moves (three or fewer): they look close to IKI-ZUMARI."""
    count = 0
    for m in legal_moves(state):
        if m != answer:
            after = play(state, m)
            if after.to_move != state.to_move and outcome(after) is None and len(legal_moves(after)) <= 3:
                count += 1
    return count


def rating(moves: int, nodes: int, tempting: int) -> int:
    """A difficulty from the moves needed, the search effort (positions examined) and the tempting wrong first
    moves, each on a log scale and none capped: a win in 1 among forty near misses is harder than one among ten."""
    return int(600 + 300 * (moves - 1) + 150 * math.log10(max(nodes, 1)) + 150 * math.log10(1 + tempting))


def prove(puzzle: Puzzle, budget: int = BUDGET) -> list[str]:
    """Every reason the puzzle is not proved (empty: the answer is the only forced win, as stated)."""
    rec = puzzle.record
    try:
        line = puzzle.line()
    except ValueError as e:
        return [f"answer: {e}"]
    return check_line(puzzle.prover(budget), puzzle.state, rec.moves, rec.answer, MAX_MOVES,
                      (lambda: themes(puzzle.state, tuple(line)), rec.themes))


def judge(puzzle: Puzzle, state: State, move: Move | str, left: int) -> Verdict:
    """Judge the solver's ``move`` in ``state`` (a position of the line) with ``left`` moves to go."""
    move = parse_move(move)
    if move not in legal_moves(state):
        return Verdict(False, False, T.gettext("That move is not allowed here."), state, left)
    who = player_name(puzzle.solver)

    def refuted(said: str, reply: str | None) -> str:
        if reply is not None:
            return T.gettext("{what} But then {reply} {player} can no longer force IKI-ZUMARI in time.").format(
                what=said, reply=reply, player=who)
        return T.gettext("{what} But {player} can no longer force IKI-ZUMARI in time.").format(what=said, player=who)

    words = LineWords(describe_move, lambda said: T.gettext("Solved! {what}").format(what=said),
                      lambda said: T.gettext("Right: {what}").format(what=said), refuted)
    return judge_line(puzzle.prover(), state, move, left, words)


def hint(puzzle: Puzzle, state: State, left: int) -> str:
    """Which samurai to move."""
    moves = puzzle.prover().winning_moves(state, left) if left > 0 else []
    if not moves or moves[0].is_pass:
        return T.gettext("No hint: this position no longer leads to the goal.")
    return T.gettext("Look at the samurai on {square}.").format(square=BOARD.name(moves[0].origin))

