"""Speed of the bot levels: seconds per action and per turn (median and max), printed, never asserted.

Times are CPU seconds of this process (``time.process_time``), so that other work on a shared machine
does not inflate them; the wall-clock total is printed too.

    .venv/bin/python benchmarks/bots.py [--games 4] [--players 2] [--levels random,greedy-lite,greedy,search]

Each level plays ``--games`` games against ``greedy`` (seats alternated), with random setup and hands.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from samurai_lab import PRESETS
from samurai_lab.knizia.bots import make_bot
from samurai_lab.knizia.core.state import new_game


def measure(level: str, games: int, players: int, edition: str, opponent: str) -> tuple[list[float], list[float]]:
    """Seconds per action and per turn of ``level`` over ``games`` games."""
    rules = PRESETS[edition].with_options(setup="random", hands="random")
    per_action: list[float] = []
    per_turn: list[float] = []
    for g in range(games):
        seat = g % players
        bots = [make_bot(level) if p == seat else make_bot(opponent) for p in range(players)]
        rngs = [random.Random(f"bench:{g}:{p}") for p in range(players)]
        state = new_game(players, rules, 1000 + g // players)
        turn_time, turn = 0.0, None
        while not state.is_over:
            p = state.current
            start = time.process_time()
            action = bots[p].choose(state.view(p), rngs[p])
            spent = time.process_time() - start
            if p == seat:
                per_action.append(spent)
                if turn != state.turn:
                    if turn is not None:
                        per_turn.append(turn_time)
                    turn, turn_time = state.turn, 0.0
                turn_time += spent
            state = state.apply(action)
        if turn is not None:
            per_turn.append(turn_time)
    return per_action, per_turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ruleset", default="1998", choices=tuple(PRESETS))
    parser.add_argument("--levels", default="random,greedy-lite,greedy,search")
    parser.add_argument("--opponent", default="greedy")
    args = parser.parse_args()
    print(f"{args.games} games per level, {args.players} players, {args.ruleset} rules, against {args.opponent}")
    print(f"{'level':<28} {'actions':>7} {'action median':>14} {'action max':>11} {'turn median':>12} {'turn max':>9}")
    for level in args.levels.split(","):
        wall = time.perf_counter()
        acts, turns = measure(level.strip(), args.games, args.players, args.ruleset, args.opponent)
        wall = time.perf_counter() - wall
        print(f"{level:<28} {len(acts):>7} {statistics.median(acts) * 1000:>11.1f} ms {max(acts) * 1000:>8.1f} ms "
              f"{statistics.median(turns) * 1000:>9.1f} ms {max(turns) * 1000:>6.0f} ms  (wall {wall:.0f} s for all games)",
              flush=True)


if __name__ == "__main__":
    main()
