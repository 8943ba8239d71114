"""Mine SAMOURAI puzzles from bot games: positions with one forced IKI-ZUMARI in 1-3 moves.

Search bots play seeded games (with a few random moves, so that games differ); every position is searched
for the side to move's quickest forced IKI-ZUMARI (unless the opponent is still protected by three
samurai on his SHIRO). A position is kept when the solver's move is the only one
at every step of the line; a win in 1 only when it is not obvious (:func:`worth_keeping`). The same seed
gives the same puzzles, and a larger count the same ones first.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from ...common.puzzle_file import PuzzleRecord
from ...common.puzzle_search import Solution
from ..bots.search import SearchBot
from ..core.position import to_position
from ..core.rules import legal_moves, outcome, play, protected
from ..core.state import State, new_game
from .puzzle import MINE_BUDGET, rating, solve
from .puzzle_themes import themes

MAX_PLIES = 160
ONE_MOVE_TEMPTING = 16  # a win in 1 is kept when this many other moves look as close to IKI-ZUMARI


def game_positions(seed: int) -> Iterator[tuple[int, State]]:
    """(ply, state) of one seeded game between two search bots of different budgets."""
    rng = random.Random(seed)
    bots = [SearchBot(seed=seed * 2 + i, nodes=rng.choice((100, 200, 400))) for i in (0, 1)]
    state = new_game()
    for ply in range(MAX_PLIES):
        if outcome(state) is not None:
            return
        yield ply, state
        move = rng.choice(legal_moves(state)) if rng.random() < 0.2 else bots[state.to_move].choose(state)
        state = play(state, move)


def candidates(seed: int, budget: int = MINE_BUDGET) -> Iterator[tuple[str, State, Solution]]:
    """(source, state, solution) of every position of the games seeded from ``seed`` (endlessly, in order)
    whose quickest forced IKI-ZUMARI has the solver's move unique at every step; each position once."""
    seen: set[str] = set()
    game = 0
    while True:
        game_seed = seed * 10_000 + game
        game += 1
        for ply, state in game_positions(game_seed):
            if protected(state, 1 - state.to_move):
                continue  # three samurai on his SHIRO: no IKI-ZUMARI yet
            sol = solve(state, budget=budget)
            if sol is None or not sol.unique:
                continue
            pos = to_position(state)
            if pos in seen:
                continue
            seen.add(pos)
            yield f"bot game seed {game_seed}, ply {ply + 1}", state, sol


def worth_keeping(sol: Solution) -> bool:
    """A win in 2 or 3 moves, or a win in 1 that is not obvious: at least ``ONE_MOVE_TEMPTING`` other moves
    also leave the opponent three moves or fewer."""
    return sol.moves > 1 or sol.tempting >= ONE_MOVE_TEMPTING


def record(seed: int, number: int, source: str, state: State, sol: Solution) -> PuzzleRecord:
    """The puzzle file's record of a mined position (``number``: its rank among the seed's puzzles)."""
    return PuzzleRecord(
        game="ikizumari", id=f"ikizumari-{seed}-{number:04d}", title=f"win in {sol.moves}",
        position=to_position(state), goal="win", answer=tuple(str(m) for m in sol.line),
        themes=tuple(themes(state, sol.line)), rating=rating(sol.moves, sol.nodes, sol.tempting),
        source=source, moves=sol.moves, nodes=sol.nodes, tempting=sol.tempting)


def mine(count: int, seed: int, progress: Callable[[int], None] = lambda n: None,
         budget: int = MINE_BUDGET) -> list[PuzzleRecord]:
    """``count`` puzzles from games seeded from ``seed`` (``progress(n)`` after each puzzle found)."""
    found: list[PuzzleRecord] = []
    for source, state, sol in candidates(seed, budget):
        if worth_keeping(sol):
            found.append(record(seed, len(found) + 1, source, state, sol))
            progress(1)
            if len(found) >= count:
                break
    return found
