"""The bot interface and the registry of bots by name."""

from __future__ import annotations

from typing import Callable, Protocol

from ..core.moves import Move
from ..core.state import State


class Bot(Protocol):
    """Anything that picks a legal move for the player to move."""

    name: str

    def choose(self, state: State) -> Move: ...


def _random(seed: int) -> Bot:
    from .random_bot import RandomBot
    return RandomBot(seed)


def _search(seed: int) -> Bot:
    from .search import SearchBot
    return SearchBot(seed=seed)


def _greedy(seed: int) -> Bot:
    from .search import SearchBot
    return SearchBot(seed=seed, max_depth=1, name="greedy")


BOTS: dict[str, Callable[[int], Bot]] = {"random": _random, "greedy": _greedy, "search": _search}


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
