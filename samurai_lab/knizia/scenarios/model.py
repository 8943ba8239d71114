"""What a loaded scenario is: a position, numbered steps with narration, expectations and rule variants.

``Scenario.walk(variant)`` plays the steps and returns, for each, the state before and after,
the pieces it decided and the refusal if the rules forbade it: what an examples stepper shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Mapping, NamedTuple, Sequence

from ...i18n import Domain
from ..core.actions import Action
from ..core.rules import IllegalMoveError
from ..core.ruleset import Ruleset
from ..core.model import Resolution
from ..core.state import GameState
from .expect import Expectation, Outcome

T = Domain("knizia")


@dataclass(frozen=True)
class Step:
    """One numbered action of a scenario (numbers start at 1)."""

    number: int
    action: Action
    text: str  # the action as written in the file
    by: int | None  # seat that must be to play, if the file says so
    narration: str
    expect: Expectation | None
    focus: tuple[str, ...] = ()  # hex ids this step concerns

    def narration_text(self) -> str:
        """The narration in the current language (the catalogs hold the scenario files' texts)."""
        return T.gettext(self.narration) if self.narration else ""


@dataclass(frozen=True)
class Source:
    """A rulebook's own sentence(s) for an example, quoted in its original language (``[[source]]``)."""

    seed: str  # the rulebook: "000" (Italian, 1998), "001" (Russian, 1998), "002" (Spanish, 2015)
    language: str  # "it", "ru", "es"
    text: str


@dataclass(frozen=True)
class Variant:
    """The same position and steps under other rule options, with its own expectations.

    The scenario as written is the variant named ``""``. A variant's expectations replace
    those of the file's steps: ``steps`` maps a step number to what must hold after it.
    """

    name: str
    description: str
    ruleset: Ruleset
    state: GameState
    expect: Expectation | None  # after the last step
    steps: Mapping[int, Expectation] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return self.name or T.gettext("as written")

    def description_text(self) -> str:
        """The description in the current language (the catalogs hold the scenario files' texts)."""
        return T.gettext(self.description) if self.description else ""


@dataclass(frozen=True)
class Played:
    """Moves played: the states around them, the pieces they decided, the refusal (``error``) if any,
    and what must hold after them."""

    before: GameState
    after: GameState
    resolutions: tuple[Resolution, ...]
    error: str | None
    expect: Expectation | None

    def outcome(self) -> Outcome:
        return Outcome(self.after, self.resolutions, self.error)


@dataclass(frozen=True)
class PlayedStep(Played):
    """A scenario's step played."""

    step: Step


class MovesPlayed(NamedTuple):
    """What ``play_actions`` reached: the state, the pieces the last action decided, the refusal that
    stopped the actions (None: all were played) and the last action tried (None: there was none)."""

    after: GameState
    resolutions: tuple[Resolution, ...]
    error: str | None
    last: Action | None


def play_actions(state: GameState, actions: Sequence[Action]) -> MovesPlayed:
    """Play actions in turn; a refused one stops them, the state staying the one it was tried on."""
    for action in actions:
        try:
            state = state.apply(action)
        except IllegalMoveError as e:
            return MovesPlayed(state, (), e.reason, action)
    if not actions:
        return MovesPlayed(state, (), None, None)
    return MovesPlayed(state, state.events, None, actions[-1])  # the engine's events: what the last action decided


@dataclass(frozen=True)
class Scenario:
    """A loaded scenario file. ``state`` is the starting position (the rules as written)."""

    title: str
    description: str
    state: GameState
    steps: tuple[Step, ...]
    expectations: Expectation | None  # after the last step, rules as written
    variants: tuple[Variant, ...]  # other rule options, each with its own expectations
    focus: tuple[str, ...]  # hex ids the example concerns (to zoom a board view)
    path: str | None = None
    fill: str = "none"
    sources: tuple[Source, ...] = ()  # the rulebooks' own sentences, in their languages

    def title_text(self) -> str:
        """The title in the current language (the catalogs hold the scenario files' texts)."""
        return T.gettext(self.title) if self.title else ""

    def description_text(self) -> str:
        """The description in the current language."""
        return T.gettext(self.description) if self.description else ""

    @property
    def ruleset(self) -> Ruleset:
        return self.state.ruleset

    @property
    def edition(self) -> str:
        return self.state.ruleset.edition

    @property
    def seed(self) -> int | None:
        return self.state.seed

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.state.seats]

    @property
    def focus_indices(self) -> tuple[int, ...]:
        """Board indices of the focus hexes."""
        return tuple(self.state.board.index[h] for h in self.focus)

    @cached_property
    def base(self) -> Variant:
        """The scenario as written, as a variant named ``""``."""
        return Variant("", "", self.state.ruleset, self.state, self.expectations,
                       {s.number: s.expect for s in self.steps if s.expect is not None})

    @property
    def runs(self) -> tuple[Variant, ...]:
        """The scenario as written, then each variant."""
        return (self.base, *self.variants)

    def variant(self, name: str) -> Variant:
        """A variant by name (``""`` is the scenario as written)."""
        for v in self.runs:
            if v.name == name:
                return v
        raise KeyError(f"no variant {name!r}; variants: {', '.join(v.name for v in self.variants) or 'none'}")

    def walk(self, variant: Variant | str | None = None) -> list[PlayedStep]:
        """Play every step from the start. A refused step leaves the state unchanged and records why."""
        v = self.base if variant is None else (self.variant(variant) if isinstance(variant, str) else variant)
        state = v.state
        names = [s.name for s in state.seats]
        out = []
        for step in self.steps:
            if step.by is not None and state.current != step.by:
                after, res, error = state, (), T.gettext("it is {player}'s turn, not {other}'s").format(
                    player=names[state.current], other=names[step.by])
            else:
                after, res, error, _ = play_actions(state, (step.action,))
            out.append(PlayedStep(state, after, res, error, v.steps.get(step.number), step=step))
            state = after
        return out

    def describe(self, expectation: Expectation | None) -> list[str]:
        """An expectation in words: players' names, the edition's vocabulary, settlement names."""
        if expectation is None:
            return []
        return expectation.lines(self.names, self.state.ruleset.vocabulary, self.state.board)

    @cached_property
    def states(self) -> tuple[GameState, ...]:
        """The starting state, then the state after each step (rules as written)."""
        return (self.state, *(p.after for p in self.walk()))

    @property
    def final_state(self) -> GameState:
        return self.states[-1]
