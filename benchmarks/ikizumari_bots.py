"""SAMOURAI bots measured: search versus random over 200 games (colours alternated), with the Wilson 95 %
interval, and the seconds per move of each bot. Run: .venv/bin/python benchmarks/ikizumari_bots.py [games]"""

from __future__ import annotations

import sys
import time

from samurai_lab.common.game import get_game
from samurai_lab.common.simulate import play_match


def engine_speed(games: int = 100) -> None:
    """Random games played by the rules engine alone: moves per second (legality, announcements, endings)."""
    import random

    from samurai_lab.ikizumari.core import apply_move, legal_moves, new_game, outcome

    rng = random.Random(1)
    t0, moves = time.perf_counter(), 0
    for _ in range(games):
        s = new_game()
        while outcome(s) is None:
            s = apply_move(s, rng.choice(legal_moves(s)))
            moves += 1
    dt = time.perf_counter() - t0
    print(f"engine: {games} random games, {moves} moves in {dt:.1f} s: {moves / dt:.0f} moves/s "
          f"({1000 * dt / moves:.2f} ms per move, legal moves and end of game included)")


def main(games: int = 200) -> None:
    engine_speed()
    for bots in (["search", "random"], ["greedy", "random"], ["search", "greedy"]):
        n = games if bots == ["search", "random"] else max(20, games // 5)
        t0 = time.perf_counter()
        match = play_match(get_game("ikizumari"), bots, n, seed=2026)
        print(f"{bots[0]} vs {bots[1]}: {n} games in {time.perf_counter() - t0:.0f} s, "
              f"{match.mean_plies:.1f} moves per game, draws {match.draws}, endings {match.endings}")
        for d in match.report().bots:
            print(f"  {d.name:<8} wins {d.wins:>4}/{n}  {100 * d.win_rate:5.1f} %  "
                  f"(95 % {100 * d.ci_low:.1f}-{100 * d.ci_high:.1f} %)  {d.seconds_per_move:.3f} s/move")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
