"""Whole games as text that replay exactly (a PGN-like format).

::

    [Game "katana"]
    [Rulings "K1=attacker K8=all"]      (only the rulings that differ from the default)
    [Start "d9,f9,a7,i7 d1,f1,a3,i3 b - 0:0 0 0 -"]
    [Result "black"]                    (black, red, draw or * for an unfinished game)
    1. d9-d5 f1-f4 2. ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..core.rules import apply_move, outcome
from ..core.ruleset import DEFAULT, Ruleset
from ..core.state import Move, State, from_position, new_game, parse_move, to_position
from .errors import ScenarioError

_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]\s*$')
_NUMBER = re.compile(r"^\d+\.$")


@dataclass(frozen=True)
class GameRecord:
    """A replayed game: rulings, start, moves, every state, and the result."""

    rules: Ruleset
    start: State
    moves: tuple[Move, ...]
    states: tuple[State, ...]

    @property
    def final(self) -> State:
        return self.states[-1]

    @property
    def result(self) -> str:
        return result_word(self.final)


def result_word(state: State) -> str:
    res = outcome(state)
    if res is None:
        return "*"
    return "draw" if res.winner is None else ("black", "red")[res.winner]


def write_record(start: State, moves: list[Move] | tuple[Move, ...]) -> str:
    """The record text of a game (replayed to check every move and to find the result)."""
    state = start
    for m in moves:
        state = apply_move(state, m)
    rulings = " ".join(f"{k}={v}" for k, v in start.rules.changes().items())
    lines = ['[Game "katana"]']
    if rulings:
        lines.append(f'[Rulings "{rulings}"]')
    lines += [f'[Start "{to_position(start)}"]', f'[Result "{result_word(state)}"]', ""]
    body: list[str] = []
    for i, m in enumerate(moves):
        if i % 2 == 0:
            body.append(f"{i // 2 + 1}.")
        body.append(str(m))
    words, line = [], ""
    for w in body:
        if len(line) + len(w) + 1 > 78:
            words.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    words.append(line)
    return "\n".join(lines + words) + "\n"


def parse_record(text: str, name: str = "<record>") -> GameRecord:
    """Replay a record; ScenarioError naming the line and the move that fails."""
    if not isinstance(text, str):
        raise ScenarioError([f"{name}: a record is text, not {type(text).__name__}"])
    tags: dict[str, str] = {}
    tokens: list[tuple[int, str]] = []
    problems: list[str] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        m = _TAG.match(line)
        if m:
            tags[m.group(1)] = m.group(2)
        elif line.startswith("["):
            problems.append(f'{name}:{lineno}: a tag is written [Name "value"]')
        else:
            tokens += [(lineno, w) for w in line.split() if not _NUMBER.match(w)]
    if tags.get("Game", "katana") != "katana":
        problems.append(f"{name}: Game: must be \"katana\"")
    rules = DEFAULT
    try:
        pairs = dict(p.split("=", 1) for p in tags.get("Rulings", "").split() if "=" in p)
        rules = Ruleset.from_dict(pairs)
    except ValueError as e:
        problems.append(f"{name}: Rulings: {e}")
    start = new_game(rules)
    if "Start" in tags:
        try:
            start = from_position(tags["Start"], rules)
        except ValueError as e:
            problems.append(f"{name}: Start: {e}")
    if problems:
        raise ScenarioError(problems)
    state, moves, states = start, [], [start]
    for lineno, word in tokens:
        if word in ("*", "black", "red", "draw") and (lineno, word) == tokens[-1]:
            break
        try:
            mv = parse_move(word)
            state = apply_move(state, mv)
        except ValueError as e:
            raise ScenarioError([f"{name}:{lineno}: move {len(moves) + 1} {word!r}: {e}"]) from None
        moves.append(mv)
        states.append(state)
    record = GameRecord(rules, start, tuple(moves), tuple(states))
    if "Result" in tags and tags["Result"] != record.result:
        raise ScenarioError([f"{name}: Result: the record says {tags['Result']!r}, replaying gives {record.result!r}"])
    return record


def read_record(path: str | Path) -> GameRecord:
    """Replay the record file ``path``."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ScenarioError([f"{p}: cannot read the file: {e}"]) from None
    return parse_record(text, str(p))
