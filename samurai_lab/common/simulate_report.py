"""The one report of ``samurai-lab simulate`` for every game: a match between bots, or a ladder of matches.

A match report (``--json``) holds the keys :data:`MATCH_KEYS` (``"schema": "samurai-lab/simulate/1"``,
``"kind": "match"``), each of its ``bots`` the keys :data:`BOT_KEYS`. ``win_rate`` is wins over games (shared
victories count as fractions of a win), ``ci_low``/``ci_high`` its Wilson 95 % interval; ``details`` holds what
only one game measures. A ladder (``--ladder``, :data:`LADDER_KEYS`) plays each level against the next and the
strongest against the weakest; its report carries the same match reports in ``pairs``.
"""

from __future__ import annotations

import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Sequence

from .stats import wilson

SCHEMA = "samurai-lab/simulate/1"
MATCH_KEYS = ("schema", "kind", "game", "games", "seed", "players", "bots", "draws", "mean_length",
              "length_unit", "endings", "seconds", "details")
BOT_KEYS = ("name", "level", "seats", "wins", "draws", "win_rate", "ci_low", "ci_high", "seconds_per_move")
LADDER_KEYS = ("schema", "kind", "game", "games", "seed", "levels", "pairs", "seconds")


@dataclass(frozen=True)
class BotLine:
    """One bot of a match: its wins over all games with their Wilson 95 % interval."""

    name: str  # as given on the command line (with options), made distinct when a bot plays itself
    level: str  # the registry's level name
    seats: int  # seats it holds in every game
    wins: float
    draws: int
    win_rate: float
    ci_low: float
    ci_high: float
    seconds_per_move: float


def bot_line(name: str, wins: float, games: int, draws: int = 0, seats: int = 1,
             seconds_per_move: float = 0.0) -> BotLine:
    """A ``BotLine`` whose level is the name up to ``:`` (options) or ``#``/`` (`` (a copy's mark)."""
    level = name.split(":")[0].split("#")[0].split(" (")[0].strip()
    lo, hi = wilson(wins, games)
    return BotLine(name, level, seats, wins, draws, wins / games if games else 0.0, lo, hi, seconds_per_move)


@dataclass(frozen=True)
class MatchReport:
    """The figures of one match, the same for every game."""

    game: str
    games: int
    seed: int
    bots: tuple[BotLine, ...]
    draws: int
    mean_length: float
    length_unit: str  # "moves" or "turns"
    endings: dict[str, int]
    players: int = 2
    seconds: float = 0.0
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        d = {**asdict(self), "bots": [asdict(b) for b in self.bots]}
        return {"schema": SCHEMA, "kind": "match", **{k: d[k] for k in MATCH_KEYS if k in d}}

    def lines(self) -> list[str]:
        """The match as a small plain-text table."""
        out = [f"{'bot':<24} {'wins':>7} {'draws':>5} {'win rate':>9}  95 % interval  ms/move"]
        for b in self.bots:
            out.append(f"{b.name:<24} {b.wins:>7g} {b.draws:>5} {b.win_rate:>9.1%}  "
                       f"{b.ci_low:5.1%}-{b.ci_high:5.1%}  {b.seconds_per_move * 1000:7.1f}")
        return out


@dataclass(frozen=True)
class LadderReport:
    """Each level against the next, and the strongest against the weakest."""

    game: str
    games: int  # per pair
    seed: int
    levels: tuple[str, ...]
    pairs: tuple[MatchReport, ...]
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {"schema": SCHEMA, "kind": "ladder", "game": self.game, "games": self.games, "seed": self.seed,
                "levels": list(self.levels), "pairs": [p.as_dict() for p in self.pairs], "seconds": self.seconds}

    def lines(self) -> list[str]:
        """One row per pair: the first bot's win rate against the second, with its interval."""
        out = [f"{self.game}: ladder of {len(self.pairs)} pairs, {self.games} games each, seats alternated, "
               f"seed {self.seed}",
               f"{'pair':<28} {'first wins':>10} {'draws':>5} {'win rate':>9}  95 % interval"]
        for p in self.pairs:
            a, b = p.bots
            out.append(f"{a.name + ' vs ' + b.name:<28} {a.wins:>10g} {p.draws:>5} {a.win_rate:>9.1%}  "
                       f"{a.ci_low:5.1%}-{a.ci_high:5.1%}")
        out.append(f"{self.seconds:.0f} s")
        return out


def ladder_pairs(levels: Sequence[str]) -> list[tuple[str, str]]:
    """Each level against the next (stronger first), then the strongest against the weakest."""
    if len(levels) < 2:
        raise ValueError("a ladder needs at least two bot levels")
    pairs = [(levels[i + 1], levels[i]) for i in range(len(levels) - 1)]
    if len(levels) > 2:
        pairs.append((levels[-1], levels[0]))
    return pairs


def run_ladder(game: str, levels: Sequence[str], games: int, seed: int,
               play: Callable[[str, str, int, int], MatchReport], show_progress: bool = True) -> LadderReport:
    """Play the ladder's pairs with ``play(first, second, games, seed)``; a tqdm bar on stderr counts games."""
    from tqdm import tqdm

    if games < 1:
        raise ValueError("play at least one game per pair")
    pairs = ladder_pairs(levels)
    start = time.perf_counter()
    reports = []
    with tqdm(total=games * len(pairs), unit="game", file=sys.stderr,
              disable=None if show_progress else True) as bar:
        for a, b in pairs:
            bar.set_description(f"{a} vs {b}")
            reports.append(play(a, b, games, seed))
            bar.update(games)
    return LadderReport(game, games, seed, tuple(levels), tuple(reports), time.perf_counter() - start)

