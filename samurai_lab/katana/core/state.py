"""Frozen game states, moves and their notation, and the one-line position string.

Cells hold ``EMPTY`` or one of ``BLACK_STRONG``, ``BLACK_WEAK``, ``RED_STRONG``, ``RED_WEAK`` (a weak
samurai has lost his sword). ``last`` is the type of the square the previous move ended on (``""``
when nothing binds the move: the game's first move, after a Tachiōjō pass, or a free move after a
challenge under ruling K9). States are immutable: :func:`samurai_lab.katana.core.rules.apply_move`
returns a new one.

Position string (like FEN), fields separated by spaces::

    d9,f9,a7,i7 d1,f1,a3,i3 b - 0:0 0 0 -
    <Black's samurai> <Red's samurai> <to move b|r> <previous arrival -|black|mekura|ryu|taiyo|wash>
    <kills by Black>:<kills by Red> [<passes in a row> <moves since the last kill> <pending>]

A samurai without sword is marked ``'`` (``e6'``); ``-`` is an empty list. ``pending`` lists the
defeated samurai that wait (without sword, on the square where they lost) to be put back on a SHIRO
square, as ``<b|r><square>`` (``be6``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterator

from ...i18n import N_
from .board import (BLACK, KIND, KATANA, N_SQUARES, NAMES, SHIRO_OF, SYMBOLS, square_index)
from .ruleset import DEFAULT, Ruleset

EMPTY, BLACK_STRONG, BLACK_WEAK, RED_STRONG, RED_WEAK = 0, 1, 2, 3, 4
WIN_KILLS = 3
QUIET_LIMIT = 100
PLAYERS = (0, 1)
PLAYER_NAMES = (N_("Black"), N_("Red"))
PLAYER_LETTERS = ("b", "r")
CONSTRAINTS = ("", BLACK) + SYMBOLS


def owner(cell: int) -> int:
    """0 for a Black samurai, 1 for a Red one, -1 for an empty cell."""
    return -1 if cell == EMPTY else (0 if cell <= BLACK_WEAK else 1)


def is_strong(cell: int) -> bool:
    """True for a samurai who still has his sword."""
    return cell in (BLACK_STRONG, RED_STRONG)


def piece(player: int, strong: bool = True) -> int:
    """The cell code of a samurai of ``player``."""
    return (BLACK_STRONG if strong else BLACK_WEAK) if player == 0 else (RED_STRONG if strong else RED_WEAK)


@dataclass(frozen=True, slots=True)
class Move:
    """A move ``d9-d5``, a Tachiōjō ``pass``, or ``@d9``: put a defeated samurai back on SHIRO d9."""

    kind: str  # "move", "pass" or "place"
    frm: int = -1
    to: int = -1

    def __str__(self) -> str:
        if self.kind == "pass":
            return "pass"
        if self.kind == "place":
            return f"@{NAMES[self.to]}"
        return f"{NAMES[self.frm]}-{NAMES[self.to]}"


PASS = Move("pass")
_MOVE = re.compile(r"^([a-z][0-9]+)\s*(?:-|x|\s)?\s*([a-z][0-9]+)$")


def parse_move(text: object) -> Move:
    """A move from its notation (``"d9-d5"``, ``"d9d5"``, ``"d9 d5"``, ``"pass"``, ``"@d9"``) or a Move;
    ValueError with a clear message for anything else."""
    if isinstance(text, Move):
        if text.kind == "pass" and text.frm == text.to == -1:
            return text
        if text.kind == "place" and text.frm == -1 and isinstance(text.to, int) and 0 <= text.to < N_SQUARES:
            return text
        if (text.kind == "move" and all(isinstance(v, int) and 0 <= v < N_SQUARES for v in (text.frm, text.to))):
            return text
        raise ValueError(f"{text!r} is not a well-formed move")
    if not isinstance(text, str):
        raise ValueError(f"a move is written like 'd9-d5', 'pass' or '@d9', not {text!r}")
    s = text.strip().lower()
    if s in ("pass", "passa", "tachiojo", "tachiōjō"):
        return PASS
    if s.startswith("@"):
        return Move("place", to=square_index(s[1:]))
    m = _MOVE.match(s)
    if m is None:
        raise ValueError(f"{text!r} is not a move: write the start and arrival squares like 'd9-d5', "
                         "or 'pass', or '@d9' to put a defeated samurai back")
    return Move("move", square_index(m.group(1)), square_index(m.group(2)))


@dataclass(frozen=True, slots=True)
class Challenge:
    """One Sfida: the attacker's and defender's squares, the Katana square between, what happened."""

    attacker: int
    katana: int
    defender: int
    killed: bool  # True: the defender had no sword and died; False: he lost his sword


@dataclass(frozen=True, slots=True)
class State:
    """A position: cells, whose turn, the previous arrival type, kills, passes, pending relocations."""

    cells: tuple[int, ...]
    to_move: int = 0
    last: str = ""
    kills: tuple[int, int] = (0, 0)  # samurai killed BY Black, BY Red
    passes: int = 0
    quiet: int = 0
    pending: tuple[tuple[int, int], ...] = ()  # (owner, square where he lost and waits, without sword)
    rules: Ruleset = DEFAULT
    last_move: Move | None = field(default=None, compare=False)
    challenges: tuple[Challenge, ...] = field(default=(), compare=False)

    def samurai(self, player: int) -> Iterator[int]:
        """The squares of ``player``'s samurai on the board."""
        return (i for i, c in enumerate(self.cells) if owner(c) == player)

    def key(self) -> tuple:
        """What decides the future of the game (for transposition tables)."""
        return (self.cells, self.to_move, self.last, self.kills, self.passes, self.pending)

    @property
    def outcome(self) -> "Outcome | None":
        """How the game ended, or None while it goes on."""
        return outcome(self)

    def to_position(self) -> str:
        return to_position(self)

    def _repr_svg_(self) -> str:
        from ..render.svg import board_svg
        return board_svg(self)

    def __str__(self) -> str:
        return to_position(self)

    def __repr__(self) -> str:
        changes = self.rules.changes()
        return f"State({to_position(self)!r}" + (f", rulings={changes}" if changes else "") + ")"

@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (0 Black, 1 Red, None for a draw) and the reason's code."""

    winner: int | None
    reason: str  # "three_kills", "both_stuck", "stuck_loses", "quiet"


def outcome(state: State) -> Outcome | None:
    """The end of the game, or None while it goes on."""
    for player in (0, 1):
        if state.kills[player] >= WIN_KILLS:
            return Outcome(player, "three_kills")
    if state.passes >= 2:
        if state.rules.both_stuck == "draw":
            return Outcome(None, "both_stuck")
        return Outcome(state.to_move, "stuck_loses")  # the second passer (the other one) loses
    return Outcome(None, "quiet") if state.rules.length == "quiet100" and state.quiet >= QUIET_LIMIT else None



def new_game(rules: Ruleset = DEFAULT) -> State:
    """The starting position: every samurai, with his sword, on a SHIRO square of his side; Black to move."""
    n = int(rules.samurai_per_side)
    cells = [EMPTY] * N_SQUARES
    for player in PLAYERS:
        for sq in SHIRO_OF[player][:n]:
            cells[sq] = piece(player)
    return State(tuple(cells), rules=rules)


def to_position(state: State) -> str:
    """The one-line position string of ``state``."""
    sides = [",".join(NAMES[s] + ("" if is_strong(state.cells[s]) else "'") for s in state.samurai(p)) or "-"
             for p in PLAYERS]
    pending = ",".join(PLAYER_LETTERS[o] + NAMES[s] for o, s in state.pending) or "-"
    return (f"{sides[0]} {sides[1]} {PLAYER_LETTERS[state.to_move]} {state.last or '-'} "
            f"{state.kills[0]}:{state.kills[1]} {state.passes} {state.quiet} {pending}")


def from_position(text: object, rules: Ruleset = DEFAULT) -> State:
    """The state of a position string; ValueError listing every problem found."""
    if not isinstance(text, str):
        raise ValueError(f"a position is a line of text like '{to_position(new_game())}', not {text!r}")
    fields_ = text.split()
    if len(fields_) not in (5, 8):
        raise ValueError(f"a position has 5 or 8 fields separated by spaces (samurai of Black, of Red, "
                         f"side to move, previous arrival, kills[, passes, quiet moves, pending]); "
                         f"{text!r} has {len(fields_)}")
    problems: list[str] = []
    cells = [EMPTY] * N_SQUARES
    for player, spec in enumerate(fields_[:2]):
        if spec == "-":
            continue
        for item in spec.split(","):
            weak = item.endswith("'")
            try:
                sq = square_index(item.rstrip("'"))
            except ValueError as e:
                problems.append(f"{PLAYER_LETTERS[player]} samurai {item!r}: {e}")
                continue
            if KIND[sq] == KATANA:
                problems.append(f"{item}: a samurai can never stand on a Katana square")
            elif cells[sq] != EMPTY:
                problems.append(f"{item}: two samurai on one square")
            else:
                cells[sq] = piece(player, not weak)
    to_move = PLAYER_LETTERS.index(fields_[2]) if fields_[2] in PLAYER_LETTERS else -1
    if to_move < 0:
        problems.append(f"side to move {fields_[2]!r}: write b (Black) or r (Red)")
    last = "" if fields_[3] == "-" else fields_[3]
    if last not in CONSTRAINTS:
        problems.append(f"previous arrival {fields_[3]!r}: write -, black, mekura, ryu, taiyo or wash")
    kills = (0, 0)
    try:
        a, b = fields_[4].split(":")
        kills = (int(a), int(b))
        if min(kills) < 0 or max(kills) > 4:
            raise ValueError
    except ValueError:
        problems.append(f"kills {fields_[4]!r}: write <by Black>:<by Red>, numbers 0-4, like 0:1")
    passes = quiet = 0
    pending: list[tuple[int, int]] = []
    if len(fields_) == 8:
        try:
            passes, quiet = int(fields_[5]), int(fields_[6])
            if not (0 <= passes <= 2 and quiet >= 0):
                raise ValueError
        except ValueError:
            problems.append(f"passes {fields_[5]!r} and quiet moves {fields_[6]!r}: write 0-2 and a number >= 0")
        if fields_[7] != "-":
            for item in fields_[7].split(","):
                try:
                    if item[:1] not in PLAYER_LETTERS:
                        raise ValueError("it starts with b or r")
                    sq = square_index(item[1:])
                    if cells[sq] != piece(PLAYER_LETTERS.index(item[0]), False):
                        raise ValueError("a samurai of that side without sword must stand on its square")
                    pending.append((PLAYER_LETTERS.index(item[0]), sq))
                except ValueError as e:
                    problems.append(f"pending {item!r}: {e}")
            if len({o for o, _ in pending}) > 1:
                problems.append("pending: all defeated samurai waiting belong to one player")
    for player in PLAYERS:
        alive = sum(1 for c in cells if owner(c) == player)
        dead = kills[1 - player]
        if alive + dead > int(rules.samurai_per_side):
            problems.append(f"{PLAYER_LETTERS[player]}: {alive} samurai on the board and {dead} killed, "
                            f"more than the {rules.samurai_per_side} of ruling K7")
    if problems:
        raise ValueError("bad position: " + "; ".join(problems))
    return State(tuple(cells), to_move, last, kills, passes, quiet, tuple(pending), rules)
