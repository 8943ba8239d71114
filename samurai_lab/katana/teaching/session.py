"""A game being played in an app, without widgets: seats, history with undo, bot turns, messages."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...common.grid_session import PEOPLE, GridSession
from ...i18n import Domain
from ..bots.base import make_bot
from ..core.rules import apply_move, legal_moves, outcome, targets
from ..core.ruleset import DEFAULT, Ruleset
from ..core.state import Move, State, new_game, owner
from ..core.text import describe_move

T = Domain("katana")
SEATS = (PEOPLE, "random", "search")


@dataclass
class Session(GridSession):
    """The current game: states so far, who sits where (people, random, search), the rulings."""

    rules: Ruleset = DEFAULT
    seats: list[str] = field(default_factory=lambda: [PEOPLE, "search"])
    states: list[State] = field(default_factory=list)
    seed: int = 0

    def __post_init__(self) -> None:
        if not self.states:
            self.states = [new_game(self.rules)]
        self._bots: dict[int, object] = {}

    def new_game(self, rules: Ruleset | None = None) -> None:
        if rules is not None:
            self.rules = rules
        self.states = [new_game(self.rules)]
        self._bots = {}
        self.seed += 1

    def load(self, state: State) -> None:
        """Continue from ``state`` (its rulings become the session's)."""
        self.rules = state.rules
        self.states = [state]
        self._bots = {}

    @property
    def moves(self) -> list[Move]:
        """The moves played so far (``states[k + 1]`` follows ``moves[k]``)."""
        return [s.last_move for s in self.states[1:]]

    @staticmethod
    def _check_seat(kind: str) -> None:
        if kind not in SEATS:
            raise ValueError(f"a seat is one of {', '.join(SEATS)}, not {kind!r}")

    def bot_to_move(self) -> bool:
        return outcome(self.state) is None and self.seats[self.state.to_move] != PEOPLE

    def play(self, move: object) -> str:
        """Apply a move (IllegalMoveError with the reason if refused); returns its description."""
        before = self.state
        after = apply_move(before, move)
        self.states.append(after)
        return describe_move(before, after.last_move, after)

    def play_bot(self) -> str:
        """The bot of the seat to move plays one move."""
        player = self.state.to_move
        kind = self.seats[player]
        if kind == PEOPLE:
            raise ValueError(T.gettext("It is a person's turn."))
        if player not in self._bots:
            options = {"nodes": 1200} if kind == "search" else {}
            self._bots[player] = make_bot(kind, seed=self.seed * 10 + player, **options)
        return self.play(self._bots[player].choose(self.state))

    @property
    def log(self) -> list[str]:
        """Every move so far in words, in the current language."""
        return [describe_move(b, a.last_move, a) for b, a in zip(self.states, self.states[1:])]

    def movable(self) -> set[int]:
        """Squares of the samurai the player to move can move."""
        return {m.frm for m in legal_moves(self.state) if m.kind == "move"}

    def targets_of(self, square: int) -> list[int]:
        st = self.state
        return [] if st.pending or owner(st.cells[square]) != st.to_move else targets(st, square)
