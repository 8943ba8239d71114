"""Scenarios as data: a start position, numbered narrated steps, and expectations."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.ruleset import Ruleset
from ..core.state import State

#: every expectation key, with what it checks
EXPECTATION_KEYS: dict[str, str] = {
    "position": "the exact position string",
    "to_move": "whose move it is: black or red",
    "last": "the type the previous move ended on (-, black, mekura, ryu, taiyo, wash)",
    "kills": "kills as <by Black>:<by Red>",
    "winner": "black, red, draw, or none while the game goes on",
    "tachiojo": "true when the player to move cannot move and must pass",
    "moves_include": "moves that must be legal",
    "moves_exclude": "moves that must be illegal",
    "movers": "exactly the squares of the samurai that can move",
    "targets": "exactly the squares legal moves may end on",
    "challenges": "how many challenges the step's move started",
    "killed": "how many defenders the step's move killed",
    "weak": "exactly the squares of samurai without sword",
    "pending": "true while a defeated samurai waits to go back to a SHIRO square",
    "refused": "the step's move is refused with a reason containing these words",
}


@dataclass(frozen=True)
class Expectation:
    """What must hold (after a step, or at the end); only the keys given are checked."""

    checks: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Step:
    """One numbered step: a move (or None: narration only), its narration, what must hold after it."""

    number: int
    move: str | None
    narration: str
    expect: Expectation = Expectation()


@dataclass(frozen=True)
class Scenario:
    """A scenario file: title, description, rulings, start, steps, final expectations."""

    path: str
    title: str
    description: str
    rules: Ruleset
    start: State
    steps: tuple[Step, ...]
    expect: Expectation
    source: str = ""  # where the example comes from (rulebook text, ruling id)
