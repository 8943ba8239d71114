"""A player's puzzle progress as the Puzzles app keeps it in the browser, and ratings that learn as
Lichess's do: the player and each puzzle have a Glicko-2 rating (``common/glicko2.py``), updated at the
player's first try of a puzzle (solved: the player wins; a wrong move, a hint or the solution: the puzzle
wins), per game. A puzzle starts at its file's ``rating`` (the search's difficulty).

The progress is one JSON value (widget-free, so any page or a test can read it)::

    {"solved": ["katana-1-0001", ...], "streak": 2,
     "player": "Xq3...",                                            # the player key (under serve)
     "ratings": {"katana": {"player": [1432.1, 212.4, 0.06],        # rating, deviation, volatility
                            "history": [1500, 1432.1],              # the player's rating after each rated try
                            "puzzles": {"katana-1-0001": [1210.3, 148.2, 0.06]}}}}   # the puzzles tried

Under ``samurai-lab serve`` the ratings are the class store's instead (``tools/play/store.py``), a game's
entry in the same shape with ``"tried"`` (the ids the player tried) beside ``"puzzles"`` (then the class's
ratings of every puzzle anyone tried); the browser keeps only the player key (:data:`PLAYER_KEY`).
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, Callable, Mapping, Sequence

from .glicko2 import DEFAULT_VOLATILITY, Rating, duel
from .puzzle_file import PuzzleRecord

#: A puzzle's deviation before anyone tried it: its search's difficulty is a fair first guess.
PUZZLE_DEVIATION = 150.0
#: How many of the untried puzzles nearest the player's rating the next one is drawn from.
NEAREST = 3
#: Points of the rating history kept per game.
HISTORY = 200
#: A player key: the random token that names a player to the class store (as a seat's token names a seat).
PLAYER_KEY = re.compile(r"[A-Za-z0-9_-]{16,100}")


def is_player_key(value: Any) -> bool:
    return isinstance(value, str) and PLAYER_KEY.fullmatch(value) is not None


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _rating(value: Any) -> Rating | None:
    """A stored ``[rating, deviation, volatility]``, or None when it is not one."""
    if (isinstance(value, list) and len(value) == 3 and all(_number(x) for x in value)
            and 0 < value[1] <= 1000 and 0 < value[2] < 1 and -5000 < value[0] < 10000):
        return Rating(float(value[0]), float(value[1]), float(value[2]))
    return None


def rating_list(r: Rating) -> list[float]:
    """A rating as it is kept and sent: ``[rating, deviation, volatility]``, rounded."""
    return [round(r.rating, 2), round(r.deviation, 2), round(r.volatility, 6)]


def _keep(value: Mapping, kept: dict, key: str, sound: Callable[[Any], bool]) -> bool:
    """``value[key]`` copied into ``kept`` when it is ``sound``; whether it was there and dropped."""
    if key in value and sound(value[key]):
        kept[key] = value[key]
    return key in value and key not in kept


def _sound_items(items: Any, sound: Callable[[Any], bool]) -> tuple[list, bool]:
    """The ``sound`` items of a stored list, and whether anything was dropped (also a list that is none)."""
    kept = [x for x in items if sound(x)] if isinstance(items, list) else []
    return kept, not isinstance(items, list) or len(kept) != len(items)


def clean_progress(value: Any) -> tuple[dict, bool]:
    """The sound part of a stored progress, and whether anything was dropped (a value of the wrong shape,
    an entry of no known kind)."""
    if not isinstance(value, dict):
        return {}, value not in (None, "")
    clean: dict = {}
    dropped = any(k not in ("solved", "streak", "ratings", "player") for k in value)
    dropped |= _keep(value, clean, "player", is_player_key)
    if "solved" in value:
        ids, lost = _sound_items(value["solved"], lambda x: isinstance(x, str))
        dropped |= lost
        clean["solved"] = sorted(set(ids))
    dropped |= _keep(value, clean, "streak", lambda n: isinstance(n, int) and not isinstance(n, bool) and n >= 0)
    if isinstance(value.get("ratings"), dict):
        games = {game: _clean_game(mine) for game, mine in value["ratings"].items()}
        dropped |= any(lost for _, lost in games.values())
        clean["ratings"] = {game: kept for game, (kept, _) in games.items() if kept}
    elif "ratings" in value:
        dropped = True
    return clean, dropped


def _clean_game(value: Any) -> tuple[dict, bool]:
    if not isinstance(value, dict):
        return {}, True
    kept: dict = {}
    dropped = any(k not in ("player", "history", "puzzles") for k in value)
    dropped |= _keep(value, kept, "player", lambda r: _rating(r) is not None)
    if "history" in value:
        points, lost = _sound_items(value["history"], _number)
        dropped |= lost
        kept["history"] = points[-HISTORY:]
    if "puzzles" in value:
        puzzles = value["puzzles"]
        sound = {k: v for k, v in puzzles.items() if _rating(v) is not None} if isinstance(puzzles, dict) else {}
        dropped |= not isinstance(puzzles, dict) or len(sound) != len(puzzles)
        kept["puzzles"] = sound
    return kept, dropped


def _game(progress: Mapping, game: str) -> Mapping:
    return progress.get("ratings", {}).get(game, {})


def player_rating(progress: Mapping, game: str) -> Rating:
    """The player's rating in ``game`` (a newcomer's when he has none)."""
    return _rating(_game(progress, game).get("player")) or Rating()


def puzzle_rating(progress: Mapping, record: PuzzleRecord) -> Rating:
    """The puzzle's rating as this browser learned it, else its file's."""
    stored = _rating(_game(progress, record.game).get("puzzles", {}).get(record.id))
    return stored or Rating(float(record.rating), PUZZLE_DEVIATION, DEFAULT_VOLATILITY)


def tried(progress: Mapping, game: str) -> set[str]:
    """The ids of the puzzles of ``game`` the player has tried (rated)."""
    mine = _game(progress, game)
    return set(mine["tried"] if "tried" in mine else mine.get("puzzles", {}))


def history(progress: Mapping, game: str) -> list[float]:
    """The player's rating in ``game`` after each rated try, oldest first."""
    return list(_game(progress, game).get("history", []))


def record_try(progress: Mapping, record: PuzzleRecord, solved: bool) -> dict:
    """The progress after the player's first try of ``record`` (unchanged when he tried it before)."""
    if record.id in tried(progress, record.game):
        return dict(progress)
    player, puzzle = duel(player_rating(progress, record.game), puzzle_rating(progress, record), solved)
    mine = dict(_game(progress, record.game))
    points = list(mine.get("history", [])) or [round(player_rating(progress, record.game).rating, 2)]
    mine["player"] = rating_list(player)
    mine["history"] = (points + [round(player.rating, 2)])[-HISTORY:]
    mine["puzzles"] = {**mine.get("puzzles", {}), record.id: rating_list(puzzle)}
    return {**progress, "ratings": {**progress.get("ratings", {}), record.game: mine}}


def nearest(records: Sequence[PuzzleRecord], progress: Mapping, game: str, exclude: str | None = None,
            count: int = NEAREST) -> list[PuzzleRecord]:
    """The ``count`` puzzles of ``records`` nearest the player's rating, those not yet tried first (all of
    them tried: the nearest of all), ``exclude`` left out while another remains."""
    done = tried(progress, game)
    pool = [r for r in records if r.id != exclude] or list(records)
    fresh = [r for r in pool if r.id not in done] or pool
    me = player_rating(progress, game).rating
    return sorted(fresh, key=lambda r: (abs(puzzle_rating(progress, r).rating - me), r.id))[:count]


def choose_next(records: Sequence[PuzzleRecord], progress: Mapping, game: str, exclude: str | None = None,
                rng: random.Random | None = None) -> PuzzleRecord | None:
    """The next puzzle: one of the :data:`NEAREST` untried ones nearest the player's rating, at random."""
    near = nearest(records, progress, game, exclude)
    return (rng or random).choice(near) if near else None


__all__ = ["HISTORY", "NEAREST", "PLAYER_KEY", "PUZZLE_DEVIATION", "choose_next", "clean_progress", "history",
           "is_player_key", "nearest", "player_rating", "puzzle_rating", "rating_list", "record_try", "tried"]
