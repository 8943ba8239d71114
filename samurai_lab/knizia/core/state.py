"""Frozen game states. Applying an action returns a new state; undo is a list of states."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from ...i18n import Domain
from . import rules
from .actions import Action
from .board import Board, board_for
from .model import Phase, Placed, Resolution, Seat, _evolve, deal_random_hands, default_seats
from .ruleset import EDITION_1998, RANDOM, Ruleset
from .text import describe_state
from .tiles import CASTES, Caste, Tile, supply_per_caste

T = Domain("knizia")


@dataclass(frozen=True)
class GameState:
    """Everything about a position: per-hex tuples indexed by ``board`` index, per-player tuples by seat;
    the hidden parts of a player's view (``view``) are ``None``."""

    ruleset: Ruleset
    seats: tuple[Seat, ...]
    seed: int | None
    phase: Phase
    current: int
    tiles: tuple[Placed | None, ...]
    pieces: tuple[tuple[Caste, ...], ...]
    hands: tuple[tuple[Tile, ...] | None, ...]
    piles: tuple[tuple[Tile, ...] | None, ...]
    pile_sizes: tuple[int, ...]
    captured: tuple[tuple[int, int, int] | None, ...]
    set_aside: tuple[int, int, int]
    discarded: tuple[tuple[Tile, ...], ...]  # swap tiles that left the game
    turn: int = 1
    normal_played: bool = False
    played_this_turn: int = 0
    passes: int = 0
    end_reason: str | None = None
    events: tuple[Resolution, ...] = ()
    viewer: int | None = None
    hidden_hand_sizes: tuple[int, ...] = field(default=(), compare=False)  # in a view: sizes of the hidden hands
    board: Board = field(default=None, compare=False, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.board is None:
            object.__setattr__(self, "board", board_for(len(self.seats)))

    # --- derived facts -------------------------------------------------
    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The current player's hand (empty if hidden from the viewer)."""
        return self.hands[self.current] or ()

    def pieces_on_board(self) -> tuple[int, int, int]:
        """Caste pieces still on the board, per caste."""
        on = [c for ps in self.pieces for c in ps]
        return tuple(on.count(c) for c in CASTES)  # type: ignore[return-value]

    def supply(self) -> tuple[int, int, int]:
        """Pieces not yet placed (only during setup is this non-zero)."""
        per = supply_per_caste(self.n_players)
        on = self.pieces_on_board()
        gone = [sum(c[i] for c in self.captured if c is not None) + self.set_aside[i] for i in range(3)]
        return tuple(per - on[i] - gone[i] for i in range(3))  # type: ignore[return-value]

    def tiles_of(self, player: int) -> list[tuple[int, Tile]]:
        """(hex index, tile) of every tile ``player`` has on the board."""
        return [(i, p.tile) for i, p in enumerate(self.tiles) if p is not None and p.owner == player]

    def captures_open(self) -> bool:
        return self.ruleset.captures_open(self.n_players)

    # --- the rules, as methods ----------------------------------------
    def legal_actions(self) -> list[Action]:
        """All legal actions of the current step (see rules.legal_actions)."""
        return rules.legal_actions(self)

    def apply(self, action: Action | str) -> GameState:
        """The state after ``action`` (an action or its notation, ``"H4@HO05"``); IllegalMoveError
        (a ValueError) says which rule forbids it, or what is malformed."""
        return rules.apply_action(self, action)

    def is_legal(self, action: Action | str) -> bool:
        """Would ``action`` (an action or its notation) be accepted now?"""
        return rules.why_illegal(self, action) is None

    def view(self, player: int) -> "GameState":
        """What ``player`` may see: own hand (while hands are chosen, his picks so far; while the pieces
        are placed, the hand he chose); others' hand and pile sizes only; others' captured pieces only
        when captures are open (2 players); never the seed (it fixes the piles)."""
        open_caps = self.captures_open()
        return _evolve(
            self,
            seed=None,
            hands=tuple(h if p == player else None for p, h in enumerate(self.hands)),
            piles=tuple(None for _ in self.piles),
            captured=tuple(c if (p == player or open_caps) else None for p, c in enumerate(self.captured)),
            viewer=player,
            hidden_hand_sizes=self.hand_sizes(),
        )

    def hand_sizes(self) -> tuple[int, ...]:
        """Tiles in each hand (public knowledge: everybody sees how many tiles a player holds)."""
        return tuple(len(h) if h is not None else self.hidden_hand_sizes[p] for p, h in enumerate(self.hands))

    def _repr_svg_(self) -> str:
        """The board as SVG in plain notebooks (the pure-SVG renderer, imported only when asked)."""
        from ..render.svg import state_svg

        return state_svg(self)

    def __str__(self) -> str:
        return describe_state(self)


def new_game(
    n_players: int,
    ruleset: Ruleset = EDITION_1998,
    seed: int = 0,
    seats: Sequence[Seat] | None = None,
) -> GameState:
    """A fresh game in the rulebooks' order: Edo holds one piece of each caste and every player chooses
    his starting hand (``CHOOSE_HANDS``, seat 0 first); then the pieces are placed (``PLACE_PIECES``).
    Beginner options: ``hands="random"`` deals the hands at once; ``setup="random"`` deals the pieces
    once the hands are chosen (both: play begins at once)."""
    board = board_for(n_players)
    seats = tuple(seats) if seats is not None else default_seats(n_players, ruleset)
    if len(seats) != n_players:
        raise ValueError(T.gettext("{n} players need {n} seats, got {seats}").format(n=n_players, seats=len(seats)))
    pieces: list[tuple[Caste, ...]] = [()] * len(board.ids)
    pieces[board.edo] = CASTES
    state = GameState(
        ruleset=ruleset, seats=seats, seed=seed, phase=Phase.CHOOSE_HANDS, current=0,
        tiles=(None,) * len(board), pieces=tuple(pieces),
        hands=((),) * n_players, piles=((),) * n_players, pile_sizes=(0,) * n_players,
        captured=((0, 0, 0),) * n_players, set_aside=(0, 0, 0), discarded=((),) * n_players,
    )
    return deal_random_hands(state) if ruleset.hands == RANDOM else state
