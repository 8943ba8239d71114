"""A game at one screen, without widgets: seats (people or bots), moves, undo, rulings, the words to show."""

from __future__ import annotations

from dataclasses import replace

from samurai_lab.common.grid_session import PEOPLE, GridSession
from samurai_lab.i18n import N_, Domain

from ..bots.base import Bot, make_bot
from ..core.moves import Move
from ..core.rules import apply_move, outcome, window
from ..core.ruleset import DEFAULT_RULESET, Ruleset
from ..core.state import State, new_game
from ..core.text import announcement, constraint_text, outcome_text, player_name

T = Domain("ikizumari")

SEAT_CHOICES: tuple[tuple[str, str], ...] = (
    (PEOPLE, N_("People")), ("random", N_("Random bot")), ("search", N_("Search bot")),
)


class GameSession(GridSession):
    """``seats[colour]`` is ``people``, ``random`` or ``search``; ``states`` the game so far."""

    def __init__(self, seats: tuple[str, str] = (PEOPLE, "search"), ruleset: Ruleset = DEFAULT_RULESET,
                 seed: int = 0, bot_nodes: int = 200) -> None:
        self.seed = seed
        self.bot_nodes = bot_nodes
        self.seats = list(seats)
        for s in self.seats:
            self._check_seat(s)
        self.states: list[State] = [new_game(ruleset)]
        self._bots: dict[int, Bot] = {}

    # --- the game ----------------------------------------------------------------------------------
    @property
    def moves(self) -> list[Move]:
        return [s.last for s in self.states[1:]]

    @property
    def ruleset(self) -> Ruleset:
        return self.state.ruleset

    def new_game(self, ruleset: Ruleset | None = None) -> State:
        self.states = [new_game(ruleset or self.ruleset)]
        self._bots = {}
        return self.state

    def play(self, move: object) -> State:
        """Play a move of the player to move; IllegalMoveError (a ValueError) saying why otherwise."""
        self.states.append(apply_move(self.state, move))
        return self.state

    def is_over(self) -> bool:
        return outcome(self.state) is not None

    def bot_to_move(self) -> bool:
        return not self.is_over() and self.seats[self.state.to_move] != PEOPLE

    def play_bot(self) -> Move:
        """Let the bot of the player to move play; ValueError when a person is to move."""
        if not self.bot_to_move():
            raise ValueError(T.gettext("It is not a bot's turn."))
        colour = self.state.to_move
        if colour not in self._bots:
            name = self.seats[colour]
            self._bots[colour] = make_bot(f"search:{self.bot_nodes}n" if name == "search" else name, self.seed + colour)
        move = self._bots[colour].choose(self.state)
        self.play(move)
        return move

    def set_ruling(self, ruling_id: str, value: str) -> bool:
        """Change a ruling and replay the game under it; when a move becomes illegal, a new game starts
        (returns False)."""
        rules = self.ruleset.with_option(ruling_id, value)
        try:
            states = [replace(self.states[0], ruleset=rules)]
            for move in self.moves:
                states.append(apply_move(states[-1], move))
            self.states = states
            return True
        except ValueError:
            self.new_game(rules)
            return False

    @staticmethod
    def _check_seat(seat: str) -> None:
        if seat not in dict(SEAT_CHOICES):
            raise ValueError(f"unknown seat {seat!r}: choose one of {', '.join(dict(SEAT_CHOICES))}")

    # --- words -------------------------------------------------------------------------------------
    def status_text(self) -> str:
        """Whose turn and what he must do, or how the game ended (current language)."""
        end = outcome(self.state)
        return constraint_text(self.state, window(self.state)) if end is None else outcome_text(end)

    def announcement_text(self) -> str:
        """What the last mover announced ('Red announces: 2 dragon'), or ''."""
        if len(self.states) == 1:
            return ""
        return T.gettext("{player} announces: {words}").format(player=player_name(self.states[-2].to_move),
                                                               words=announcement(self.state))
