"""Forced goals in a few moves for the games of perfect information (standard library only).

A :class:`Prover` searches a game through its declaration (``common/game.py``): ``wins(state, n)`` asks
whether the solver reaches his goal (a predicate of a state) within ``n`` moves of his own against every
defence, a move counting ``Game.cost`` of his moves; the other functions build a puzzle's main line, check
that the solver's move is unique at each of its steps and follow a try. A node budget keeps every proof
bounded (:class:`OutOfBudget`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Sequence

from .game import Game
from .negamax import M, OutOfBudget, S


@dataclass
class Prover(Generic[S, M]):
    """Depth-limited AND-OR search for the ``solver``'s forced ``goal``, memoised, within ``budget`` nodes."""

    game: Game
    solver: int
    goal: Callable[[S], bool]  #: the solver's goal is reached in this state
    budget: int = 200_000
    #: (state, move) → the solver's turns it costs (None: ``Game.cost``)
    cost: "Callable[[S, M], int] | None" = None
    nodes: int = 0
    _memo: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.play: Callable[[S, M], S] = self.game.play or self.game.apply_action
        self.turns: Callable[[S, M], int] = self.cost or self.game.cost

    def moves(self, state: S) -> Sequence[M]:
        return self.game.legal_actions(state)

    def over(self, state: S) -> bool:
        return self.game.outcome(state) is not None

    def wins(self, state: S, n: int) -> bool:
        """True when the solver reaches the goal within ``n`` of his moves, whatever the defence."""
        g = self.game
        key = (g.key(state), n)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if self.goal(state):
            return True
        if self.over(state):
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if g.to_move(state) == self.solver:  # a move within the turns left (a free one, such as ANZEN's, at 0)
            result = any(self.wins(self.play(state, m), n - c) for m in self.moves(state)
                         if (c := self.turns(state, m)) <= n)
        else:
            moves = self.moves(state)
            result = bool(moves) and all(self.wins(self.play(state, m), n) for m in moves)
        self._memo[key] = result
        return result

    def distance(self, state: S, most: int) -> int | None:
        """The fewest solver moves that force the goal (0: reached), None beyond ``most``."""
        return next((n for n in range(most + 1) if self.wins(state, n)), None)

    def winning_moves(self, state: S, n: int) -> list[M]:
        """The solver's moves that keep a forced goal within ``n`` moves (his first included)."""
        return [m for m in self.moves(state) if self.wins(self.play(state, m), n - self.turns(state, m))]

    def longest_defence(self, state: S, n: int) -> M:
        """The defender's move after which the goal takes the solver longest (the first of equals)."""
        moves = list(self.moves(state))
        scored = [(self.distance(self.play(state, m), n), i) for i, m in enumerate(moves)]
        return moves[max(scored, key=lambda t: (t[0] if t[0] is not None else 99, -t[1]))[1]]

    def main_line(self, state: S, n: int) -> tuple[list[M], bool]:
        """The solution: the solver's quickest winning moves against the defence that holds out longest (both
        in turn), and whether the solver's move was the only quickest win at every step."""
        line: list[M] = []
        unique = True
        while not self.goal(state):
            if self.game.to_move(state) == self.solver:
                d = self.distance(state, n)
                if d is None:
                    raise ValueError("no forced goal from here")
                best = self.winning_moves(state, d)
                unique = unique and len(best) == 1
                move = best[0]
                n = d - self.turns(state, move)
            else:
                move = self.longest_defence(state, n)
            line.append(move)
            state = self.play(state, move)
        return line, unique


@dataclass(frozen=True)
class Try(Generic[S, M]):
    """What a try did: ``ok`` (still a forced goal within the moves left), the state after it, the defence
    that follows (the main line's, or the refutation of a wrong try) and the state after that."""

    ok: bool
    solved: bool  # the goal is reached
    after: S
    reply: M | None
    after_reply: S | None
    left: int  # the solver's moves left after the reply


def judge_try(prover: Prover, state: S, move: M, left: int) -> Try:
    """Judge the solver's ``move`` in ``state`` with ``left`` moves to reach the goal."""
    after = prover.play(state, move)
    left_after = left - prover.turns(state, move)
    if prover.goal(after):
        return Try(True, True, after, None, None, left_after)
    ok = prover.wins(after, left_after)
    if prover.over(after) or prover.game.to_move(after) == prover.solver:
        return Try(ok, False, after, None, None, left_after)
    moves = list(prover.moves(after))
    if ok:  # the defence that holds out longest, as the main line plays it
        reply = prover.longest_defence(after, left_after)
    else:  # a defence after which the goal is out of reach
        reply = next((m for m in moves if not prover.wins(prover.play(after, m), left_after)),
                     moves[0] if moves else None)
    return Try(ok, False, after, reply, None if reply is None else prover.play(after, reply), left_after)


def check_line(prover: Prover, state: S, moves: int, answer: Sequence[str], most: int,
               themes: tuple[Callable[[], Sequence[str]], Sequence[str]] | None = None,
               text: Callable[[Any], str] = str) -> list[str]:
    """Every reason a stated forced goal in ``moves`` moves with the main line ``answer`` is not proved;
    ``themes``: the themes the line shows (a function) and those stated, compared once the line is proved;
    ``text``: a move's notation."""
    try:
        d = prover.distance(state, most)
        if d != moves:
            return [f"the search forces the goal in {d} moves, the file says {moves}" if d else
                    f"the search finds no forced goal within {most} moves"]
        found, unique = prover.main_line(state, d)
    except OutOfBudget:
        return [f"the proof needs more than {prover.budget} positions"]
    problems = []
    if not unique:
        problems.append("the solver's move is not the only one at every step")
    if [text(m) for m in found] != list(answer):
        problems.append(f"the search's line is {' '.join(map(text, found))}, the file says {' '.join(answer)}")
    elif themes is not None and sorted(themes[0]()) != sorted(themes[1]):
        problems.append(f"themes: the line shows {', '.join(themes[0]())}")
    return problems


@dataclass(frozen=True)
class Solution(Generic[M]):
    """What the search found: moves needed, main line, uniqueness, effort, tempting wrong first moves."""

    moves: int
    line: tuple
    unique: bool
    nodes: int
    tempting: int


def find_solution(prover: Prover, state: S, most: int, tempting: Callable[[S, M], int]) -> Solution | None:
    """The quickest forced goal within ``most`` moves as a :class:`Solution` (None: none, or over budget)."""
    try:
        d = prover.distance(state, most)
        if not d:
            return None
        line, unique = prover.main_line(state, d)
    except OutOfBudget:
        return None
    return Solution(d, tuple(line), unique, prover.nodes, tempting(state, line[0]))


def line_rating(moves: int, nodes: int, tempting: int) -> int:
    """A difficulty from the moves needed, the search effort and the tempting wrong moves (up to 6 count)."""
    return int(800 + 300 * (moves - 1) + 60 * math.log10(max(nodes, 1)) + 40 * min(tempting, 6))
