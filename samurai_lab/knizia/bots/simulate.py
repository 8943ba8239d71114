"""Bot-versus-bot simulations: ``samurai-lab simulate`` and the ``simulate`` function behind it.

Seats rotate over consecutive games that share one deal (same seed, so the same setup and hands), so
no bot always sits first. Win shares split shared victories; 95 % intervals are Wilson score
intervals. The same seed gives the same results (bots draw all randomness from seeded generators).
"""

from __future__ import annotations

import argparse
import inspect
import json
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Sequence

from tqdm import tqdm

from ...common.simulate_report import MatchReport, bot_line, run_ladder
from ...common.stats import wilson
from ..core.actions import Action
from ..core.ruleset import PRESETS, RANDOM, Ruleset
from ..core.scoring import score_state
from ..core.state import GameState, new_game
from ..core.tiles import CASTES
from .base import BOTS, Bot, make_bot

HELP = "play bot games and report win rates, captures per caste, game lengths and how games ended"

ENDINGS = ("caste_exhausted", "set_aside", "all_passed")
LADDER_GAMES = 6  # per pair: search and search-mc take about a second a turn; a few minutes on 2 cores
UNCAPPED = 10**9  # playouts of a search that a time limit stops


@dataclass(frozen=True)
class GameRecord:
    """One simulated game: enough to replay it (``new_game(players, ruleset, seed)`` then ``actions``)."""

    index: int
    seed: int
    seating: tuple[str, ...]  # bot name per seat
    actions: tuple[str, ...]  # in the notation of samurai_lab.knizia.core.actions
    winners: tuple[int, ...]  # seats
    captured: tuple[tuple[int, int, int], ...]
    turns: int
    ending: str  # one of ENDINGS
    end_reason: str
    final: GameState = field(repr=False, compare=False)


@dataclass(frozen=True)
class SimulationResult:
    """Everything measured by ``simulate``; ``as_dict()`` is the ``--json`` output."""

    bots: tuple[str, ...]
    games: int
    players: int
    seed: int
    ruleset: Ruleset
    records: tuple[GameRecord, ...] = field(repr=False)
    seconds_per_move: dict[str, float] = field(default_factory=dict, compare=False)

    @property
    def names(self) -> list[str]:
        """The distinct bot names, in the order given."""
        return list(dict.fromkeys(self.bots))

    @property
    def seats(self) -> dict[str, int]:
        """How many seats each bot holds in every game."""
        seating = _seating(self.bots, self.players)
        return {n: seating.count(n) for n in self.names}

    @property
    def wins(self) -> dict[str, float]:
        """Games won per bot (shared victories split)."""
        out = {n: 0.0 for n in self.names}
        for r in self.records:
            for seat in r.winners:
                out[r.seating[seat]] += 1 / len(r.winners)
        return out

    @property
    def win_rates(self) -> dict[str, float]:
        return {n: w / self.games for n, w in self.wins.items()}

    @property
    def ci95(self) -> dict[str, tuple[float, float]]:
        return {n: wilson(w, self.games) for n, w in self.wins.items()}

    @property
    def captures(self) -> dict[str, dict[str, float]]:
        """Average pieces captured per caste by one seat of each bot."""
        sums = {n: [0, 0, 0] for n in self.names}
        for r in self.records:
            for seat, name in enumerate(r.seating):
                sums[name] = [s + c for s, c in zip(sums[name], r.captured[seat])]
        per = self.seats
        return {n: {c.value: s[c.index] / (self.games * per[n]) for c in CASTES} for n, s in sums.items()}

    @property
    def turns(self) -> dict[str, float]:
        t = [r.turns for r in self.records]
        return {"mean": statistics.fmean(t), "median": statistics.median(t), "min": min(t), "max": max(t)}

    @property
    def endings(self) -> dict[str, int]:
        return {e: sum(r.ending == e for r in self.records) for e in ENDINGS}

    @property
    def seat_win_rates(self) -> list[float]:
        """Share of games won from each seat (seat 0 moves first)."""
        out = [0.0] * self.players
        for r in self.records:
            for seat in r.winners:
                out[seat] += 1 / len(r.winners)
        return [w / self.games for w in out]

    def as_dict(self) -> dict:
        return {
            "games": self.games, "players": self.players, "seed": self.seed, "bots": list(self.bots),
            "ruleset": self.ruleset.as_dict(), "seats": self.seats,
            "win_rates": self.win_rates, "wins": self.wins,
            "win_rates_ci95": {n: list(ci) for n, ci in self.ci95.items()},
            "captures": self.captures, "turns": self.turns, "endings": self.endings,
            "seat_win_rates": self.seat_win_rates,
        }

    def report(self, seconds: float = 0.0) -> MatchReport:
        """The figures in the report every game's ``simulate --json`` prints; the rest under ``details``."""
        d = self.as_dict()
        lines = tuple(bot_line(n, w, self.games, 0, self.seats[n], self.seconds_per_move.get(n, 0.0))
                      for n, w in self.wins.items())
        details = {k: d[k] for k in ("ruleset", "captures", "turns", "seat_win_rates")}
        return MatchReport("knizia", self.games, self.seed, lines, 0, self.turns["mean"], "turns", self.endings,
                           self.players, seconds, details)

    def summary(self) -> str:
        """The figures as a short plain-text report."""
        vocab = self.ruleset.vocabulary
        lines = [f"{self.games} games, {self.players} players, {self.ruleset.edition} rules, seed {self.seed}", "",
                 f"{'bot':<24} {'seats':>5} {'wins':>7} {'win rate':>9}  95% interval"]
        rates, cis, wins, seats = self.win_rates, self.ci95, self.wins, self.seats
        for n in self.names:
            lo, hi = cis[n]
            lines.append(f"{n:<24} {seats[n]:>5} {wins[n]:>7.1f} {rates[n]:>8.1%}  {lo:.1%} - {hi:.1%}")
        lines += ["", "average captures per seat: " + ", ".join(vocab.caste(c) for c in CASTES)]
        for n, caps in self.captures.items():
            lines.append(f"  {n:<22} " + "  ".join(f"{caps[c.value]:5.2f}" for c in CASTES))
        t = self.turns
        lines.append("")
        lines.append(f"game length (turns): mean {t['mean']:.1f}, median {t['median']:g}, min {t['min']}, max {t['max']}")
        e = self.endings
        lines.append(f"games ended: {e['caste_exhausted']} a caste exhausted, {e['set_aside']} four pieces set aside, "
                     f"{e['all_passed']} every player passed")
        lines.append("wins by seat: " + ", ".join(f"seat {i + 1} {w:.1%}" for i, w in enumerate(self.seat_win_rates)))
        return "\n".join(lines)


def ending_of(state: GameState) -> str:
    """How a finished game ended: a caste exhausted, four pieces set aside, or every player passed."""
    if state.passes >= state.n_players:
        return "all_passed"
    if any(n == 0 for n in state.pieces_on_board()):
        return "caste_exhausted"
    return "set_aside"


def _seating(bots: Sequence[str], players: int) -> list[str]:
    return [bots[i % len(bots)] for i in range(players)]


def _ruleset(ruleset: Ruleset | str) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    if ruleset not in PRESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; presets are {', '.join(PRESETS)}")
    return PRESETS[ruleset].with_options(setup=RANDOM, hands=RANDOM)


def game_seed(seed: int, deal: int) -> int:
    """The seed of the ``deal``-th deal of a simulation."""
    return seed * 1_000_003 + deal


def play_game(bots: Sequence[Bot], ruleset: Ruleset, seed: int, rng_key: str = "",
              clock: dict[int, list[float]] | None = None) -> tuple[GameState, list[Action]]:
    """One game between bots (one per seat), every action checked by the rules; the final state and
    the actions. Each seat's bot draws from its own generator seeded by ``seed``, ``rng_key`` and seat."""
    import random

    state = new_game(len(bots), ruleset, seed)
    rngs = [random.Random(f"bot:{seed}:{rng_key}:{seat}") for seat in range(len(bots))]
    actions: list[Action] = []
    while not state.is_over:
        p = state.current
        start = time.perf_counter()
        action = bots[p].choose(state.view(p), rngs[p])
        if clock is not None:
            clock.setdefault(p, []).append(time.perf_counter() - start)
        state = state.apply(action)
        actions.append(action)
    return state, actions


def timed_options(spec: str, time_limit: float | None) -> dict[str, object]:
    """The options that make a bot level search for ``time_limit`` seconds a turn, with no cap on its
    playouts (nothing for levels that do not search, or without a time limit)."""
    if time_limit is None:
        return {}
    factory = BOTS[spec.split(":")[0].strip().lower()][1]
    accepted = inspect.signature(factory).parameters
    if "time_limit" not in accepted:
        return {}
    return {"time_limit": time_limit, **({"playouts": UNCAPPED} if "playouts" in accepted else {})}


def simulate(bots: Sequence[str], games: int, players: int, seed: int = 0, ruleset: Ruleset | str = "1998",
             progress: Callable[[int, int], None] | None = None, time_limit: float | None = None) -> SimulationResult:
    """Play ``games`` games between bot levels (names as for ``make_bot``, cycled over the seats).

    Consecutive groups of ``players`` games share one deal and rotate the seats. ``ruleset`` is a
    Ruleset or a preset name (then with random setup and hands). ``progress(done, total)`` is called
    after every game. ``time_limit``: every level that searches searches that many seconds a turn."""
    if not 2 <= players <= 4:
        raise ValueError(f"Samurai is played by 2, 3 or 4 players, not {players}")
    if games < 1:
        raise ValueError("simulate at least one game")
    if time_limit is not None and time_limit <= 0:
        raise ValueError("the time limit must be more than 0 seconds")
    bots = tuple(b.strip() for b in bots)
    if not bots or len(bots) > players:
        raise ValueError(f"give 1 to {players} bots for {players} players, not {len(bots)}")
    for b in bots:
        make_bot(b)  # fail early on unknown names or options
    rules = _ruleset(ruleset)
    base = _seating(bots, players)
    records = []
    clock_by_bot: dict[str, list[float]] = {}
    for g in range(games):
        deal, turn = divmod(g, players)
        seating = tuple(base[(seat + turn) % players] for seat in range(players))
        gs = game_seed(seed, deal)
        clock: dict[int, list[float]] = {}
        final, actions = play_game([make_bot(name, **timed_options(name, time_limit)) for name in seating], rules, gs,
                                   str(turn), clock)
        for seat, times in clock.items():
            clock_by_bot.setdefault(seating[seat], []).extend(times)
        records.append(GameRecord(
            index=g, seed=gs, seating=seating, actions=tuple(str(a) for a in actions),
            winners=score_state(final).winners, captured=tuple(final.captured),  # type: ignore[arg-type]
            turns=final.turn, ending=ending_of(final), end_reason=final.end_reason or "", final=final,
        ))
        if progress is not None:
            progress(g + 1, games)
    per_move = {n: statistics.fmean(t) for n, t in clock_by_bot.items() if t}
    return SimulationResult(bots, games, players, seed, rules, tuple(records), per_move)


# --- command line -----------------------------------------------------------------------------------------

def add_arguments(parser: argparse.ArgumentParser) -> None:
    levels = ", ".join(f"{n} ({d})" for n, (d, _) in BOTS.items())
    parser.add_argument("--games", type=int, default=None,
                        help=f"number of games (default 100; with --ladder, {LADDER_GAMES} per pair)")
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4), help="players per game (default 2)")
    parser.add_argument("--bots", default="greedy,random",
                        help=f"comma-separated bot levels, cycled over the seats; options as level:key=value. "
                             f"Levels: {levels}")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole simulation (default 0)")
    parser.add_argument("--ruleset", default="1998", choices=tuple(PRESETS), help="edition preset (default 1998)")
    parser.add_argument("--option", action="append", default=[], metavar="FIELD=VALUE",
                        help="change a ruleset field, e.g. capture_timing=end_of_turn or instant_end=stop_at_once "
                             "(setup and hands are random unless set here)")
    parser.add_argument("--time-limit", type=float, default=None, metavar="SECONDS",
                        help="every level that searches (search, search-mc, ismcts) searches that many seconds a turn, "
                             "with no cap on its playouts: matches at equal time per move")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the text report")
    parser.add_argument("--ladder", action="store_true",
                        help=f"play each level against the next and the strongest against the weakest "
                             f"({', '.join(BOTS)}); --bots is ignored")
    parser.add_argument("--quiet", action="store_true",
                        help="no progress bar and no timing line (the bar is shown on a terminal, without --json)")


def run(args: argparse.Namespace) -> int:
    try:
        rules = _ruleset(args.ruleset)
        changes = {}
        for item in args.option:
            key, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"--option {item!r} must read FIELD=VALUE")
            if key.strip() not in rules.as_dict():
                raise ValueError(f"--option {item!r}: unknown ruleset field; fields are {', '.join(rules.as_dict())}")
            changes[key.strip()] = value.strip()
        if changes:
            rules = rules.with_options(**changes)
        if args.ladder:
            games = LADDER_GAMES if args.games is None else args.games
            ladder = run_ladder("knizia", list(BOTS), games, args.seed,
                                lambda a, b, n, seed: simulate([a, b], n, args.players, seed, rules,
                                                               time_limit=args.time_limit).report(),
                                show_progress=not (args.quiet or args.json))
            print(json.dumps(ladder.as_dict(), indent=2) if args.json else "\n".join(ladder.lines()))
            return 0
        args.games = 100 if args.games is None else args.games
        bots = [b for b in args.bots.split(",") if b.strip()]
        # on stderr; off with --quiet or --json, and (disable=None) when stderr is not a terminal
        with tqdm(total=args.games, unit="game", file=sys.stderr,
                  disable=True if (args.quiet or args.json) else None) as bar:
            start = time.perf_counter()
            result = simulate(bots, args.games, args.players, args.seed, rules, lambda done, total: bar.update(1),
                              args.time_limit)
            seconds = time.perf_counter() - start
    except ValueError as e:
        print(f"samurai-lab simulate: {e}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(result.report(seconds).as_dict(), indent=2, sort_keys=False))
    else:
        print(result.summary())
    if not args.quiet:
        times = ", ".join(f"{n} {t * 1000:.1f} ms" for n, t in result.seconds_per_move.items())
        print(f"average time per action: {times}", file=sys.stderr)
    return 0
