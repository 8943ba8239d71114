"""Bot-versus-bot games: ``simulate(...)`` and the ``samurai-lab simulate --game katana`` command.

Seats alternate: in game ``i`` the first bot named sits Black when ``i`` is even and Red when it is odd.
Win rates come with Wilson 95 % intervals; draws (also games cut at ``max_plies``) are counted apart.
The same seed gives the same games.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field

from ...common.simulate_report import MatchReport, bot_line, run_ladder
from ...common.stats import wilson
from ..core.rules import apply_legal, outcome
from ..core.ruleset import DEFAULT, Ruleset
from ..core.state import Move, State, new_game
from .base import BOTS, make_bot

HELP = "play SAMURAI (katana) bot games and report win rates with 95 % intervals, draws and game lengths"
MAX_PLIES = 400
LADDER_GAMES = 100  # per pair: a minute or two on 2 cores


@dataclass(frozen=True)
class GameResult:
    """One game: who sat where, the moves, the winner seat (None: draw) and why it ended."""

    index: int
    seating: tuple[str, str]  # bot name playing Black, Red
    moves: tuple[Move, ...]
    winner: int | None
    reason: str  # an Outcome reason, or "max_plies"
    final: State = field(repr=False, compare=False)


@dataclass(frozen=True)
class SimulationResult:
    bots: tuple[str, str]
    games: int
    seed: int
    ruleset: Ruleset
    results: tuple[GameResult, ...] = field(repr=False)
    seconds_per_move: dict[str, float] = field(default_factory=dict, compare=False)

    @property
    def wins(self) -> dict[str, int]:
        """Games won per bot slot (``"a"`` is ``bots[0]``, ``"b"`` is ``bots[1]``, by name when different)."""
        out = {name: 0 for name in self.labels}
        for r in self.results:
            if r.winner is not None:
                out[self.labels[(r.winner + r.index) % 2]] += 1
        return out

    @property
    def labels(self) -> tuple[str, str]:
        a, b = self.bots
        return (a, b) if a != b else (f"{a}#1", f"{b}#2")

    @property
    def draws(self) -> int:
        return sum(r.winner is None for r in self.results)

    def win_rate(self, label: str) -> tuple[float, tuple[float, float]]:
        """(rate, Wilson 95 % interval) of one bot's wins over all games."""
        n = len(self.results)
        w = self.wins[label]
        return (w / n if n else 0.0), wilson(w, n)

    def as_dict(self) -> dict:
        return {
            "game": "katana", "bots": list(self.bots), "games": self.games, "seed": self.seed,
            "rulings": self.ruleset.as_dict(),
            "wins": self.wins, "draws": self.draws,
            "win_rates": {k: {"rate": self.win_rate(k)[0], "wilson95": list(self.win_rate(k)[1])}
                          for k in self.labels},
            "mean_plies": sum(len(r.moves) for r in self.results) / max(1, len(self.results)),
            "endings": {reason: sum(r.reason == reason for r in self.results)
                        for reason in sorted({r.reason for r in self.results})},
            "seconds_per_move": self.seconds_per_move,
        }

    def report(self, seconds: float = 0.0) -> MatchReport:
        """The figures in the report every game's ``simulate --json`` prints; the rulings under ``details``."""
        d = self.as_dict()
        lines = tuple(bot_line(k, self.wins[k], self.games, self.draws, 1, self.seconds_per_move.get(k, 0.0))
                      for k in self.labels)
        return MatchReport("katana", self.games, self.seed, lines, self.draws, d["mean_plies"], "moves",
                           d["endings"], 2, seconds, {"rulings": d["rulings"]})

    def lines(self) -> list[str]:
        out = [f"{self.games} games of SAMURAI (katana), {' vs '.join(self.bots)}, seed {self.seed}, "
               f"seats alternated"]
        for k in self.labels:
            rate, (lo, hi) = self.win_rate(k)
            out.append(f"  {k:10s} wins {self.wins[k]:4d}  {rate:6.1%}  (95 % CI {lo:.1%}-{hi:.1%})"
                       f"  {self.seconds_per_move.get(k, 0.0) * 1000:7.1f} ms/move")
        out.append(f"  draws      {self.draws:4d}")
        d = self.as_dict()
        out.append(f"  mean length {d['mean_plies']:.1f} moves; endings {d['endings']}")
        return out


def simulate(bots: list[str], games: int, seed: int, ruleset: Ruleset = DEFAULT,
             max_plies: int = MAX_PLIES) -> SimulationResult:
    """Play ``games`` games between two bots, seats alternated."""
    if not isinstance(bots, (list, tuple)) or len(bots) != 2:
        raise ValueError("SAMURAI is a two-player game: name exactly two bots, like random,search")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive whole number, not {games!r}")
    for name in bots:
        make_bot(name)  # ValueError for an unknown bot
    labels = (bots[0], bots[1]) if bots[0] != bots[1] else (f"{bots[0]}#1", f"{bots[1]}#2")
    spent = {k: 0.0 for k in labels}
    count = {k: 0 for k in labels}
    results = []
    for i in range(games):
        slots = (0, 1) if i % 2 == 0 else (1, 0)  # slot of the bot playing Black, Red
        players = [make_bot(bots[s], seed=seed * 1000 + i * 2 + s) for s in slots]
        state = new_game(ruleset)
        moves: list[Move] = []
        while outcome(state) is None and len(moves) < max_plies:
            t = time.perf_counter()
            mv = players[state.to_move].choose(state)
            label = labels[slots[state.to_move]]
            spent[label] += time.perf_counter() - t
            count[label] += 1
            state = apply_legal(state, mv)
            moves.append(mv)
        res = outcome(state)
        winner_seat = None if res is None else res.winner
        results.append(GameResult(i, (bots[slots[0]], bots[slots[1]]), tuple(moves), winner_seat,
                                  "max_plies" if res is None else res.reason, state))
    return SimulationResult((bots[0], bots[1]), games, seed, ruleset, tuple(results),
                            {k: spent[k] / max(1, count[k]) for k in labels})


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=None,
                        help=f"how many games (default 20; with --ladder, {LADDER_GAMES} per pair)")
    parser.add_argument("--bots", default="search,random",
                        help=f"two bots separated by a comma, from: {', '.join(BOTS)} "
                             "(a budget: search:0.2s or search:800n); default search,random")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--rulings", default="", help="rulings that differ from the default, like K1=attacker,K8=all")
    parser.add_argument("--max-plies", type=int, default=MAX_PLIES, help=f"cut a game as a draw after this many moves (default {MAX_PLIES})")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--ladder", action="store_true",
                        help=f"play each level against the next and the strongest against the weakest "
                             f"({', '.join(BOTS)}); --bots is ignored")


def run(args: argparse.Namespace) -> int:
    try:
        pairs = dict(p.split("=", 1) for p in args.rulings.replace(" ", ",").split(",") if p)
        rules = Ruleset.from_dict(pairs)
        if args.ladder:
            games = LADDER_GAMES if args.games is None else args.games
            ladder = run_ladder("katana", list(BOTS), games, args.seed,
                                lambda a, b, n, seed: simulate([a, b], n, seed, rules, args.max_plies).report(),
                                show_progress=not args.json)
            print(json.dumps(ladder.as_dict(), indent=2) if args.json else "\n".join(ladder.lines()))
            return 0
        start = time.perf_counter()
        games = 20 if args.games is None else args.games
        result = simulate([b.strip() for b in args.bots.split(",")], games, args.seed, rules, args.max_plies)
        seconds = time.perf_counter() - start
    except ValueError as e:
        print(f"samurai-lab simulate: {e}")
        return 2
    if args.json:
        print(json.dumps(result.report(seconds).as_dict(), indent=2))
    else:
        print("\n".join(result.lines()))
    return 0
