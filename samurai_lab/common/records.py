"""Game records: a whole game as text that replays exactly, for any game of moves (a ``Game``).

::

    [Game "katana"]
    [Rulings "K1=attacker K8=all"]     (only the rulings that differ from the default)
    [Start "<position string>"]        (only when the game does not begin at the initial position)
    [Result "black three_kills"]       (the winner's name or draw, then why; * for a game going on)

    1. d9-d5 f1-f4 2. ...

The moves are in the game's notation; moves one player makes in a row (a relocation and his move,
ANZEN's extra move) are joined by ``+``; move numbers are optional and ignored, as are lines starting
with ``#``. The headers may also be written ``Game: ikizumari`` (the older form of Iki-zumari's
records), and a result without its reason (``black``) is read too. A game with a format of its own
(Knizia's) declares it as ``features["records"]``, a :class:`RecordFormat`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, Mapping, Sequence

from ..i18n import use_language
from .game import A, Game, S
from .limits import check_size, read_text

_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]\s*$')
_LINE = re.compile(r"^(Game|Rulings|Start|Result):\s*(.*)$", re.I)
_NUMBER = re.compile(r"^\d+\.$")
WIDTH = 78  # the longest line of moves written


class RecordError(ValueError):
    """A record that cannot be read or does not replay: the record's name, its line and the problem."""


@dataclass(frozen=True)
class RecordFormat:
    """A game's own record format (``features["records"]``): ``read(text)`` gives (states, actions) and
    raises ValueError naming the problem; ``write(start, actions)`` gives the text."""

    read: Callable[[str], tuple[list[Any], list[Any]]]
    write: Callable[[Any, Sequence[Any]], str]


@dataclass(frozen=True)
class GameRecord(Generic[S, A]):
    """A replayed game: its start, its moves, every state, and the result the moves give."""

    start: S
    moves: tuple[A, ...]
    states: tuple[S, ...]
    result: str  # the winner's name in lower case, "draw", or "*" for a game going on
    reason: str  # why it ended ("" while it goes on)

    @property
    def final(self) -> S:
        return self.states[-1]


def seat_word(game: Game, state: Any, seat: int | None) -> str:
    """A seat as records name it: its name in English, in lower case (``draw`` for no winner)."""
    if seat is None:
        return "draw"
    with use_language("en"):
        return game.player_name(state, seat).lower()


def result_of(game: Game, state: Any) -> tuple[str, str]:
    """(winner's name or ``draw``, why) of a finished game; ("*", "") of one going on."""
    end = game.outcome(state)
    return ("*", "") if end is None else (seat_word(game, state, end.winner), end.reason)


def start_of(game: Game, rulings: Mapping[str, str], position: str | None = None) -> Any:
    """The initial state, or ``position`` read, under ``rulings`` (ValueError naming a bad one)."""
    extra = {"rulings": dict(rulings)} if rulings else {}
    return game.new_state(**extra) if position is None else game.from_position(position, **extra)


def turns_text(game: Game, states: Sequence[Any], moves: Sequence[Any]) -> list[str]:
    """The turns of a record: a player's moves in a row joined by ``+``, every other turn numbered."""
    turns: list[list[str]] = []
    for k, move in enumerate(moves):
        if k and game.to_move(states[k]) == game.to_move(states[k - 1]):
            turns[-1].append(game.action_text(move))
        else:
            turns.append([game.action_text(move)])
    return [(f"{i // 2 + 1}. " if i % 2 == 0 else "") + "+".join(turn) for i, turn in enumerate(turns)]


def write_record(game: Game, start: Any, moves: Sequence[Any]) -> str:
    """The record of ``moves`` played from ``start`` (replayed: an illegal move raises RecordError), in the
    game's own format when it declares one."""
    own = game.features.get("records")
    if isinstance(own, RecordFormat):
        return own.write(start, moves)
    states = replay(game, start, moves)
    rulings = dict(game.rulings(start))
    lines = [f'[Game "{game.name}"]']
    if rulings:
        lines.append('[Rulings "{}"]'.format(" ".join(f"{k}={v}" for k, v in rulings.items())))
    if game.to_position(start) != game.to_position(start_of(game, rulings)):
        lines.append(f'[Start "{game.to_position(start)}"]')
    lines += ['[Result "{}"]'.format(" ".join(w for w in result_of(game, states[-1]) if w)), ""]
    line = ""
    for word in turns_text(game, states, moves):
        if line and len(line) + len(word) + 1 > WIDTH:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return "\n".join(lines + [line]) + "\n"


def replay(game: Game, start: Any, moves: Sequence[Any]) -> list[Any]:
    """Every state from ``start`` through ``moves``; RecordError naming the move refused."""
    states = [start]
    for k, move in enumerate(moves):
        try:
            states.append(game.apply_action(states[-1], move))
        except ValueError as e:
            raise RecordError(f"move {k + 1} {game.action_text(move)!r}: {e}") from None
    return states


def headers_and_moves(text: str, name: str = "<record>") -> tuple[dict[str, str], list[tuple[int, str]]]:
    """The headers (lower-case keys) and the (line, word) of every move of a record's text."""
    if not isinstance(text, str):
        raise RecordError(f"{name}: a record is text, not {type(text).__name__}")
    try:
        check_size(text, "record", name)
    except ValueError as e:
        raise RecordError(str(e)) from None
    headers: dict[str, str] = {}
    words: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        tag = _TAG.match(line) or (None if words else _LINE.match(line))
        if not line or line.startswith("#"):
            continue
        if tag:
            headers[tag[1].lower()] = tag[2].strip()
        elif line.startswith("["):
            raise RecordError(f'{name}:{lineno}: a header is written [Name "value"]')
        else:
            words += [(lineno, part) for w in line.split() if not _NUMBER.match(w) for part in w.split("+")]
    return headers, words


def header_game(text: str) -> str | None:
    """The game a record's ``Game`` header names (in lower case), None without one."""
    try:
        return headers_and_moves(text)[0].get("game", "").lower() or None
    except RecordError:
        return None


def parse_record(game: Game, text: str, name: str = "<record>") -> GameRecord:
    """Read and replay a record of ``game``; RecordError naming the header or the line and move refused."""
    headers, words = headers_and_moves(text, name)
    if headers.get("game", game.name).lower() != game.name:
        raise RecordError(f"{name}: Game: this record is of the game {headers['game']!r}, not {game.name}")
    rulings: dict[str, str] = {}
    for item in headers.get("rulings", "").split():
        ruling, sep, option = item.partition("=")
        if not sep:
            raise RecordError(f"{name}: Rulings: {item!r} is not written ruling=option, like K1=attacker")
        rulings[ruling] = option
    try:
        start = start_of(game, rulings)
    except ValueError as e:
        raise RecordError(f"{name}: Rulings: {e}") from None
    if "start" in headers:
        try:
            start = start_of(game, rulings, headers["start"])
        except ValueError as e:
            raise RecordError(f"{name}: Start: {e}") from None
    names = {seat_word(game, start, seat) for seat in range(game.seats[1])} | {"draw", "*"}
    if words and words[-1][1].lower() in names:
        words = words[:-1]  # a result after the moves, as in PGN
    state, moves, states = start, [], [start]
    for lineno, word in words:
        try:
            move = game.parse_action(state, word)
            state = game.apply_action(state, move)
        except ValueError as e:
            raise RecordError(f"{name}:{lineno}: move {len(moves) + 1} {word!r}: {e}") from None
        moves.append(move)
        states.append(state)
    record = GameRecord(start, tuple(moves), tuple(states), *result_of(game, state))
    if "result" in headers:
        _check_result(record, headers["result"], names, name)
    return record


def _check_result(record: GameRecord, said: str, names: set[str], name: str) -> None:
    """RecordError unless the result a record's header says is the one its moves give."""
    word, _, reason = said.lower().partition(" ")
    if word not in names:
        raise RecordError(f"{name}: Result: {said!r} is not *, draw or a player's name ({', '.join(sorted(names))}) "
                          f"and why the game ended")
    if word != record.result or reason.strip() not in ("", record.reason.lower()):
        got = f"{record.result} {record.reason}".strip()
        raise RecordError(f"{name}: Result: the record says {said!r}, replaying gives {got!r}")


def read_record(game: Game, path: str | Path) -> GameRecord:
    """Read and replay the record file ``path`` (RecordError when it cannot be read)."""
    p = Path(path)
    try:
        text = read_text(p, "record")
    except (OSError, UnicodeDecodeError) as e:
        raise RecordError(f"{p}: cannot read the file: {e}") from None
    except ValueError as e:  # larger than a record may be
        raise RecordError(str(e)) from None
    return parse_record(game, text, str(p))


def game_record(game: Game, text: str) -> tuple[list[Any], list[Any]]:
    """(states, actions) of a record of ``game``, in its own format when it declares one."""
    own = game.features.get("records")
    if isinstance(own, RecordFormat):
        return own.read(text)
    record = parse_record(game, text)
    return list(record.states), list(record.moves)
