"""The bot protocol and the registry of bot levels.

A bot is asked for one action at a time with the acting player's view (``state.view(player)``):
it never sees other players' hands or piles, the seed, or captures hidden behind screens.
All of its randomness comes from the ``rng`` it is given, so a bot's choice is a function of the
view and the rng's state.
"""

from __future__ import annotations

import random
from typing import Callable, Protocol, runtime_checkable

from ..core.actions import Action
from ..core.state import GameState


@runtime_checkable
class Bot(Protocol):
    """Anything that picks an action from a player's view."""

    name: str

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """One legal action for the player to move in ``view``."""
        ...


#: level name -> (one-line description, factory taking keyword options)
BOTS: dict[str, tuple[str, Callable[..., Bot]]] = {}


def register(name: str, description: str, factory: Callable[..., Bot]) -> None:
    """Make a bot level available to ``make_bot`` and the ``simulate`` command."""
    BOTS[name] = (description, factory)


def _convert(text: str) -> object:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False, "none": None}.get(text.lower(), text)


def make_bot(spec: str, **options: object) -> Bot:
    """A bot from its level name, with options as keywords or in the spec:
    ``make_bot("search:playouts=300:depth=2")`` equals ``make_bot("search", playouts=300, depth=2)``."""
    name, *rest = spec.strip().split(":")
    name = name.strip().lower()
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; bots are {', '.join(sorted(BOTS))}")
    opts: dict[str, object] = {}
    for part in rest:
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"bot option {part!r} in {spec!r} must read key=value, e.g. {name}:playouts=200")
        opts[key.strip()] = _convert(value.strip())
    opts.update(options)
    try:
        return BOTS[name][1](**opts)
    except TypeError as e:
        raise ValueError(f"bad option for bot {name!r}: {e}") from None
