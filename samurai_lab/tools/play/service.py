"""The game service: the one authority over games between people, written once for every game.

A game is created with its seats (a person, or a bot of a level); each person's seat gets an
unguessable token, carried by its link. Every move is checked by the game's engine here (``Game``
of ``common/game.py``), stored (``store.py``) before it is acknowledged, then sent to whoever follows
the game, each seeing only what his seat may see (``Game.view``, ``Game.action_seen``). Bots play their
seats here, in a worker thread. The state of a game is replayed from its setup and its moves, so a
restarted server finds every acknowledged move::

    service = GameService(Store.open("games.sqlite"))
    created = service.create({"game": "katana", "seats": ["person", "bot:search"]})
    service.snapshot(created["id"], created["seats"][0]["token"])
    service.play(created["id"], token, "f9-g9", ply=0)

It also rates the Puzzles app's first tries for a class (:meth:`GameService.puzzle_try`), a player named by
his player key as a seat by its token: the store computes the ratings, never the client.
"""

from __future__ import annotations

import contextlib
import secrets
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Mapping

from ...common.game import Game, game_names, get_game
from ...common.glicko2 import DEFAULT_RATING
from ...common.puzzle_file import PuzzleRecord, game_records, puzzles_dir
from ...common.puzzle_ratings import HISTORY, is_player_key, puzzle_rating, rating_list
from ...ui.play_client import PlayRefused
from .store import GameRow, SeatRow, StaleMove, Store

PERSON = "person"
BOT_PREFIX = "bot:"
MAX_NAME = 40
MAX_MOVE_TEXT = 200
MAX_POSITION_TEXT = 2_000


class PlayError(PlayRefused):
    """A refusal: the HTTP status it answers with and the reason in words."""


@dataclass
class _Live:
    """A game being followed: its declaration, its rows, its states (one per ply) and its lock."""

    game: Game
    row: GameRow
    states: list[Any]
    actions: list[Any]
    seats_of: dict[int, str]  # seat -> kind
    lock: threading.RLock = field(default_factory=threading.RLock)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def ply(self) -> int:
        return len(self.states) - 1


Listener = Callable[[dict], None]
#: The app where a seat plays and a watcher follows (a notebook of the apps' folder).
APP = "together.ipynb"


def seat_link(game_id: str, token: str | None) -> str:
    """A seat's (or, without a token, the watchers') address, relative to the apps' folder."""
    return f"{APP}?game={game_id}" + (f"&seat={token}" if token else "")


def _text(value: Any, what: str, most: int) -> str:
    if not isinstance(value, str):
        raise PlayError(422, f"{what} must be text")
    if len(value) > most:
        raise PlayError(422, f"{what} is too long ({len(value)} characters; at most {most})")
    return value


class GameService:
    """Games between people (and bots) over one store; thread-safe."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._live: dict[str, _Live] = {}
        self._lock = threading.Lock()
        self._listeners: dict[str, list[tuple[int | None, Listener]]] = {}
        self._bots = ThreadPoolExecutor(max_workers=2, thread_name_prefix="samurai-bot")
        self._bot_objects: dict[tuple[str, int], Any] = {}

    def close(self) -> None:
        self._bots.shutdown(wait=True, cancel_futures=True)

    # --- creating -----------------------------------------------------------------------------
    def create(self, body: Mapping[str, Any]) -> dict:
        """A new game from ``{"game", "seats": ["person" | "bot:<level>" | {"kind", "name"}...],
        "rulings": {...}, "position": "..."}`` (``players``: a count of people seats, instead of seats)."""
        if not isinstance(body, Mapping):
            raise PlayError(422, "send a JSON object: {\"game\": \"katana\", \"seats\": [\"person\", \"bot:search\"]}")
        name = body.get("game")
        if not isinstance(name, str) or name not in game_names():
            raise PlayError(422, f"choose the game: one of {', '.join(game_names())}")
        game = get_game(name)
        rulings = body.get("rulings") or {}
        if not isinstance(rulings, Mapping) or not all(isinstance(k, str) and isinstance(v, str)
                                                       for k, v in rulings.items()) or len(rulings) > 20:
            raise PlayError(422, "rulings are a table of ruling id = option, e.g. {\"K8\": \"all\"}")
        raw_seats = self._raw_seats(game, body)
        setup: dict[str, Any] = {"players": len(raw_seats), "seed": secrets.randbelow(2**31), "rulings": dict(rulings)}
        if body.get("position") is not None:
            setup["position"] = _text(body["position"], "the position", MAX_POSITION_TEXT)
        try:
            first = self._initial(game, setup)
        except ValueError as e:
            raise PlayError(422, str(e)) from None
        seats = self._seats(game, raw_seats, lambda seat: game.player_name(first, seat))
        if game.outcome(first) is not None:
            raise PlayError(422, "that position is already the end of the game")
        game_id = secrets.token_urlsafe(9)
        tokens = [secrets.token_urlsafe(18) for _ in seats]
        self.store.create(game_id, name, setup, list(zip(seats, tokens)))
        self._bot_turn(self._load(game_id))
        return {"id": game_id, "game": name, "watch": seat_link(game_id, None),
                "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind,
                           **({"token": t, "link": seat_link(game_id, t)} if s.kind == PERSON else {})}
                          for s, t in zip(seats, tokens)]}

    @staticmethod
    def _raw_seats(game: Game, body: Mapping[str, Any]) -> list:
        raw = body.get("seats")
        if raw is None and isinstance(body.get("players"), int) and not isinstance(body.get("players"), bool):
            raw = [PERSON] * body["players"]
        if not isinstance(raw, list):
            raise PlayError(422, "give the seats: a list like [\"person\", \"bot:search\"]")
        low, high = game.seats
        if not low <= len(raw) <= high:
            count = f"{low}" if low == high else f"{low} to {high}"
            raise PlayError(422, f"{game.name} is played by {count} players, not {len(raw)}")
        return raw

    @staticmethod
    def _seats(game: Game, raw: list, seat_name: Callable[[int], str]) -> list[SeatRow]:
        seats = []
        for i, item in enumerate(raw):
            kind, name = (item.get("kind"), item.get("name")) if isinstance(item, Mapping) else (item, None)
            if not isinstance(kind, str) or not (kind == PERSON or kind.startswith(BOT_PREFIX)):
                raise PlayError(422, f"seat {i + 1}: \"person\" or \"bot:<level>\" ({', '.join(game.bots)})")
            if kind.startswith(BOT_PREFIX):
                try:
                    game.bot(kind[len(BOT_PREFIX):])
                except ValueError as e:
                    raise PlayError(422, f"seat {i + 1}: {e}") from None
            default = seat_name(i) + (f" ({kind[len(BOT_PREFIX):]})" if kind != PERSON else "")
            text = _text(name if name is not None else default, f"seat {i + 1}'s name", MAX_NAME).strip() or default
            seats.append(SeatRow(i, kind, "".join(ch for ch in text if ch.isprintable())))
        return seats

    @staticmethod
    def _initial(game: Game, setup: Mapping[str, Any]) -> Any:
        if setup.get("position"):
            return game.from_position(setup["position"])
        return game.new_state(players=setup.get("players"), seed=setup.get("seed", 0), rulings=setup.get("rulings"))

    # --- following ----------------------------------------------------------------------------
    def _load(self, game_id: str) -> _Live:
        """The live game, replayed from the store when first asked for (404 when there is none)."""
        with self._lock:
            live = self._live.get(game_id)
        if live is not None:
            return live
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise PlayError(404, "there is no such game")
        row = self.store.game(game_id)
        if row is None:
            raise PlayError(404, "there is no such game")
        try:
            game = get_game(row.game)
            state = self._initial(game, row.setup)
        except ValueError:
            raise PlayError(500, "this game's stored setup cannot be read") from None
        states, actions = [state], []
        for move in self.store.moves(game_id):
            try:
                action = game.parse_action(state, move.action)
                state = game.apply_action(state, action)
            except ValueError:
                break  # a stored move the rules refuse: the game stands where the log was last sound
            states.append(state)
            actions.append(action)
        live = _Live(game, row, states, actions, {s.seat: s.kind for s in row.seats})
        with self._lock:
            return self._live.setdefault(game_id, live)

    def seat(self, game_id: str, token: str | None) -> int | None:
        """The seat of ``token`` in the game (None: no token, a watcher); 403 for a token of no seat."""
        if token is None:
            return None
        seat = self.store.seat_of(game_id, token) if isinstance(token, str) and len(token) <= 100 else None
        if seat is None:
            raise PlayError(403, "this link is not one of this game's seats")
        return seat

    def snapshot(self, game_id: str, token: str | None = None) -> dict:
        """What the seat of ``token`` (None: a watcher) may see of the game now."""
        live = self._load(game_id)
        seat = self.seat(game_id, token)
        with live.lock:
            return self._snapshot(live, seat)

    def _snapshot(self, live: _Live, seat: int | None) -> dict:
        game, state = live.game, live.state
        end = game.outcome(state)
        to_move = None if end is not None else game.to_move(state)
        view = game.view(state, seat)
        return {
            "id": live.row.id, "game": game.name, "ply": live.ply, "seat": seat,
            "position": game.to_position(view),
            "to_move": to_move,
            "moves": [game.action_seen(b, a, seat) for b, a in zip(live.states, live.actions)],
            "legal": sorted(game.action_text(a) for a in game.legal_actions(state))
            if seat is not None and seat == to_move else [],
            "hand": self._hand(view, seat),
            "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind} for s in live.row.seats],
            "outcome": None if end is None else {"winner": end.winner, "reason": end.reason,
                                                 "words": game.describe_outcome(end)},
        }

    @staticmethod
    def _hand(view: Any, seat: int | None) -> list[str] | None:
        hands = getattr(view, "hands", None)
        if seat is None or hands is None or hands[seat] is None:
            return None
        return [getattr(t, "code", str(t)) for t in hands[seat]]

    # --- playing ------------------------------------------------------------------------------
    def play(self, game_id: str, token: str | None, move: Any, ply: Any) -> dict:
        """The seat of ``token`` plays ``move`` (its notation) answering the position after ``ply`` moves."""
        if token is None:
            raise PlayError(401, "only a seat's link can move: this is the watchers' view")
        live = self._load(game_id)
        seat = self.seat(game_id, token)
        text = _text(move, "the move", MAX_MOVE_TEXT)
        if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
            raise PlayError(422, "give the ply: the number of moves already played, as a whole number")
        return self._play(live, seat, text, ply)

    def _play(self, live: _Live, seat: int, text: str, ply: int) -> dict:
        game = live.game
        with live.lock:
            state = live.state
            if game.outcome(state) is not None:
                raise PlayError(409, "this game is over")
            if ply != live.ply:
                raise PlayError(409, f"the game has moved on: {live.ply} moves are played, not {ply}")
            if game.to_move(state) != seat:
                raise PlayError(409, f"it is not your turn: {game.player_name(state, game.to_move(state))} is to move")
            try:
                action = game.parse_action(state, text)
            except ValueError as e:
                raise PlayError(422, str(e)) from None
            why = game.why_illegal(state, action)
            if why is not None:
                raise PlayError(422, why)
            after = game.apply_action(state, action)
            try:
                self.store.add_move(live.row.id, ply, seat, game.action_text(action))
            except StaleMove:
                raise PlayError(409, "the game has moved on: another move of that ply came first") from None
            live.states.append(after)
            live.actions.append(action)
            end = game.outcome(after)
            if end is not None:
                self.store.finish(live.row.id, "draw" if end.winner is None else str(end.winner))
            listeners = list(self._listeners.get(live.row.id, ()))
            answer = self._snapshot(live, seat)
        for who, listener in listeners:
            listener(self._event(live, who, state, action, ply))
        self._bot_turn(live)
        return answer

    def _event(self, live: _Live, seat: int | None, before: Any, action: Any, ply: int) -> dict:
        game = live.game
        with live.lock:
            snap = self._snapshot(live, seat)
        return {"ply": ply, "seat": game.to_move(before), "move": game.action_seen(before, action, seat),
                **{key: snap[key] for key in ("to_move", "outcome", "position", "legal", "hand")}}

    # --- bots ---------------------------------------------------------------------------------
    def _bot_turn(self, live: _Live) -> None:
        """When a bot's seat is to move, let it play in the bots' thread."""
        with live.lock:
            state = live.state
            if live.game.outcome(state) is not None:
                return
            seat = live.game.to_move(state)
            kind = live.seats_of.get(seat, PERSON)
            ply = live.ply
        if kind.startswith(BOT_PREFIX):
            # shutting down: the bot plays when the game is next loaded
            with contextlib.suppress(RuntimeError):
                self._bots.submit(self._bot_move, live, seat, kind[len(BOT_PREFIX):], ply)

    def _bot_move(self, live: _Live, seat: int, level: str, ply: int) -> None:
        key = (live.row.id, seat)
        bot = self._bot_objects.get(key)
        if bot is None:
            bot = self._bot_objects[key] = live.game.bot(level, seed=hash(key) & 0xFFFF)
        with live.lock:
            if live.ply != ply:
                return
            state = live.state
        action = bot.choose(state)
        # someone else moved meanwhile (a stale ply): the turn is asked again
        with contextlib.suppress(PlayError):
            self._play(live, seat, live.game.action_text(action), ply)

    def resume(self) -> int:
        """After a start: load the games still going on and let the bots to move in them play; how many."""
        ids = self.store.unfinished()
        for game_id in ids:
            with contextlib.suppress(PlayError):
                self._bot_turn(self._load(game_id))
        return len(ids)

    # --- events -------------------------------------------------------------------------------
    def listen(self, game_id: str, token: str | None, listener: Listener) -> Callable[[], None]:
        """Call ``listener(event)`` after every move, as the seat of ``token`` sees it; returns its stop."""
        self._load(game_id)
        entry = (self.seat(game_id, token), listener)
        with self._lock:
            self._listeners.setdefault(game_id, []).append(entry)

        def stop() -> None:
            with self._lock, contextlib.suppress(ValueError):  # stopped already
                self._listeners.get(game_id, []).remove(entry)
        return stop

    def games_of(self, tokens: list[str]) -> list[dict]:
        """The games of these tokens (a device's own), each with its seat and whether that seat is to move."""
        out = []
        for game_id, seat in self.store.games_of([t for t in tokens if isinstance(t, str) and len(t) <= 100]):
            try:
                live = self._load(game_id)
            except PlayError:
                continue
            with live.lock:
                end = live.game.outcome(live.state)
                out.append({"id": game_id, "game": live.game.name, "seat": seat, "ply": live.ply,
                            "your_turn": end is None and live.game.to_move(live.state) == seat,
                            "over": end is not None})
        return out

    # --- puzzle ratings -----------------------------------------------------------------------
    def puzzle_try(self, token: str | None, body: Mapping[str, Any]) -> dict:
        """Rate the first try ``{"puzzle": id, "solved": bool}`` of the player of ``token`` (a second is not
        counted): his standing in the puzzle's game after it, ``counted`` saying whether it was."""
        key = _player_key(token)
        if set(body) != {"puzzle", "solved"} or not isinstance(body["solved"], bool):
            raise PlayError(422, "send {\"puzzle\": \"<id>\", \"solved\": true or false}, and nothing else")
        record = puzzle_index().get(body["puzzle"]) if isinstance(body["puzzle"], str) else None
        if record is None:
            raise PlayError(404, "there is no such puzzle")
        counted = self.store.rate_puzzle_try(key, record.game, record.id, puzzle_rating({}, record), body["solved"])
        return {**self.puzzle_standing(key, record.game), "counted": counted}

    def puzzle_standing(self, token: str | None, game: str) -> dict:
        """The player's rating in ``game``'s puzzles as the Puzzles app reads it (``common/puzzle_ratings.py``):
        ``player``, ``history`` (from a newcomer's), ``tried``, ``puzzles`` (of every puzzle anyone tried)."""
        key = _player_key(token)
        if not any(r.game == game for r in puzzle_index().values()):
            raise PlayError(404, "there is no game of puzzles of that name")
        mine = self.store.puzzle_standing(key, game)
        points = [DEFAULT_RATING, *mine.history] if mine.history else []
        return {"game": game, "player": rating_list(mine.rating), "history": [round(x, 2) for x in points[-HISTORY:]],
                "tried": list(mine.tried),
                "puzzles": {p: rating_list(r) for p, (r, _) in self.store.puzzle_ratings(game).items()}}


@lru_cache(maxsize=1)
def puzzle_index() -> dict[str, PuzzleRecord]:
    """Every bundled puzzle by its id (read once)."""
    return {r.id: r for folder in sorted(puzzles_dir().iterdir()) for r in game_records(folder.name)}


def _player_key(token: str | None) -> str:
    if token is None:
        raise PlayError(401, "send your player key as: Authorization: Bearer <key>")
    if not is_player_key(token):
        raise PlayError(403, "a player key is 16 to 100 letters, digits, - or _")
    return token
