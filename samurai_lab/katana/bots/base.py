"""The registry of bots by name: the random bot (``common/random_bot.py``) and the search bot."""

from __future__ import annotations

from typing import Callable

from ...common.game import Bot
from ...common.random_bot import RandomBot
from ..core.rules import legal_moves
from .search import SearchBot

BOTS: dict[str, Callable[..., Bot]] = {"random": lambda seed=0: RandomBot(legal_moves, seed), "search": SearchBot}


def make_bot(name: str, seed: int = 0, **options: object) -> Bot:
    """A bot by name (``random``, ``search``; ``search:0.2s`` or ``search:800n`` set its budget)."""
    if not isinstance(name, str):
        raise ValueError(f"a bot is named by one of {', '.join(BOTS)}, not {name!r}")
    base, _, budget = name.strip().lower().partition(":")
    if base not in BOTS:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    if budget:
        option = {"s": ("seconds", float), "n": ("nodes", int)}.get(budget[-1])
        try:
            if option is None:
                raise ValueError
            options[option[0]] = option[1](budget[:-1])
        except ValueError:
            raise ValueError(f"bot budget {budget!r}: write e.g. search:0.5s or search:2000n") from None
    return BOTS[base](seed=seed, **options)
