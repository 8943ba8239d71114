"""Mine Knizia puzzles from bot games: turns with one best answer that a single tile does not find.

Greedy and search bots play seeded games of 2 to 4 players under both editions; at the start of every
turn the current player's turns are all searched (:func:`puzzle.search_turn`) and the position is kept
when it makes a ``win`` or a ``most`` puzzle (:func:`puzzle.puzzle_from_position`) with at least one
tempting wrong turn (one that takes something else); two puzzles a game at most. The same seed gives the
same puzzles.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from ...common.puzzle_file import PuzzleRecord
from ..bots.base import make_bot
from ..core.model import Phase
from ..core.ruleset import PRESETS, RANDOM
from ..core.state import GameState, new_game
from .puzzle import OutOfBudget, puzzle_from_position, search_turn

MINE_BUDGET = 20_000  # steps of a turn's search a generated puzzle may need (keeps every later proof quick)
PER_GAME = 2  # puzzles taken from one game at most, so that they come from many games


def game_positions(seed: int) -> Iterator[tuple[int, GameState]]:
    """(turn, state at the start of the turn) of one seeded bot game."""
    rng = random.Random(seed)
    players = rng.choice((2, 3, 4))
    ruleset = PRESETS[rng.choice(("1998", "2015"))].with_options(setup=RANDOM, hands=RANDOM)
    bots = [make_bot(rng.choice(("greedy", "greedy-lite"))) for _ in range(players)]
    rngs = [random.Random(f"{seed}:{p}") for p in range(players)]
    state = new_game(players, ruleset, seed)
    while not state.is_over:
        if state.phase is Phase.PLAY and state.played_this_turn == 0:
            yield state.turn, state
        p = state.current
        state = state.apply(bots[p].choose(state.view(p), rngs[p]))


def mine(count: int, seed: int, progress: Callable[[int], None] = lambda n: None,
         budget: int = MINE_BUDGET) -> list[PuzzleRecord]:
    """``count`` puzzles from games seeded from ``seed`` (``progress(n)`` after each puzzle found)."""
    found: list[PuzzleRecord] = []
    game = 0
    while len(found) < count:
        game_seed = seed * 10_000 + game
        game += 1
        taken = 0
        for turn, state in game_positions(game_seed):
            if len(found) >= count or taken >= PER_GAME:
                break
            try:
                search = search_turn(state, budget)
            except OutOfBudget:
                continue
            for goal in ("win", "most"):
                rec = puzzle_from_position(state, goal, f"bot game seed {game_seed}, turn {turn}",
                                           f"knizia-{seed}-{len(found) + 1:04d}", budget, search=search)
                if rec is not None and (rec.tempting or goal == "win"):
                    found.append(rec)
                    taken += 1
                    progress(1)
                    break
    return found
