"""A study read against its game's rules: each step's position, its marks and its question checked,
and a try at a question judged, through the game's declaration (``common/game.py``); a game whose studies
state expectations (Knizia's rulebook examples) declares their check as ``features["study_expect"]``::

    play = load_play(get_game("knizia"), "studies/knizia-taking-a-helmet.toml")   # StudyError: every problem
    play.states[k]                         # the position of step k (0-based)
    play.judge(k, "H3@HO46")               # Verdict: accepted, known wrong (its feedback), other, illegal
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from ..i18n import Domain
from .game import Game, get_game
from .limits import read_text
from .study_format import GAME_TITLES, LineMap, Problem, Study, StudyError, Texts, loads_study, path_text

T = Domain("ui")

ACCEPTED, WRONG, OTHER, ILLEGAL, UNREADABLE = "accepted", "wrong", "other", "illegal", "unreadable"
#: The game's check of a study's expectations (``expect``, ``variant``): play → (step or None, path, problem)s
ExpectCheck = Callable[["StudyPlay"], "list[tuple[int | None, tuple, str]]"]


@dataclass(frozen=True)
class StudyBoardSpec:
    """What a game moving pieces from cell to cell declares for the study player's board
    (``features["study_board"]``; ``ui/study_player.py``)."""

    css_class: str  #: the class of the board's canvas in the page
    #: the move from one cell to another, legal or not: a refused try is then judged in the rules' words
    move: Callable[[int, int], Any] | None = None


def game_title(name: str) -> str:
    """A game's name in the messages (English: translated where shown)."""
    return GAME_TITLES.get(name) or get_game(name).title


def loads_play(game: Game, text: str, name: str = "") -> "StudyPlay":
    """A study file's text, read and checked against ``game`` (StudyError listing every problem, with lines)."""
    return StudyPlay.from_text(text, game, name)


def load_play(game: Game, path: str | Path) -> "StudyPlay":
    """The study in the file ``path``, read and checked against ``game``."""
    p = Path(path)
    return loads_play(game, read_text(p, "study"), p.name)


@dataclass(frozen=True)
class Verdict:
    """How a try at a question was judged: ``kind`` (accepted, wrong, other, illegal, unreadable), the
    teacher's feedback for it (the ``right`` text or a known wrong answer's), the rules' reason."""

    kind: str
    feedback: Texts | None = None
    reason: str = ""

    @property
    def accepted(self) -> bool:
        return self.kind == ACCEPTED


class StudyPlay:
    """A study with every step's position (``states``), checked against its game's rules."""

    def __init__(self, study: Study, game: Game, text: str | None = None) -> None:
        self.study = study
        self.game = game
        self._lines = LineMap(text) if text is not None else None
        self.problems: list[Problem] = []
        self.states: tuple[Any, ...] = ()
        self.moves: list[list[Any]] = []  # per step: the accepted answers, read
        self.wrong_moves: list[list[Any]] = []
        self._check()
        if self.problems:
            raise StudyError(self.problems)

    @classmethod
    def from_text(cls, text: str, game: Game, name: str = "") -> "StudyPlay":
        """Read and check a study file's text (StudyError listing every problem, format and rules)."""
        return cls(loads_study(text, name), game, text)

    def __len__(self) -> int:
        return len(self.study.steps)

    # --- checking ------------------------------------------------------------------------------
    def _bad(self, k: int | None, path: tuple, message: str) -> None:
        full = path if k is None else ("step", k, *path)
        if self._lines is not None:
            line = self._lines.line(*full)
        else:
            line = (self.study.steps[k - 1].line if k else 0) or 1
        self.problems.append(Problem(path_text(full), message, line, self.study.name))

    def _check(self) -> None:
        study, game = self.study, self.game
        if study.game != game.name:
            words = T.gettext("this study is for {game}, not for {this}: open it in that game's app")
            self._bad(None, ("game",), words.format(game=T.gettext(game_title(study.game)),
                                                    this=T.gettext(game_title(game.name))))
            return
        states: list[Any] = []
        state: Any = None
        for k, step in enumerate(study.steps, start=1):
            if step.position is not None:
                try:
                    state = game.from_position(step.position)
                    self._check_edition(k, ("position",), state)
                except ValueError as e:
                    self._bad(k, ("position",), _first_line(e))
                    state = None
            for n, text in enumerate(step.play, start=1):
                if state is None:
                    break
                try:
                    move = game.parse_action(state, text)
                    reason = game.why_illegal(state, move)
                    if reason:
                        raise ValueError(reason)
                    state = game.apply_action(state, move)
                except ValueError as e:
                    self._bad(k, ("play",), T.gettext("move {n} {move}: {problem}").format(
                        n=n, move=repr(text), problem=_first_line(e)))
                    state = None
            states.append(state)
            if state is None:
                self.moves.append([])
                self.wrong_moves.append([])
                continue
            for cell in step.marks.cells + tuple(c for a in step.marks.arrows for c in a):
                self._read(k, ("marks",), game.read_cell, state, cell)
            accepted, wrong = [], []
            q = step.question
            if q is not None:
                for text in q.accept:
                    move = self._read(k, ("question", "accept"), game.parse_action, state, text)
                    if move is None:
                        continue
                    reason = game.why_illegal(state, move)
                    if reason:
                        self._bad(k, ("question", "accept"), T.gettext(
                            "{move} is not legal in this step's position: {reason}").format(
                            move=repr(text), reason=_first_line(reason)))
                    accepted.append(move)
                for w in q.wrong:
                    move = self._read(k, ("question", "wrong"), game.parse_action, state, w.answer)
                    if move is None:
                        continue
                    if move in accepted:
                        self._bad(k, ("question", "wrong"), T.gettext("{answer} is also an accepted answer").format(
                            answer=repr(w.answer)))
                    wrong.append(move)
            self.moves.append(accepted)
            self.wrong_moves.append(wrong)
            if step.refused:
                self._check_refused(k, state, step.refused)
        self.states = tuple(states)
        self._check_variants()

    def _read(self, k: int, path: tuple, read: Callable[[Any, str], Any], state: Any, text: str) -> Any:
        """``read(state, text)``, or None with its problem reported."""
        try:
            return read(state, text)
        except ValueError as e:
            self._bad(k, path, f"{text!r}: {_first_line(e)}")
            return None

    def _check_edition(self, k: int | None, path: tuple, state: Any) -> None:
        edition, study = self.game.edition_of(state), self.study.edition
        if study and edition not in (None, study):
            self._bad(k, path, T.gettext("the position is of the {edition} edition, the study of the {study} edition"
                                         ).format(edition=edition, study=study))

    def _check_refused(self, k: int, state: Any, text: str) -> None:
        try:
            reason = self.game.why_illegal(state, self.game.parse_action(state, text))
        except ValueError as e:
            reason = _first_line(e)
        if not reason:
            self._bad(k, ("refused",), T.gettext("{move} is legal in this step's position: a refused move is one "
                                                 "the rules refuse").format(move=repr(text)))

    def _check_variants(self) -> None:
        study, game = self.study, self.game
        for n, v in enumerate(study.variants, start=1):
            try:
                self._check_edition(None, ("variant", n, "position"), game.from_position(v.position))
            except ValueError as e:
                self._bad(None, ("variant", n, "position"), _first_line(e))
        expects = study.variants or any(s.expect is not None for s in study.steps)
        if self.problems or not expects:
            return
        check_expect: ExpectCheck | None = game.features.get("study_expect")
        if check_expect is None:
            self._bad(None, ("expect",), T.gettext("this game's studies have no expectations"))
            return
        for k, path, message in check_expect(self):
            self._bad(k, path, message)

    # --- playing -------------------------------------------------------------------------------
    def judge(self, k: int, answer: Any) -> Verdict:
        """Judge a try (a move or its notation) at the question of step ``k`` (0-based)."""
        q = self.study.steps[k].question
        if q is None:
            raise ValueError(T.gettext("step {k} has no question").format(k=k + 1))
        state = self.states[k]
        if isinstance(answer, str):
            try:
                answer = self.game.parse_action(state, answer)
            except ValueError as e:
                return Verdict(UNREADABLE, reason=_first_line(e))
        if answer in self.moves[k]:
            return Verdict(ACCEPTED, q.right)
        reason = self.game.why_illegal(state, answer)
        for w, move in zip(q.wrong, self.wrong_moves[k]):
            if move == answer:
                return Verdict(WRONG, w.feedback, reason or "")
        return Verdict(ILLEGAL, reason=_first_line(reason)) if reason else Verdict(OTHER)

    def after(self, k: int, answer: Any) -> Any:
        """The position after an accepted answer to step ``k`` (0-based)."""
        state = self.states[k]
        move = self.game.parse_action(state, answer) if isinstance(answer, str) else answer
        return self.game.apply_action(state, move)


def _first_line(e: object) -> str:
    text = str(e).strip()
    return text.splitlines()[0] if text else type(e).__name__
