"""``samurai-lab check PATH...``: check scenario files of every game.

Each file says its game in a top-level ``game = "..."`` key (Knizia's game when it has none);
Knizia's files go through its own report (``knizia.scenarios.check``), the other games' through
their ``check_file``. Exit status 0 when all pass, 1 when an expectation fails, 2 when a file is
invalid or unreadable.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Iterable, TextIO

from ..knizia.scenarios import check as knizia_check
from .games import DEFAULT_GAME, GAMES, game

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

HELP = knizia_check.HELP


def add_arguments(parser: argparse.ArgumentParser) -> None:
    knizia_check.add_arguments(parser)


def game_of(path: Path) -> str:
    """The ``game`` key of a scenario file (Knizia's game when absent or unreadable: its checker
    then reports the file's problems)."""
    try:
        name = tomllib.loads(path.read_text(encoding="utf-8")).get("game", DEFAULT_GAME)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return DEFAULT_GAME
    return name if isinstance(name, str) else f"{name!r}"


def check_paths(paths: Iterable[str | Path], out: TextIO = sys.stdout, verbose: bool = False) -> int:
    """Check files and folders of any game, print the report, return the exit status."""
    files = knizia_check.scenario_files(paths)
    if not files:
        print("no scenario files found", file=out)
        return 2
    by_game: dict[str, list[Path]] = {}
    for f in files:
        by_game.setdefault(game_of(f) if f.is_file() else DEFAULT_GAME, []).append(f)
    status = 0
    for name, group in by_game.items():
        if name == DEFAULT_GAME:
            status = max(status, knizia_check.check_paths(group, out=out, verbose=verbose))
            continue
        if name not in GAMES:
            for f in group:
                print(f"INVALID  {f}\n    game: unknown game {name}; choose one of {', '.join(GAMES)}", file=out)
            status = 2
            continue
        checker = game(name).module("scenarios.check")
        for f in group:
            ok, lines = checker.check_file(f)
            print(f"{'ok' if ok else 'FAILED':<8} {f}", file=out)
            for line in lines if (verbose or not ok) else ():
                print(f"    {line}", file=out)
            status = max(status, 0 if ok else 1)
    return status


def run(args: argparse.Namespace) -> int:
    return check_paths(args.paths, verbose=getattr(args, "verbose", False))
