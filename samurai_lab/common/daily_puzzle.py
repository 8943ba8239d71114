"""The puzzle of the day: the same for every visitor on a day, a pure function of the UTC date. The games
take turns (:data:`GAMES`, one a day); the day's puzzle of its game is drawn from a hash of the date, so
the choice needs no server and no state."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Callable, Sequence

from .puzzle_file import PuzzleRecord, puzzles_dir, read_record

#: The games whose puzzles take turns, in order (day 0, 1970-01-01, is the first's).
GAMES: tuple[str, ...] = ("knizia", "katana", "ikizumari")


def utc_today() -> dt.date:
    """Today's date in UTC."""
    return dt.datetime.now(dt.timezone.utc).date()


def _bundled(game: str) -> dict[str, Callable[[], PuzzleRecord]]:
    """The bundled puzzles of ``game`` by id (a file is named by its puzzle's id), each read only when asked."""
    folder = puzzles_dir() / game
    files = sorted(folder.rglob("*.toml")) if folder.is_dir() else []
    return {path.stem: (lambda path=path: read_record(path)) for path in files}


def daily_puzzle(day: dt.date | None = None, games: Sequence[str] = GAMES,
                 records: Callable[[str], Sequence[PuzzleRecord]] | None = None) -> PuzzleRecord | None:
    """The puzzle of ``day`` (default: today, UTC): the games in turn, then one of that game's puzzles (by
    id) chosen by the date's hash; the next game with puzzles when one has none; None when none has.
    ``records``: a game's puzzles (default: the bundled files, of which only the day's is read)."""
    day = day or utc_today()
    turn = day.toordinal() - dt.date(1970, 1, 1).toordinal()
    for k in range(len(games)):
        game = games[(turn + k) % len(games)]
        pool = _bundled(game) if records is None else {r.id: (lambda r=r: r) for r in records(game)}
        if pool:
            ids = sorted(pool)
            digest = hashlib.sha256(f"{day.isoformat()}:{game}".encode()).digest()
            return pool[ids[int.from_bytes(digest[:8], "big") % len(ids)]]()
    return None


__all__ = ["GAMES", "daily_puzzle", "utc_today"]
