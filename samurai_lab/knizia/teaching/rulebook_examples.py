"""The rulebook examples (E1-E10) and the rulings (R1-R4) as studies (``studies/rulebook/``), step by step.

``load_example(key)`` reads one, played under the rules as written or a variant, each step with what the
example expects (``expect``, as in ``scenarios/README.md``); ``ExampleStepper`` puts a position in words,
``Sandbox`` plays other moves; ``check_expectations`` is the study check (``samurai-lab check``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Sequence

from ...common.study_files import studies_dir
from ...common.study_format import Study, Texts, load_study
from ...i18n import DEFAULT_LANGUAGE, Domain, get_language, use_language
from ..core.actions import Action, as_action
from ..core.model import Resolution
from ..core.state import GameState
from ..scenarios import catalogue as scenario_catalogue
from ..scenarios.errors import Problems
from ..scenarios.expect import Expectation
from ..scenarios.model import Played, play_actions
from ..scenarios.notation import Players
from ..scenarios.position import parse_position
from ..scenarios.read_expect import ExpectationReader
from ..scenarios.reader import Reader
from .example_words import action_text, expectation_lines, option_ids_in_words, outcome_lines, settlements_concerned
from .game_text import describe_action
from .words import plain_text

T = Domain("knizia")

#: The folder of the rulebook studies (``e1.toml`` ... ``r4.toml``).
RULEBOOK_DIR = studies_dir() / "rulebook"
_KEY = re.compile(r"([ER])(\d{1,2})", re.I)


@dataclass(frozen=True)
class ExampleEntry(scenario_catalogue.ExampleEntry):
    """One rulebook study: its key (``E2``, ``R1``), file, edition, group (``rulings``) and title."""

    title: Texts  # type: ignore[assignment]

    def title_text(self) -> str:
        """The title in the current language."""
        return self.title.get(get_language())


def key_of(path: Path | str) -> str | None:
    """``E2`` for ``studies/rulebook/e2.toml``; None for a file that is no rulebook example or ruling."""
    m = _KEY.fullmatch(Path(path).stem)
    return f"{m[1].upper()}{int(m[2])}" if m else None


def catalogue(folder: Path | str = RULEBOOK_DIR) -> list[ExampleEntry]:
    """The rulebook examples (E1...) then the rulings (R1...) of ``folder``, in order."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(T.gettext("the folder {folder} does not exist").format(folder=folder))
    out = []
    for path in folder.glob("*.toml"):
        key = key_of(path)
        if key is not None:
            study = _read(str(path), path.stat().st_mtime)
            out.append(ExampleEntry(key, path, study.edition or "", study.title))
    return sorted(out, key=lambda e: (e.key[0] != "E", e.number))


@lru_cache(maxsize=32)
def _read(path: str, mtime: float) -> Study:
    return load_study(path)


# --- an example played ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PlayedStep(Played):
    """A study's step played, with its words and marks and its last action (None: the start)."""

    number: int  # the study's step number (1: the start)
    text: Texts
    marks: tuple[str, ...]
    action: Action | None


class ExampleStudy:
    """A rulebook study with its variants: ``walk(name)`` plays the steps under one of them."""

    def __init__(self, study: Study, key: str = "") -> None:
        self.study = study
        self.sources = study.sources
        self.key = key or key_of(study.name) or study.name
        self.start = parse_position(study.steps[0].position or "", "position")
        self.variants = {"": (None, self.start)} | {
            v.name: (v.description, parse_position(v.position, f"variant {v.name}")) for v in study.variants}

    def title_text(self) -> str:
        return self.study.title.get(get_language())

    def variant_description(self, name: str) -> str:
        """A variant's description in the current language (empty for the rules as written)."""
        text = self.variants[name][0]
        return text.get(get_language()) if text is not None else ""

    def focus(self) -> list[str]:
        """The hexes every step marks, in order (to zoom the board on)."""
        return list(dict.fromkeys(c for s in self.study.steps for c in s.marks.cells))

    def expectations(self, name: str = "", problems: Problems | None = None) -> dict[int, Expectation]:
        """What the example expects after each step (by step number) under a variant."""
        problems = problems if problems is not None else Problems(self.study.name)
        study, state = self.study, self.variants[name][1]
        if name:
            v = next(v for v in study.variants if v.name == name)
            tables = {k: t for k, t in v.steps.items()}
            if v.expect is not None:
                tables[len(study.steps)] = {**v.expect, **tables.get(len(study.steps), {})}
        else:
            tables = {k: s.expect for k, s in enumerate(study.steps, start=1) if s.expect is not None}
        reader = ExpectationReader(Reader(problems), Players([s.name for s in state.seats]), state.board)
        found = {k: reader.expect(dict(table), f"step {k}.expect", in_step=True) for k, table in tables.items()}
        return {k: e for k, e in found.items() if e is not None}

    def walk(self, name: str = "") -> list[PlayedStep]:
        """The start, then every step played under a variant; a refused step leaves the position and says why."""
        expect = self.expectations(name)
        state = self.variants[name][1]
        steps = self.study.steps
        out = [PlayedStep(state, state, (), None, expect.get(1), number=1, text=steps[0].text,
                          marks=steps[0].marks.cells, action=None)]
        for k, step in enumerate(steps[1:], start=2):
            actions = [as_action(text) for text in step.play or ((step.refused,) if step.refused else ())]
            after, res, error, action = play_actions(state, actions)
            out.append(PlayedStep(state, after, res, error, expect.get(k), number=k, text=step.text,
                                  marks=step.marks.cells, action=action))
            state = after
        return out


def load_example(key: str, folder: Path | str = RULEBOOK_DIR) -> ExampleStudy:
    """The rulebook study of a key (``E7``, ``R2``); ValueError naming the keys there are."""
    entries = catalogue(folder)
    entry = next((e for e in entries if e.key == key.strip().upper()), None)
    if entry is None:
        raise ValueError(T.gettext("no example {key}; examples are {keys}").format(
            key=repr(key), keys=", ".join(e.key for e in entries)))
    return ExampleStudy(_read(str(entry.path), entry.path.stat().st_mtime), entry.key)


def check_expectations(play) -> list[tuple[int | None, tuple, str]]:
    """A study's expectations read and checked against the engine, under every variant: (step, path, problem)s."""
    try:
        example = ExampleStudy(play.study)
    except ValueError as e:
        return [(None, ("variant",), str(e).splitlines()[0])]
    out: list[tuple[int | None, tuple, str]] = []
    with use_language(DEFAULT_LANGUAGE):  # the files expect refusals in English words
        for name in example.variants:
            problems = Problems(play.study.name)
            example.expectations(name, problems)
            out += [(None, ("variant", name) if name else ("expect",), f"{p.path}: {p.message}")
                    for p in problems.items]
            if problems:
                continue
            for p in example.walk(name):
                bad = p.expect.check(p.outcome()) if p.expect is not None else []
                where = T.gettext("under the variant {name}: ").format(name=name) if name else ""
                out += [(p.number, ("expect",), where + T.gettext("the rules engine differs: {difference}").format(
                    difference=b)) for b in bad]
    return out


# --- one example, step by step ---------------------------------------------------------------------

class ExampleStepper:
    """The positions and texts of one example, under the rules as written or a variant."""

    def __init__(self, example: ExampleStudy, variant: str = "", coords: bool = False) -> None:
        self.example = example
        self.variant = variant
        self.played = example.walk(variant)
        self.count = len(self.played) - 1  # the steps after the start (positions are 0..count)
        self._english: list[PlayedStep] | None = None  # the steps played in English (``mismatches``)
        self.index = 0
        self.coords = coords  # hex ids in the texts too ("Show coordinates")

    def go(self, k: int) -> None:
        if not 0 <= k <= self.count:
            raise ValueError(T.gettext("step {k} does not exist: this example has steps 1 to {n}").format(
                k=k, n=self.count))
        self.index = k

    @property
    def shown(self) -> PlayedStep:
        return self.played[self.index]

    @property
    def state(self) -> GameState:
        return self.shown.after

    @property
    def before(self) -> GameState:
        """The position the step shown was played from (the start at step 0)."""
        return self.shown.before

    def label(self) -> str:
        if self.count == 0:
            return T.gettext("The position")
        if self.index == 0:
            return T.ngettext("Start · {n} step follows", "Start · {n} steps follow", self.count).format(n=self.count)
        return T.gettext("Step {k} of {n}").format(k=self.index, n=self.count)

    def action_line(self) -> str:
        p = self.shown
        if p.action is None:
            return ""
        text = action_text(p.before, p.action, self.coords)
        return T.gettext("{action} — the rules refuse it").format(action=text) if p.error is not None else text

    def narration(self) -> str:
        """The example's words for the position shown (none where they only name the action)."""
        p = self.shown
        text = p.text.get(get_language())
        if p.action is not None and p.error is None and text == describe_action(p.before, p.action, p.after) + ".":
            return ""
        return plain_text(self.state, option_ids_in_words(text), self.coords)

    def outcome(self) -> list[str]:
        p = self.shown
        if p.action is None:
            return []
        return outcome_lines(p.before, p.after, p.action, p.resolutions, p.error, self.coords)

    def resolutions(self) -> tuple[Resolution, ...]:
        return self.shown.resolutions

    def step_hexes(self) -> list[int]:
        """The hexes the step shown marks (highlighted on the board; none at the start)."""
        if self.index == 0:
            return []
        return [self.state.board.resolve(h) for h in self.shown.marks]

    def settlements(self) -> list[int]:
        hexes = list(self.played[0].marks) + (list(self.shown.marks) if self.index else [])
        return settlements_concerned(self.state, hexes, self.resolutions())

    def expected_lines(self) -> list[str]:
        """What the example states about the position shown."""
        e = self.shown.expect
        return expectation_lines(e, self.state, self.coords) if e is not None else []

    def mismatches(self) -> list[str]:
        """Differences between what the example states and what the engine did (empty: they agree), compared
        as played in English (the files expect refusals in English words), said in the current language."""
        e = self.shown.expect
        if e is None:
            return []
        if get_language() == DEFAULT_LANGUAGE:
            return e.check(self.shown.outcome())
        with use_language(DEFAULT_LANGUAGE):
            if self._english is None:
                self._english = self.example.walk(self.variant)
            bad = e.check(self._english[self.index].outcome())
        return (e.check(self.shown.outcome()) or bad) if bad else []

    def needs_score(self) -> bool:
        e = self.shown.expect
        return bool(e is not None and e.needs_score) or (self.index == self.count and self.state.is_over)


# --- try it yourself ------------------------------------------------------------------------------

class Sandbox:
    """Moves of one's own from a position of an example; the example itself is untouched."""

    def __init__(self, start: GameState, coords: bool = False) -> None:
        self.states: list[GameState] = [start]
        self.lines: list[str] = []
        self.coords = coords

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def play(self, action: Action) -> list[str]:
        """Play an action (IllegalMoveError if the rules forbid it); the lines say what it did."""
        before = self.state
        after = before.apply(action)
        self.lines = [action_text(before, action, self.coords) + "."] + outcome_lines(
            before, after, action, after.events, None, self.coords)
        self.states.append(after)
        return self.lines

    def undo(self) -> None:
        if len(self.states) > 1:
            self.states.pop()
            self.lines = [T.gettext("Undone.")]

    def concerned(self, focus: Sequence[str]) -> list[int]:
        """The settlements of an example's focus and those decided since the try began."""
        return settlements_concerned(self.state, list(focus), self.state.events)
