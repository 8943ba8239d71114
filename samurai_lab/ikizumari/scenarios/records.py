"""Game records: a whole game as text that replays exactly.

    Game: ikizumari
    Rulings: I1=blocked I3=pass        (only those that differ from the defaults; optional)
    Start: <position string>           (optional: the usual start)
    Result: red iki_zumari             (red / black / draw and the reason, or * for a game going on)

    1. d1-d3 d11-c11 2. g1-g5 ...

Move numbers are optional and ignored. A turn with ANZEN's extra move joins its two moves with ``+``
(``c6-f6+g1-g9``: onto ANZEN, then the extra move).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.board import BLACK, RED
from ..core.moves import Move, parse_move
from ..core.position import START, from_position, to_position
from ..core.rules import IllegalMoveError, apply_move, outcome
from ..core.ruleset import Ruleset
from ..core.state import State

_RESULTS = {"red": RED, "black": BLACK, "draw": None}


@dataclass(frozen=True)
class Record:
    start: State
    moves: tuple[Move, ...]
    result: str  # "red iki_zumari", "draw draw_rule", "*"

    @property
    def ruleset(self) -> Ruleset:
        return self.start.ruleset


def result_text(state: State) -> str:
    end = outcome(state)
    if end is None:
        return "*"
    return f"{ {RED: 'red', BLACK: 'black', None: 'draw'}[end.winner]} {end.reason}"


def record_text(start: State, moves: list[Move] | tuple[Move, ...]) -> str:
    """The record of ``moves`` played from ``start`` (replayed to find the result)."""
    states = replay_moves(start, moves)
    lines = ["Game: ikizumari"]
    changes = start.ruleset.changes()
    if changes:
        lines.append("Rulings: " + " ".join(f"{k}={v}" for k, v in changes.items()))
    if to_position(start) != START:
        lines.append(f"Start: {to_position(start)}")
    lines.append(f"Result: {result_text(states[-1])}")
    turns: list[list[Move]] = []
    for before, m in zip(states, moves):
        if turns and before.bonus:
            turns[-1].append(m)  # the extra move of ANZEN, same player
        else:
            turns.append([m])
    body, number = [], 1
    for i, turn in enumerate(turns):
        if i % 2 == 0:
            body.append(f"{number}.")
            number += 1
        body.append("+".join(str(m) for m in turn))
    lines.append("")
    lines.append(" ".join(body))
    return "\n".join(lines) + "\n"


def parse_record(text: str) -> Record:
    """Read a record; ValueError naming the line that is wrong (the moves are checked by ``replay``)."""
    if not isinstance(text, str):
        raise ValueError("a record is a text")
    header: dict[str, str] = {}
    body: list[str] = []
    in_body = False
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("#"):
            in_body = in_body or bool(header)
            continue
        m = re.match(r"^([A-Za-z]+):\s*(.*)$", s)
        if m and not in_body:
            key = m.group(1).lower()
            if key not in ("game", "rulings", "start", "result"):
                raise ValueError(f"line {n}: unknown header {m.group(1)!r} (Game, Rulings, Start, Result)")
            header[key] = m.group(2).strip()
        else:
            in_body = True
            body.append(s)
    if header.get("game", "ikizumari") != "ikizumari":
        raise ValueError(f"this record is of the game {header['game']!r}, not ikizumari")
    ruleset = Ruleset()
    for item in header.get("rulings", "").split():
        if "=" not in item:
            raise ValueError(f"Rulings: {item!r} is not id=option")
        k, v = item.split("=", 1)
        ruleset = ruleset.with_ruling(k, v)
    start = from_position(header.get("start", START), ruleset)
    moves = []
    for token in " ".join(body).split():
        if re.fullmatch(r"\d+\.", token):
            continue
        moves.extend(parse_move(part) for part in token.split("+"))
    result = header.get("result", "*")
    if result != "*":
        parts = result.split()
        if len(parts) != 2 or parts[0] not in _RESULTS:
            raise ValueError(f"Result: {result!r} is not '*' or 'red|black|draw reason'")
    return Record(start, tuple(moves), result)


def replay_moves(start: State, moves) -> list[State]:  # noqa: ANN001
    """Every state from ``start`` through ``moves``; IllegalMoveError naming the move number."""
    states = [start]
    for i, m in enumerate(moves, 1):
        try:
            states.append(apply_move(states[-1], m))
        except IllegalMoveError as e:
            raise IllegalMoveError(f"move {i} ({m}): {e}") from None
    return states


def replay(record: Record) -> list[State]:
    """Replay a record; ValueError when a move is illegal or the result differs from the record's."""
    states = replay_moves(record.start, record.moves)
    got = result_text(states[-1])
    if record.result != got:
        raise ValueError(f"the record says {record.result!r} but the moves give {got!r}")
    return states
