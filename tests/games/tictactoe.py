"""Tic-tac-toe, declared once through the game interface and registered only for the tests.

Cells ``a1``..``c3`` (column, row); a position is the nine cells row by row from ``a1`` (``x``, ``o``
or ``.``) and the player to move: ``x.o......  x``. X moves first; three in a row wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from samurai_lab.common.game import Game
from samurai_lab.common.puzzles import Goal, LinePuzzles

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MARKS = "xo"


@dataclass(frozen=True)
class State:
    cells: str = "." * 9
    to_move: int = 0


@dataclass(frozen=True)
class Outcome:
    winner: int | None
    reason: str


def cell_name(i: int) -> str:
    return "abc"[i % 3] + str(i // 3 + 1)


def read_cell(text: str) -> int:
    t = str(text).strip().lower()
    if len(t) != 2 or t[0] not in "abc" or t[1] not in "123":
        raise ValueError(f"{text!r} is not a cell: write a column a-c and a row 1-3, like b2")
    return "abc".index(t[0]) + 3 * (int(t[1]) - 1)


def outcome(s: State) -> Outcome | None:
    for a, b, c in LINES:
        if s.cells[a] != "." and s.cells[a] == s.cells[b] == s.cells[c]:
            return Outcome(MARKS.index(s.cells[a]), "three in a row")
    return Outcome(None, "full board") if "." not in s.cells else None


def legal(s: State) -> list[int]:
    return [] if outcome(s) is not None else [i for i, c in enumerate(s.cells) if c == "."]


def why_illegal(s: State, move: object) -> str | None:
    if not isinstance(move, int) or not 0 <= move < 9:
        return f"{move!r} is not a cell of the board"
    if outcome(s) is not None:
        return "the game is over"
    return None if s.cells[move] == "." else f"{cell_name(move)} is taken"


def play(s: State, move: int) -> State:
    return State(s.cells[:move] + MARKS[s.to_move] + s.cells[move + 1:], 1 - s.to_move)


def apply_move(s: State, move: object) -> State:
    why = why_illegal(s, move)
    if why:
        raise ValueError(why)
    return play(s, move)  # type: ignore[arg-type]


def from_position(text: str) -> State:
    cells, _, mover = str(text).strip().partition(" ")
    if len(cells) != 9 or set(cells) - set("xo.") or mover.strip() not in MARKS:
        raise ValueError(f"{text!r} is not a position: nine of x, o and . then the player to move, x or o")
    return State(cells, MARKS.index(mover.strip()))


def evaluate(s: State) -> float:
    """Open lines of the player to move less the opponent's."""
    me, you = MARKS[s.to_move], MARKS[1 - s.to_move]
    return float(sum((you not in line) - (me not in line) for line in ("".join(s.cells[i] for i in ln) for ln in LINES)))


@dataclass
class RandomBot:
    seed: int = 0
    name: str = "random"

    def choose(self, s: State) -> int:
        return random.Random(f"{self.seed}:{s}").choice(legal(s))


@dataclass
class GreedyBot(RandomBot):
    """Completes a line of its own, else blocks one of the opponent's, else plays as the random bot."""

    name: str = "greedy"

    def choose(self, s: State) -> int:
        for mark in (s.to_move, 1 - s.to_move):
            for m in legal(s):
                if outcome(play(State(s.cells, mark), m)) == Outcome(mark, "three in a row"):
                    return m
        return super().choose(s)


BOTS = {"random": RandomBot, "greedy": GreedyBot}


#: Its puzzles (``common/puzzles.py``): three in a row forced in one move, or in two through a fork.
PUZZLES = LinePuzzles(
    goals={"win": Goal(lambda n: f"{{player}} to move: three in a row in {{n}} move{'s' * (n > 1)}.",
                       lambda reply: "{what}, but then {reply}: " * reply + "{player} can no longer win in time.")},
    hint=lambda s, m: "Look for the cell that lies on two of your lines.",
    themes=lambda s, goal, line: ["fork"] if len(line) > 1 else ["three in a row"],
    theme_names={"fork": "a fork"}, most=2, budget=5_000, mine_budget=5_000)


GAME: Game[State, int] = Game(
    name="tictactoe", title="Tic-tac-toe", label="Tic-tac-toe", source="the tests", notebook="", languages=("en",),
    text_languages=("en",), seats=(2, 2), new_state=lambda players=None, seed=0: State(),
    from_position=from_position, to_position=lambda s: f"{s.cells} {MARKS[s.to_move]}", key=lambda s: s,
    legal_actions=legal, apply_action=apply_move, why_illegal=why_illegal, to_move=lambda s: s.to_move,
    outcome=outcome, parse_action=lambda s, text: read_cell(text), action_text=cell_name, action_cells=lambda m: (m,),
    describe_action=lambda before, m, after: f"{MARKS[before.to_move].upper()} takes {cell_name(m)}",
    player_name=lambda s, seat: MARKS[seat].upper(), read_cell=lambda s, text: read_cell(text),
    play=play, evaluate=evaluate, win=100.0, scale=2.0, bots=tuple(BOTS),
    make_bot=lambda name, seed=0: BOTS[name](seed) if name in BOTS else (_ for _ in ()).throw(
        ValueError(f"unknown bot {name!r}: choose random or greedy")),
    features={"puzzles": PUZZLES},
)
