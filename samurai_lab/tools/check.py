"""``samurai-lab check [PATH...]``: check scenario, study, puzzle and lesson files (none given: the bundled ones).

Puzzles (``puzzles/README.md``) are proved again by ``tools.puzzles.check_puzzle_files``; the lesson file
(``[[chapter]]`` at its top) is read and each of its tasks solved by legal actions under both editions.

Each file says its game in a top-level ``game = "..."`` key (Knizia's game when it has none);
Knizia's files go through its own report (``knizia.scenarios.check``), the other games' through
their ``check_file``. Exit status 0 when all pass, 1 when an expectation fails, 2 when a file is
invalid or unreadable.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Iterable, TextIO

from ..common.game import DEFAULT_GAME, Game, game_names, get_game
from ..common.limits import MAX_BYTES, FileTooBig, loads_toml, read_text, tomllib  # tomli on Python 3.10
from ..common.puzzle_file import puzzles_dir
from ..common.records import RecordError, header_game, read_record
from ..common.resources import scenarios_dir
from ..common.study_files import studies_dir
from ..common.study_format import is_study
from ..knizia.core.ruleset import EDITION_1998, EDITION_2015
from ..knizia.scenarios import check as knizia_check
from ..knizia.scenarios.validate import state_problems
from ..knizia.teaching.lessons import LESSON_FILE, load_lesson, solve
from .check_studies import check_study_files

HELP, add_arguments = knizia_check.HELP, knizia_check.add_arguments


def _text(path: Path) -> str | None:
    """The text of a file no larger than the largest kind of file may be; None when it cannot be read (or is
    larger: the checker it then goes to refuses it by its size)."""
    try:
        return read_text(path, max(MAX_BYTES, key=MAX_BYTES.__getitem__)) if path.is_file() else None
    except (OSError, ValueError):  # unreadable, not UTF-8, too big
        return None


def kind_of(path: Path) -> tuple[str, str]:
    """(kind, game) of a file, its text read and parsed once: the kind is ``study`` (``study = 1`` at its
    top), ``puzzle`` (``goal``, ``answer`` and ``themes`` at its top), ``lesson`` (``[[chapter]]``) or ``file``
    (a scenario or a game record); the game is a scenario's ``game`` key or a record's ``[Game "..."]``
    header (Knizia's game when neither is there or the file is unreadable: its checker then reports the
    file's problems)."""
    text = _text(path)
    if text is None:
        return "file", DEFAULT_GAME
    try:
        data = loads_toml(text)
    except tomllib.TOMLDecodeError:
        return ("study" if is_study(text) else "file"), header_game(text) or DEFAULT_GAME
    name = data.get("game", DEFAULT_GAME)
    name = name if isinstance(name, str) else f"{name!r}"
    if "study" in data:
        return "study", name
    if "chapter" in data:
        return "lesson", name
    return ("puzzle" if {"goal", "answer", "themes"} <= set(data) else "file"), name


def game_of(path: Path) -> str:
    """The game of a file (see :func:`kind_of`)."""
    return kind_of(path)[1]


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files as given, folders searched recursively for ``*.toml`` of every game (sorted)."""
    return [f for p in map(Path, paths) for f in (sorted(p.rglob("*.toml")) if p.is_dir() else [p])]


def check_paths(paths: Iterable[str | Path], out: TextIO = sys.stdout, verbose: bool = False) -> int:
    """Check files and folders of any game, print the report, return the exit status."""
    files = scenario_files(paths)
    if not files:
        print("no scenario files found", file=out)
        return 2
    kinds = {f: kind_of(f) for f in files}
    studies = [f for f in files if kinds[f][0] == "study"]
    status = check_study_files(studies, out, verbose) if studies else 0
    for f in [f for f in files if kinds[f][0] == "lesson"]:
        status = max(status, check_lesson_file(f, out, verbose))
    puzzles = [f for f in files if kinds[f][0] == "puzzle"]
    files = [f for f in files if kinds[f][0] == "file"]
    if puzzles:
        from .puzzles import check_puzzle_files
        status = max(status, check_puzzle_files(puzzles, out, verbose))
    by_game: dict[str, list[Path]] = {}
    for f in files:
        by_game.setdefault(kinds[f][1], []).append(f)
    for name, group in by_game.items():
        if name == DEFAULT_GAME:
            status = max(status, knizia_check.check_paths(group, out=out, verbose=verbose))
            continue
        if name not in game_names():
            for f in group:
                print(f"INVALID  {f}\n    game: unknown game {name}; choose one of {', '.join(game_names())}", file=out)
            status = 2
            continue
        game = get_game(name)
        passed = 0
        for f in group:
            kind = "record" if f.suffix.lower() != ".toml" else "scenario"
            if f.stat().st_size > MAX_BYTES[kind]:  # an invalid file, refused before it is read
                print(f"INVALID  {f}\n    {FileTooBig(str(f), f.stat().st_size, MAX_BYTES[kind])}", file=out)
                status = 2
                continue
            ok, lines = check_record(game, f) if kind == "record" else \
                importlib.import_module(f"samurai_lab.{name}.scenarios.check").check_file(f)
            passed += ok
            print(f"{'ok' if ok else 'FAILED':<8} {f}", file=out)
            for line in lines if (verbose or not ok) else ():
                print(f"    {line}", file=out)
            status = max(status, 0 if ok else 1)
        print(f"{len(group)} {game.title} files: {passed} ok, {len(group) - passed} failed", file=out)
    return status


def check_lesson_file(path: Path, out: TextIO, verbose: bool = False) -> int:
    """Read a lesson file, check each task's position and solve it by legal actions under both editions; print
    the report (the file's line only when it fails or ``verbose``); 0 when it passes, 1 when a task fails, 2
    when the file is invalid."""
    try:
        chapters = load_lesson(path.read_text(encoding="utf-8"), path.name)
    except (OSError, ValueError) as e:  # unreadable, not UTF-8, not a lesson (LessonError)
        print(f"INVALID  {path}\n    {e}", file=out)
        return 2
    tasks = [t for ch in chapters for t in ch.tasks]
    problems = []
    for edition in (EDITION_1998, EDITION_2015):
        for t in tasks:
            found = state_problems(t.position(edition)) or ([] if solve(t, edition) else ["no legal actions solve it"])
            problems += [f"task {t.id}, {edition.edition} rules: {p}" for p in found]
    if problems or verbose:
        print(f"{'ok' if not problems else 'FAILED':<8} {path}", file=out)
    for line in problems:
        print(f"    {line}", file=out)
    print(f"1 lesson: {len(chapters)} chapters, {len(tasks)} tasks, {len(problems)} problems", file=out)
    return 1 if problems else 0


def check_record(game: Game, path: Path) -> tuple[bool, list[str]]:
    """(ok, report lines) for one game record, replayed move by move."""
    try:
        record = read_record(game, path)
    except RecordError as e:
        return False, [f"{path}: FAILED", f"  {e}"]
    return True, [f"{path}: {len(record.moves)} moves replayed, result {record.result}: ok"]


def run(args: argparse.Namespace) -> int:
    bundled = [scenarios_dir(), studies_dir(), LESSON_FILE] + [p for p in [puzzles_dir()] if p.is_dir()]
    return check_paths(args.paths or bundled, out=sys.stdout, verbose=getattr(args, "verbose", False))
