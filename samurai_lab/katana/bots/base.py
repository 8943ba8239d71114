"""The bot interface and the registry of bots by name."""

from __future__ import annotations

from typing import Callable, Protocol

from ..core.state import Move, State


class Bot(Protocol):
    """Anything that picks a legal move for the player to move."""

    name: str

    def choose(self, state: State) -> Move: ...


BOTS: dict[str, Callable[..., Bot]] = {}


def register(name: str) -> Callable[[type], type]:
    def deco(cls: type) -> type:
        BOTS[name] = cls
        return cls
    return deco


def make_bot(name: str, seed: int = 0, **options: object) -> Bot:
    """A bot by name (``random``, ``search``; ``search:0.2s`` or ``search:800n`` set its budget)."""
    if not isinstance(name, str):
        raise ValueError(f"a bot is named by one of {', '.join(BOTS)}, not {name!r}")
    base, _, budget = name.strip().lower().partition(":")
    if base not in BOTS:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    if budget:
        try:
            if budget.endswith("s"):
                options["seconds"] = float(budget[:-1])
            elif budget.endswith("n"):
                options["nodes"] = int(budget[:-1])
            else:
                raise ValueError
        except ValueError:
            raise ValueError(f"bot budget {budget!r}: write e.g. search:0.5s or search:2000n") from None
    return BOTS[base](seed=seed, **options)
