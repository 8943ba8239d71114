"""``samurai-lab puzzles list|generate``: the puzzles of every game that declares them, and how ``check``
proves them (``common/puzzles.py``).

``list --game G [--json]`` prints id, goal, depth in turns and plies, themes, rating and file;
``generate --game G --count N --seed S`` plays seeded bot games and writes the puzzles found into
``puzzles/<game>/`` (a progress bar on the terminal); ``remake --game G`` makes every file again from its
proof and cuts the set down to the caps (``common/puzzle_set.py``); ``table [--write]`` prints the README's
table of the bundled puzzles (or writes it into ``puzzles/README.md``); :func:`check_puzzle_files` proves
every file again for ``samurai-lab check`` and holds each game's collection to the caps.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from ..common.game import get_game
from ..common.puzzle_file import PuzzleFileError, puzzle_files, puzzles_dir, read_record, write_records
from ..common.puzzle_set import markdown_table, set_problems, within_caps
from ..common.puzzles import load_puzzle, mine, prove, puzzle_games, remake

HELP = "list the puzzles of a game, or generate them again from seeded bot games"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    games = [g.name for g in puzzle_games()]
    sub = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    listing = sub.add_parser("list", help="id, goal, themes, rating and file of each puzzle")
    listing.add_argument("--game", choices=games, default=None, help="one game (default: all)")
    listing.add_argument("--json", action="store_true", help="print a JSON list")
    listing.add_argument("--dir", type=Path, default=None, help="the puzzles folder (default: the bundled one)")
    gen = sub.add_parser("generate", help="mine puzzles from seeded bot games")
    gen.add_argument("--game", choices=games, required=True)
    gen.add_argument("--count", type=int, default=150, help="how many puzzles (default 150)")
    gen.add_argument("--seed", type=int, default=1, help="the seed of the games (default 1)")
    gen.add_argument("--dir", type=Path, default=None,
                     help="where to write (default: the bundled puzzles/<game>/; its puzzles of this seed are replaced)")
    again = sub.add_parser("remake", help="make every puzzle file again from its proof, cut the set to the caps")
    again.add_argument("--game", choices=games, required=True)
    again.add_argument("--dir", type=Path, default=None, help="the game's folder (default: the bundled one)")
    table = sub.add_parser("table", help="the table of puzzles/README.md: count, depth, themes, repeats")
    table.add_argument("--write", action="store_true", help="write it into puzzles/README.md")


def listing(folder: Path, name: str | None) -> list[dict]:
    """One row per puzzle: id, game, goal, moves, themes, rating, file."""
    rows = []
    for g in ([name] if name else [g.name for g in puzzle_games()]):
        for path in puzzle_files(folder / g):
            rec = read_record(path)
            rows.append({"id": rec.id, "game": rec.game, "goal": rec.goal, "turns": rec.turns, "plies": rec.plies,
                         "moves": rec.moves, "themes": list(rec.themes), "rating": rec.rating, "file": str(path)})
    return rows


def generate(name: str, count: int, seed: int, folder: Path, out: TextIO | None = None) -> list[Path]:
    """Mine ``count`` puzzles of game ``name`` and write them to ``folder`` (those of the same seed there before
    are removed; other seeds' stay, and a position one of them holds is not written again)."""
    from tqdm import tqdm
    out = out or sys.stderr
    start = time.perf_counter()
    with tqdm(total=count, desc=f"{name} puzzles", unit="puzzle", file=out) as bar:
        records = mine(get_game(name), count, seed, progress=bar.update)
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob(f"{name}-{seed}-*.toml"):  # the same seed's earlier puzzles
        old.unlink()
    known = {read_record(p).position for p in folder.glob("*.toml")}  # other seeds' puzzles
    records = [r for r in records if r.position not in known]  # a position met under another seed is left out
    paths = write_records(records, folder)
    print(f"{len(paths)} {name} puzzles in {time.perf_counter() - start:.0f} s -> {folder}", file=out)
    return paths


def remake_folder(name: str, folder: Path, out: TextIO | None = None) -> list[Path]:
    """Make every puzzle of ``folder`` again from its proof (dropping those whose position makes none now),
    then cut the set down to the caps; the files kept."""
    out = out or sys.stderr
    game = get_game(name)
    paths = puzzle_files(folder)
    made = []
    for path in paths:
        rec = remake(game, read_record(path))
        if rec is None:
            print(f"dropped  {path.name}: its position makes no puzzle of its goal", file=out)
        else:
            made.append(rec)
    kept = within_caps(made)
    for rec in made:
        if rec not in kept:
            print(f"dropped  {rec.id}: over a cap (record, line or theme)", file=out)
    for path in paths:
        path.unlink()
    written = write_records(kept, folder)
    print(f"{len(written)} {name} puzzles kept of {len(paths)}", file=out)
    return written


README_START, README_END = "<!-- puzzle table: samurai-lab puzzles table --write -->", "<!-- end of the table -->"


def readme_table(folder: Path | None = None) -> str:
    """The table of the bundled puzzles (or those in ``folder``) as the README shows it."""
    from ..common.puzzle_file import game_records
    return markdown_table({g.name: game_records(g.name, folder) for g in puzzle_games()
                           if game_records(g.name, folder)})


def write_readme_table(readme: Path) -> None:
    """Put the table between its markers in ``readme``."""
    text = readme.read_text(encoding="utf-8")
    head, rest = text.split(README_START, 1)
    _, tail = rest.split(README_END, 1)
    readme.write_text(f"{head}{README_START}\n{readme_table(readme.parent)}{README_END}{tail}", encoding="utf-8")


def check_puzzle_files(files: list[Path], out: TextIO | None = None, verbose: bool = False) -> int:
    """Prove every puzzle file again; print one line each and the time; 0 all proved, 1 one not, 2 unreadable."""
    out = out or sys.stdout
    status = 0
    start = time.perf_counter()
    proved = 0
    by_game: dict[str, list] = {}
    for path in files:
        try:
            rec = read_record(path)
            game = get_game(rec.game)
            by_game.setdefault(rec.game, []).append(rec)
            problems = prove(game, load_puzzle(game, rec))
        except (PuzzleFileError, ValueError) as e:
            print(f"INVALID  {path}\n    {e}", file=out)
            status = 2
            continue
        proved += not problems
        if problems or verbose:
            print(f"{'ok' if not problems else 'FAILED':<8} {path}", file=out)
        for line in problems:
            print(f"    {line}", file=out)
        status = max(status, 1 if problems else 0)
    for name, records in by_game.items():
        for line in set_problems(records):
            print(f"FAILED   {name} puzzles: {line}", file=out)
            status = max(status, 1)
    print(f"{len(files)} puzzles: {proved} proved, {len(files) - proved} not, in "
          f"{time.perf_counter() - start:.1f} s", file=out)
    return status


def run(args: argparse.Namespace) -> int:
    if args.action == "list":
        rows = listing(args.dir or puzzles_dir(), args.game)
        if args.json:
            print(json.dumps(rows, indent=1))
        else:
            for r in rows:
                print(f"{r['id']:<22} {r['goal']:<5} {r['turns']} turn(s) {r['plies']:>2} plies {r['rating']:>5}  "
                      f"{', '.join(r['themes'])}  {r['file']}")
        return 0
    if args.action == "remake":
        remake_folder(args.game, args.dir or puzzles_dir() / args.game)
        return 0
    if args.action == "table":
        if args.write:
            write_readme_table(puzzles_dir() / "README.md")
        else:
            print(readme_table(), end="")
        return 0
    if args.count < 1:
        print("samurai-lab puzzles generate: --count must be at least 1", file=sys.stderr)
        return 2
    generate(args.game, args.count, args.seed, args.dir or puzzles_dir() / args.game)
    return 0
