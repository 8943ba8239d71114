"""The alpha-beta (negamax) search of the games of moves, over a ``Game`` or the same functions of a game's bots.

A move that keeps the same player to move (Katana's relocation, Iki-zumari's ANZEN) is not negated. A game's
search bot subclasses :class:`SearchBot` for its move ordering, its budget (``visit``) and its value of a won
position (``won``); the review (``review_search.py``) searches with :class:`Negamax` as it is.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True)
class SearchRules(Generic[S, M]):
    """What the search needs of a game's rules, for its bots (below the game's declaration; a ``Game`` has them)."""

    legal_actions: Callable[[S], Sequence[M]]
    apply_legal: Callable[[S, M], S]  #: a legal action applied
    to_move: Callable[[S], int]
    outcome: Callable[[S], Any]  #: None while the game goes on, else with ``.winner``
    evaluate: Callable[[S], float]  #: for the player to move
    win: float  #: the value of a won position


class OutOfBudget(Exception):
    """A search has examined all the positions (or spent all the time) it may: a bot's for a move, a puzzle's
    proof (``puzzle_search.py``)."""


class Negamax(Generic[S, M]):
    """Negamax with alpha-beta over ``rules`` (a ``Game`` or ``SearchRules``); ``nodes`` counts the positions."""

    def __init__(self, rules: Any) -> None:
        if rules.evaluate is None:
            raise ValueError(f"{getattr(rules, 'name', 'this game')} has no evaluation to search with")
        self.rules = rules
        self.nodes = 0

    def visit(self, state: S) -> None:
        """Each position searched comes here first (a bot raises OutOfBudget past its budget)."""
        self.nodes += 1

    def won(self, state: S) -> float:
        """The value of the finished ``state`` for its winner."""
        return self.rules.win

    def value(self, state: S, depth: int, alpha: float, beta: float) -> float:
        """The value of ``state`` for its player to move."""
        r = self.rules
        self.visit(state)
        end = r.outcome(state)
        if end is not None:
            return 0.0 if end.winner is None else (self.won(state) if end.winner == r.to_move(state)
                                                   else -self.won(state))
        if depth <= 0:
            return r.evaluate(state)
        best = -2 * r.win
        for m in r.legal_actions(state):
            v = self.child(state, m, depth - 1, alpha, beta)
            best = max(best, v)
            alpha = max(alpha, v)
            if alpha >= beta:
                break
        return best

    def child(self, state: S, move: M, depth: int, alpha: float, beta: float) -> float:
        """The value of ``move`` for the player who makes it."""
        return self.after(state, self.rules.apply_legal(state, move), depth, alpha, beta)

    def after(self, state: S, after: S, depth: int, alpha: float, beta: float) -> float:
        """The value of ``after``, the position a move leads to from ``state``, for the player who made it."""
        if self.rules.to_move(after) == self.rules.to_move(state):
            return self.value(after, depth, alpha, beta)
        return -self.value(after, depth, -beta, -alpha)


class SearchBot(Negamax[S, M]):
    """A search bot: iterative deepening to ``max_depth`` within a budget of ``nodes`` positions a move, ties
    broken by a generator seeded with ``seed``; ``depth_reached``: the last depth searched in full."""

    def __init__(self, rules: Any, seed: int, nodes: int, max_depth: int, name: str) -> None:
        super().__init__(rules)
        self.rng = random.Random(seed)
        self.budget = nodes
        self.max_depth = max_depth
        self.name = name
        self.depth_reached = 0
