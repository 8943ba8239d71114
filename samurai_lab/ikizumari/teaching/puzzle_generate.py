"""Mine SAMOURAI puzzles from bot games: positions with one forced IKI-ZUMARI in 1-3 moves.

Search bots play seeded games (with a few random moves, so that games differ); every position is searched
for the side to move's quickest forced IKI-ZUMARI (unless the opponent is still protected by three
samurai on his SHIRO). A position is kept when the solver's move is the only one
at every step of the line, and when a one-move answer has tempting alternatives. The same seed gives the
same puzzles.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from ...common.puzzle_file import PuzzleRecord
from ..bots.search import SearchBot
from ..core.position import to_position
from ..core.rules import legal_moves, outcome, play, protected
from ..core.state import State, new_game
from .puzzle import MINE_BUDGET, rating, solve, themes

MAX_PLIES = 160


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


def mine(count: int, seed: int, progress: Callable[[int], None] = lambda n: None,
         budget: int = MINE_BUDGET) -> list[PuzzleRecord]:
    """``count`` puzzles from games seeded from ``seed`` (``progress(n)`` after each puzzle found)."""
    found: list[PuzzleRecord] = []
    seen: set[str] = set()
    game = 0
    while len(found) < count:
        game_seed = seed * 10_000 + game
        game += 1
        for ply, state in game_positions(game_seed):
            if len(found) >= count:
                break
            if protected(state, 1 - state.to_move):
                continue  # three samurai on his SHIRO: no IKI-ZUMARI yet
            sol = solve(state, budget=budget)
            if sol is None or not sol.unique or (sol.moves == 1 and sol.tempting == 0):
                continue
            pos = to_position(state)
            if pos in seen:
                continue
            seen.add(pos)
            found.append(PuzzleRecord(
                game="ikizumari", id=f"ikizumari-{seed}-{len(found) + 1:04d}", title=f"win in {sol.moves}",
                position=pos, goal="win", answer=tuple(str(m) for m in sol.line),
                themes=tuple(themes(state, sol.line)), rating=rating(sol.moves, sol.nodes, sol.tempting),
                source=f"bot game seed {game_seed}, ply {ply + 1}", moves=sol.moves, nodes=sol.nodes,
                tempting=sol.tempting))
            progress(1)
    return found
