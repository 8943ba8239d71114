"""The puzzle of the day: the same for every visitor on a day, a pure function of the UTC date. The games
take turns (:data:`GAMES`, one a day); the day's puzzle of its game is drawn from a hash of the date, so
the choice needs no server and no state."""

from __future__ import annotations

import datetime as dt
import hashlib
from typing import Callable, Sequence

from .puzzle_file import PuzzleRecord, game_records

#: The games whose puzzles take turns, in order (day 0, 1970-01-01, is the first's).
GAMES: tuple[str, ...] = ("knizia", "katana", "ikizumari")


def utc_today() -> dt.date:
    """Today's date in UTC."""
    return dt.datetime.now(dt.timezone.utc).date()


def daily_puzzle(day: dt.date | None = None, games: Sequence[str] = GAMES,
                 records: Callable[[str], Sequence[PuzzleRecord]] = game_records) -> PuzzleRecord | None:
    """The puzzle of ``day`` (default: today, UTC): the games in turn, then one of that game's puzzles (by
    id) chosen by the date's hash; the next game with puzzles when one has none; None when none has."""
    day = day or utc_today()
    turn = day.toordinal() - dt.date(1970, 1, 1).toordinal()
    for k in range(len(games)):
        game = games[(turn + k) % len(games)]
        pool = sorted(records(game), key=lambda r: r.id)
        if pool:
            digest = hashlib.sha256(f"{day.isoformat()}:{game}".encode()).digest()
            return pool[int.from_bytes(digest[:8], "big") % len(pool)]
    return None


__all__ = ["GAMES", "daily_puzzle", "utc_today"]
