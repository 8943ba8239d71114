"""Judging positions for the bots: the odds of each caste piece going to each player, the chance of
leading each caste, and each player's chance to win, from what one player may see.

The model in short: a settlement with no empty land hex left is decided by its tallies; with one
left, the next player to move takes a piece if he likely holds a tile strong enough; with more left,
the influence race is uncertain (a softmax of the tallies, wider the more hexes are open). Pieces
far from closing may never be captured before the game ends (``reach``). Expected captures per caste
give each player's chance to lead it; the leaderships, then the other pieces, give the chance to win.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ..core.actions import Action, MoveTile, PlaceTile, Swap
from ..core.rules import decide, empty_land_around
from ..core.scoring import score
from ..core.state import GameState
from .knowledge import MAX_VALUE, Odds, Perspective, holding_odds


@dataclass(frozen=True, slots=True)
class Params:
    """Constants of the model (chosen by playing the bots against each other)."""

    spread: float = 1.0  # width of the influence race with one empty land hex ...
    spread_per_empty: float = 0.9  # ... and how much wider per further empty land hex
    reach: tuple[float, ...] = (1.0, 0.95, 0.85, 0.75, 0.65)  # chance a piece is captured at all, by empty hexes
    close_rate: float = 0.9  # how often a player who can take a piece by closing its settlement does so
    var_floor: float = 0.08  # spread of a caste race whose pieces are all decided
    tie_break: float = 1.5  # sharpness of the comparison of other pieces between tied leaders


DEFAULT_PARAMS = Params()


@dataclass(frozen=True, slots=True)
class Costs:
    """The price of spending a tile, in chance-to-win units: tiles kept in hand are worth something."""

    per_value: float = 0.004  # per point of influence laid
    fast: float = 0.006  # extra for a fast tile (it can be added to any later turn)
    swap: float = 0.01
    move: float = 0.006

    def of(self, action: Action) -> float:
        if isinstance(action, PlaceTile):
            t = action.tile
            return self.per_value * t.strength + (self.fast if t.fast else 0.0)
        if isinstance(action, Swap):
            return self.swap
        if isinstance(action, MoveTile):
            return self.move
        return 0.0


DEFAULT_COSTS = Costs()
_SQRT2 = math.sqrt(2.0)


def piece_odds(tallies: list[int], empty: int, mover: int | None, mover_odds: tuple[float, ...] | None,
               params: Params = DEFAULT_PARAMS) -> list[float]:
    """Chance of each player taking one piece, given the influence on its caste (``tallies``), the empty
    land hexes around its settlement and the next player to move (with his ``holding_odds`` row for that
    caste). Not multiplied by the chance that the piece is captured at all."""
    n = len(tallies)
    if empty <= 0:
        out = [0.0] * n
        w = decide(tallies)
        if w is not None:
            out[w] = 1.0
        return out
    sigma = params.spread + params.spread_per_empty * (empty - 1)
    top = max(tallies)
    ex = [math.exp((t - top) / sigma) for t in tallies]
    total = sum(ex)
    out = [x / total for x in ex]
    if empty == 1 and mover is not None:
        best_other = max(t for q, t in enumerate(tallies) if q != mover)
        need = best_other - tallies[mover] + 1
        if need <= 0:
            take = params.close_rate
        elif need > MAX_VALUE or mover_odds is None:
            take = 0.0
        else:
            take = params.close_rate * mover_odds[need]
        if take:
            rest = 1.0 - take
            out = [x * rest for x in out]
            out[mover] += take
    return out


def settlement_tallies(state: GameState, s: int) -> list[list[int]]:
    """``[caste][player]``: influence on a piece of each caste in settlement ``s``."""
    n = state.n_players
    out = [[0] * n, [0] * n, [0] * n]
    tiles = state.tiles
    for o in state.board.neighbours[s]:
        p = tiles[o]
        if p is not None:
            for row, v in zip(out, p.tile.per_caste):
                row[p.owner] += v
    return out


@dataclass(slots=True)
class Expectation:
    """Expected final captures ``mu[player][caste]`` and their variance."""

    mu: list[list[float]]
    var: list[list[float]]


def held(state: GameState, persp: Perspective) -> Expectation:
    """The captures made so far: those ``persp`` sees, and the hidden ones shared evenly between their holders."""
    n = state.n_players
    mu = [[0.0, 0.0, 0.0] for _ in range(n)]
    var = [[0.0, 0.0, 0.0] for _ in range(n)]
    k = len(persp.hidden)
    for p, cap in enumerate(state.captured):
        if cap is not None:
            mu[p] = [m + c for m, c in zip(mu[p], cap)]
    if k:
        for ci in range(3):
            share = persp.hidden_base[ci] / k
            for p in persp.hidden:
                mu[p][ci] += share
                var[p][ci] += persp.hidden_base[ci] * (1 / k) * (1 - 1 / k)
    return Expectation(mu, var)


def expectation(state: GameState, persp: Perspective, mover_odds: list[Odds | None] | None = None,
                params: Params = DEFAULT_PARAMS) -> Expectation:
    """Expected captures at the end of the game: pieces held, plus the pieces on the board weighted by
    their odds. ``mover_odds[p]`` are ``holding_odds`` of player p (computed when missing)."""
    ex = held(state, persp)
    if state.is_over:
        return ex
    n, mu, var = state.n_players, ex.mu, ex.var
    mover = state.current
    reach = params.reach
    last = len(reach) - 1
    m_odds = None
    for s in state.board.settlements:
        ps = state.pieces[s]
        if not ps:
            continue
        e = empty_land_around(state, s)
        tallies = settlement_tallies(state, s)
        r = reach[e if e < last else last]
        for c in ps:
            ci = c.index
            if e == 1 and m_odds is None:
                m_odds = mover_odds[mover] if mover_odds is not None and mover_odds[mover] is not None \
                    else holding_odds(state, mover, persp.player)
            odds = piece_odds(tallies[ci], e, mover, m_odds[ci] if e == 1 else None, params)
            for q in range(n):
                x = odds[q] * r
                if x:
                    mu[q][ci] += x
                    var[q][ci] += x * (1.0 - x)
    return ex


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / _SQRT2))


def leadership_odds(ex: Expectation, params: Params = DEFAULT_PARAMS) -> list[list[float]]:
    """``[caste][player]``: chance of being the one player with strictly most pieces of that caste."""
    mu, var = ex.mu, ex.var
    n = len(mu)
    floor = params.var_floor
    out = []
    for ci in range(3):
        row = [math.prod(_phi((mu[q][ci] - mu[r][ci] - 0.5) / math.sqrt(var[q][ci] + var[r][ci] + floor))
                         for r in range(n) if r != q) for q in range(n)]
        total = sum(row)
        if total > 1.0:
            row = [x / total for x in row]
        out.append(row)
    return out


@lru_cache(maxsize=None)
def _combos(n: int) -> tuple:
    """Every way the three castes' leaders can fall (``n`` stands for "no leader"): the leaders, the sole
    winner (or -1) and, when several tie on leaderships, each contender with the mask of castes he leads."""
    out = []
    for leaders in product(range(n + 1), repeat=3):
        counts = [leaders.count(p) for p in range(n)]
        most = max(counts)
        contenders = [p for p in range(n) if counts[p] == most]
        tied = () if len(contenders) == 1 else tuple((p, sum(1 << ci for ci in range(3) if leaders[ci] == p))
                                                     for p in contenders)
        out.append((*leaders, -1 if tied else contenders[0], tied))
    return tuple(out)


def win_odds(ex: Expectation, params: Params = DEFAULT_PARAMS) -> list[float]:
    """Each player's chance to win, from expected captures (leaderships first, then other pieces)."""
    mu = ex.mu
    n = len(mu)
    lead = leadership_odds(ex, params)
    r0, r1, r2 = [row + [max(0.0, 1.0 - sum(row))] for row in lead]
    k = params.tie_break
    # other[p][mask]: pieces of the castes p does not lead, when he leads the castes in mask
    other = []
    for m in mu:
        total = m[0] + m[1] + m[2]
        other.append([k * (total - (m[0] if mask & 1 else 0.0) - (m[1] if mask & 2 else 0.0)
                           - (m[2] if mask & 4 else 0.0)) for mask in range(8)])
    out = [0.0] * n
    exp = math.exp
    for l0, l1, l2, winner, tied in _combos(n):
        prob = r0[l0] * r1[l1] * r2[l2]
        if prob < 1e-9:
            continue
        if winner >= 0:
            out[winner] += prob
            continue
        vals = [other[p][mask] for p, mask in tied]
        top = max(vals)
        ws = [exp(v - top) for v in vals]
        z = prob / sum(ws)
        for (p, _), w in zip(tied, ws):
            out[p] += w * z
    return out


def final_result(state: GameState) -> list[float]:
    """Share of the victory of each player in a finished game whose captures are all known."""
    report = score(state.captured)
    share = 1.0 / len(report.winners)
    return [share if p in report.winners else 0.0 for p in range(state.n_players)]


def win_chances(state: GameState, persp: Perspective, mover_odds: list[Odds | None] | None = None,
                params: Params = DEFAULT_PARAMS) -> list[float]:
    """Each player's chance to win as seen from ``persp`` (exact shares once the game is over)."""
    if state.is_over and not persp.hidden and all(c is not None for c in state.captured):
        return final_result(state)
    return win_odds(expectation(state, persp, mover_odds, params), params)
