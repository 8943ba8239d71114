"""Mine Knizia puzzles from bot games: turns with one best answer that a single tile does not find.

At the start of every turn of seeded greedy-bot games a position is kept when it makes a puzzle of a goal,
the goal furthest behind its share (:data:`SHARES`, :data:`CAPS`) first (``deny`` only where the next player
could take pieces in one or two settlements); every goal but ``win`` needs a tempting wrong turn. At most
two puzzles a game, no answer twice; the same count and seed give the same puzzles.
"""

from __future__ import annotations

import math
import random
from typing import Callable, Iterator

from ...common.puzzle_file import PuzzleRecord
from ...common.puzzles import OwnPuzzles
from ..bots.base import make_bot
from ..core.model import Phase
from ..core.ruleset import PRESETS, RANDOM
from ..core.state import GameState, new_game
from .puzzle import THEMES, T, mistake_puzzle, prove, puzzle_from_position, puzzle_from_record
from .reply import next_player, threatened
from .turn_search import OutOfBudget, TurnSearch, search_turn

MINE_BUDGET = 20_000  # steps of a turn's search a generated puzzle may need (keeps every later proof quick)
PER_GAME = 2  # puzzles taken from one game at most (of two goals), so that they come from many games
CAPS = {"take": 0.3, "swap": 0.2}  # the largest share of these goals (they are found most easily)
#: the share of each goal the mining aims at (the rest of the order: as written)
SHARES = {"deny": 0.15, "swap": 0.12, "take": 0.22, "win": 0.04, "most": 0.47}


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


def goal_order(counts: dict[str, int]) -> list[str]:
    """The goals, the one furthest behind its share first (ties in the order of :data:`SHARES`)."""
    total = sum(counts.values()) + 1
    return sorted(SHARES, key=lambda g: counts.get(g, 0) / total - SHARES[g])


def _search(state: GameState, goal: str, plain: TurnSearch, budget: int) -> TurnSearch | None:
    """The search a goal needs: the plain one, or for ``deny`` the wider one (None: no use, or too big)."""
    if goal != "deny":
        return plain
    threats = threatened(state, next_player(state))
    if not 1 <= len({s for s, _ in threats}) <= 2:
        return None
    try:
        return search_turn(state, budget, deny=True)
    except OutOfBudget:
        return None


def position_puzzle(state: GameState, goals: list[str], source: str, id: str,
                    budget: int = MINE_BUDGET) -> PuzzleRecord | None:
    """The puzzle of one position for the first of ``goals`` it makes, or None."""
    try:
        plain = search_turn(state, budget)
    except OutOfBudget:
        return None
    for goal in goals:
        search = _search(state, goal, plain, budget)
        if search is None:
            continue
        rec = puzzle_from_position(state, goal, source, id, budget, search=search,
                                   min_value=1 if goal in ("swap", "deny") else 2)
        if rec is not None and (rec.tempting or goal == "win"):
            return rec
    return None


def mine(count: int, seed: int, progress: Callable[[int], None] = lambda n: None,
         budget: int = MINE_BUDGET) -> list[PuzzleRecord]:
    """``count`` puzzles from games seeded from ``seed`` (``progress(n)`` after each puzzle found)."""
    found: list[PuzzleRecord] = []
    lines: set[tuple[str, ...]] = set()
    counts: dict[str, int] = {}
    caps = {g: math.ceil(CAPS[g] * count) for g in CAPS}
    game = 0
    while len(found) < count:
        game_seed = seed * 10_000 + game
        game += 1
        taken: list[str] = []
        for turn, state in game_positions(game_seed):
            if len(found) >= count or len(taken) >= PER_GAME:
                break
            goals = [g for g in goal_order(counts) if g not in taken and counts.get(g, 0) < caps.get(g, count)]
            rec = position_puzzle(state, goals, f"bot game seed {game_seed}, turn {turn}",
                                  f"knizia-{seed}-{len(found) + 1:04d}", budget)
            if rec is None or rec.answer in lines:
                continue
            lines.add(rec.answer)
            found.append(rec)
            taken.append(rec.goal)
            counts[rec.goal] = counts.get(rec.goal, 0) + 1
            progress(1)
    return found


#: Knizia's puzzles as the shared puzzles reach them (``features["puzzles"]``, ``common/puzzles.py``): one turn
#: searched whole, the player's own hand and the public board
def remake(record: PuzzleRecord) -> PuzzleRecord | None:
    """A puzzle file made again by the search of every legal turn (None: no puzzle of its goal now)."""
    puzzle = puzzle_from_record(record)
    return puzzle_from_position(puzzle.state, record.goal, record.source, record.id, min_value=1,
                                target=puzzle.target())


PUZZLES = OwnPuzzles(load=puzzle_from_record, prove=prove, mine=mine, mistake_puzzle=mistake_puzzle,
                     theme_names=THEMES, translate=T.gettext, remake=remake)
