"""Where games between people are kept: an append-only log of moves per game, one schema on two stores.

The embedded default is SQLite (the standard library's ``sqlite3``, write-ahead log, every commit
synced), in the user's data folder; ``postgresql://…`` names a PostgreSQL server (psycopg 3) for a hub
whose users' servers run on several machines. Both run the same SQL and the same migrations
(:data:`MIGRATIONS`, recorded in ``schema_version``). A game's state is never stored: it is replayed
from its setup and its moves by the game service, so a move acknowledged is a row committed.

The migrations are the files of ``sql/``, numbered (``001_games.sql``, ``002_…``) and run in that order,
each a list of statements ending with ``;`` at a line's end; a store's version is the number of them it
has run. A migration once released is never edited: a change of the schema is a new file, numbered next.

A move is added with its ply; the primary key ``(game_id, ply)`` makes a second move of the same ply
fail, which is how two clients answering the same position are told one of them is stale.

The store also keeps the Puzzles app's ratings for a class (Glicko-2, ``common/glicko2.py``): each
player's first try of each puzzle (``puzzle_attempts``, with the player's rating after it: his history),
each player's rating per game (``puzzle_players``) and each puzzle's (``puzzle_ratings``, starting at its
file's rating, the search's difficulty). A player is named by the hash of his player key, as a seat by its
token's. A try is rated in one transaction that holds the player's and the puzzle's rows (SQLite: the
database's write lock, ``BEGIN IMMEDIATE``; PostgreSQL: ``SELECT … FOR UPDATE``), so two servers rating
at once lose no update, and a player's second "first try" of a puzzle is not counted.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any, Iterator, Sequence

from ...common.glicko2 import Rating, duel


def _migrations() -> tuple[tuple[str, ...], ...]:
    """The migrations of ``sql/`` (see above), in their files' order: each file's statements."""
    found = sorted((f for f in files(__package__).joinpath("sql").iterdir() if f.name.endswith(".sql")),
                   key=lambda f: f.name)
    return tuple(tuple(s.strip() for s in re.split(r";[ \t]*$", f.read_text("utf-8"), flags=re.M) if s.strip())
                 for f in found)


#: The migrations (``sql/NNN_*.sql``), each its statements; a store is at version ``len(MIGRATIONS)`` once migrated.
MIGRATIONS: tuple[tuple[str, ...], ...] = _migrations()


class StoreError(Exception):
    """The store cannot be opened or read (its words say why)."""


class StaleMove(Exception):
    """A move of that ply is already stored: the position it answered has moved on."""


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str  #: "person", or a bot's level as ``bot:<level>``
    name: str


@dataclass(frozen=True)
class GameRow:
    id: str
    game: str
    setup: dict
    created: float
    finished: float | None
    result: str | None
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class MoveRow:
    ply: int
    seat: int
    action: str
    played: float


@dataclass(frozen=True)
class PuzzleStanding:
    """A player's puzzles in one game: his rating, its history (after each first try, oldest first) and the
    puzzles he tried, in that order."""

    rating: Rating
    history: tuple[float, ...]
    tried: tuple[str, ...]


def token_hash(token: str) -> str:
    """What the store keeps of a seat's token (the token itself is only in its link)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Store:
    """One database: SQLite (a file) or PostgreSQL (a URL); every method is one short transaction."""

    def __init__(self, connection: Any, postgres: bool) -> None:
        self._db = connection
        self._postgres = postgres
        self._lock = threading.Lock()
        self.migrate()

    # --- opening ------------------------------------------------------------------------------
    @classmethod
    def open(cls, where: str | Path) -> "Store":
        """The store at ``where``: a ``postgresql://`` URL, else a SQLite file (created with its folder)."""
        text = str(where)
        if text.startswith(("postgresql://", "postgres://")):
            try:
                import psycopg
            except ImportError:
                raise StoreError("a PostgreSQL store needs psycopg: pip install 'psycopg[binary]'") from None
            try:
                return cls(psycopg.connect(text, autocommit=True, connect_timeout=10), postgres=True)
            except psycopg.Error as e:
                raise StoreError(f"cannot open the PostgreSQL store: {str(e).strip()}") from None
        path = Path(text).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            db = sqlite3.connect(path, timeout=30, isolation_level=None, check_same_thread=False)
            for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
                db.execute(f"PRAGMA {pragma}")
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot open the game store {path}: {e}") from None
        return cls(db, postgres=False)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- SQL ----------------------------------------------------------------------------------
    def _run(self, statement: str, args: Sequence[Any] = ()) -> list[tuple]:
        sql = statement.replace("?", "%s") if self._postgres else statement.replace(" FOR UPDATE", "")
        cur = self._db.execute(sql, tuple(args))
        return list(cur.fetchall()) if cur.description else []

    def _query(self, statement: str, args: Sequence[Any] = ()) -> list[tuple]:
        """One statement in a transaction of its own; the rows it returns."""
        with self._transaction():
            return self._run(statement, args)

    @contextlib.contextmanager
    def _transaction(self, write: bool = False) -> Iterator[None]:
        """One transaction under the store's lock, committed on success, rolled back on an error; ``write``: one
        that reads what it then writes (SQLite takes the write lock first)."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE" if write and not self._postgres else "BEGIN")
            try:
                yield
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def migrate(self) -> int:
        """Bring the schema to the newest version; the version reached."""
        with self._transaction():
            self._run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            rows = self._run("SELECT version FROM schema_version")
            if not rows:
                self._run("INSERT INTO schema_version (version) VALUES (0)")
            version = rows[0][0] if rows else 0
            if version > len(MIGRATIONS):
                raise StoreError(f"the game store is of a newer version ({version}) than this samurai_lab knows")
            for statements in MIGRATIONS[version:]:
                for statement in statements:
                    self._run(statement)
            self._run("UPDATE schema_version SET version = ?", (len(MIGRATIONS),))
        return len(MIGRATIONS)

    # --- games --------------------------------------------------------------------------------
    def create(self, game_id: str, game: str, setup: dict, seats: Sequence[tuple[SeatRow, str]]) -> None:
        """A new game with its seats, each with its token's hash."""
        with self._transaction():
            self._run("INSERT INTO games (id, game, setup, created) VALUES (?, ?, ?, ?)",
                      (game_id, game, json.dumps(setup, sort_keys=True), time.time()))
            for row, token in seats:
                self._run("INSERT INTO seats (game_id, seat, kind, name, token_hash) VALUES (?, ?, ?, ?, ?)",
                          (game_id, row.seat, row.kind, row.name, token_hash(token)))

    def game(self, game_id: str) -> GameRow | None:
        with self._transaction():
            rows = self._run("SELECT id, game, setup, created, finished, result FROM games WHERE id = ?", (game_id,))
            if not rows:
                return None
            seats = self._run("SELECT seat, kind, name FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        gid, name, setup, created, finished, result = rows[0]
        try:
            setup_dict = json.loads(setup)
        except (TypeError, ValueError):
            setup_dict = {}
        return GameRow(gid, name, setup_dict if isinstance(setup_dict, dict) else {}, created, finished, result,
                       tuple(SeatRow(*s) for s in seats))

    def seat_of(self, game_id: str, token: str) -> int | None:
        """The seat whose token this is in that game, or None."""
        rows = self._query("SELECT seat FROM seats WHERE game_id = ? AND token_hash = ?", (game_id, token_hash(token)))
        return rows[0][0] if rows else None

    def moves(self, game_id: str, since: int = 0) -> list[MoveRow]:
        rows = self._query("SELECT ply, seat, action, played FROM moves WHERE game_id = ? AND ply >= ? ORDER BY ply",
                           (game_id, since))
        return [MoveRow(*r) for r in rows]

    def add_move(self, game_id: str, ply: int, seat: int, action: str) -> None:
        """Store the move of ``ply`` (the count of moves before it); StaleMove when that ply is taken."""
        try:
            self._query("INSERT INTO moves (game_id, ply, seat, action, played) VALUES (?, ?, ?, ?, ?)",
                        (game_id, ply, seat, action, time.time()))
        except Exception as e:  # sqlite3.IntegrityError or psycopg's IntegrityError
            if type(e).__name__ in ("IntegrityError", "UniqueViolation"):
                raise StaleMove(str(ply)) from None
            raise

    def finish(self, game_id: str, result: str) -> None:
        self._query("UPDATE games SET finished = ?, result = ? WHERE id = ? AND finished IS NULL",
                    (time.time(), result, game_id))

    def games_of(self, tokens: Sequence[str]) -> Iterator[tuple[str, int]]:
        """(game id, seat) of each token's game."""
        hashes = [token_hash(t) for t in tokens][:200]
        if not hashes:
            return iter(())
        marks = ", ".join("?" for _ in hashes)
        rows = self._query(f"SELECT game_id, seat FROM seats WHERE token_hash IN ({marks})", hashes)
        return iter([(r[0], r[1]) for r in rows])

    def unfinished(self, most: int = 1000) -> list[str]:
        """The ids of the games still going on, newest first."""
        rows = self._query("SELECT id FROM games WHERE finished IS NULL ORDER BY created DESC LIMIT ?", (most,))
        return [r[0] for r in rows]

    def game_count(self) -> int:
        return self._query("SELECT COUNT(*) FROM games")[0][0]

    # --- puzzle ratings -----------------------------------------------------------------------
    def _locked_rating(self, table: str, column: str, key: str, game: str, start: Rating) -> tuple[Rating, int]:
        """The rating and tries of the row of ``table`` whose ``column`` is ``key`` (made at ``start`` when
        missing), locked until the transaction ends."""
        self._run(f"INSERT INTO {table} ({column}, game, rating, deviation, volatility, tries) "
                  "VALUES (?, ?, ?, ?, ?, 0) ON CONFLICT DO NOTHING",
                  (key, game, start.rating, start.deviation, start.volatility))
        r, d, v, tries = self._run(f"SELECT rating, deviation, volatility, tries FROM {table} "
                                   f"WHERE {column} = ? AND game = ? FOR UPDATE", (key, game))[0]
        return Rating(r, d, v), tries

    def _set_rating(self, table: str, column: str, key: str, game: str, rating: Rating, tries: int) -> None:
        self._run(f"UPDATE {table} SET rating = ?, deviation = ?, volatility = ?, tries = ? "
                  f"WHERE {column} = ? AND game = ?",
                  (rating.rating, rating.deviation, rating.volatility, tries, key, game))

    def rate_puzzle_try(self, player: str, game: str, puzzle: str, start: Rating, solved: bool) -> bool:
        """Rate ``player``'s (his key's) first try of ``puzzle`` of ``game``, a puzzle nobody tried starting at
        ``start``: both ratings updated at once. False, nothing changed, when he tried that puzzle before."""
        who = token_hash(player)
        with self._transaction(write=True):  # the player's row first, then the puzzle's: never a deadlock
            me, tries = self._locked_rating("puzzle_players", "player", who, game, Rating())
            if self._run("SELECT 1 FROM puzzle_attempts WHERE player = ? AND puzzle = ?", (who, puzzle)):
                return False
            it, its_tries = self._locked_rating("puzzle_ratings", "puzzle", puzzle, game, start)
            me, it = duel(me, it, solved)
            self._set_rating("puzzle_players", "player", who, game, me, tries + 1)
            self._set_rating("puzzle_ratings", "puzzle", puzzle, game, it, its_tries + 1)
            self._run("INSERT INTO puzzle_attempts (player, game, puzzle, solved, tried, seq, rating) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (who, game, puzzle, int(solved), time.time(), tries + 1, me.rating))
        return True

    def puzzle_standing(self, player: str, game: str) -> PuzzleStanding:
        """``player``'s (his key's) rating in ``game``'s puzzles, its history and the puzzles he tried."""
        who = token_hash(player)
        with self._transaction():
            mine = self._run("SELECT rating, deviation, volatility FROM puzzle_players WHERE player = ? AND game = ?",
                             (who, game))
            tries = self._run("SELECT puzzle, rating FROM puzzle_attempts WHERE player = ? AND game = ? ORDER BY seq",
                              (who, game))
        return PuzzleStanding(Rating(*mine[0]) if mine else Rating(), tuple(r for _, r in tries),
                              tuple(p for p, _ in tries))

    def puzzle_ratings(self, game: str) -> dict[str, tuple[Rating, int]]:
        """The rating and the count of first tries of every puzzle of ``game`` someone tried."""
        rows = self._query("SELECT puzzle, rating, deviation, volatility, tries FROM puzzle_ratings WHERE game = ?",
                           (game,))
        return {p: (Rating(r, d, v), n) for p, r, d, v, n in rows}
