"""The board: 11 × 11 squares as a networkx graph, with precomputed rays for the move loops.

Rows are numbered 0 (Black's camp, drawn at the top) to 10 (Red's camp, at the bottom); a square's
index is ``row * 11 + col``; its name is a file ``a``–``k`` (left to right) and a rank ``1``–``11``
(rank 1 is Red's back row), e.g. ``d1``. See docs/ikizumari.md for why the symbols sit where they do.
"""

from __future__ import annotations

from dataclasses import dataclass

import networkx as nx

from samurai_lab.i18n import N_, Domain

T = Domain("ikizumari")

SIZE = 11
SQUARES = SIZE * SIZE
FILES = "abcdefghijk"

# Kinds of square
SHIRO, ANZEN, MEKURA, SYMBOL = "shiro", "anzen", "mekura", "symbol"
# The four symbols (letters used in LAYOUT and in position strings)
DRAGON, IBIS, TIGER, TORTOISE = "dragon", "ibis", "tiger", "tortoise"
SYMBOLS: tuple[str, ...] = (DRAGON, IBIS, TIGER, TORTOISE)
SYMBOL_LETTER = {DRAGON: "D", IBIS: "I", TIGER: "T", TORTOISE: "O"}
LETTER_SYMBOL = {v: k for k, v in SYMBOL_LETTER.items()}
#: A letter of ``LAYOUT``: (kind, symbol) of its square.
_LETTER = {"S": (SHIRO, None), "A": (ANZEN, None), ".": (MEKURA, None),
           **{letter: (SYMBOL, symbol) for letter, symbol in LETTER_SYMBOL.items()}}
#: Symbol names to show (translated where shown).
SYMBOL_NAMES = {DRAGON: N_("dragon"), IBIS: N_("ibis"), TIGER: N_("tiger"), TORTOISE: N_("tortoise")}

#: The reconstructed board, Black's camp (rank 11) first. S = SHIRO, A = ANZEN, . = MEKURA,
#: D/I/T/O = dragon / ibis / tiger / tortoise. Symmetric under a half turn about ANZEN.
LAYOUT: tuple[str, ...] = (
    ".IDSS.SSDI.",
    "T.DIT..O.O.",
    "I.O.OITD.T.",
    "..IT.D.O.D.",
    "OT.D.OIT.T.",
    ".DIO.A.OID.",
    ".T.TIO.D.TO",
    ".D.O.D.TI..",
    ".T.DTIO.O.I",
    ".O.O..TID.T",
    ".IDSS.SSDI.",
)

RED, BLACK = 0, 1
PLAYERS = (RED, BLACK)
PLAYER_NAMES = (N_("Red"), N_("Black"))
PLAYER_LETTERS = ("r", "b")

#: Directions as (name, row step, column step); north is towards Black's camp (the top).
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("N", -1, 0), ("NE", -1, 1), ("E", 0, 1), ("SE", 1, 1),
    ("S", 1, 0), ("SW", 1, -1), ("W", 0, -1), ("NW", -1, -1),
)


def square_name(index: int) -> str:
    """``"d1"`` for the square of row 10, column 3."""
    row, col = divmod(index, SIZE)
    return f"{FILES[col]}{SIZE - row}"


def parse_square(text: object) -> int:
    """The index of a square name such as ``"d1"`` or ``"K11"``; ValueError otherwise."""
    s = text.strip().lower() if isinstance(text, str) else ""
    if (len(s) < 2 or s[0] not in FILES or not s[1:].isdigit() or s[1:].startswith("0")
            or not 1 <= int(s[1:]) <= SIZE):
        raise ValueError(T.gettext("A square is named by a letter a-k and a number 1-11, like d1; got {text}.")
                         .format(text=repr(text)))
    return (SIZE - int(s[1:])) * SIZE + FILES.index(s[0])


@dataclass(frozen=True)
class Board:
    """The fixed board: a graph for reasoning and flat tuples for speed."""

    graph: nx.Graph
    kind: tuple[str, ...]  # per square
    symbol: tuple[str | None, ...]  # per square (None on SHIRO, ANZEN, MEKURA)
    rays: tuple[tuple[tuple[int, ...], ...], ...]  # rays[square][direction] = squares from the next one on
    shiro: tuple[frozenset[int], frozenset[int]]  # SHIRO squares of Red, of Black
    anzen: int

    def name(self, index: int) -> str:
        return square_name(index)

    def line(self, origin: int, target: int) -> tuple[int, int] | None:
        """(direction index, distance) when ``target`` lies on a straight line from ``origin``, else None."""
        r0, c0 = divmod(origin, SIZE)
        r1, c1 = divmod(target, SIZE)
        dr, dc = r1 - r0, c1 - c0
        if (dr, dc) == (0, 0) or not (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
            return None
        step = ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))
        d = next(i for i, (_, a, b) in enumerate(DIRECTIONS) if (a, b) == step)
        return d, max(abs(dr), abs(dc))


def build_board(layout: tuple[str, ...] = LAYOUT) -> Board:
    """The board graph (squares as nodes with ``kind``, ``symbol``, ``row``, ``col``, ``name``; edges
    between neighbouring squares with their ``direction``) and its flat tables."""
    if len(layout) != SIZE or any(len(row) != SIZE for row in layout):
        raise ValueError(f"a layout has {SIZE} rows of {SIZE} squares")
    graph = nx.Graph()
    kinds: list[str] = []
    symbols: list[str | None] = []
    for row, line in enumerate(layout):
        for col, ch in enumerate(line):
            if ch not in _LETTER:
                raise ValueError(f"unknown square letter {ch!r} in the layout")
            kind, symbol = _LETTER[ch]
            index = row * SIZE + col
            kinds.append(kind)
            symbols.append(symbol)
            graph.add_node(index, kind=kind, symbol=symbol, row=row, col=col, name=square_name(index))
    rays = tuple(tuple(tuple((r + dr * i) * SIZE + c + dc * i for i in range(1, SIZE)
                             if 0 <= r + dr * i < SIZE and 0 <= c + dc * i < SIZE)
                       for _, dr, dc in DIRECTIONS) for r in range(SIZE) for c in range(SIZE))
    for index, per_dir in enumerate(rays):
        for (_, dr, dc), ray in zip(DIRECTIONS, per_dir):
            if ray:
                graph.add_edge(index, ray[0], line="diagonal" if dr and dc else "orthogonal")
    shiro = tuple(frozenset(i for i in range(row * SIZE, row * SIZE + SIZE) if kinds[i] == SHIRO)
                  for row in (SIZE - 1, 0))  # Red's camp, Black's
    return Board(graph, tuple(kinds), tuple(symbols), rays, shiro, kinds.index(ANZEN))


BOARD = build_board()
