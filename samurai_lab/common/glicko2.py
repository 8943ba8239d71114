"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, its deviation and
its volatility, updated after a rating period's games.

::

    player = Rating(1500, 200, 0.06)
    rate(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
    # Rating(rating=1464.05..., deviation=151.51..., volatility=0.05999...)

The Puzzles app rates as Lichess does: each first try of a puzzle is one game between the player and the
puzzle (:func:`duel`), the player winning when he solves it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable

#: Glicko-2's scale: a rating of 1500 + 173.7178 μ.
SCALE = 173.7178
#: The system constant τ (how fast volatility may change): the paper's example uses 0.5, Lichess 0.75.
TAU = 0.75
#: Convergence tolerance of the volatility's iteration (the paper's ε).
EPSILON = 1e-6
#: A new player's rating, deviation and volatility (the paper's defaults).
DEFAULT_RATING, DEFAULT_DEVIATION, DEFAULT_VOLATILITY = 1500.0, 350.0, 0.06
#: The deviation never grows past a new player's.
MAX_DEVIATION = 350.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (1500 for a newcomer), ``deviation`` (its
    uncertainty, the RD) and ``volatility`` (how erratic the results are, σ)."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-g_j * (mu - mu_j)))


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float, epsilon: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    for _ in range(200):
        if abs(big_b - big_a) <= epsilon:
            break
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, results: Iterable[tuple[Rating, float]], tau: float = TAU,
         epsilon: float = EPSILON) -> Rating:
    """``player``'s rating after one rating period against ``results``: each an opponent's rating (before
    the period) and the score (1 a win, 0.5 a draw, 0 a loss). No game: only the deviation grows."""
    mu, phi, sigma = (player.rating - DEFAULT_RATING) / SCALE, player.deviation / SCALE, player.volatility
    games = [((r.rating - DEFAULT_RATING) / SCALE, _g(r.deviation / SCALE), float(s)) for r, s in results]
    if not games:
        return Rating(player.rating, min(math.sqrt(phi * phi + sigma * sigma) * SCALE, MAX_DEVIATION), sigma)
    expected = [(g_j, score, _expected(mu, mu_j, g_j)) for mu_j, g_j, score in games]
    v = 1.0 / sum(g_j * g_j * e * (1.0 - e) for g_j, _, e in expected)
    improvement = sum(g_j * (score - e) for g_j, score, e in expected)
    sigma_new = _volatility(sigma, phi, v, v * improvement, tau, epsilon)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * improvement
    return Rating(DEFAULT_RATING + SCALE * mu_new, min(SCALE * phi_new, MAX_DEVIATION), sigma_new)


def duel(player: Rating, puzzle: Rating, solved: bool, tau: float = TAU) -> tuple[Rating, Rating]:
    """The player's and the puzzle's ratings after one try: the player wins when ``solved``, else the puzzle."""
    score = 1.0 if solved else 0.0
    return rate(player, [(puzzle, score)], tau), rate(puzzle, [(player, 1.0 - score)], tau)


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` wins against ``opponent`` (solves the puzzle), as Glicko-2 sees it."""
    mu, mu_j = (player.rating - DEFAULT_RATING) / SCALE, (opponent.rating - DEFAULT_RATING) / SCALE
    return _expected(mu, mu_j, _g(opponent.deviation / SCALE))


__all__ = ["DEFAULT_DEVIATION", "DEFAULT_RATING", "DEFAULT_VOLATILITY", "Rating", "TAU", "duel",
           "expected_score", "rate"]
