"""The frozen game state (pgx style): applying a move returns a new state."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from .board import BLACK, BOARD, RED
from .moves import Move
from .ruleset import DEFAULT_RULESET, Ruleset

CROSS = "cross"  # the 'symbol' to cross after a landing on the opponent's SHIRO under ruling I9 = cross


@dataclass(frozen=True)
class State:
    """A position and everything that decides what may follow.

    ``distance``: the announced distance the mover must match (±1), None when free.
    ``symbol``: the symbol the first square crossed must bear (or ``"cross"``), None when the direction is free.
    ``bonus``: the mover plays the extra move given by ANZEN (free of direction and distance);
    ``pending``: the distance of the move onto ANZEN (used by ruling I5 = anzen).
    """

    red: tuple[int, ...]
    black: tuple[int, ...]
    to_move: int = RED
    distance: int | None = None
    symbol: str | None = None
    bonus: bool = False
    pending: int | None = None
    anzen_used: tuple[bool, bool] = (False, False)
    ply: int = 0
    ruleset: Ruleset = DEFAULT_RULESET
    last: Move | None = field(default=None, compare=False)

    def pieces(self, player: int) -> tuple[int, ...]:
        return self.red if player == RED else self.black

    @cached_property
    def occupied(self) -> frozenset[int]:
        return frozenset(self.red) | frozenset(self.black)

    def owner(self, square: int) -> int | None:
        return RED if square in self.red else BLACK if square in self.black else None

    @property
    def opponent(self) -> int:
        return 1 - self.to_move

    def on_own_shiro(self, player: int) -> int:
        """How many of ``player``'s samurai stand on his own SHIRO squares."""
        home = BOARD.shiro[player]
        return sum(1 for s in self.pieces(player) if s in home)

    def _repr_svg_(self) -> str:
        from ..render.svg import position_svg
        return position_svg(self)


def new_game(ruleset: Ruleset = DEFAULT_RULESET) -> State:
    """Four samurai of each camp on their SHIRO; Red to move, free of direction and distance."""
    return State(red=tuple(sorted(BOARD.shiro[RED])), black=tuple(sorted(BOARD.shiro[BLACK])), ruleset=ruleset)
