"""Mine SAMURAI (katana) puzzles from bot games: positions with one forced kill or win in 1-3 moves.

Search bots play seeded games; every position of a game is searched for the side to move's quickest forced
kill (the win when it would be his third), when the opponent has a samurai without his sword. A position
is kept when the solver's move is the only one at
every step of the line, and when a one-move answer has tempting alternatives (other challenges).
The same seed gives the same puzzles.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from ...common.puzzle_file import PuzzleRecord
from ..bots.base import make_bot
from ..core.rules import apply_legal, legal_moves, outcome
from ..core.state import State, new_game, piece, to_position
from .puzzle import MINE_BUDGET, rating, solve, themes

MAX_PLIES = 160


def game_positions(seed: int) -> Iterator[tuple[int, State]]:
    """(ply, state) of one seeded game between two search bots of different budgets."""
    rng = random.Random(seed)
    bots = [make_bot(f"search:{rng.choice((200, 400, 800))}n", seed=seed * 2 + i) for i in (0, 1)]
    state = new_game()
    for ply in range(MAX_PLIES):
        if outcome(state) is not None:
            return
        yield ply, state
        moves = legal_moves(state)
        move = rng.choice(moves) if rng.random() < 0.15 else bots[state.to_move].choose(state)
        state = apply_legal(state, move)


def _has_weak(state: State, player: int) -> bool:
    """Has ``player`` a samurai without his sword (the one a kill can come from soon)?"""
    return any(state.cells[s] == piece(player, False) for s in state.samurai(player))


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
            if state.pending or state.passes or not _has_weak(state, 1 - state.to_move):
                continue
            goal = "win" if state.kills[state.to_move] == 2 else "kill"
            sol = solve(state, goal, budget=budget)
            if sol is None or not sol.unique or (sol.moves == 1 and sol.tempting == 0):
                continue
            pos = to_position(state)
            if pos in seen:
                continue
            seen.add(pos)
            n = len(found) + 1
            found.append(PuzzleRecord(
                game="katana", id=f"katana-{seed}-{n:04d}", title=f"{goal} in {sol.moves}", position=pos,
                goal=goal, answer=tuple(str(m) for m in sol.line), themes=tuple(themes(state, goal, sol.line)),
                rating=rating(sol.moves, sol.nodes, sol.tempting), source=f"bot game seed {game_seed}, ply {ply + 1}",
                moves=sol.moves, nodes=sol.nodes, tempting=sol.tempting))
            progress(1)
    return found
