"""``samurai-lab check`` for study files (``study = 1`` at their top): each study read, its
positions, marks and answers checked against its game's rules, every problem with its line."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from ..common.study_format import GAME_TITLES, StudyError, study_game
from ..common.study_model import StudyPlay
from .games import game


def check_study_file(path: Path) -> tuple[bool, list[str]]:
    """(passed, the problems or a summary) of one study file."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return False, [f"cannot read the file: {e}"]
    name = study_game(text)
    if name not in GAME_TITLES:
        name = "knizia"  # the format's check names the unknown game
    rules = game(name).module("teaching.study").RULES
    try:
        play = StudyPlay.from_text(text, rules, path.name)
    except StudyError as e:
        return False, [str(p) for p in e.problems]
    questions = sum(s.question is not None for s in play.study.steps)
    return True, [f"{len(play)} steps, {questions} questions, languages {', '.join(play.study.languages())}"]


def check_study_files(files: list[Path], out: TextIO, verbose: bool = False) -> int:
    """Check study files, print the report; 0 when all pass, 2 when one is invalid."""
    passed = 0
    for f in files:
        ok, lines = check_study_file(f)
        passed += ok
        print(f"{'ok' if ok else 'INVALID':<8} {f}", file=out)
        for line in lines if (verbose or not ok) else ():
            print(f"    {line}", file=out)
    print(f"{len(files)} study files: {passed} ok, {len(files) - passed} invalid", file=out)
    return 0 if passed == len(files) else 2
