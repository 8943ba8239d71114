"""What the game sessions of the grid games (Katana, Iki-zumari) share: the seats and the undo of a person's move."""

from __future__ import annotations

from typing import Any

PEOPLE = "people"  # the seat of a person (the others: bots)


class GridSession:
    """A game's session sets ``states`` (the game so far), ``seats`` (``PEOPLE`` or a bot's name, by player),
    ``_bots`` (the seats' bots, by player, made when first asked to play) and ``_check_seat(seat)`` (ValueError for
    a seat that is none of the game's)."""

    @property
    def state(self) -> Any:
        return self.states[-1]

    def set_seat(self, player: int, seat: str) -> None:
        self._check_seat(seat)
        self.seats[player] = seat
        self._bots.pop(player, None)

    def undo(self) -> bool:
        """Take back the last move of a person (and the bot moves after it); False when nothing to undo."""
        if len(self.states) <= 1:
            return False
        self.states.pop()
        while len(self.states) > 1 and self.seats[self.state.to_move] != PEOPLE:
            self.states.pop()
        return True
