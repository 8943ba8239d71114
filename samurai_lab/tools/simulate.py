"""``samurai-lab simulate --game NAME``: bot-versus-bot matches of a game (``common.simulate``), or the ladder of
its bot levels; a game whose simulations differ (Knizia's) declares its own command as ``features["simulate"]``."""

from __future__ import annotations

import argparse
import json
import re
import sys
import time

from ..common.game import Game
from ..common.simulate import MAX_PLIES, SimulateCommand, play_match
from ..common.simulate_report import run_ladder

HELP = "play bot games and report win rates with 95 % intervals, draws and game lengths"
GAMES = 20
LADDER_GAMES = 100  # per pair: a minute or two on 2 cores


def command(game: Game) -> SimulateCommand:
    """``samurai-lab simulate`` for ``game``: its own command when it declares one."""
    own = game.features.get("simulate")
    if isinstance(own, SimulateCommand):
        return own
    return SimulateCommand(HELP, lambda parser: add_arguments(parser, game), lambda args: run(args, game))


def add_arguments(parser: argparse.ArgumentParser, game: Game) -> None:
    parser.add_argument("--games", type=int, default=None,
                        help=f"how many games (default {GAMES}; with --ladder, {LADDER_GAMES} per pair)")
    parser.add_argument("--bots", default=f"{game.bots[-1]},{game.bots[0]}" if game.bots else "",
                        help=f"two bots separated by a comma, from: {', '.join(game.bots)} (with the options the "
                             f"game reads, like search:800n); default the strongest against the weakest")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--rule", "--rulings", dest="rule", action="append", default=[], metavar="ID=OPTION",
                        help="a ruling that differs from the default, like K1=attacker or I1=blocked "
                             "(again, or separated by commas, for more)")
    parser.add_argument("--max-plies", type=int, default=MAX_PLIES,
                        help=f"cut a game as a draw after this many moves (default {MAX_PLIES})")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the text report")
    parser.add_argument("--ladder", action="store_true",
                        help=f"play each level against the next and the strongest against the weakest "
                             f"({', '.join(game.bots)}); --bots is ignored")
    parser.add_argument("--quiet", action="store_true", help="no progress bar with --ladder")


def rulings_of(items: list[str]) -> dict[str, str]:
    """``["K1=attacker,K8=all"]`` → ``{"K1": "attacker", "K8": "all"}`` (ValueError for an item without ``=``)."""
    out = {}
    for item in (i for text in items for i in re.split(r"[,\s]+", text) if i):
        ruling, sep, option = item.partition("=")
        if not sep:
            raise ValueError(f"ruling {item!r}: write ID=OPTION, like K1=attacker")
        out[ruling.strip()] = option.strip()
    return out


def run(args: argparse.Namespace, game: Game) -> int:
    try:
        rulings = rulings_of(args.rule)
        if args.ladder:
            games = LADDER_GAMES if args.games is None else args.games
            ladder = run_ladder(game.name, list(game.bots), games, args.seed,
                                lambda a, b, n, seed: play_match(game, [a, b], n, seed, rulings,
                                                                 args.max_plies).report(),
                                show_progress=not (args.json or args.quiet))
            print(json.dumps(ladder.as_dict(), indent=2) if args.json else "\n".join(ladder.lines()))
            return 0
        start = time.perf_counter()
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        match = play_match(game, bots, GAMES if args.games is None else args.games, args.seed, rulings, args.max_plies)
        seconds = time.perf_counter() - start
    except ValueError as e:
        print(f"samurai-lab simulate: {e}", file=sys.stderr)
        return 2
    print(json.dumps(match.report(seconds).as_dict(), indent=2) if args.json else "\n".join(match.lines()))
    return 0
