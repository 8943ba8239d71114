"""A game being played, widget-free: who sits where (people and bots), every state and action so far, undo
within a person's turn, bot moves, what each person may see, and game records::

    session = GameSession([Player.person(), Player.bot("greedy")], EDITION_1998.with_options(
        setup="random", hands="random"), seed=3)
    session.play("S2@HO12")      # a person's action (an Action or its notation); session.undo() within his turn
    steps = session.run_bots()   # the bots answer until a person is to act
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, Protocol, Sequence

from ..core.actions import Action, EndTurn, Pass, PickTile, PlacePiece, parse_action
from .game_text import describe_action
from ..core.ruleset import EDITION_1998, Ruleset
from ..core.scoring import ScoreReport, score_state
from ..core.model import Phase, Seat, default_seats
from ..core.state import GameState, new_game
from ...i18n import N_, Domain

T = Domain("knizia")

PERSON, BOT = "person", "bot"

#: Every bot level's name (shown in the current language; the level ids stay data). What each does is the
#: description it is registered with (``bots.BOTS``).
BOT_NAMES: dict[str, str] = {"random": N_("random"), "greedy-lite": N_("quick greedy"), "greedy": N_("greedy"),
                             "search": N_("search"), "search-mc": N_("search by random games"),
                             "ismcts": N_("search further ahead")}


def bot_level_name(level: str) -> str:
    """A bot level's name in the current language (``greedy`` -> ``avido``); an unknown level as it is."""
    return T.gettext(BOT_NAMES[level]) if level in BOT_NAMES else level


def bot_level_text(level: str) -> str:
    """What a bot level does, in the current language."""
    from ..bots import BOTS

    return T.gettext(BOTS[level][0]) if level in BOTS else ""


class Bot(Protocol):
    """What a bot offers: one action for the view of the player it plays."""

    def choose(self, view: GameState, rng: random.Random) -> Action: ...


BotFactory = Callable[[str], Bot]


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits at a seat: a person, or a bot of a level (``random``, ``greedy``, ``search``)."""

    kind: str = PERSON
    level: str | None = None
    name: str | None = None  # None: the edition's colour name

    def __post_init__(self) -> None:
        if self.kind not in (PERSON, BOT):
            raise ValueError(f"a seat is taken by a {PERSON!r} or a {BOT!r}, not {self.kind!r}")
        if self.kind == BOT and not self.level:
            raise ValueError("a bot needs a level, e.g. 'random', 'greedy' or 'search'")

    @classmethod
    def person(cls, name: str | None = None) -> "Player":
        return cls(PERSON, None, name)

    @classmethod
    def bot(cls, level: str = "greedy", name: str | None = None) -> "Player":
        return cls(BOT, level, name)

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT


@dataclass(frozen=True, slots=True)
class Step:
    """One action taken: its number, who took it, the states around it, and its log line."""

    index: int
    player: int
    action: Action
    before: GameState
    after: GameState
    text: str


def default_bot_factory(level: str) -> Bot:
    """A bot of ``level`` from ``samurai_lab.knizia.bots``."""
    from ..bots import make_bot

    return make_bot(level)


def seats_for(players: Sequence[Player], ruleset: Ruleset) -> tuple[Seat, ...]:
    """Seats in the edition's colours, named by the players' names where given."""
    base = default_seats(len(players), ruleset)
    return tuple(Seat(p.name or s.name, s.colour) for p, s in zip(players, base))


class GameSession:
    """The table: players, ruleset and seed, the list of states (``states[k + 1]`` follows
    ``actions[k]``), the person sitting before the screen, and the bots' generators."""

    def __init__(
        self,
        players: Sequence[Player],
        ruleset: Ruleset = EDITION_1998,
        seed: int = 0,
        *,
        bot_factory: BotFactory | None = None,
        initial: GameState | None = None,
    ) -> None:
        if not 2 <= len(players) <= 4:
            raise ValueError(f"Samurai is played by 2, 3 or 4 players, not {len(players)}")
        self.players: tuple[Player, ...] = tuple(players)
        self.people: tuple[int, ...] = tuple(p for p, pl in enumerate(self.players) if not pl.is_bot)
        if initial is None:
            from ..scenarios.save import writable_names

            initial = new_game(len(players), ruleset, seed, seats_for(players, ruleset))
            writable_names(initial)  # names a record can hold: distinct, not "nobody"
        elif initial.n_players != len(players):
            raise ValueError(f"the position has {initial.n_players} players but {len(players)} seats were given")
        self.ruleset = initial.ruleset
        self.seed = seed if initial.seed is None else initial.seed
        self.states: list[GameState] = [initial]
        self.actions: list[Action] = []
        self.steps: list[Step] = []
        self._bot_factory = bot_factory or default_bot_factory
        self._rngs = {p: random.Random(f"bot:{self.seed}:{p}") for p in range(len(players))}
        self._bots: dict[int, Bot] = {p: self._bot_factory(pl.level or "")  # fail now, not mid-game
                                      for p, pl in enumerate(self.players) if pl.is_bot}
        people = self.people
        self.viewer: int | None = people[0] if len(people) == 1 else None  # several people: nobody until one sits

    # --- who is who ------------------------------------------------------
    @property
    def state(self) -> GameState:
        """The position now."""
        return self.states[-1]

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    def label(self, player: int) -> str:
        """``Red`` for a person, ``Red (greedy)`` for a bot (in the current language)."""
        seat = self.state.seats[player]
        name = self.state.ruleset.vocabulary.seat_name(seat.name, seat.colour)
        pl = self.players[player]
        return T.gettext("{player} ({level})").format(player=name, level=bot_level_name(pl.level)) if pl.is_bot else name

    def is_bot_turn(self) -> bool:
        return not self.is_over and self.players[self.state.current].is_bot

    def is_person_turn(self) -> bool:
        return not self.is_over and not self.players[self.state.current].is_bot

    # --- the screen between people ------------------------------------------
    def handover_to(self) -> int | None:
        """The person who must take the seat before play goes on (``None``: nobody). With two or more
        people at the table, a person's secret tiles are shown only once he says he sits in front of the
        screen: before he chooses his starting hand and before each of his turns. The pieces are placed in
        the open: no hand is shown then and the screen is not passed (each knows the hand he chose)."""
        state = self.state
        if len(self.people) < 2 or not self.is_person_turn() or state.phase is Phase.PLACE_PIECES:
            return None
        return state.current if self.viewer != state.current else None

    def reveal(self, player: int) -> None:
        """``player`` now sits in front of the screen: his tiles are shown."""
        if self.players[player].is_bot:
            raise ValueError(T.gettext("{player} is a bot: only people sit in front of the screen").format(
                player=self.label(player)))
        self.viewer = player

    def visible_state(self, reveal_all: bool = False) -> GameState:
        """What the table shows: everything when ``reveal_all``, at the end, or with bots only;
        else the view of the person in front of the screen (nobody's secrets before a handover)."""
        state = self.state
        if reveal_all or state.is_over or not self.people:
            return state
        if self.viewer is None or self.handover_to() is not None:
            return _nobody_view(state, self.viewer)
        return state.view(self.viewer)

    # --- acting ------------------------------------------------------------
    def play(self, action: Action | str) -> Step:
        """A person's action (an Action or its notation); IllegalMoveError says which rule forbids it."""
        if isinstance(action, str):
            action = parse_action(action)
        if self.is_over:
            raise ValueError(T.gettext("the game is over"))
        p = self.state.current
        if self.players[p].is_bot:
            raise ValueError(T.gettext("it is the turn of {player}: a bot plays it").format(player=self.label(p)))
        if (taker := self.handover_to()) is not None:
            raise ValueError(T.gettext("pass the screen to {player} first").format(player=self.label(taker)))
        return self._push(self.state, action, self.state.apply(action))

    def _push(self, before: GameState, action: Action, after: GameState) -> Step:
        p = before.current
        step = Step(len(self.actions), p, action, before, after, describe_action(before, action, after, self.label(p)))
        self.states.append(after)
        self.actions.append(action)
        self.steps.append(step)
        if after.phase is Phase.PLACE_PIECES and len(self.people) >= 2:  # placed in the open: nobody's hand shown
            self.viewer = None
        return step

    def bot_step(self) -> Step | None:
        """One action of the bot to move (it sees only its own view); None if a person is to act."""
        if not self.is_bot_turn():
            return None
        state = self.state
        action = self._bots[state.current].choose(state.view(state.current), self._rngs[state.current])
        return self._push(state, action, state.apply(action))

    def run_bots(self, limit: int = 100_000, on_step: Callable[[Step], Any] | None = None) -> list[Step]:
        """Let the bots play until a person is to act or the game is over (``on_step`` after each)."""
        out = []
        while len(out) < limit and (step := self.bot_step()) is not None:
            out.append(step)
            if on_step is not None:
                on_step(step)
        return out

    # --- undo --------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why the last action cannot be taken back now (None: it can): people take back their own actions
        within their turn, never across a draw (an ended turn, a pass, a completed starting hand)."""
        if not self.actions:
            return T.gettext("nothing to undo: no action has been played yet")
        last = self.steps[-1]
        who = self.label(last.player)
        vocab = last.before.ruleset.vocabulary
        if self.players[last.player].is_bot:
            return T.gettext("the last action was played by {player}: only people take back their own actions").format(
                player=who)
        if last.after.is_over:
            return T.gettext("the game is over")
        if isinstance(last.action, EndTurn):
            return T.gettext("{player} has ended the turn and drawn: an ended turn cannot be taken back").format(
                player=who)
        if isinstance(last.action, Pass):
            return T.gettext("{player} has passed: the turn is over").format(player=who)
        if isinstance(last.action, PlacePiece):
            return T.gettext("the {piece} of {player} is placed and the next player is to place: the turn is "
                             "over").format(piece=vocab.piece, player=who)
        if isinstance(last.action, PickTile) and last.after.current != last.player:
            return T.gettext("the starting hand of {player} is complete and the other {tiles} are shuffled into "
                             "the pile").format(player=who, tiles=vocab.tiles)
        if (last.after.current != last.player or last.after.turn != last.before.turn
                or last.after.phase is not last.before.phase):
            return T.gettext("the turn of {player} is over").format(player=who)
        return None

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo(self) -> Step:
        """Take back the last action (ValueError with the reason if the rules of the table forbid it)."""
        reason = self.undo_refusal()
        if reason is not None:
            raise ValueError(T.gettext("cannot undo: {reason}").format(reason=reason))
        self.states.pop()
        self.actions.pop()
        return self.steps.pop()

    # --- advice, scoring, records ---------------------------------------------
    def hints(self, k: int = 5) -> list:
        """The best actions for the person to act, ranked, each with why (``samurai_lab.knizia.bots.hints``)."""
        from ..bots import hints

        p = self.state.current
        return list(hints(self.state.view(p), p, k))

    def score(self) -> ScoreReport:
        """The final scoring (ValueError before the end)."""
        if not self.is_over:
            raise ValueError(T.gettext("the game is not over yet: scoring comes at the end"))
        return score_state(self.state)

    def record(self, comments: dict[int, str] | None = None) -> str:
        """The game so far as a record (``samurai_lab.knizia.scenarios`` format)."""
        from ..scenarios import record_game

        table = ", ".join(f"{s.name} {pl.level if pl.is_bot else 'person'}"
                          for s, pl in zip(self.states[0].seats, self.players))
        return record_game(self.states[0], list(self.actions), comments, headers={"Table": table})

    @classmethod
    def from_states(
        cls, states: Sequence[GameState], actions: Sequence[Action], players: Sequence[Player] | None = None,
        *, bot_factory: BotFactory | None = None,
    ) -> "GameSession":
        """A session continuing a game given by its states and actions (``states[k + 1]`` follows ``actions[k]``)."""
        if len(states) != len(actions) + 1:
            raise ValueError(f"{len(actions)} actions need {len(actions) + 1} states, not {len(states)}")
        first = states[0]
        players = tuple(players) if players is not None else tuple(Player.person(s.name) for s in first.seats)
        session = cls(players, first.ruleset, first.seed or 0, bot_factory=bot_factory, initial=first)
        for k, action in enumerate(actions):
            session._push(states[k], action, states[k + 1])
        return session

    @classmethod
    def from_record(cls, text: str, players: Sequence[Player] | None = None, *,
                    bot_factory: BotFactory | None = None) -> "GameSession":
        """A session holding a recorded game (every player a person unless ``players`` says otherwise)."""
        from ..scenarios import parse_record, replay

        record = parse_record(text)
        return cls.from_states(replay(record), list(record.actions), players, bot_factory=bot_factory)


def _nobody_view(state: GameState, viewer: int | None) -> GameState:
    """The table while the screen is being passed: no hand is shown (the last viewer's captures stay)."""
    base = state.view(viewer if viewer is not None else state.current)
    captured = tuple(c if state.captures_open() else None for c in state.captured)
    return replace(base, hands=tuple(None for _ in base.hands), captured=captured, viewer=None)
