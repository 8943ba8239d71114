"""Forced wins in a few moves for the perfect-information games (standard library only).

A game is given as a :class:`Rules` of plain functions, so each game's puzzle layer proves with its own
legal-move API. ``wins(state, n)`` asks whether the solver can reach his goal within ``n`` moves of his own
against every defence; the other functions build a puzzle's main line and check that the solver's move is
unique at each of its steps. A node budget keeps every proof bounded (:class:`OutOfBudget`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable, Generic, Hashable, Sequence, TypeVar

S = TypeVar("S")
M = TypeVar("M")


class OutOfBudget(Exception):
    """The proof needed more positions than its budget allows."""


@dataclass
class Rules(Generic[S, M]):
    """What the prover needs of a game: moves, playing one, whose move, the goal, the end."""

    moves: Callable[[S], Sequence[M]]
    play: Callable[[S, M], S]
    to_move: Callable[[S], int]
    goal: Callable[[S], bool]  # the solver's goal is reached in this state
    over: Callable[[S], bool]  # the game has ended
    key: Callable[[S], Hashable]
    cost: Callable[[S, M], int] = lambda state, move: 1  # how many of the solver's moves a move counts for


@dataclass
class Prover(Generic[S, M]):
    """Depth-limited AND-OR search for the ``solver``'s forced goal, memoised, within ``budget`` nodes."""

    rules: Rules
    solver: int
    budget: int = 200_000
    nodes: int = 0
    _memo: dict = field(default_factory=dict)

    def wins(self, state: S, n: int) -> bool:
        """True when the solver reaches the goal within ``n`` of his moves, whatever the defence."""
        r = self.rules
        key = (r.key(state), n)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if r.goal(state):
            return True
        if n <= 0 and r.to_move(state) == self.solver or r.over(state):
            return False
        self.nodes += 1
        if self.nodes > self.budget:
            raise OutOfBudget
        if r.to_move(state) == self.solver:
            result = any(self.wins(r.play(state, m), n - r.cost(state, m)) for m in r.moves(state))
        else:
            moves = r.moves(state)
            result = bool(moves) and all(self.wins(r.play(state, m), n) for m in moves)
        self._memo[key] = result
        return result

    def distance(self, state: S, most: int) -> int | None:
        """The fewest solver moves that force the goal (0: reached), None beyond ``most``."""
        for n in range(most + 1):
            if self.wins(state, n):
                return n
        return None

    def winning_moves(self, state: S, n: int) -> list[M]:
        """The solver's moves that keep a forced goal within ``n`` moves (his first included)."""
        r = self.rules
        return [m for m in r.moves(state) if self.wins(r.play(state, m), n - r.cost(state, m))]

    def main_line(self, state: S, n: int) -> tuple[list[M], bool]:
        """The solution: the solver's quickest winning moves against the defence that holds out longest.

        Returns the moves (solver's and defender's in turn) and whether the solver's move was the only
        quickest win at every step."""
        r = self.rules
        line: list[M] = []
        unique = True
        while not r.goal(state):
            if r.to_move(state) == self.solver:
                d = self.distance(state, n)
                if d is None or d == 0:
                    raise ValueError("no forced goal from here")
                best = self.winning_moves(state, d)
                unique = unique and len(best) == 1
                move = best[0]
                n = d - r.cost(state, move)
            else:
                moves = list(r.moves(state))
                scored = [(self.distance(r.play(state, m), n), i) for i, m in enumerate(moves)]
                move = moves[max(scored, key=lambda t: (t[0] if t[0] is not None else 99, -t[1]))[1]]
            line.append(move)
            state = r.play(state, move)
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
    r = prover.rules
    after = r.play(state, move)
    left_after = left - r.cost(state, move)
    if r.goal(after):
        return Try(True, True, after, None, None, left_after)
    ok = prover.wins(after, left_after)
    if r.over(after) or r.to_move(after) == prover.solver:
        return Try(ok, False, after, None, None, left_after)
    moves = list(r.moves(after))
    if ok:  # the defence that holds out longest, as the main line plays it
        scored = [(prover.distance(r.play(after, m), left_after), i) for i, m in enumerate(moves)]
        reply = moves[max(scored, key=lambda t: (t[0] if t[0] is not None else 99, -t[1]))[1]]
    else:  # a defence after which the goal is out of reach
        reply = next((m for m in moves if not prover.wins(r.play(after, m), left_after)), moves[0] if moves else None)
    if reply is None:
        return Try(ok, False, after, None, None, left_after)
    return Try(ok, False, after, reply, r.play(after, reply), left_after)


def check_line(prover: Prover, state: S, moves: int, answer: Sequence[str], most: int,
               themes: tuple[Callable[[], Sequence[str]], Sequence[str]] | None = None) -> list[str]:
    """Every reason a stated forced goal in ``moves`` moves with the main line ``answer`` is not proved;
    ``themes``: the themes the line shows (a function) and those stated, compared once the line is proved."""
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
    if [str(m) for m in found] != list(answer):
        problems.append(f"the search's line is {' '.join(map(str, found))}, the file says {' '.join(answer)}")
    elif themes is not None and sorted(themes[0]()) != sorted(themes[1]):
        problems.append(f"themes: the line shows {', '.join(themes[0]())}")
    return problems


def solve_line(prover: Prover, state: S, most: int) -> tuple[int, list, bool] | None:
    """(moves, main line, unique) of the quickest forced goal within ``most`` moves, or None."""
    try:
        d = prover.distance(state, most)
        if not d:
            return None
        line, unique = prover.main_line(state, d)
    except OutOfBudget:
        return None
    return d, line, unique


@dataclass(frozen=True)
class Solution(Generic[M]):
    """What the search found: the solver's moves needed, the main line, its uniqueness, the effort, and
    the tempting wrong first moves."""

    moves: int
    line: tuple
    unique: bool
    nodes: int
    tempting: int


def find_solution(prover: Prover, state: S, most: int, tempting: Callable[[S, M], int]) -> Solution | None:
    """The quickest forced goal within ``most`` moves as a :class:`Solution`, or None."""
    found = solve_line(prover, state, most)
    if found is None:
        return None
    d, line, unique = found
    return Solution(d, tuple(line), unique, prover.nodes, tempting(state, line[0]))


def line_rating(moves: int, nodes: int, tempting: int) -> int:
    """A difficulty from the moves needed, the search effort and the tempting wrong moves (up to 6 count)."""
    return int(800 + 300 * (moves - 1) + 60 * math.log10(max(nodes, 1)) + 40 * min(tempting, 6))


@dataclass(frozen=True)
class Verdict(Generic[S]):
    """A try judged: right or wrong, in words, and the position to go on from."""

    ok: bool
    solved: bool
    text: str
    state: S  # after the try and the defence when right; unchanged when wrong
    left: int
    line: str = ""  # the try and the reply in words, without the judgement


@dataclass(frozen=True)
class LineWords(Generic[S, M]):
    """How a game says a judged try: a move in words, and the sentences around it (its own language)."""

    describe: Callable[[S, M, S], str]
    solved: Callable[[str], str]
    right: Callable[[str], str]
    refuted: Callable[[str, str | None], str]  # the try, and the defence that refutes it (None: none needed)


def judge_line(prover: Prover, state: S, move: M, left: int, words: LineWords) -> Verdict:
    """Judge the solver's legal ``move`` in ``state`` with ``left`` moves to go, in ``words``."""
    result = judge_try(prover, state, move, left)
    said = words.describe(state, move, result.after)
    if result.solved:
        return Verdict(True, True, words.solved(said), result.after, result.left, said)
    reply = (words.describe(result.after, result.reply, result.after_reply)
             if result.reply is not None else None)
    if result.ok:
        said = said + " " + reply if reply is not None else said
        return Verdict(True, False, words.right(said), result.after_reply or result.after, result.left, said)
    return Verdict(False, False, words.refuted(said, reply), state, left)
