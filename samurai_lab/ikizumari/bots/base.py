"""The registry of bots by name: the random bot (``common/random_bot.py``), the greedy and the search bot."""

from __future__ import annotations

from typing import Callable

from ...common.game import Bot
from ...common.random_bot import RandomBot
from ..core.rules import legal_moves
from .search import SearchBot

BOTS: dict[str, Callable[[int], Bot]] = {"random": lambda seed: RandomBot(legal_moves, seed),
                                         "greedy": lambda seed: SearchBot(seed=seed, max_depth=1, name="greedy"),
                                         "search": lambda seed: SearchBot(seed=seed)}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (``random``, ``greedy``, ``search``; ``search:400n`` sets the positions it examines a move);
    ValueError naming the bots for another name."""
    key, _, nodes = str(name).strip().lower().partition(":")
    if key not in BOTS or nodes and not (key == "search" and nodes.endswith("n") and nodes[:-1].isdigit()):
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    bot = BOTS[key](seed)
    if nodes:
        bot.budget = int(nodes[:-1])  # type: ignore[attr-defined]
    return bot
