"""``samurai-lab check`` for study files (``study = 1`` at their top): each study read, its
positions, marks and answers checked against the rules of its game (the registry's, ``common/game.py``),
every problem with its line."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from ..common.game import get_game
from ..common.limits import capped, read_text
from ..common.study_format import StudyError, study_game
from ..common.study_model import StudyPlay


def check_study_file(path: Path) -> tuple[bool, list[str]]:
    """(passed, the problems or a summary) of one study file."""
    try:
        text = read_text(path, "study")
    except (OSError, UnicodeDecodeError) as e:
        return False, [f"cannot read the file: {e}"]
    except ValueError as e:  # larger than a study may be
        return False, [str(e)]
    try:  # an unknown game is read as the default one: the format's check names it
        play = StudyPlay.from_text(text, get_game(study_game(text)), path.name)
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
        for line in capped(lines) if (verbose or not ok) else ():
            print(f"    {line}", file=out)
    print(f"{len(files)} study files: {passed} ok, {len(files) - passed} invalid", file=out)
    return 0 if passed == len(files) else 2
