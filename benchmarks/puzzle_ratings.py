"""Puzzle rating figures: the cost of a rated try, of choosing the next puzzle and of reading the stored value
back, the stored value's size, and how fast a simulated player's rating finds his strength.

Run: .venv/bin/python benchmarks/puzzle_ratings.py [--tries 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from samurai_lab.common.puzzle_file import game_records
from samurai_lab.common.puzzle_ratings import choose_next, clean_progress, player_rating, record_try

GAMES = ("knizia", "katana", "ikizumari")


def costs(rng: random.Random) -> None:
    """Every bundled puzzle tried once: the time a try takes to rate, the value stored, its reading back."""
    progress: dict = {}
    records = [r for g in GAMES for r in game_records(g)]
    t0 = time.perf_counter()
    for r in records:
        progress = record_try(progress, r, rng.random() < 0.5)
    rated = time.perf_counter() - t0
    text = json.dumps(progress, sort_keys=True)
    t0 = time.perf_counter()
    clean_progress(json.loads(text))
    read = time.perf_counter() - t0
    pool = game_records("ikizumari")
    t0 = time.perf_counter()
    for _ in range(200):
        choose_next(pool, progress, "ikizumari", None, rng)
    chosen = (time.perf_counter() - t0) / 200
    print(f"{len(records)} tries rated: {rated / len(records) * 1e3:.2f} ms a try; stored value {len(text) / 1024:.1f} KiB, "
          f"read back and checked in {read * 1e3:.1f} ms; next puzzle among {len(pool)} in {chosen * 1e3:.2f} ms")


def convergence(tries: int, rng: random.Random, runs: int = 20) -> None:
    """Simulated players of a known strength (they solve a puzzle with Elo's logistic chance) served as the app
    serves them: their rating after ``tries`` first tries (median of ``runs``) and its deviation."""
    pool = game_records("katana")
    for strength in (1100, 1300, 1500):
        finals, deviations = [], []
        for _ in range(runs):
            progress: dict = {}
            current = None
            for _ in range(tries):
                record = choose_next(pool, progress, "katana", current, rng)
                current = record.id
                solved = rng.random() < 1 / (1 + 10 ** ((record.rating - strength) / 400))
                progress = record_try(progress, record, solved)
            finals.append(player_rating(progress, "katana").rating)
            deviations.append(player_rating(progress, "katana").deviation)
        print(f"strength {strength}: rating after {tries} tries {statistics.median(finals):.0f} "
              f"(from {min(finals):.0f} to {max(finals):.0f} over {runs} players), deviation {statistics.median(deviations):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tries", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    costs(rng)
    convergence(args.tries, rng)


if __name__ == "__main__":
    main()
