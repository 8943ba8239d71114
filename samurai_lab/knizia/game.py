"""Reiner Knizia's Samurai declared once for every feature that spans the games (``common/game.py``):
its rules, notation, what a seat may see (the others' hands are hidden), words and drawing hooks."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Hashable, Mapping

from ..common.game import Game
from ..i18n import N_, Domain
from ..common.records import RecordFormat
from ..common.review import OwnReview
from ..common.simulate import SimulateCommand
from .bots.simulate import HELP as SIMULATE_HELP, add_arguments as simulate_arguments, run as run_simulation
from .bots.base import BOTS, make_bot
from .bots.knowledge import unseen_tiles
from .core.actions import Action, PickTile, as_action
from .core.rules import apply_action, legal_actions, why_illegal
from .core.ruleset import CHOSEN, PRESETS, RANDOM, RULINGS_BY_ID
from .core.scoring import score_state
from .core.model import Phase, _evolve as evolve
from .core.state import GameState, new_game
from .core.tiles import sort_tiles
from .scenarios.position import parse_position, position_string
from .scenarios.records import record_game
from .teaching.game_text import describe_action
from .teaching.puzzle_generate import PUZZLES
from .teaching.review import record_states, review_data
from .teaching.rulebook_examples import check_expectations


@dataclass(frozen=True)
class Ending:
    """How a game of Knizia's Samurai ended: the one winner (None when the victory is shared) and why."""

    winner: int | None
    reason: str
    winners: tuple[int, ...]


def outcome(state: GameState) -> Ending | None:
    """The end of the game, scored, or None while it goes on."""
    if not state.is_over:
        return None
    winners = score_state(state).winners
    return Ending(winners[0] if len(winners) == 1 else None, state.end_reason or "", winners)


TEACH = Domain("knizia_teach")  # the words of the editions, as the rule variants app says them
EDITION_WORDS = {"1998": N_("1998 edition (Hans im Glück / Rio Grande)"), "2015": N_("2015 edition (Fantasy Flight)")}
SETUP_OPTIONS = ("hands", "setup")  #: beginner options of a new game: how the hands and the pieces come
WATCHER = -1  #: the seat of a watcher's view: every hand hidden


def filled(view: GameState) -> GameState:
    """A full state with ``view``'s every hidden tile and count replaced by a canonical stand-in, worked out
    from the view alone: each hidden hand and pile holds the first of its player's unseen tiles in the
    tiles' order, and the captures hidden from the viewer all go to the first such player."""
    sizes = view.hand_sizes()
    hands, piles, captured = list(view.hands), [], list(view.captured)
    for p in range(view.n_players):
        left = sort_tiles(tuple(unseen_tiles(view, p, view.viewer).elements()))
        if hands[p] is None:
            hands[p], left = left[:sizes[p]], left[sizes[p]:]
        piles.append(left[:view.pile_sizes[p]])
    hidden = [p for p, c in enumerate(captured) if c is None]
    for p in hidden:
        captured[p] = (0, 0, 0)
    if hidden and view.phase in (Phase.PLAY, Phase.GAME_OVER):
        captured[hidden[0]] = view.supply()
    return evolve(view, hands=tuple(hands), piles=tuple(piles), captured=tuple(captured), viewer=None,
                  hidden_hand_sizes=())


def to_position(state: GameState) -> str:
    """A full state's position string; a view's is its stand-in's, followed by ``@`` and the seat."""
    if state.viewer is None:
        return position_string(state)
    return f"{position_string(filled(state))} @{state.viewer}"


def from_position(text: str) -> GameState:
    """The state of a position string; with ``@seat`` at its end, that seat's view."""
    body, _, seat = str(text).rpartition(" @")
    if body and seat.lstrip("-").isdigit():
        return parse_position(body, "position").view(int(seat))
    return parse_position(text, "position")


def hidden_action(before: GameState, action: Action, seat: int | None) -> str | None:
    """A tile chosen for another player's starting hand is seen as ``pick`` (which tile is his secret)."""
    return "pick" if isinstance(action, PickTile) and before.current != seat else None


def _new_state(players: int | None = None, seed: int = 0, rulings: Mapping[str, str] | None = None) -> GameState:
    """A new game of ``players`` (2 by default); ``rulings``: ``edition`` (1998, 2015), R1-R4 by id, and how the
    starting hands and pieces come (``hands``, ``setup``: chosen or random)."""
    chosen = dict(rulings or {})
    edition = str(chosen.pop("edition", "1998"))
    if edition not in PRESETS:
        raise ValueError(f"edition {edition!r}: choose one of {', '.join(PRESETS)}")
    changes = {}
    for key, value in chosen.items():
        if key in SETUP_OPTIONS:
            if value not in (CHOSEN, RANDOM):
                raise ValueError(f"{key}: {value!r} is not one of {CHOSEN}, {RANDOM}")
            changes[key] = value
            continue
        ruling = RULINGS_BY_ID.get(str(key).upper())
        if ruling is None:
            raise ValueError(f"unknown ruling {key!r} (known: edition, hands, setup, {', '.join(RULINGS_BY_ID)})")
        if value not in dict(ruling.choice_texts):
            raise ValueError(f"ruling {ruling.id}: {value!r} is not one of {', '.join(dict(ruling.choice_texts))}")
        changes[ruling.field] = value
    if players not in (None, 2, 3, 4):
        raise ValueError("Samurai is played by 2, 3 or 4 players")
    return new_game(players or 2, PRESETS[edition].with_options(**changes), seed)


def rulings_table() -> list[tuple[str, str, list[tuple[str, str]]]]:
    """The edition a new game is played by (its rulings R1-R4 follow it), and how hands and pieces come."""
    pieces = PRESETS["1998"].vocabulary.pieces
    return [("edition", TEACH.gettext("Edition"), [(e, TEACH.gettext(EDITION_WORDS[e])) for e in PRESETS]),
            ("hands", TEACH.gettext("Setup"), [(CHOSEN, TEACH.gettext("choose hands yourself")),
                                              (RANDOM, TEACH.gettext("random hands"))]),
            ("setup", TEACH.gettext("Setup"), [(CHOSEN, TEACH.gettext("place {pieces} yourself").format(pieces=pieces)),
                                              (RANDOM, TEACH.gettext("random {pieces}").format(pieces=pieces))])]


def _player_name(state: GameState, seat: int) -> str:
    return state.ruleset.vocabulary.seat_names(state.seats)[seat]


def _secret(state: GameState, seat: int) -> Hashable:
    """What only ``seat`` knows: his hand (nobody knows the order of a pile)."""
    return state.hands[seat]


@dataclass
class _SeatBot:
    """A bot of Knizia's game that chooses from the view of the seat to move, as the rules ask."""

    bot: object
    rng: random.Random

    @property
    def name(self) -> str:
        return getattr(self.bot, "name", "")

    def choose(self, state: GameState) -> Action:
        return self.bot.choose(state.view(state.current), self.rng)  # type: ignore[attr-defined]


def _make_bot(name: str, seed: int = 0) -> _SeatBot:
    return _SeatBot(make_bot(name), random.Random(seed))


GAME: Game[GameState, Action] = Game(
    name="knizia", title="Samurai (Reiner Knizia)", label="Samurai (Reiner Knizia)", source="rulebooks 000 (it), 001 (ru), 002 (es)",
    notebook="explorer.ipynb", languages=("en", "it", "es", "ru"), text_languages=("en", "it", "es", "ru"),
    seats=(2, 4), new_state=_new_state, from_position=from_position, to_position=to_position, key=to_position,
    legal_actions=legal_actions, apply_action=apply_action, why_illegal=why_illegal, to_move=lambda s: s.current,
    outcome=outcome, parse_action=lambda state, text: as_action(text), describe_action=describe_action,
    player_name=_player_name, read_cell=lambda state, text: state.board.resolve(text),
    describe_outcome=lambda end: end.reason,
    view=lambda state, seat: state.view(WATCHER if seat is None else seat), secret=_secret,
    hidden_action=hidden_action,
    bots=tuple(BOTS), make_bot=_make_bot, rulings=lambda s: s.ruleset.as_dict(), rulings_table=rulings_table,
    edition_of=lambda s: s.ruleset.edition,
    features={"study_expect": check_expectations, "records": RecordFormat(record_states, record_game),
              "puzzles": PUZZLES,  # one turn searched whole: Knizia's own proof, judge and trainer
              "review": OwnReview(review_data, lambda state: [seat.name for seat in state.seats]),  # turns judged
              "simulate": SimulateCommand(SIMULATE_HELP, simulate_arguments, run_simulation)},  # 2-4 players
    hooks={"puzzles": "samurai_lab.knizia.widgets.puzzle:KniziaPuzzles",
           "study_board": "samurai_lab.knizia.widgets.study:KniziaStudyBoard",  # a placement: a tile, then a hex
           "play_panel": "samurai_lab.knizia.widgets.online_panel:KniziaPlayPanel"},  # the hand and the map
)
