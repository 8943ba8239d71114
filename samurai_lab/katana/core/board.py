"""The reconstructed board: a 9 x 9 octagon of 69 squares (the glossary's counts), as a networkx graph.

Columns a-i, rows 1-9; rows 1 and 9 hold c-g, rows 2 and 8 hold b-h, the others a-i. Black's side is
rows 6-9, Red's side rows 1-4, row 5 is the middle line; Red's side is Black's side mirrored across
row 5. Every square is a node with the attributes ``kind`` (BLACK, KATANA, SHIRO, SYMBOL), ``symbol``
(a movement square's, else None) and ``owner`` (0/1 for a SHIRO square); edges join the eight neighbours.
"""

from __future__ import annotations

from typing import Final

import networkx as nx

from ...i18n import N_

# Kinds of square
BLACK, KATANA, SHIRO, SYMBOL = "black", "katana", "shiro", "symbol"
# Symbols of the movement squares (the rulebook's names)
MEKURA, RYU, TAIYO, WASH = "mekura", "ryu", "taiyo", "wash"
SYMBOLS: Final = (MEKURA, RYU, TAIYO, WASH)
#: the glossary's count of every type of square
GLOSSARY_COUNTS: Final = {BLACK: 16, KATANA: 7, SHIRO: 8, MEKURA: 11, RYU: 9, TAIYO: 9, WASH: 9}

COLUMNS: Final = "abcdefghi"
SIZE: Final = 9
# Black's half, top row first: one letter per square, '.' where the octagon has no square.
# B black, K katana, S shiro, M mekura (moon), R ryu (dragon), T taiyo (sun), W wash (bird)
_BLACK_HALF: Final = (
    "..TSBST..",  # row 9
    ".WBRMRBW.",  # row 8
    "SMKBRBKMS",  # row 7
    "BTWMRMWTB",  # row 6
)
_MIDDLE: Final = "BRKTKWKMB"  # row 5
LAYOUT: Final = _BLACK_HALF + (_MIDDLE,) + tuple(reversed(_BLACK_HALF))  # rows 9 .. 1

_LETTER = {"B": (BLACK, None), "K": (KATANA, None), "S": (SHIRO, None), "M": (SYMBOL, MEKURA),
           "R": (SYMBOL, RYU), "T": (SYMBOL, TAIYO), "W": (SYMBOL, WASH)}

# The eight directions as (column step, row step), in a fixed order
DIRECTIONS: Final = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
ORTHOGONAL: Final = frozenset({0, 2, 4, 6})  # indices into DIRECTIONS

KIND_NAMES: Final = {BLACK: N_("BLACK"), KATANA: N_("KATANA"), SHIRO: N_("SHIRO")}
SYMBOL_NAMES: Final = {MEKURA: N_("Mekura (moon)"), RYU: N_("Ryu (dragon)"), TAIYO: N_("Taiyo (sun)"),
                       WASH: N_("Wash (bird)")}


def _build() -> tuple[tuple[tuple[int, int], ...], nx.Graph]:
    coords: list[tuple[int, int]] = []
    graph = nx.Graph()
    for top, line in enumerate(LAYOUT):
        row = SIZE - 1 - top  # 0-based row, 0 = row "1"
        for col, letter in enumerate(line):
            if letter == ".":
                continue
            kind, symbol = _LETTER[letter]
            index = len(coords)
            coords.append((col, row))
            owner = None if kind != SHIRO else (0 if row > SIZE // 2 else 1)
            graph.add_node(index, name=f"{COLUMNS[col]}{row + 1}", col=col, row=row, kind=kind,
                           symbol=symbol, owner=owner)
    at = {c: i for i, c in enumerate(coords)}
    for i, (c, r) in enumerate(coords):
        for dc, dr in DIRECTIONS:
            j = at.get((c + dc, r + dr))
            if j is not None:
                graph.add_edge(i, j)
    return tuple(coords), graph


COORDS, GRAPH = _build()
N_SQUARES: Final = len(COORDS)
INDEX: Final = {xy: i for i, xy in enumerate(COORDS)}
NAMES: Final = tuple(GRAPH.nodes[i]["name"] for i in range(N_SQUARES))
BY_NAME: Final = {n: i for i, n in enumerate(NAMES)}
KIND: Final = tuple(GRAPH.nodes[i]["kind"] for i in range(N_SQUARES))
SYMBOL_OF: Final = tuple(GRAPH.nodes[i]["symbol"] for i in range(N_SQUARES))
#: the type a square counts as when a samurai stops on it (a vacated SHIRO counts as BLACK)
ARRIVAL_TYPE: Final = tuple(SYMBOL_OF[i] or (BLACK if KIND[i] in (BLACK, SHIRO) else KATANA)
                            for i in range(N_SQUARES))
IS_KATANA: Final = tuple(k == KATANA for k in KIND)
#: SHIRO squares of each player (0 Black, 1 Red), in the order of the initial set-up
SHIRO_OF: Final = tuple(tuple(sorted((i for i in range(N_SQUARES) if KIND[i] == SHIRO and GRAPH.nodes[i]["owner"] == p),
                                     key=lambda s: (COORDS[s][1] not in (0, SIZE - 1), COORDS[s][0])))
                         for p in (0, 1))


def _ray(start: int, d: int) -> tuple[int, ...]:
    c, r = COORDS[start]
    dc, dr = DIRECTIONS[d]  # the octagon is convex: a line that leaves it never comes back
    return tuple(INDEX[(c + dc * i, r + dr * i)] for i in range(1, SIZE) if (c + dc * i, r + dr * i) in INDEX)


#: RAYS[square][direction] = squares from the next one to the board's edge
RAYS: Final = tuple(tuple(_ray(s, d) for d in range(8)) for s in range(N_SQUARES))
#: NEIGHBOUR[square][direction] = the adjacent square in that direction, or -1
NEIGHBOUR: Final = tuple(tuple(ray[0] if ray else -1 for ray in RAYS[s]) for s in range(N_SQUARES))


def square_index(name: object) -> int:
    """The index of a square named like ``"e5"``; ValueError for anything else."""
    if not isinstance(name, str):
        raise ValueError(f"a square is named by a column a-i and a row 1-9, like 'e5', not {name!r}")
    key = name.strip().lower()
    if key not in BY_NAME:
        raise ValueError(f"{name!r} is not a square of the board (columns a-i, rows 1-9; "
                         "the corners of the octagon are missing)")
    return BY_NAME[key]


def mirror(square: int) -> int:
    """The square facing ``square`` on the other side (reflection across row 5)."""
    c, r = COORDS[square]
    return INDEX[(c, SIZE - 1 - r)]


def counts() -> dict[str, int]:
    """How many squares of every glossary type the board has."""
    return {k: sum((symbol or kind) == k for kind, symbol in zip(KIND, SYMBOL_OF)) for k in GLOSSARY_COUNTS}
