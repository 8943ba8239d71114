"""``samurai-lab bench``: speed figures of the engine (and of the apps in a real browser with --browser);
``--classroom`` runs a class of simulated students on one server instead (``bench_classroom``)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Callable

from ..knizia.core.actions import PlaceTile
from ..knizia.core.influence import preview
from ..knizia.core.playout import BEGINNER_RULES, midgame_position, play_random_game

HELP = ("measure the engine: random games per second, preview time, puzzle proofs (add --browser for the apps, "
        "--classroom for a class of simulated students on one server, --play for people playing each other)")

BENCH_RULESET = BEGINNER_RULES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on random games (default 3)")
    parser.add_argument("--browser", action="store_true", help="also measure the apps in headless Chromium")
    parser.add_argument("--site", action="store_true",
                        help="instead: build the static site and measure its pages in headless Chromium")
    parser.add_argument("--site-dir", type=Path, default=None, help="with --site: measure this built site")
    parser.add_argument("--site-apps", default="", help="with --site: only these apps (comma-separated)")
    parser.add_argument("--classroom", action="store_true",
                        help="instead: serve the apps and run simulated students, each in its own browser context")
    play = parser.add_argument_group("--play")
    play.add_argument("--play", action="store_true",
                      help="instead: people playing each other at human pace through the game service (no browser), "
                           "the server killed once and started again")
    play.add_argument("--play-players", type=int, default=40, help="with --play: players, two a game (default 40)")
    play.add_argument("--play-minutes", type=float, default=2.0, help="with --play: how long (default 2)")
    play.add_argument("--play-pace", default="3,10", help="with --play: seconds a player takes to move, min,max")
    play.add_argument("--play-store", default=None, help="with --play: a postgresql:// URL (default: a new SQLite file)")
    from .bench_classroom import add_arguments as classroom_arguments

    classroom_arguments(parser.add_argument_group("--classroom"))


def random_games_per_second(seconds: float = 3.0, n_players: int = 4) -> dict[str, float]:
    """Full random games (1998 rules, beginner random setup and hands), single process, CPU time."""
    lengths, elapsed = for_cpu_seconds(seconds, lambda i: len(play_random_game(n_players, BENCH_RULESET, seed=i)[1]))
    games, actions = len(lengths), sum(lengths)
    return {"random_games_per_s": games / elapsed, "actions_per_game": actions / games,
            "us_per_action": elapsed / actions * 1e6, "games": games}


def fast_playouts_per_second(seconds: float = 3.0, n_players: int = 4) -> dict[str, float]:
    """Full random games on the search's fast path (``knizia.bots.fast``: same rules, random deal), CPU time."""
    import random

    from ..knizia.bots.fast import random_start

    rng = random.Random(0)
    games, elapsed = for_cpu_seconds(seconds, lambda i: random_start(n_players, BENCH_RULESET, rng).playout(rng))
    return {"fast_random_games_per_s": len(games) / elapsed}


def for_cpu_seconds(seconds: float, play: Callable[[int], Any]) -> tuple[list[Any], float]:
    """``play(i)`` for i = 0, 1, ... until ``seconds`` of CPU time are spent (at least once): what each
    returned and the CPU seconds."""
    results: list[Any] = []
    start = time.process_time()
    while time.process_time() - start < seconds or not results:
        results.append(play(len(results)))
    return results, time.process_time() - start


def review_seconds(n_players: int = 4, bots: str = "greedy", seed: int = 1) -> dict[str, float]:
    """Wall time of ``samurai-lab review`` of seat 0 in a whole game among ``bots`` (the game itself not timed)."""
    from ..knizia.teaching.game_session import GameSession, Player
    from ..knizia.teaching.review import review_game

    session = GameSession([Player.bot(bots) for _ in range(n_players)], BENCH_RULESET, seed=seed)
    session.run_bots()
    t0 = time.perf_counter()
    review = review_game(session.states, session.actions, 0)
    return {f"review_{n_players}p_game_s": time.perf_counter() - t0, "review_turns": len(review.turns),
            "review_game_actions": len(session.actions)}


def preview_all_ms(repeats: int = 15) -> dict[str, float]:
    """Median time to preview every legal single-tile placement of the current 5-tile hand."""
    state = midgame_position()
    placements = [a for a in state.legal_actions() if isinstance(a, PlaceTile)]
    ms = timed(lambda: [preview(state, a) for a in placements], repeats) * 1000
    return {"preview_all_ms": ms, "previewed_placements": len(placements)}


def timed(fn: Callable[[], Any], repeat: int) -> float:
    """Median seconds of ``repeat`` runs of ``fn`` (the upper middle one of an even count)."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return sorted(times)[len(times) // 2]


def puzzle_proof_seconds(per_game: int = 20) -> dict[str, float]:
    """CPU time of ``samurai-lab check``'s proof of the first ``per_game`` bundled puzzles of each game."""
    from ..common.puzzle_file import game_records
    from ..common.puzzles import load_puzzle, prove, puzzle_games

    figures: dict[str, float] = {}
    for game in puzzle_games():
        records = game_records(game.name)[:per_game]
        start = time.process_time()
        proved = sum(not prove(game, load_puzzle(game, r)) for r in records)
        figures[f"prove_{len(records)}_{game.name}_puzzles_s"] = time.process_time() - start
        figures[f"{game.name}_puzzles_proved"] = proved
    return figures


def run(args: argparse.Namespace) -> int:
    if getattr(args, "site", False):
        from .bench_site import bench_site, print_figures

        apps = [a.strip() for a in args.site_apps.split(",") if a.strip()] or None
        print_figures(bench_site(apps, args.site_dir, log=lambda *a: print(*a, file=sys.stderr)), args.json)
        return 0
    if getattr(args, "classroom", False):
        from .bench_classroom import run_from_arguments

        return run_from_arguments(args)
    if getattr(args, "play", False):
        from .bench_play import report_lines, run_bench

        low, _, high = args.play_pace.partition(",")
        result = run_bench(args.play_players, args.play_minutes, (float(low), float(high or low)),
                           store=args.play_store)
        print(json.dumps(result, indent=2) if args.json else "\n".join(report_lines(result)))
        return 0 if result["acknowledged_moves_lost"] == 0 else 1
    figures: dict[str, float] = {
        **random_games_per_second(args.seconds), **fast_playouts_per_second(args.seconds),
        **review_seconds(), **preview_all_ms(), **puzzle_proof_seconds(),
    }
    if args.browser:
        from .bench_apps import bench_apps

        figures.update(bench_apps())
    if args.json:
        print(json.dumps({k: round(v, 3) if isinstance(v, float) else v for k, v in figures.items()}))
    else:
        for k, v in figures.items():
            print(f"{k:>28}: {v:,.2f}" if isinstance(v, float) else f"{k:>28}: {v}")
    return 0
