"""Studies: a teacher's list of steps, read from and written to one TOML file (``studies/README.md``), for any
of the games.

A step is a position (a position string of its game, or moves played from the previous step's), its words
(short markdown, one text per language, English required), optional marks (cells and arrows from one cell to
another) and an optional question (accepted answers, feedback for tempting wrong ones, a hint). This module
knows no game: it reads the file into :class:`Study` (every problem of the file listed in one
:class:`StudyError`, each with its line) and writes it back, so that ``loads_study(dumps_study(s)) == s``;
``study_model.py`` checks the steps against the rules of the game the study names.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterable, Mapping

from ..i18n import N_, Domain
from .game import DEFAULT_GAME, game_names
from .limits import MAX_PROBLEMS, FileTooBig, check_size, loads_toml, more_problems, read_text, tomllib

T = Domain("ui")

#: The version this module reads and writes (the file's ``study`` key).
FORMAT_VERSION = 1
#: The bundled games' names in the messages of a study's check (another game is named by its title).
GAME_TITLES = {"knizia": N_("Reiner Knizia's Samurai"), "katana": N_("Samurai of rulebook 003 (Katana)"),
               "ikizumari": N_("Samouraï of rulebook 004 (Iki-zumari)")}
#: The languages a text may be written in (English is required).
LANGUAGES = ("en", "it", "es", "ru", "fr")
#: Longest title (characters), and most steps in one study.
MAX_TITLE = 120
MAX_STEPS = 200

WRONG_EXAMPLE = '{ answer = "...", feedback = { en = "..." } }'
TOP_KEYS = ("study", "game", "edition", "title", "description", "step", "source", "variant")
STEP_KEYS = ("position", "play", "text", "marks", "question", "refused", "expect")
SOURCE_KEYS = ("seed", "language", "text")
VARIANT_KEYS = ("name", "description", "position", "expect", "steps")
MARK_KEYS = ("cells", "arrows")
QUESTION_KEYS = ("prompt", "accept", "wrong", "hint", "right")
WRONG_KEYS = ("answer", "feedback")


# --- the model --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Texts:
    """One text in several languages: ``(("en", "..."), ("it", "..."))``, English first."""

    items: tuple[tuple[str, str], ...]

    @classmethod
    def english(cls, text: str) -> "Texts":
        return cls((("en", text),))

    def get(self, lang: str) -> str:
        """The text in ``lang`` (``it`` or ``it_IT``), else in English."""
        found = dict(self.items)
        return found.get(lang, found.get(lang.split("_")[0].split("-")[0], found.get("en", "")))

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(lang for lang, _ in self.items)

    def with_text(self, lang: str, text: str) -> "Texts":
        """These texts with ``lang``'s replaced (an empty text removes that language)."""
        found = {k: v for k, v in self.items if k != lang}
        if text.strip():
            found[lang] = text
        return Texts(_ordered(found))


@dataclass(frozen=True)
class Marks:
    """Cells to highlight (hexes or squares, as the game names them) and arrows (from, to)."""

    cells: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cells or self.arrows)


@dataclass(frozen=True)
class Wrong:
    """A tempting wrong answer and what to say to it."""

    answer: str
    feedback: Texts


@dataclass(frozen=True)
class Question:
    """A question on a step's position: the answers are moves (or cells) in the game's notation."""

    prompt: Texts
    accept: tuple[str, ...]
    wrong: tuple[Wrong, ...] = ()
    hint: Texts | None = None
    right: Texts | None = None


@dataclass(frozen=True)
class Step:
    """One step: a position (``position``, or ``play``ed from the previous step's), its words, marks, question."""

    text: Texts
    position: str | None = None
    play: tuple[str, ...] = ()
    marks: Marks = Marks()
    question: Question | None = None
    line: int = field(default=0, compare=False)
    refused: str | None = None  #: a move the rules refuse in this position (the step says why)
    expect: Mapping[str, Any] | None = None  #: what must hold after the step, in the game's terms


@dataclass(frozen=True)
class Source:
    """A rulebook's own sentences, quoted in their language: ``seed`` names the rulebook (``000``)."""

    seed: str
    language: str
    text: str


@dataclass(frozen=True)
class Variant:
    """The same steps under other rules: the first step's ``position`` with those rules, and what must
    hold after the last step (``expect``) and after other steps (``steps``: step number → table)."""

    name: str
    position: str
    description: Texts | None = None
    expect: Mapping[str, Any] | None = None
    steps: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Study:
    """A study: its game (and Knizia's edition), title, description and steps."""

    game: str
    title: Texts
    steps: tuple[Step, ...]
    description: Texts | None = None
    edition: str | None = None
    name: str = field(default="", compare=False)
    sources: tuple[Source, ...] = ()  #: the rulebook's own sentences the study shows
    variants: tuple[Variant, ...] = ()  #: the same steps under other rule options

    def languages(self) -> tuple[str, ...]:
        """The languages every text of the study is written in."""
        texts = [self.title, *(s.text for s in self.steps),
                 *(s.question.prompt for s in self.steps if s.question is not None)]
        common = set(LANGUAGES).intersection(*(t.languages for t in texts))
        return tuple(lang for lang in LANGUAGES if lang in common)


# --- problems ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Problem:
    """One problem of a study file: where (``step 2: question.accept``), its line, and what is wrong."""

    where: str
    message: str
    line: int | None = None
    file: str = ""

    def __str__(self) -> str:
        at = ":".join(x for x in (self.file, str(self.line) if self.line else "") if x)
        return "".join(f"{x}: " for x in (at, self.where) if x) + self.message


class StudyError(ValueError):
    """Every problem of a study, in one error (``problems``), one a line when shown."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = list(problems)
        if len(self.problems) > MAX_PROBLEMS:
            self.problems[MAX_PROBLEMS:] = [Problem("", more_problems(len(self.problems) - MAX_PROBLEMS))]
        super().__init__("\n".join(map(str, self.problems)))


# --- where each key is written ----------------------------------------------------------------
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\" -]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


class LineMap:
    """The line of each table and key of a TOML text, by path: ``("step", 2, "question", "accept")``.

    Good enough for the files people write: ``[[step]]`` arrays are counted, keys found at the start
    of a line (not inside multi-line strings); a path not found falls back to its nearest parent."""

    def __init__(self, text: str) -> None:
        self.lines: dict[tuple, int] = {(): 1}
        counts: dict[tuple, int] = {}
        table: tuple = ()
        in_string: str | None = None
        for n, raw in enumerate(text.splitlines(), start=1):
            if in_string is not None:
                if raw.count(in_string) % 2 == 1:
                    in_string = None
                continue
            header = _HEADER.match(raw)
            if header:
                names = tuple(p.strip().strip('"') for p in header[2].split("."))
                path: tuple = ()
                for k, name in enumerate(names):
                    path += (name,)
                    if k == len(names) - 1 and header[1] == "[[":
                        counts[path] = counts.get(path, 0) + 1
                    if path in counts:
                        path += (counts[path],)
                table = path
                self.lines.setdefault(table, n)
                continue
            key = _KEY.match(raw)
            if key:
                self.lines.setdefault(table + (key[1],), n)
                rest = raw[key.end():]
                in_string = next((quote for quote in ('"""', "'''") if rest.count(quote) % 2 == 1), None)

    def line(self, *path: Any) -> int:
        """The line of ``path``, or of its nearest parent."""
        p = tuple(path)
        while p and p not in self.lines:
            p = p[:-1]
        return self.lines.get(p, 1)


# --- reading ----------------------------------------------------------------------------------
class _Reader:
    def __init__(self, text: str, name: str) -> None:
        self.lines = LineMap(text)
        self.name = name
        self.problems: list[Problem] = []

    def bad(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(path_text(path), message, self.lines.line(*path), self.name))

    def unknown(self, data: Mapping, known: tuple[str, ...], path: tuple) -> None:
        for key in data:
            if key not in known:
                self.bad(path + (key,), T.gettext("unknown key {key} (expected one of {keys})").format(
                    key=repr(key), keys=", ".join(known)))

    def texts(self, value: Any, path: tuple, required: bool = True) -> Texts | None:
        if value is None:
            if required:
                self.bad(path, T.gettext("missing: write it at least in English, e.g. {example}").format(
                    example='{ en = "..." }'))
            return None
        if isinstance(value, str):
            value = {"en": value}
        if not isinstance(value, dict):
            self.bad(path, T.gettext("must be a text or a table of texts by language, not {kind}").format(
                kind=type(value).__name__))
            return None
        ok: dict[str, str] = {}
        for lang, text in value.items():
            if lang not in LANGUAGES:
                self.bad(path + (lang,), T.gettext("unknown language {lang} (one of {langs})").format(
                    lang=repr(lang), langs=", ".join(LANGUAGES)))
            elif not isinstance(text, str) or not text.strip():
                self.bad(path + (lang,), T.gettext("must be a text that is not empty"))
            else:
                ok[lang] = text
        if "en" not in value:
            self.bad(path, T.gettext("the English text (en) is required"))
        return Texts(_ordered(ok)) if ok else None

    def moves(self, value: Any, path: tuple) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.bad(path, T.gettext("must be a move or a list of moves, written as texts"))
            return ()
        return tuple(v.strip() for v in value)

    def marks(self, value: Any, path: tuple) -> Marks:
        if not self.entry(value, path, MARK_KEYS, T.gettext("must be a table: {example}").format(
                example="{ cells = [...], arrows = [[from, to], ...] }")):
            return Marks()
        cells = value.get("cells", [])
        if not isinstance(cells, list) or not all(isinstance(c, str) and c.strip() for c in cells):
            self.bad(path + ("cells",), T.gettext("must be a list of hexes or squares, e.g. {example}").format(
                example='["HO47", "Edo"]'))
            cells = []
        out: list[tuple[str, str]] = []
        arrows = self.array(value, "arrows", path, T.gettext("must be a list of [from, to] pairs"))
        for k, a in enumerate(arrows, start=1):
            if isinstance(a, list) and len(a) == 2 and all(isinstance(c, str) and c.strip() for c in a):
                out.append((a[0].strip(), a[1].strip()))
            else:
                self.bad(path + ("arrows",),
                         T.gettext("arrow {k} must be a pair [from, to] of hexes or squares").format(k=k))
        return Marks(tuple(c.strip() for c in cells), tuple(out))

    def question(self, value: Any, path: tuple) -> Question | None:
        if not self.entry(value, path, QUESTION_KEYS, T.gettext("must be a table [step.question]")):
            return None
        prompt = self.texts(value.get("prompt"), path + ("prompt",))
        accept = self.moves(value.get("accept", []), path + ("accept",))
        if not accept and "accept" in value:
            self.bad(path + ("accept",), T.gettext("give at least one accepted answer"))
        elif "accept" not in value:
            self.bad(path + ("accept",), T.gettext("missing: the accepted answers, e.g. {example}").format(
                example='accept = ["H3@HO46"]'))
        wrongs: list[Wrong] = []
        not_a_list = T.gettext("must be a list of {example}").format(example=WRONG_EXAMPLE)
        for k, w in enumerate(self.array(value, "wrong", path, not_a_list), start=1):
            wpath = path + ("wrong", k)
            refusal = T.gettext("must be a table {example}").format(example=WRONG_EXAMPLE)
            if not self.entry(w, wpath, WRONG_KEYS, refusal):
                continue
            answer = w.get("answer")
            if not isinstance(answer, str) or not answer.strip():
                self.bad(wpath + ("answer",), T.gettext("missing: the wrong answer, as a move"))
                answer = ""
            elif answer.strip() in accept:
                self.bad(wpath + ("answer",), T.gettext("{answer} is also an accepted answer").format(
                    answer=repr(answer.strip())))
            feedback = self.texts(w.get("feedback"), wpath + ("feedback",))
            if answer and feedback is not None:
                wrongs.append(Wrong(answer.strip(), feedback))
        hint = self.texts(value.get("hint"), path + ("hint",), required=False)
        right = self.texts(value.get("right"), path + ("right",), required=False)
        if prompt is None:
            return None
        return Question(prompt, accept, tuple(wrongs), hint, right)

    def entry(self, value: Any, path: tuple, keys: tuple[str, ...], refusal: str) -> bool:
        """Whether ``value`` is an entry's table (``refusal`` said if not); its unknown keys are reported."""
        if not isinstance(value, dict):
            self.bad(path, refusal)
            return False
        self.unknown(value, keys, path)
        return True

    def step(self, value: Any, k: int) -> Step | None:
        path = ("step", k)
        if not self.entry(value, path, STEP_KEYS, T.gettext("must be a table [[step]]")):
            return None
        position = value.get("position")
        if position is not None and (not isinstance(position, str) or not position.strip()):
            self.bad(path + ("position",), T.gettext("must be a position string of the game"))
            position = None
        play = self.moves(value["play"], path + ("play",)) if "play" in value else ()
        if k == 1 and position is None and "position" not in value:
            self.bad(path, T.gettext("the first step needs a position ({example})").format(example='position = "..."'))
        text = self.texts(value.get("text"), path + ("text",))
        marks = self.marks(value["marks"], path + ("marks",)) if "marks" in value else Marks()
        question = self.question(value["question"], path + ("question",)) if "question" in value else None
        refused = value.get("refused")
        if refused is not None and (not isinstance(refused, str) or not refused.strip() or "play" in value):
            self.bad(path + ("refused",), T.gettext("must be one move, written as a text, in a step without play"))
            refused = None
        expect = self.table(value["expect"], path + ("expect",)) if "expect" in value else None
        if text is None:
            return None
        return Step(text, position.strip() if position else None, play, marks, question, self.lines.line(*path),
                    refused.strip() if refused else None, expect)

    def table(self, value: Any, path: tuple) -> dict | None:
        if not isinstance(value, dict):
            self.bad(path, T.gettext("must be a table: {example}").format(example="{ key = value, ... }"))
            return None
        return value

    def source(self, value: Any, k: int) -> Source | None:
        path = ("source", k)
        if not self.entry(value, path, SOURCE_KEYS, T.gettext("must be a table [[source]]")):
            return None
        seed, language, text = (value.get(key) for key in SOURCE_KEYS)
        if not all(isinstance(v, str) and v.strip() for v in (seed, language, text)):
            self.bad(path, T.gettext("give the rulebook's {seed}, the quotation's {language} and its {text}").format(
                seed="seed", language="language", text="text"))
            return None
        if language not in LANGUAGES:
            self.bad(path + ("language",), T.gettext("unknown language {lang} (one of {langs})").format(
                lang=repr(language), langs=", ".join(LANGUAGES)))
        return Source(seed.strip(), language.strip(), text.strip())

    def variant(self, value: Any, k: int, n_steps: int) -> Variant | None:
        path = ("variant", k)
        if not self.entry(value, path, VARIANT_KEYS, T.gettext("must be a table [[variant]]")):
            return None
        name, position = value.get("name"), value.get("position")
        if not isinstance(name, str) or not name.strip():
            self.bad(path + ("name",), T.gettext("missing: the variant's name"))
        if not isinstance(position, str) or not position.strip():
            self.bad(path + ("position",), T.gettext("must be a position string of the game"))
        description = self.texts(value.get("description"), path + ("description",), required=False)
        expect = self.table(value["expect"], path + ("expect",)) if "expect" in value else None
        steps: dict[int, Mapping[str, Any]] = {}
        for number, table in (self.table(value.get("steps", {}), path + ("steps",)) or {}).items():
            if not str(number).isdigit() or not 1 <= int(number) <= n_steps:
                self.bad(path + ("steps", number), T.gettext("a step number from 1 to {n}").format(n=n_steps))
            elif self.table(table, path + ("steps", number)) is not None:
                steps[int(number)] = table
        if not isinstance(name, str) or not isinstance(position, str) or not name.strip() or not position.strip():
            return None
        return Variant(name.strip(), position.strip(), description, expect, steps)

    def study(self, data: dict) -> Study | None:
        self.unknown(data, TOP_KEYS, ())
        version = data.get("study")
        if version != FORMAT_VERSION:
            self.bad(("study",), (T.gettext("write {line} at the top (the format's version)").format(
                line=f"study = {FORMAT_VERSION}")
                      + (T.gettext(", not {value}").format(value=repr(version)) if version is not None else "")))
        game = data.get("game", DEFAULT_GAME)
        if game not in game_names():
            self.bad(("game",), T.gettext("unknown game {game} (one of {games})").format(
                game=repr(game), games=", ".join(game_names())))
            game = DEFAULT_GAME
        edition = data.get("edition")
        if edition is not None and (game != "knizia" or edition not in ("1998", "2015")):
            self.bad(("edition",), T.gettext("an edition is \"1998\" or \"2015\", and only Knizia's game has one"))
            edition = None
        title = self.texts(data.get("title"), ("title",))
        if title is not None:
            for lang, t in title.items:
                if len(t) > MAX_TITLE or "\n" in t.strip():
                    self.bad(("title", lang), T.gettext("a title is one line of at most {most} characters").format(
                        most=MAX_TITLE))
        description = self.texts(data.get("description"), ("description",), required=False)
        raw = data.get("step", [])
        if not isinstance(raw, list) or not raw:
            self.bad(("step",), T.gettext("a study has at least one step ([[step]])"))
            raw = raw if isinstance(raw, list) else []
        if len(raw) > MAX_STEPS:
            self.bad(("step",), T.gettext("a study has at most {most} steps (this one has {n})").format(
                most=MAX_STEPS, n=len(raw)))
        steps = [self.step(s, k) for k, s in enumerate(raw, start=1)]
        sources = [self.source(s, k) for k, s in enumerate(self.array(data, "source"), start=1)]
        variants = [self.variant(v, k, len(raw)) for k, v in enumerate(self.array(data, "variant"), start=1)]
        if title is None or any(s is None for s in steps):
            return None
        return Study(game, title, tuple(steps), description,
                     str(edition) if edition else None, sources=tuple(s for s in sources if s is not None),
                     variants=tuple(v for v in variants if v is not None))

    def array(self, data: dict, key: str, path: tuple = (), refusal: str | None = None) -> list:
        """``data[key]``, a list (none when missing); ``refusal`` said when it is not a list."""
        value = data.get(key, [])
        if not isinstance(value, list):
            self.bad(path + (key,), refusal or T.gettext("must be a list of tables [[{key}]]").format(
                key=key))
            return []
        return value


def loads_study(text: str, name: str = "") -> Study:
    """The study written in ``text`` (StudyError listing every problem of its format, with lines)."""
    try:
        check_size(text, "study", name)
        data = loads_toml(text)
    except FileTooBig as e:
        raise StudyError([Problem("", e.reason, None, name)]) from None
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise StudyError([Problem("", T.gettext("not valid TOML: {error}").format(
            error=e), int(m[1]) if m else None, name)]) from None
    reader = _Reader(text, name)
    study = reader.study(data)
    if reader.problems or study is None:
        raise StudyError(reader.problems or [Problem("", T.gettext("not a study"), 1, name)])
    return replace(study, name=name)


def load_study(path: str | Path) -> Study:
    """The study in the file ``path`` (StudyError naming the file in each problem)."""
    p = Path(path)
    try:
        text = read_text(p, "study")
    except UnicodeDecodeError:
        raise StudyError([Problem("", T.gettext("the file is not UTF-8 text"), None, p.name)]) from None
    except FileTooBig as e:
        raise StudyError([Problem("", e.reason, None, p.name)]) from None
    return loads_study(text, p.name)


def is_study(text: str) -> bool:
    """Does this TOML text declare itself a study (a top-level ``study`` key)?"""
    try:
        return "study" in loads_toml(text)
    except tomllib.TOMLDecodeError:
        return bool(re.search(r"^\s*study\s*=", text, re.M))


def study_game(text: str) -> str:
    """The game a study text names (the default game when it names none, an unknown one or cannot be read)."""
    try:
        game = loads_toml(text).get("game", DEFAULT_GAME)
    except tomllib.TOMLDecodeError:
        return DEFAULT_GAME
    return game if game in game_names() else DEFAULT_GAME


# --- writing ----------------------------------------------------------------------------------
def _s(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _texts(t: Texts) -> str:
    return "{ " + ", ".join(f"{lang} = {_s(v)}" for lang, v in t.items) + " }"


def toml_value(v: Any) -> str:
    """A value as inline TOML (a game's table ``expect``, a puzzle file's values)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return str(v)
    if isinstance(v, str):
        return _s(v)
    if isinstance(v, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {toml_value(x)}" for k, x in v.items()) + " }" if v else "{}"
    return "[" + ", ".join(toml_value(x) for x in v) + "]"


def _key(k: Any) -> str:
    return str(k) if re.fullmatch(r"[A-Za-z0-9_-]+", str(k)) else _s(str(k))


def _lines(*pairs: tuple[str, Any]) -> list[str]:
    """``key = value`` of each pair whose value is not None, as inline TOML (a text as a table by language)."""
    return [f"{key} = {_texts(v) if isinstance(v, Texts) else toml_value(v)}" for key, v in pairs if v is not None]


def dumps_study(study: Study) -> str:
    """The study as TOML text, as :func:`loads_study` reads it back."""
    out = _lines(("study", FORMAT_VERSION), ("game", study.game), ("edition", study.edition or None),
                 ("title", study.title), ("description", study.description))
    for step in study.steps:
        marks = {key: cells for key, cells in (("cells", step.marks.cells), ("arrows", step.marks.arrows)) if cells}
        out += ["", "[[step]]", *_lines(("position", step.position), ("play", step.play or None), ("text", step.text),
                                        ("marks", marks or None), ("refused", step.refused or None),
                                        ("expect", step.expect))]
        q = step.question
        if q is not None:
            out += ["", "[step.question]", *_lines(("prompt", q.prompt), ("accept", q.accept), ("hint", q.hint),
                                                   ("right", q.right))]
            for w in q.wrong:
                out += ["", "[[step.question.wrong]]", *_lines(("answer", w.answer), ("feedback", w.feedback))]
    for s in study.sources:
        out += ["", "[[source]]", *_lines(("seed", s.seed), ("language", s.language), ("text", s.text))]
    for v in study.variants:
        out += ["", "[[variant]]", *_lines(("name", v.name), ("description", v.description), ("position", v.position),
                                           ("expect", v.expect), ("steps", v.steps or None))]
    return "\n".join(out) + "\n"


def save_study(study: Study, path: str | Path) -> str:
    """Write ``study`` into ``path``; returns the text written."""
    text = dumps_study(study)
    Path(path).write_text(text, encoding="utf-8")
    return text


# --- helpers ----------------------------------------------------------------------------------
def _ordered(found: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple((lang, found[lang]) for lang in LANGUAGES if lang in found)


def path_text(path: tuple) -> str:
    """``("step", 2, "question", "accept")`` → ``step 2: question.accept``."""
    if not path:
        return ""
    if path[0] == "step" and len(path) > 1 and isinstance(path[1], int):
        rest = ".".join(str(p) if not isinstance(p, int) else f"[{p}]" for p in path[2:]).replace(".[", "[")
        return T.gettext("step {k}").format(k=path[1]) + (f": {rest}" if rest else "")
    return ".".join(str(p) for p in path)
