"""One-line position strings (like FEN) and back.

``<rows> <side> <announcement> <anzen> <used> <ply>``:

* rows: ranks 11 to 1 separated by ``/``; ``r`` a Red samurai, ``b`` a Black one, a number for empty squares;
* side: ``r`` or ``b`` to move;
* announcement: ``-`` (free), ``2`` (distance 2, any direction) or ``2D`` (distance 2, first square a dragon;
  ``D`` dragon, ``I`` ibis, ``T`` tiger, ``O`` tortoise, ``X`` a SHIRO cross);
* anzen: ``-``, or ``A`` / ``A3`` during the extra move of ANZEN (3: the distance of the move onto it);
* used: who has used ANZEN's advantage: ``-``, ``r``, ``b`` or ``rb``;
* ply: moves played so far.

The start: ``3bb1bb3/11/11/11/11/11/11/11/11/11/3rr1rr3 r - - - 0``.
"""

from __future__ import annotations

import re

from samurai_lab.i18n import Domain

from .board import BLACK, LETTER_SYMBOL, RED, SIZE, SYMBOL_LETTER
from .ruleset import DEFAULT_RULESET, Ruleset
from .state import CROSS, State

T = Domain("ikizumari")

START = "3bb1bb3/11/11/11/11/11/11/11/11/11/3rr1rr3 r - - - 0"
_ANN = re.compile(r"^(?:-|([1-9]|10|11)([DITOX]?))$")
_BONUS = re.compile(r"^(?:-|A([1-9]|10|11)?)$")


def to_position(state: State) -> str:
    squares = "".join("r" if sq in state.red else "b" if sq in state.black else "." for sq in range(SIZE * SIZE))
    rows = [re.sub(r"\.+", lambda run: str(len(run[0])), squares[start:start + SIZE])
            for start in range(0, SIZE * SIZE, SIZE)]
    ann = "-" if state.distance is None else str(state.distance) + (
        "" if state.symbol is None else "X" if state.symbol == CROSS else SYMBOL_LETTER[state.symbol])
    bonus = "-" if not state.bonus else "A" + ("" if state.pending is None else str(state.pending))
    used = "".join(c for c, u in zip("rb", state.anzen_used) if u) or "-"
    side = "r" if state.to_move == RED else "b"
    return f"{'/'.join(rows)} {side} {ann} {bonus} {used} {state.ply}"


def _bad(text: object, why: str) -> ValueError:
    return ValueError(T.gettext("Bad position {text}: {why}").format(text=repr(text), why=why))


def from_position(text: object, ruleset: Ruleset = DEFAULT_RULESET) -> State:
    """The state written ``text``; ValueError saying what is wrong otherwise."""
    if not isinstance(text, str):
        raise _bad(text, T.gettext("a position is a line of text."))
    parts = text.split()
    if len(parts) != 6:
        raise _bad(text, T.gettext("it needs 6 fields: rows, side, announcement, ANZEN, used, ply."))
    rows_text, side, ann, bonus, used, ply = parts
    rows = rows_text.split("/")
    if len(rows) != SIZE:
        raise _bad(text, T.gettext("it needs 11 rows separated by /."))
    red, black = [], []
    for row, line in enumerate(rows):
        col = 0
        for token in re.findall(r"\d+|.", line):
            if token.isdigit():
                col += int(token)
            elif token in "rb":
                if col >= SIZE:
                    break
                (red if token == "r" else black).append(row * SIZE + col)
                col += 1
            else:
                raise _bad(text, T.gettext("unknown letter {letter} in the rows.").format(letter=repr(token)))
        if col != SIZE:
            raise _bad(text, T.gettext("rank {rank} does not have 11 squares.").format(rank=SIZE - row))
    if len(red) != 4 or len(black) != 4:
        raise _bad(text, T.gettext("each player has exactly 4 samurai."))
    if side not in ("r", "b"):
        raise _bad(text, T.gettext("the side to move is r or b."))
    m = _ANN.match(ann)
    if not m:
        raise _bad(text, T.gettext("the announcement is -, a distance, or a distance and a symbol letter (D I T O X)."))
    distance = int(m.group(1)) if m.group(1) else None
    symbol = {"X": CROSS, **LETTER_SYMBOL}.get(m.group(2))
    b = _BONUS.match(bonus)
    if not b:
        raise _bad(text, T.gettext("the ANZEN field is - or A followed by an optional distance."))
    is_bonus = bonus != "-"
    if is_bonus and distance is not None:
        raise _bad(text, T.gettext("during the extra move of ANZEN the announcement is -."))
    if used not in ("-", "r", "b", "rb"):
        raise _bad(text, T.gettext("the used field is -, r, b or rb."))
    if not ply.isdigit() or len(ply) > 6:
        raise _bad(text, T.gettext("the ply is a whole number."))
    to_move = RED if side == "r" else BLACK
    anzen_used = ("r" in used, "b" in used)
    if is_bonus and not anzen_used[to_move]:
        raise _bad(text, T.gettext("a player in his extra move of ANZEN has used ANZEN."))
    return State(tuple(sorted(red)), tuple(sorted(black)), to_move, distance, symbol, is_bonus,
                 int(b.group(1)) if b.group(1) else None, anzen_used, int(ply), ruleset)
