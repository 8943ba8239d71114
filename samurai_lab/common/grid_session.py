"""What the game sessions of the grid games share (Katana, Iki-zumari): the states so far, the seats (a person or a
bot each) and the undo of a person's move."""

from __future__ import annotations

from typing import Any

PEOPLE = "people"  # the seat of a person (the others: bots)


class GridSession:
    """``states``: the game so far; ``seats[player]``: ``PEOPLE`` or a bot's name; ``_bots``: the seats' bots,
    made when first asked to play; ``_check_seat(seat)``: ValueError for a seat that is none of the game's."""

    states: list[Any]
    seats: list[str]
    _bots: dict[int, Any]

    @property
    def state(self) -> Any:
        return self.states[-1]

    def set_seat(self, player: int, seat: str) -> None:
        self._check_seat(seat)
        self.seats[player] = seat
        self._bots.pop(player, None)

    def _check_seat(self, seat: str) -> None:
        raise NotImplementedError

    def undo(self) -> bool:
        """Take back the last move of a person (and the bot moves after it); False when nothing to undo."""
        if len(self.states) <= 1:
            return False
        self.states.pop()
        while len(self.states) > 1 and self.seats[self.state.to_move] != PEOPLE:
            self.states.pop()
        return True
