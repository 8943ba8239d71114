"""Puzzle files (``puzzles/<game>/*.toml``): the fields every game's puzzles share, read and written.

The format is documented in ``puzzles/README.md``. Each game reads the position and the moves with its
own notation; this module only knows the file's shape and the games' names (standard library only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .game import game_names
from .limits import FileTooBig, capped, loads_toml, read_text
from .study_format import toml_value

_REQUIRED = ("game", "id", "title", "position", "goal", "answer", "themes", "rating", "source")


class PuzzleFileError(ValueError):
    """A puzzle file that cannot be read; the message names the file and every problem."""


@dataclass(frozen=True)
class PuzzleRecord:
    """One puzzle as its file gives it."""

    game: str
    id: str
    title: str
    position: str  # the game's one-line position string
    goal: str  # one the game declares (knizia: most, win, take, deny, swap; katana: kill, win; ikizumari: win)
    answer: tuple[str, ...]  # the solution line in the game's notation
    themes: tuple[str, ...]
    rating: int
    source: str
    moves: int = 1  # the solver's moves (a game of moves, the search's depth); 1 turn for knizia
    turns: int = 1  # the depth as the solver lives it: his turns (an Iki-zumari ANZEN and its extra move: one)
    plies: int = 1  # the answer's length: every move of both players (knizia: the turn's actions, its end left out)
    target: str = ""  # knizia, goal "take": the piece, e.g. "B@Kyoto"
    value: int = 0  # knizia: the figures the answer takes; the goal's measure
    margin: int = 0  # knizia: how many figures fewer the next best turn takes
    nodes: int = 0  # the positions the proof examined
    tempting: int = 0  # wrong answers that look good (take something, or a greedy first choice)
    description: str = ""
    path: Path | None = field(default=None, compare=False)


def read_record(path: Path | str) -> PuzzleRecord:
    """The puzzle in ``path``; PuzzleFileError listing what is missing or wrong."""
    path = Path(path)
    try:
        data = loads_toml(read_text(path, "puzzle"))
    except (OSError, ValueError) as e:  # unreadable, not UTF-8, larger than a puzzle may be, not TOML
        raise PuzzleFileError(str(e) if isinstance(e, FileTooBig) else f"{path}: {e}") from None
    return record_from_dict(data, path)


def record_from_dict(data: dict, path: Path | None = None) -> PuzzleRecord:
    """A record from the parsed TOML table."""
    where = str(path) if path else "puzzle"
    problems = [f"{key} is missing" for key in _REQUIRED if key not in data]
    if data.get("game") not in game_names():
        problems.append(f"game must be one of {', '.join(game_names())}")
    known = set(PuzzleRecord.__dataclass_fields__) - {"path"}
    problems += [f"unknown key {key!r}" for key in data if key not in known]
    if problems:
        raise PuzzleFileError(f"{where}: " + "; ".join(capped(problems)))
    try:
        return PuzzleRecord(
            game=str(data["game"]), id=str(data["id"]), title=str(data["title"]), position=str(data["position"]),
            goal=str(data["goal"]), answer=tuple(str(a) for a in data["answer"]),
            themes=tuple(str(t) for t in data["themes"]), rating=int(data["rating"]), source=str(data["source"]),
            moves=int(data.get("moves", 1)), turns=int(data.get("turns", data.get("moves", 1))),
            plies=int(data.get("plies", len(data["answer"]))), target=str(data.get("target", "")), value=int(data.get("value", 0)),
            margin=int(data.get("margin", 0)), nodes=int(data.get("nodes", 0)),
            tempting=int(data.get("tempting", 0)), description=str(data.get("description", "")), path=path)
    except (TypeError, ValueError) as e:
        raise PuzzleFileError(f"{where}: {e}") from None


def dumps_record(rec: PuzzleRecord) -> str:
    """The file text of ``rec`` (keys in the documented order; defaults left out)."""
    written = (*_REQUIRED, "moves", "turns", "plies")  # the others only when they differ from their default
    lines = [f"{name} = {toml_value(getattr(rec, name))}" for name in PuzzleRecord.__dataclass_fields__
             if name != "path" and (name in written or getattr(rec, name) not in (0, "", ()))]
    return "\n".join(lines) + "\n"


def puzzle_files(root: Path | str, game: str | None = None) -> list[Path]:
    """The puzzle files under ``root`` (a ``puzzles/`` folder, a game's folder or one file), sorted."""
    root = Path(root)
    if root.is_file():
        return [root]
    if game and (root / game).is_dir():
        root = root / game
    return sorted(root.rglob("*.toml"))


def game_records(game: str, root: Path | str | None = None) -> list[PuzzleRecord]:
    """The puzzles of ``game`` in ``root/<game>/`` (default: the bundled ones); none without that folder."""
    folder = Path(root or puzzles_dir()) / game
    return [read_record(p) for p in sorted(folder.rglob("*.toml"))] if folder.is_dir() else []


def write_records(records: list[PuzzleRecord], folder: Path | str) -> list[Path]:
    """Write each record to ``folder/<id>.toml``; the paths written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"{rec.id}.toml" for rec in records]
    for rec, path in zip(records, paths):
        path.write_text(dumps_record(rec), encoding="utf-8")
    return paths


def puzzles_dir() -> Path:
    """The folder of the bundled puzzles (a folder a game: ``knizia/``, ``katana/``, ``ikizumari/``)."""
    from .resources import bundled
    return bundled("puzzles")
