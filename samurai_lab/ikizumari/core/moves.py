"""Moves and their notation: ``d1-d3`` (from square, to square) or ``pass``; ``parse_move`` accepts
``d1-d3``, ``d1d3``, ``D1 D3``, ``d1–d3`` and ``pass``/``passe``, and refuses anything else with ValueError."""

from __future__ import annotations

import re
from dataclasses import dataclass

from samurai_lab.i18n import Domain

from .board import SQUARES, parse_square, square_name

T = Domain("ikizumari")

_MOVE = re.compile(r"^\s*([a-kA-K](?:1[01]|[1-9]))\s*(?:-|–|—|x|\s)?\s*([a-kA-K](?:1[01]|[1-9]))\s*$")


@dataclass(frozen=True, order=True)
class Move:
    """A samurai's move from ``origin`` to ``target`` (square indices); ``PASS`` has both -1."""

    origin: int
    target: int

    def __post_init__(self) -> None:
        squares = (self.origin, self.target)
        if (not all(isinstance(v, int) and not isinstance(v, bool) for v in squares)
                or squares != (-1, -1) and not all(0 <= v < SQUARES for v in squares)):
            raise ValueError(T.gettext("A move joins two squares, like d1-d3."))

    @property
    def is_pass(self) -> bool:
        return self.origin == -1

    def __str__(self) -> str:
        return "pass" if self.is_pass else f"{square_name(self.origin)}-{square_name(self.target)}"


PASS = Move(-1, -1)


def parse_move(text: object) -> Move:
    """The move written ``text`` (a Move is returned as it is); ValueError with the expected form otherwise."""
    if isinstance(text, Move):
        return text
    if isinstance(text, str) and text.strip().lower() in ("pass", "passe"):
        return PASS
    m = _MOVE.match(text) if isinstance(text, str) else None
    if not m:
        raise ValueError(T.gettext("Cannot read {text} as a move: write it like d1-d3, or pass.").format(text=repr(text)))
    return Move(parse_square(m.group(1)), parse_square(m.group(2)))


#: Every move of the board once: ``MOVES[origin][target]`` (the move generator hands these out).
MOVES: tuple[tuple[Move, ...], ...] = tuple(tuple(Move(o, t) for t in range(SQUARES)) for o in range(SQUARES))
