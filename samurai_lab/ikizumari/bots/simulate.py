"""Bot-versus-bot games: ``simulate`` and the ``samurai-lab simulate --game ikizumari`` command.

Two bots play ``games`` games, swapping colours every game (Red moves first, so seats alternate); each
bot's share of wins comes with a Wilson 95 % interval; draws are counted. The same seed gives the same
games. A game still going after ``max_plies`` moves is stopped and counted as a draw ("unfinished").
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field

from samurai_lab.common.simulate_report import MatchReport, bot_line, run_ladder
from samurai_lab.common.stats import wilson

from ..core.board import RED
from ..core.moves import Move
from ..core.rules import apply_move, outcome
from ..core.ruleset import DEFAULT_RULESET, Ruleset
from ..core.state import new_game
from .base import BOTS, Bot, make_bot

LADDER_GAMES = 100  # per pair: a minute or two on 2 cores
HELP = "play SAMOURAI bot games and report win rates (Wilson 95 % intervals), draws and game lengths"


def parse_bot(spec: str, seed: int) -> Bot:
    """``search`` or ``search:nodes=300`` (random: no options)."""
    name, _, opts = str(spec).partition(":")
    if not opts:
        return make_bot(name, seed)
    if name.strip().lower() not in ("search", "greedy"):
        raise ValueError(f"bot {name!r} takes no options")
    from .search import SearchBot
    kwargs: dict[str, int] = {}
    for item in opts.split(","):
        key, _, value = item.partition("=")
        if key not in ("nodes", "depth") or not value.isdigit():
            raise ValueError(f"bad bot option {item!r}: use nodes=N or depth=N")
        kwargs["nodes" if key == "nodes" else "max_depth"] = int(value)
    if name.strip().lower() == "greedy":
        kwargs["max_depth"] = 1
    return SearchBot(seed=seed, name=spec, **kwargs)


@dataclass(frozen=True)
class GameResult:
    index: int
    red: str
    black: str
    winner: str | None  # bot label, None for a draw
    reason: str  # iki_zumari, draw_rule, move_limit, unfinished
    plies: int
    moves: tuple[str, ...]


@dataclass
class SimulationResult:
    bots: list[str]
    games: list[GameResult]
    seconds_per_move: dict[str, float]
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0

    def rate(self, bot: str) -> tuple[float, float, float]:
        """(win rate, low, high) of ``bot`` over all games."""
        n = len(self.games)
        w = self.wins.get(bot, 0)
        lo, hi = wilson(w, n)
        return (w / n if n else 0.0), lo, hi

    def as_dict(self) -> dict:
        endings: dict[str, int] = {}
        for g in self.games:
            endings[g.reason] = endings.get(g.reason, 0) + 1
        n = len(self.games)
        return {
            "game": "ikizumari",
            "games": n,
            "bots": {b: {"wins": self.wins.get(b, 0), "win_rate": self.rate(b)[0],
                         "wilson95": list(self.rate(b)[1:]), "seconds_per_move": self.seconds_per_move.get(b, 0.0)}
                     for b in self.bots},
            "draws": self.draws,
            "endings": endings,
            "mean_plies": sum(g.plies for g in self.games) / n if n else 0.0,
        }


    def report(self, seed: int, seconds: float = 0.0) -> MatchReport:
        """The figures in the report every game's ``simulate --json`` prints."""
        d = self.as_dict()
        lines = tuple(bot_line(b, self.wins.get(b, 0), d["games"], self.draws, 1, self.seconds_per_move.get(b, 0.0))
                      for b in self.bots)
        return MatchReport("ikizumari", d["games"], seed, lines, self.draws, d["mean_plies"], "moves", d["endings"],
                           2, seconds)


def simulate(bots: list[str], games: int, seed: int, ruleset: Ruleset = DEFAULT_RULESET,
             max_plies: int = 400) -> SimulationResult:
    """Play ``games`` games between two bots (labels like ``search`` or ``search:nodes=300``)."""
    if len(bots) != 2:
        raise ValueError("SAMOURAI is a two-player game: give exactly two bots")
    if games < 1:
        raise ValueError("play at least one game")
    labels = [f"{b} ({i + 1})" if bots[0] == bots[1] else b for i, b in enumerate(bots)]
    for b in bots:
        parse_bot(b, 0)  # ValueError now for a bad name
    spent = {label: 0.0 for label in labels}
    counts = {label: 0 for label in labels}
    result = SimulationResult(labels, [], {}, {label: 0 for label in labels})
    for i in range(games):
        seats = (0, 1) if i % 2 == 0 else (1, 0)  # seats[colour] = index of the bot
        players = [parse_bot(bots[b], seed * 100_003 + i * 2 + b) for b in (0, 1)]
        state = new_game(ruleset)
        moves: list[Move] = []
        while outcome(state) is None and state.ply < max_plies:
            b = seats[state.to_move]
            t0 = time.perf_counter()
            m = players[b].choose(state)
            spent[labels[b]] += time.perf_counter() - t0
            counts[labels[b]] += 1
            state = apply_move(state, m)
            moves.append(m)
        end = outcome(state)
        if end is None or end.winner is None:
            winner = None
            result.draws += 1
        else:
            winner = labels[seats[end.winner]]
            result.wins[winner] += 1
        result.games.append(GameResult(i, labels[seats[RED]], labels[seats[1 - RED]], winner,
                                       "unfinished" if end is None else end.reason, state.ply,
                                       tuple(str(m) for m in moves)))
    result.seconds_per_move = {label: spent[label] / counts[label] if counts[label] else 0.0 for label in labels}
    return result


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=None,
                        help=f"number of games (default 100; with --ladder, {LADDER_GAMES} per pair)")
    parser.add_argument("--bots", default="search,random",
                        help=f"two bots, comma-separated, e.g. search,random or search:nodes=300,random "
                             f"(bots: {', '.join(BOTS)})")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole simulation (default 0)")
    parser.add_argument("--rule", action="append", default=[], metavar="ID=OPTION",
                        help="change a ruling, e.g. I1=blocked (see docs/ikizumari.md)")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the text report")
    parser.add_argument("--ladder", action="store_true",
                        help=f"play each level against the next and the strongest against the weakest "
                             f"({', '.join(BOTS)}); --bots is ignored")


def run(args: argparse.Namespace) -> int:
    try:
        ruleset = DEFAULT_RULESET
        for item in args.rule:
            key, _, value = item.partition("=")
            ruleset = ruleset.with_ruling(key, value)
        if args.ladder:
            games = LADDER_GAMES if args.games is None else args.games
            ladder = run_ladder("ikizumari", list(BOTS), games, args.seed,
                                lambda a, b, n, seed: simulate([a, b], n, seed, ruleset).report(seed),
                                show_progress=not args.json)
            print(json.dumps(ladder.as_dict(), indent=2) if args.json else "\n".join(ladder.lines()))
            return 0
        bots = [b.strip() for b in str(args.bots).split(",") if b.strip()]
        start = time.perf_counter()
        games = 100 if args.games is None else args.games
        result = simulate(bots, games, args.seed, ruleset)
        seconds = time.perf_counter() - start
    except ValueError as e:
        print(f"samurai-lab simulate: {e}")
        return 2
    data = result.as_dict()
    if args.json:
        print(json.dumps(result.report(args.seed, seconds).as_dict(), indent=2))
        return 0
    print(f"SAMOURAI: {data['games']} games, seed {args.seed}, colours alternated")
    for bot, d in data["bots"].items():
        lo, hi = d["wilson95"]
        print(f"  {bot:<24} wins {d['wins']:>4}  {100 * d['win_rate']:5.1f} %  "
              f"(95 % {100 * lo:.1f}-{100 * hi:.1f})  {1000 * d['seconds_per_move']:.1f} ms/move")
    print(f"  draws {data['draws']}; endings {data['endings']}; {data['mean_plies']:.1f} moves per game")
    return 0
