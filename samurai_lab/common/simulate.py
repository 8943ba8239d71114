"""Bot-versus-bot matches of any two-player game (``samurai-lab simulate --game NAME``): ``play_match``.

Seats alternate from game to game; bots are made by name through ``Game.bot`` (``search:800n``: options the
game reads), each game with its own seed, so the same seed gives the same games. Win rates come with Wilson
95 % intervals; draws (also games cut at ``max_plies``, their ending ``max_plies``) are counted apart. A game
whose simulations differ (Knizia's: several players, editions, time limits) declares its own command as
``features["simulate"]``.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from .game import Game
from .records import start_of
from .simulate_report import MatchReport, bot_line
from .stats import wilson

MAX_PLIES = 400


@dataclass(frozen=True)
class SimulateCommand:
    """A game's own ``samurai-lab simulate`` (``features["simulate"]``): its help, options and run."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class GameResult:
    """One game: the bot label in each seat, the moves, the winning seat (None: a draw) and why it ended."""

    index: int
    seating: tuple[str, str]
    moves: tuple[Any, ...]
    winner: int | None
    reason: str  # the game's outcome reason, or "max_plies"
    final: Any = field(repr=False, compare=False)


@dataclass(frozen=True)
class Match:
    """Every game of a match between two bots (``labels`` tell them apart when a bot plays itself)."""

    game: str
    bots: tuple[str, str]
    seed: int
    rulings: dict[str, str]
    results: tuple[GameResult, ...] = field(repr=False)
    seconds_per_move: dict[str, float] = field(default_factory=dict, compare=False)

    @property
    def labels(self) -> tuple[str, str]:
        return labels_of(self.bots)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> dict[str, int]:
        """Games won by each bot, by label."""
        won = Counter(r.seating[r.winner] for r in self.results if r.winner is not None)
        return {label: won[label] for label in self.labels}

    @property
    def draws(self) -> int:
        return sum(r.winner is None for r in self.results)

    @property
    def mean_plies(self) -> float:
        return sum(len(r.moves) for r in self.results) / max(1, self.games)

    @property
    def endings(self) -> dict[str, int]:
        return dict(sorted(Counter(r.reason for r in self.results).items()))

    def win_rate(self, label: str) -> tuple[float, tuple[float, float]]:
        """(rate, Wilson 95 % interval) of one bot's wins over all games."""
        return (self.wins[label] / self.games if self.games else 0.0), wilson(self.wins[label], self.games)

    def report(self, seconds: float = 0.0) -> MatchReport:
        """The figures in the report every game's ``simulate --json`` prints; the rulings under ``details``."""
        lines = tuple(bot_line(k, self.wins[k], self.games, self.draws, 1, self.seconds_per_move.get(k, 0.0))
                      for k in self.labels)
        return MatchReport(self.game, self.games, self.seed, lines, self.draws, self.mean_plies, "moves",
                           self.endings, 2, seconds, {"rulings": self.rulings})

    def lines(self) -> list[str]:
        """The match in plain text."""
        out = [f"{self.games} games of {self.game}, {' vs '.join(self.bots)}, seed {self.seed}, seats alternated"]
        for k in self.labels:
            rate, (lo, hi) = self.win_rate(k)
            out.append(f"  {k:10s} wins {self.wins[k]:4d}  {rate:6.1%}  (95 % CI {lo:.1%}-{hi:.1%})"
                       f"  {self.seconds_per_move.get(k, 0.0) * 1000:7.1f} ms/move")
        out.append(f"  draws      {self.draws:4d}")
        out.append(f"  mean length {self.mean_plies:.1f} moves; endings {self.endings}")
        return out


def labels_of(bots: Sequence[str]) -> tuple[str, str]:
    """Two bots' names, told apart (``random#1``, ``random#2``) when a bot plays itself."""
    a, b = bots
    return (a, b) if a != b else (f"{a}#1", f"{b}#2")


def play_match(game: Game, bots: Sequence[str], games: int, seed: int = 0, rulings: Mapping[str, str] | None = None,
               max_plies: int = MAX_PLIES) -> Match:
    """Play ``games`` games of ``game`` between two bots named as ``Game.bot`` reads them, seats alternated."""
    if not isinstance(bots, (list, tuple)) or len(bots) != 2:
        raise ValueError(f"{game.name} is played by two bots here: name exactly two, like {','.join(game.bots[:2])}")
    if not isinstance(games, int) or games < 1:
        raise ValueError(f"play at least one game, not {games!r}")
    for name in bots:
        game.bot(name)  # ValueError for an unknown bot
    start = start_of(game, dict(rulings or {}))
    labels = labels_of(bots)
    spent = {k: 0.0 for k in labels}
    count = {k: 0 for k in labels}
    results = []
    for i in range(games):
        slots = (0, 1) if i % 2 == 0 else (1, 0)  # the bot in seat 0, in seat 1
        players = [game.bot(bots[s], seed=seed * 1000 + i * 2 + s) for s in slots]
        state, moves = start, []
        while not game.is_over(state) and len(moves) < max_plies:
            seat = game.to_move(state)
            t = time.perf_counter()
            move = players[seat].choose(state)
            spent[labels[slots[seat]]] += time.perf_counter() - t
            count[labels[slots[seat]]] += 1
            state = game.apply_legal(state, move)
            moves.append(move)
        end = game.outcome(state)
        winner, reason = (None, "max_plies") if end is None else (end.winner, end.reason)
        results.append(GameResult(i, (labels[slots[0]], labels[slots[1]]), tuple(moves), winner, reason, state))
    return Match(game.name, (bots[0], bots[1]), seed, dict(game.rulings(start)), tuple(results),
                 {k: spent[k] / max(1, count[k]) for k in labels})
