"""What a game is, declared once: the one interface every feature that spans the games takes.

In the terms of OpenSpiel's ``Game``/``State`` and pgx's ``Env``: states are frozen values, the rules are
functions of a state, positions and moves have a text both ways, and a seat's ``view`` hides what that seat
may not see (``docs/ARCHITECTURE.md``)::

    game = get_game("katana")
    action = game.parse_action(game.new_state(), "f9-g9")      # ValueError with the problem
    state = game.apply_action(game.new_state(), action)         # IllegalMoveError (a ValueError) when refused

The registry imports the bundled games on demand (this layer stays below every game); :func:`register`
adds another (a test's game).
"""

from __future__ import annotations

import importlib
from functools import reduce
from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Hashable, Iterator, Mapping, Protocol, Sequence, TypeVar

S = TypeVar("S")
A = TypeVar("A")


class Outcome(Protocol):
    """How a game ended: the winning seat (None for a draw or a shared win) and why."""

    winner: int | None
    reason: str


class Bot(Protocol):
    """Anything that picks a legal action for the seat to move."""

    name: str

    def choose(self, state: Any) -> Any: ...


@dataclass(frozen=True)
class Game(Generic[S, A]):
    """One game, declared once (see the module's docstring). Words are in the current language."""

    # --- who it is
    name: str  #: the package's name and the ``game = "..."`` key of its files
    title: str  #: in English, in full
    label: str  #: its short name in English (translated where shown: ``ui/game_names.py``)
    source: str  #: the rulebook(s) it follows
    notebook: str  #: its app
    languages: tuple[str, ...]  #: the languages its apps speak
    text_languages: tuple[str, ...]  #: the languages its studies and puzzles are written in
    seats: tuple[int, int]  #: the fewest and the most players

    # --- states
    #: ``new_state(players=None, seed=0, rulings=None)``: the initial state; ``rulings``: {ruling id: option}
    #: (Knizia's also ``edition``), ValueError naming a bad one
    new_state: Callable[..., S]
    #: ``from_position(text, rulings=None)``: a position string read (ValueError with the problem); ``rulings``
    #: as ``new_state``'s, for a game whose position strings do not carry them
    from_position: Callable[..., S]
    to_position: Callable[[S], str]
    key: Callable[[S], Hashable]  #: equal for states a search may treat as one

    # --- rules
    legal_actions: Callable[[S], Sequence[A]]  #: the seat to move's actions (empty once the game is over)
    apply_action: Callable[[S, Any], S]  #: checked: IllegalMoveError (a ValueError) with the rule in words
    why_illegal: Callable[[S, Any], "str | None"]  #: None for a legal action, else the rule in words
    to_move: Callable[[S], int]
    outcome: Callable[[S], "Outcome | None"]  #: None while the game goes on

    # --- notation and words
    parse_action: Callable[[S, str], A]  #: an action's notation read in a state (ValueError)
    describe_action: Callable[[S, A, S], str]  #: (before, action, after) → the action in words
    player_name: Callable[[S, int], str]  #: (state, seat) → the seat's name
    read_cell: Callable[[S, str], Any]  #: a square or hex named in a file ("g9", "HO47") → the cell
    describe_outcome: Callable[[Outcome], str] = str
    action_text: Callable[[A], str] = str  #: an action's notation (what ``parse_action`` reads back)
    #: the cells an action touches, as a board enters it: (origin, arrival) for a move, (cell,) for a
    #: placement, () for a pass
    action_cells: Callable[[A], tuple[int, ...]] = lambda action: ()

    # --- seats and hidden information
    #: what ``seat`` (None: a watcher) may see; its text round-trips
    view: Callable[[S, "int | None"], S] = lambda state, seat: state
    secret: Callable[[S, int], Hashable] = lambda state, seat: None  #: what only ``seat`` knows (None: nothing hidden)
    #: (before, action, seat or None) → what that seat may see of an action (None: its notation)
    hidden_action: Callable[[S, A, "int | None"], "str | None"] = lambda before, action, seat: None

    # --- search
    play: Callable[[S, A], S] | None = None  #: apply an action already known to be legal (fast path)
    evaluate: Callable[[S], float] | None = None  #: for the seat to move, in ``win`` units when won
    win: float = 1.0  #: the value of a won position
    scale: float = 1.0  #: the evaluation worth odds of e to 1
    #: how many of a player's turns an action counts for (0: part of one)
    cost: Callable[[S, A], int] = lambda state, action: 1

    # --- bots
    bots: tuple[str, ...] = ()
    make_bot: Callable[..., Bot] | None = None  #: ``make_bot(name, seed=0)`` (ValueError naming the bots)
    rulings: Callable[[S], Mapping[str, str]] = lambda state: {}  #: the rulings a state is played under
    #: the rulings a new game may choose: (id, question, ((option, words), ...), the default first), in words
    rulings_table: Callable[[], Sequence[tuple[str, str, Sequence[tuple[str, str]]]]] = lambda: ()
    edition_of: Callable[[S], "str | None"] = lambda state: None

    #: what each feature needs beyond the rules: feature name → its declaration (puzzle goals, words…)
    features: Mapping[str, Any] = field(default_factory=dict)
    #: drawing hooks and apps of the layers above (``"package.module:name"``, imported when asked for)
    hooks: Mapping[str, str] = field(default_factory=dict)

    def apply_legal(self, state: S, action: A) -> S:
        """``action`` (legal in ``state``) applied, by the fast path when the game has one."""
        return (self.play or self.apply_action)(state, action)

    def action_seen(self, before: S, action: A, seat: int | None) -> str:
        """The notation of ``action`` as ``seat`` (None: a watcher) may see it: a hidden choice is masked."""
        hidden = self.hidden_action(before, action, seat)
        return self.action_text(action) if hidden is None else hidden

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    def feature(self, name: str) -> Any:
        """What the game declares for the feature ``name``; ValueError when it has none."""
        try:
            return self.features[name]
        except KeyError:
            raise ValueError(f"{self.name} declares nothing for {name}") from None

    def hook(self, name: str) -> Any:
        """The drawing hook or app ``name`` of this game, imported now (ValueError when it has none)."""
        if name not in self.hooks:
            raise ValueError(f"{self.name} has no {name}")
        module, _, attr = self.hooks[name].partition(":")
        return reduce(getattr, attr.split("."), importlib.import_module(module))

    def bot(self, name: str, seed: int = 0) -> Bot:
        """A bot of this game by name (ValueError naming the bots)."""
        if self.make_bot is None:
            raise ValueError(f"{self.name} has no bots")
        return self.make_bot(name, seed=seed)


# --- the registry ---------------------------------------------------------------------------------
#: The bundled games: name → where each declares itself (imported when first asked for).
BUNDLED: dict[str, str] = {
    "knizia": "samurai_lab.knizia.game:GAME",
    "katana": "samurai_lab.katana.game:GAME",
    "ikizumari": "samurai_lab.ikizumari.game:GAME",
}
DEFAULT_GAME = "knizia"
_registered: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add ``game`` to the registry (a game declared outside the package, e.g. a test's)."""
    _registered[game.name] = game
    return game


def unregister(name: str) -> None:
    """Take a registered game out again (the bundled ones stay)."""
    _registered.pop(name, None)


def game_names() -> list[str]:
    """The names of every game: the bundled ones first, then the registered ones."""
    return list(BUNDLED) + [n for n in _registered if n not in BUNDLED]


def get_game(name: str) -> Game:
    """The game called ``name``; ValueError listing the games otherwise."""
    key = str(name).strip().lower()
    if key not in _registered:
        if key not in BUNDLED:
            raise ValueError(f"unknown game {name!r}: choose one of {', '.join(game_names())}")
        module, _, attr = BUNDLED[key].partition(":")
        _registered[key] = getattr(importlib.import_module(module), attr)
    return _registered[key]


def all_games() -> Iterator[Game]:
    """Every game, the bundled ones first."""
    return (get_game(n) for n in game_names())
