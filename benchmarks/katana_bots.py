"""SAMURAI (katana) bot figures: search vs random over 200 games, speeds of the engine and the bots.

Run: .venv/bin/python benchmarks/katana_bots.py [--games 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from samurai_lab.common.game import get_game
from samurai_lab.common.simulate import play_match
from samurai_lab.katana.core import apply_legal, legal_moves, new_game, outcome


def engine_speed(seconds: float = 3.0) -> float:
    """Random-playout moves per second (legal_moves + apply)."""
    rng, n, t0 = random.Random(0), 0, time.perf_counter()
    state = new_game()
    while time.perf_counter() - t0 < seconds:
        if outcome(state) is not None or n % 400 == 0:
            state = new_game()
        state = apply_legal(state, rng.choice(legal_moves(state)))
        n += 1
    return n / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"engine: {engine_speed():,.0f} random moves per second")
    t0 = time.perf_counter()
    result = play_match(get_game("katana"), ["search", "random"], args.games, args.seed)
    print("\n".join(result.lines()))
    rate, (lo, hi) = result.win_rate("search")
    print(f"search beats random in {rate:.1%} of {args.games} games (Wilson 95 % {lo:.1%}-{hi:.1%}); "
          f"{time.perf_counter() - t0:.0f} s in all")


if __name__ == "__main__":
    main()
