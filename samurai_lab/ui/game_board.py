"""The board a game's apps draw on, as the shared apps (study player and editor, puzzles, review) use it.

A game names its board class in ``hooks["board"]``; it takes ``(state, css_class="", report=None)`` and
offers :class:`GameBoard`: ``show_cells`` draws ``arrow`` (a pair of cells: the last move, or the one a study
points to) and rings the ``marked`` cells. A move is entered as the cells it touches (``Game.action_cells``):
a click on the origin, then on the arrival; :func:`action_between` finds the legal action they make.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Protocol, Sequence

from ..common.game import Game


class GameBoard(Protocol):
    widget: Any

    def on_cell(self, callback: Callable[[int], Any]) -> None: ...

    def show_cells(self, state: Any, selected: int | None = None, targets: Iterable[int] = (),
             arrow: tuple[int, int] | None = None, marked: Iterable[int] = ()) -> None: ...

    def set_projector(self, on: bool) -> None: ...

    def pixel_of(self, cell: int) -> tuple[float, float]: ...


def new_board(game: Game, state: Any, css_class: str = "", report: Callable[[BaseException], None] | None = None,
              **options: Any) -> GameBoard:
    """A new board of ``game`` showing ``state`` (``options``: the game's own, such as a board's size)."""
    return game.hook("board")(state, css_class=css_class, report=report, **options)


def origins(game: Game, state: Any) -> list[int]:
    """The cells a move of the player to move can start from (a click there selects them)."""
    return sorted({cells[0] for cells in map(game.action_cells, game.legal_actions(state)) if len(cells) == 2})


def targets_from(game: Game, state: Any, origin: int) -> list[int]:
    """The cells the piece on ``origin`` can go to."""
    return sorted({c[1] for c in map(game.action_cells, game.legal_actions(state)) if len(c) == 2 and c[0] == origin})


def action_between(game: Game, state: Any, cells: Sequence[int]) -> Any:
    """The legal action touching exactly ``cells`` (one cell: a placement; two: origin, arrival), or None."""
    return next((a for a in game.legal_actions(state) if tuple(game.action_cells(a)) == tuple(cells)), None)


def click_on(game: Game, state: Any, selected: int | None, cell: int) -> tuple[int | None, Any]:
    """What a click on ``cell`` means while ``selected`` is chosen: (the piece now chosen, None) when it chooses
    one, (None, the action) when it makes a legal action (a placement, or the chosen piece's move), and
    (None, None) when it makes none (the caller says why)."""
    placement = action_between(game, state, (cell,))
    if placement is not None:
        return None, placement
    if cell in origins(game, state):
        return cell, None
    return None, action_between(game, state, (selected, cell)) if selected is not None else None
