"""What a board picture contains: ``Group``s (one per hex, piece set, tile...) of plain shapes in pixels, which
``svg.py`` writes as SVG elements and ``canvas.py`` draws with canvas calls. Shapes of a lower ``z`` pass are
painted first, so a renderer may batch shapes of one pass and style together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable, Mapping

from ...i18n import get_language
from ..core.hexgrid import hex_corners as hex_points
from ..core.board import CITY, EDO, LAND, SEA, SETTLEMENT_KINDS, VILLAGE, place_name
from ..core.influence import settlement_tally
from ..core.ruleset import VOCABULARY
from ..core.state import GameState
from ..core.tiles import Caste, Figure, Tile
from .describe import T, hex_title, kind_words, pieces_text, placed_name, seat_names
from .layout import Layout
from .theme import CASTE_SHAPES, PLAYER_MARKS, THEME, Theme, mix, seat_colours

Point = tuple[float, float]


@dataclass(frozen=True, slots=True, kw_only=True)
class Painted:
    """How a closed shape is painted (a colour of None: no fill, or no outline); ``z`` is its pass."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 1.0
    alpha: float = 1.0
    z: int = 0


@dataclass(frozen=True, slots=True)
class Poly(Painted):
    """A closed polygon."""

    points: tuple[Point, ...]
    dash: tuple[float, ...] = ()


@dataclass(frozen=True, slots=True)
class Circle(Painted):
    x: float
    y: float
    r: float


@dataclass(frozen=True, slots=True)
class Line:
    """An open polyline with round caps and joins."""

    points: tuple[Point, ...]
    stroke: str
    width: float = 1.0
    alpha: float = 1.0
    z: int = 0


@dataclass(frozen=True, slots=True)
class Text:
    """Text centred vertically on ``y``; ``anchor`` is ``start``, ``middle`` or ``end``; optional halo."""

    x: float
    y: float
    text: str
    size: float
    fill: str
    bold: bool = False
    anchor: str = "middle"
    halo: str | None = None
    halo_width: float = 3.0
    z: int = 0


Shape = Poly | Circle | Line | Text


@dataclass(frozen=True, slots=True)
class Group:
    """Shapes that belong together (one hex, one tile...), with a CSS class and a tooltip."""

    kind: str
    shapes: tuple[Shape, ...]
    hex: str | None = None
    index: int | None = None
    title: str | None = None
    extra_class: str = ""


# --- icons: (shape kind, data) within radius ~1 of (0, 0), scaled and placed by ``icon_shapes`` ---------------


def _ellipse(cx: float, cy: float, rx: float, ry: float, angle: float = 0.0, n: int = 12) -> list[Point]:
    ca, sa = math.cos(angle), math.sin(angle)
    unit = [(rx * math.cos(2 * math.pi * k / n), ry * math.sin(2 * math.pi * k / n)) for k in range(n)]
    return [(cx + x * ca - y * sa, cy + x * sa + y * ca) for x, y in unit]


def _arc(cx: float, cy: float, rx: float, ry: float, a0: float, a1: float, n: int = 10) -> list[Point]:
    return [(cx + rx * math.cos(a0 + (a1 - a0) * k / n), cy + ry * math.sin(a0 + (a1 - a0) * k / n))
            for k in range(n + 1)]


_ICONS: dict[str, list[tuple]] = {
    # kabuto: dome, flared neck guard, horned crest
    "helmet": [
        ("poly", _arc(0, 0.08, 0.56, 0.58, math.pi, 2 * math.pi) ),
        ("poly", [(-0.62, 0.14), (0.62, 0.14), (0.9, 0.56), (-0.9, 0.56)]),
        ("line", [(-0.56, -0.92), (0.0, -0.38), (0.56, -0.92)], 0.15),
        ("circle", (0.0, -0.42, 0.14)),
    ],
    # a crenellated tower with its gate
    "castle": [
        ("poly", [(-0.62, 0.86), (-0.62, -0.86), (-0.34, -0.86), (-0.34, -0.6), (-0.14, -0.6), (-0.14, -0.86),
                  (0.14, -0.86), (0.14, -0.6), (0.34, -0.6), (0.34, -0.86), (0.62, -0.86), (0.62, 0.86),
                  (0.2, 0.86), (0.2, 0.4), (0.12, 0.25), (0.0, 0.2), (-0.12, 0.25), (-0.2, 0.4), (-0.2, 0.86)]),
    ],
    # seated Buddha: head with ushnisha, halo, robed body
    "buddha": [
        ("ring", (0.0, -0.44, 0.4, 0.07)),
        ("circle", (0.0, -0.44, 0.21)),
        ("circle", (0.0, -0.67, 0.1)),
        ("poly", [(-0.13, -0.24), (0.13, -0.24), (0.38, -0.13), (0.5, 0.2), (0.84, 0.56), (0.76, 0.78),
                  (-0.76, 0.78), (-0.84, 0.56), (-0.5, 0.2), (-0.38, -0.13)]),
    ],
    # sheaf of rice: stalks with drooping ears, bound in the middle
    "rice": [
        ("line", [(0.0, 0.86), (0.0, -0.3)], 0.13),
        ("line", [(-0.3, 0.86), (0.0, 0.22), (-0.36, -0.2)], 0.13),
        ("line", [(0.3, 0.86), (0.0, 0.22), (0.36, -0.2)], 0.13),
        ("poly", _ellipse(0.0, -0.58, 0.15, 0.34)),
        ("poly", _ellipse(-0.5, -0.45, 0.14, 0.32, -0.5)),
        ("poly", _ellipse(0.5, -0.45, 0.14, 0.32, 0.5)),
        ("poly", [(-0.3, 0.16), (0.3, 0.16), (0.3, 0.34), (-0.3, 0.34)]),
    ],
    # two crossed katana, each with its guard
    "samurai": [
        ("poly", [(-0.5, 0.42), (-0.4, 0.52), (0.56, -0.46), (0.86, -0.9), (0.42, -0.6)]),
        ("poly", [(0.5, 0.42), (0.4, 0.52), (-0.56, -0.46), (-0.86, -0.9), (-0.42, -0.6)]),
        ("line", [(-0.68, 0.3), (-0.3, 0.68)], 0.13),
        ("line", [(0.68, 0.3), (0.3, 0.68)], 0.13),
        ("line", [(-0.52, 0.58), (-0.84, 0.9)], 0.17),
        ("line", [(0.52, 0.58), (0.84, 0.9)], 0.17),
    ],
    # ronin: straw hat above a lone sword
    "ronin": [
        ("poly", [(-0.9, 0.16), (-0.55, 0.02), (-0.12, -0.56), (0.0, -0.64), (0.12, -0.56), (0.55, 0.02),
                  (0.9, 0.16), (0.0, 0.26)]),
        ("line", [(-0.72, 0.66), (0.78, 0.5)], 0.13),
        ("line", [(-0.72, 0.66), (-0.4, 0.63)], 0.22),
    ],
    # ship: hull, mast and square sail
    "ship": [
        ("poly", [(-0.92, 0.3), (0.92, 0.3), (0.6, 0.7), (-0.62, 0.7)]),
        ("line", [(0.0, 0.32), (0.0, -0.88)], 0.1),
        ("poly", [(-0.52, -0.74), (0.52, -0.74), (0.46, 0.12), (-0.46, 0.12)]),
    ],
    # two arrows: a tile moved away
    "move": [
        ("poly", [(-0.86, -0.3), (-0.42, -0.66), (-0.42, -0.44), (0.8, -0.44), (0.8, -0.16), (-0.42, -0.16),
                  (-0.42, 0.06)]),
        ("poly", [(0.86, 0.3), (0.42, -0.06), (0.42, 0.16), (-0.8, 0.16), (-0.8, 0.44), (0.42, 0.44),
                  (0.42, 0.66)]),
    ],
    # two curved arrows: pieces exchanged
    "swap": [
        ("line", _arc(0, 0, 0.62, 0.62, math.pi * 1.05, math.pi * 1.85, 8), 0.17),
        ("poly", [(0.62, -0.58), (0.3, -0.78), (0.66, -0.1)]),
        ("line", _arc(0, 0, 0.62, 0.62, math.pi * 0.05, math.pi * 0.85, 8), 0.17),
        ("poly", [(-0.62, 0.58), (-0.3, 0.78), (-0.66, 0.1)]),
    ],
    # quick mark: a lightning bolt
    "fast": [
        ("poly", [(0.22, -1.0), (-0.5, 0.12), (-0.02, 0.12), (-0.26, 1.0), (0.5, -0.14), (0.04, -0.14)]),
    ],
}


def figure_icon(figure: Figure, edition: str = "1998") -> str:
    """Icon name of a tile figure (or of a caste, ``Figure[caste.name]``): the 2015 edition's helmet is a castle."""
    return "castle" if figure is Figure.HELMET and edition == "2015" else figure.value


def icon_shapes(name: str, x: float, y: float, r: float, colour: str, z: int = 0) -> list[Shape]:
    """The shapes of icon ``name`` centred on (x, y), radius ``r``, in one colour."""
    out: list[Shape] = []
    for item in _ICONS[name]:
        kind = item[0]
        if kind == "poly":
            out.append(Poly(tuple((x + px * r, y + py * r) for px, py in item[1]), fill=colour, z=z))
        elif kind == "line":
            out.append(Line(tuple((x + px * r, y + py * r) for px, py in item[1]), colour, item[2] * r, z=z))
        elif kind in ("circle", "ring"):  # a ring's data ends with its width
            cx, cy, cr, *ring = item[1]
            paint = {"stroke": colour, "width": ring[0] * r} if ring else {"fill": colour}
            out.append(Circle(x + cx * r, y + cy * r, cr * r, z=z, **paint))
    return out


# --- the map ----------------------------------------------------------------


def hex_fill(kind: str, theme: Theme) -> tuple[str, str]:
    """(fill, edge) of a hex kind in play."""
    return getattr(theme, kind), getattr(theme, f"{kind}_edge" if kind in (SEA, LAND, EDO) else "settlement_edge")


def map_groups(layout: Layout, theme: Theme = THEME, state: GameState | None = None,
               show_ids: bool = False) -> list[Group]:
    """The printed board: one polygon per hex in play, the rest of the map faded, optional hex ids."""
    s = layout.size
    ew = max(0.6, theme.edge_width * s)
    groups: list[Group] = []
    for info, x, y in layout.off_board():
        fill = theme.off_sea if info.kind == SEA else theme.off_land
        groups.append(Group("off", (Poly(hex_points(x, y, s), fill=fill, stroke=theme.off_edge, width=ew),),
                            hex=info.id, title=T.ngettext("{hex} (not in play with {n} player)",
                                             "{hex} (not in play with {n} players)",
                                             layout.board.n_players).format(hex=info.id, n=layout.board.n_players)))
    board = layout.board
    # settlements last, so that their thick edges lie on top of their neighbours'
    for i in sorted(range(len(board)), key=lambda i: board.is_settlement[i]):
        info = board.info[i]
        if not layout.visible(i):
            continue
        fill, edge = hex_fill(info.kind, theme)
        settlement = info.kind in SETTLEMENT_KINDS
        x, y = layout.centres[i]
        shapes: list[Shape] = [Poly(hex_points(x, y, s), fill=fill, stroke=edge,
                                    width=ew * (2.2 if settlement else 1.0), z=2 if settlement else 0)]
        if settlement:
            shapes.append(Poly(hex_points(x, y, s * 0.8), stroke=mix(edge, fill, 0.55), width=ew, z=3))
        if show_ids:
            shapes.append(Text(x, y + s * 0.62, info.id, theme.id_size * s, theme.soft_ink, z=4))
        title = hex_title(state, i) if state is not None else f"{info.label} · {kind_words(info.kind)}"
        groups.append(Group("hex", tuple(shapes), hex=info.id, index=i, title=title, extra_class=info.kind))
    return groups


def name_groups(layout: Layout, theme: Theme = THEME) -> list[Group]:
    """Names of the cities and Edo, inside their hexes under the pieces (left out when too small to read)."""
    s = layout.size
    out = []
    for i in layout.board.settlements:
        info = layout.board.info[i]
        if not info.name or not layout.visible(i):
            continue
        x, y = layout.centres[i]
        name = place_name(info.name)
        size = min(theme.name_size * s, 1.75 * s / (0.62 * len(name)))
        if size < MIN_NAME_PX:
            continue
        colour, fill = (theme.edo_edge, theme.edo) if info.kind == EDO else (theme.ink, theme.city)
        out.append(Group("name", (Text(x, y + s * 0.53, name, size, colour, bold=True, halo=fill,
                                       halo_width=max(1.5, size * 0.25), z=13),), hex=info.id, index=i,
                         title=info.label))
    return out


# --- pieces and tiles ------------------------------------------------------
#: Token positions (x, y, radius) in hex radii, by settlement kind and number of pieces in it.
#: Cities and Edo keep their lower part for the name.
_SLOTS = {
    (VILLAGE, 1): ((0.0, 0.0, 0.56),),
    (CITY, 1): ((0.0, -0.12, 0.4),),
    (CITY, 2): ((-0.43, -0.12, 0.4), (0.43, -0.12, 0.4)),
    (EDO, 1): ((0.0, -0.12, 0.3),),
    (EDO, 2): ((-0.3, -0.12, 0.29), (0.3, -0.12, 0.29)),
    (EDO, 3): ((-0.58, -0.12, 0.29), (0.0, -0.12, 0.29), (0.58, -0.12, 0.29)),
}
#: Smallest font (px) a settlement name is written in.
MIN_NAME_PX = 6.0
#: Token radius in px from which the caste letter is written on each token.
LETTER_FROM_PX = 11.0


def mark_shapes(name: str, x: float, y: float, r: float, fill: str, stroke: str | None = None,
                width: float = 1.0, z: int = 0) -> list[Shape]:
    """A small geometric mark (``circle``, ``square``, ``diamond``, ``triangle``) of radius ``r``."""
    if name == "circle":
        return [Circle(x, y, r, fill=fill, stroke=stroke, width=width, z=z)]
    if name not in _MARKS:
        raise ValueError(f"unknown mark {name!r}")
    scale, corners = _MARKS[name]
    h = r * scale
    return [Poly(tuple((x + h * cx, y + h * cy) for cx, cy in corners), fill=fill, stroke=stroke, width=width,
                 z=z)]


#: The polygon marks: (size in radii, corners in sizes).
_MARKS = {"square": (0.86, ((-1, -1), (1, -1), (1, 1), (-1, 1))),
          "diamond": (1.18, ((0, -1), (1, 0), (0, 1), (-1, 0))),
          "triangle": (1.2, ((0, -1), (0.95, 0.6), (-0.95, 0.6)))}


@lru_cache(maxsize=64)
def _caste_letter(caste: Caste, edition: str, language: str) -> str:
    return VOCABULARY[edition].caste(caste)[:1].upper() or caste.value


def caste_letter(caste: Caste, edition: str = "1998") -> str:
    """The letter a caste's piece wears: the first letter of its name in the edition's words and the
    current language (1998 ``H`` High Helmet, 2015 ``C`` Castle; Italian ``E`` Elmo, Russian ``Ш`` Шлем)."""
    return _caste_letter(caste, edition, get_language())


def piece_shapes(caste: Caste, x: float, y: float, r: float, theme: Theme = THEME, edition: str = "1998",
                 letter: bool | None = None) -> tuple[Shape, ...]:
    """One caste piece: a token in the caste's colour and shape (``CASTE_SHAPES``) with its white icon, and its
    letter when large (``caste_letter``). Cached: redrawing an unchanged piece costs a dictionary look-up."""
    return _piece_shapes(caste, x, y, r, theme, edition, letter, caste_letter(caste, edition))


@lru_cache(maxsize=2048)
def _piece_shapes(caste: Caste, x: float, y: float, r: float, theme: Theme, edition: str, letter: bool | None,
                  glyph: str) -> tuple[Shape, ...]:
    colour = theme.caste_colour(caste)
    out: list[Shape] = mark_shapes(CASTE_SHAPES[caste.value], x, y, r, colour, theme.piece_edge,
                                   max(0.8, r * 0.14), z=5)
    show_letter = r >= LETTER_FROM_PX if letter is None else letter
    icon_r = r * (0.58 if show_letter else 0.68)
    out += icon_shapes(figure_icon(Figure[caste.name], edition), x - (r * 0.16 if show_letter else 0), y, icon_r,
                       theme.piece_edge, z=6)
    if show_letter:
        out.append(Text(x + r * 0.6, y + r * 0.42, glyph, r * 0.6, theme.piece_edge, bold=True,
                        halo=colour, halo_width=max(1.5, r * 0.14), z=7))
    return tuple(out)


def piece_groups(layout: Layout, state: GameState, theme: Theme = THEME) -> list[Group]:
    """The caste pieces in every settlement holding some."""
    s = layout.size
    edition = state.ruleset.edition
    out = []
    for i in layout.board.settlements:
        pieces = state.pieces[i]
        if not pieces or not layout.visible(i):
            continue
        x, y = layout.centres[i]
        shapes: list[Shape] = []
        for caste, (dx, dy, rr) in zip(pieces, _SLOTS[layout.board.kinds[i], len(pieces)]):
            shapes += piece_shapes(caste, x + dx * s, y + dy * s, rr * s, theme, edition)
        title = f"{layout.board.label(i)}: {pieces_text(state, i)}"
        out.append(Group("pieces", tuple(shapes), hex=layout.board.ids[i], index=i, title=title,
                         extra_class=" ".join(f"caste-{c.value}" for c in pieces)))
    return out


@lru_cache(maxsize=4096)
def tile_shapes(tile: Tile, x: float, y: float, s: float, fill: str, theme: Theme = THEME,
                edition: str = "1998", mark: str | None = None) -> tuple[Shape, ...]:
    """A tile lying on a hex of radius ``s`` centred on (x, y): player colour, figure, value, fast mark, and the
    player's ``mark`` (``PLAYER_MARKS``) at its lower right. Cached, as ``piece_shapes``."""
    ink = theme.player_ink(fill)
    r = s * theme.tile_inset
    shadow = Poly(hex_points(x + s * 0.05, y + s * 0.08, r), fill="#000000", alpha=0.22, z=9)
    body = Poly(hex_points(x, y, r), fill=fill, stroke=theme.player_edge(fill), width=max(0.8, s * 0.09), z=10)
    shapes: list[Shape] = [shadow, body]
    has_value = tile.value is not None
    icon_x = x - s * 0.3 if has_value else x
    dy = s * 0.1 if tile.fast else 0.0
    shapes += icon_shapes(figure_icon(tile.figure, edition), icon_x, y + dy, s * (0.36 if has_value else 0.5),
                          ink, z=11)
    if has_value:
        shapes.append(Text(x + s * 0.4, y + dy, str(tile.value), s * theme.value_size, ink, bold=True, z=12))
    if tile.fast:
        shapes += icon_shapes("fast", x, y - s * 0.56, s * 0.2, ink, z=12)
    if mark is not None:
        shapes += mark_shapes(mark, x + s * 0.36, y + s * 0.5, s * 0.11, ink, z=12)
    return tuple(shapes)


def player_mark(seat: int) -> str:
    """The marker shape of a seat's tiles."""
    return PLAYER_MARKS[seat % len(PLAYER_MARKS)]


def tile_groups(layout: Layout, state: GameState, theme: Theme = THEME) -> list[Group]:
    """Every tile on the board, in its owner's colour."""
    s = layout.size
    colours = seat_colours(state, theme)
    edition = state.ruleset.edition
    ids = layout.board.ids
    return [Group("tile", tile_shapes(p.tile, *layout.centres[i], s, colours[p.owner], theme, edition,
                                      player_mark(p.owner)), hex=ids[i], index=i,
                  title=T.gettext("{tile} on {hex}").format(tile=placed_name(state, p), hex=ids[i]),
                  extra_class=f"player-{p.owner} figure-{p.tile.figure.value}")
            for i, p in enumerate(state.tiles) if p is not None and layout.visible(i)]


# --- overlays ----------------------------------------------------------------
def heat_cells(state: GameState, caste: Caste) -> list[tuple[int, int | None, int]]:
    """(settlement, leader or None on a tie, top tally) where ``caste`` lies and somebody has influence."""
    tallies = [(i, settlement_tally(state, i).for_caste(caste)) for i in state.board.settlements
               if caste in state.pieces[i]]
    return [(i, ct.leader, max(ct.tallies)) for i, ct in tallies if max(ct.tallies) > 0]


def heat_groups(layout: Layout, state: GameState, caste: Caste, theme: Theme = THEME) -> list[Group]:
    """Influence heat map for ``caste``: each settlement holding it tinted by its leader's colour,
    stronger with a higher tally (grey on a tie), with the leading tally written under the pieces."""
    s = layout.size
    colours = seat_colours(state, theme)
    names = seat_names(state)
    vocab = state.ruleset.vocabulary
    out = []
    for i, leader, top in heat_cells(state, caste):
        if not layout.visible(i):
            continue
        colour = theme.tie_colour if leader is None else colours[leader]
        x, y = layout.centres[i]
        who, ink = (T.gettext("tie"), "#ffffff") if leader is None else (names[leader], theme.player_ink(colour))
        shapes = (
            Poly(hex_points(x, y, s * 1.0), fill=colour, alpha=0.3 + 0.6 * min(top, 8) / 8, z=1),
            Poly(hex_points(x, y, s * 0.9), stroke=colour, width=s * 0.16, z=2),
            Circle(x, y - s * 0.7, s * 0.24, fill=colour, stroke=theme.piece_edge, width=max(0.6, s * 0.04), z=3),
            Text(x, y - s * 0.7, str(top), s * 0.34, ink, bold=True, z=4),
        )
        out.append(Group("heat", shapes, hex=layout.board.ids[i], index=i,
                         title=T.gettext("{caste} at {place}: {player} leads with {n}").format(
                             caste=vocab.caste(caste), place=layout.board.label(i), player=who, n=top)))
    return out


def highlight_groups(layout: Layout, highlights: Mapping[str, Iterable[int]] | None = None,
                     selected: int | None = None, hover: int | None = None,
                     theme: Theme = THEME, cursor: int | None = None, state: GameState | None = None) -> list[Group]:
    """Highlighted hexes per style (a glow and a ring, never a wash: tiles and pieces keep their true colours),
    the selected and the hovered hex, the keyboard cursor. With ``state``, empty ``legal`` hexes are lightly
    filled (nothing there to wash out): the places to play stand out."""
    s = layout.size
    k = theme.line_scale
    ids = layout.board.ids
    out = []
    for style, hexes in (highlights or {}).items():
        glow, alpha, edge = theme.highlight(style)
        for i in hexes:
            if not layout.visible(i):
                continue
            x, y = layout.centres[i]
            if style == "legal":  # often many hexes: a light touch, a thin ring
                shapes: tuple[Shape, ...] = (
                    Poly(hex_points(x, y, s * 0.93), stroke=edge, width=max(1.0, s * 0.06 * k), z=21),)
                if state is not None and state.tiles[i] is None and not state.pieces[i]:
                    shapes = (Poly(hex_points(x, y, s * 0.9), fill=theme.legal_fill, alpha=0.55, z=19),) + shapes
            else:
                shapes = (
                    Poly(hex_points(x, y, s * 1.0), stroke=glow, width=max(2.0, s * 0.2 * k), alpha=alpha, z=20),
                    Poly(hex_points(x, y, s * 0.94), stroke=edge, width=max(1.5, s * 0.09 * k), z=21),
                )
            out.append(Group("highlight", shapes, hex=ids[i], index=i, extra_class=style))
    # rings of one hex: (colour, size, least width, width, opacity, dash, pass); sizes in hex radii
    rings = (("selected", selected, ((theme.selected_edge, 0.94, 2.0, 0.17, 1.0, (), 22),
                                     ("#ffffff", 0.94, 0.8, 0.06, 1.0, (), 23))),
             ("hover", hover, ((theme.hover_edge, 0.97, 1.5, 0.1, 1.0, (), 24),)),
             ("cursor", cursor, (("#ffffff", 0.97, 3.0, 0.24, 0.9, (), 28),
                                 (theme.cursor_edge, 0.97, 2.0, 0.13, 1.0, (s * 0.32, s * 0.16), 29))))
    for kind, i, styles in rings:
        if i is not None and layout.visible(i):
            x, y = layout.centres[i]
            out.append(Group(kind, tuple(Poly(hex_points(x, y, s * r), stroke=c, width=max(least, s * w * k), alpha=a,
                                              dash=dash, z=z) for c, r, least, w, a, dash, z in styles),
                             hex=ids[i], index=i))
    return out


# --- arrows --------------------------------------------------------------------
#: Pass of an arrow's white halo, shaft (and starting dot), and head: above every highlight, under the cursor.
ARROW_Z = 25


def arrow_shapes(start: Point, end: Point, s: float, theme: Theme = THEME) -> tuple[Shape, ...]:
    """An arrow from hex centre ``start`` towards hex centre ``end`` for hexes of radius ``s``: a dot on
    the start, a shaft and a head whose tip stops short of the end's centre (its piece or tile stays
    readable), each in ``theme.arrow`` on a white halo that keeps it apart from every colour of the map.
    Widths grow with the hexes (the zoom) and with ``theme.line_scale`` (the projector)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    dist = math.hypot(dx, dy)
    if dist < 1e-9:
        return ()
    ux, uy = dx / dist, dy / dist
    k = theme.line_scale
    width = max(2.0, s * 0.2 * k)
    halo = max(1.5, s * 0.07 * k)
    tip_d = max(dist * 0.5, dist - s * 0.4)  # the tip stops short of the target's centre (its piece)
    head = min(max(width * 2.6, s * 0.6), tip_d * 0.55)
    half = max(head * 0.55, width * 1.2)
    tip = (x0 + ux * tip_d, y0 + uy * tip_d)
    bx, by = x0 + ux * (tip_d - head), y0 + uy * (tip_d - head)
    head_pts = (tip, (bx - uy * half, by + ux * half), (bx + ux * head * 0.2, by + uy * head * 0.2),
                (bx + uy * half, by - ux * half))
    # the shaft runs into the head's notch so that no gap shows between them
    shaft = ((x0, y0), (bx + ux * head * 0.25, by + uy * head * 0.25))
    dot = max(width * 0.95, s * 0.15)
    return (
        Line(shaft, theme.arrow_halo, width + 2 * halo, z=ARROW_Z),
        Circle(x0, y0, dot + halo, fill=theme.arrow_halo, z=ARROW_Z),
        Poly(head_pts, fill=theme.arrow_halo, stroke=theme.arrow_halo, width=2 * halo, z=ARROW_Z),
        Line(shaft, theme.arrow, width, z=ARROW_Z + 1),
        Circle(x0, y0, dot, fill=theme.arrow, z=ARROW_Z + 1),
        Poly(head_pts, fill=theme.arrow, z=ARROW_Z + 2),
    )


def arrow_groups(layout: Layout, arrows: Iterable[tuple[int, int]], theme: Theme = THEME) -> list[Group]:
    """One group per arrow (a pair of hex indices, from and to), titled with both hexes' names; an
    arrow is drawn when one of its ends is in view (the picture clips the rest)."""
    board = layout.board
    return [Group("arrow", arrow_shapes(layout.centres[a], layout.centres[b], layout.size, theme), hex=board.ids[b],
                  index=b, title=f"{board.label(a)} → {board.label(b)}")
            for a, b in arrows if a != b and (layout.visible(a) or layout.visible(b))]


# --- the what-if preview -------------------------------------------------------
def piece_slot(state: GameState, index: int, caste: Caste, taken: int = 0) -> tuple[float, float, float]:
    """(dx, dy, radius) in hex radii of the ``taken``-th ``caste`` piece in ``index`` (or the centre)."""
    pieces = state.pieces[index]
    mine = [slot for c, slot in zip(pieces, _SLOTS.get((state.board.kinds[index], len(pieces)), ())) if c is caste]
    return mine[taken] if taken < len(mine) else (0.0, -0.12, 0.3)


def preview_groups(layout: Layout, state: GameState, after: GameState, resolutions: Iterable = (),
                   theme: Theme = THEME) -> list[Group]:
    """A what-if preview on the board: the tiles ``after`` would add ghosted on their hexes, a dashed
    ring on hexes whose pieces change, and on each settlement it closes one badge per piece: the
    taker's colour and mark, or a white badge with a cross when the piece is set aside."""
    s = layout.size
    k = theme.line_scale
    ids = layout.board.ids
    colours = seat_colours(after, theme)
    edition = after.ruleset.edition
    vocab = after.ruleset.vocabulary
    _, _, edge = theme.highlight("preview")
    dash = (s * 0.22, s * 0.14)

    def dashed(x: float, y: float, r: float = 0.9, w: float = 0.08) -> Poly:
        return Poly(hex_points(x, y, s * r), stroke=edge, width=max(1.5, s * w * k), dash=dash, z=19)

    out: list[Group] = []
    for i, (a, b) in enumerate(zip(state.tiles, after.tiles)):
        if b is None or a == b or not layout.visible(i):
            continue
        x, y = layout.centres[i]
        tile = tile_shapes(b.tile, x, y, s, colours[b.owner], theme, edition, player_mark(b.owner))
        # faded copies 6 passes higher (texts stay opaque), without the shadow: the tile is not down yet
        ghost = [replace(sh, z=sh.z + 6) if isinstance(sh, Text) else replace(sh, alpha=sh.alpha * 0.62, z=sh.z + 6)
                 for sh in tile if not (isinstance(sh, Poly) and sh.fill == "#000000")]
        ghost.append(dashed(x, y))
        out.append(Group("ghost", tuple(ghost), hex=ids[i], index=i, extra_class=f"player-{b.owner}"))
    out += [Group("changed", (dashed(*layout.centres[i]),), hex=ids[i], index=i)
            for i, (a, b) in enumerate(zip(state.pieces, after.pieces)) if a != b and b and layout.visible(i)]
    taken: dict[tuple[int, Caste], int] = {}
    for res in resolutions:
        i = res.hex
        if not layout.visible(i):
            continue
        n = taken.get((i, res.caste), 0)
        taken[i, res.caste] = n + 1
        dx, dy, rr = piece_slot(state, i, res.caste, n)
        x, y = layout.centres[i]
        br = max(3.0, s * 0.27)
        bx, by = x + (dx + rr * 0.7) * s, y + (dy - rr * 0.7) * s
        ring = max(1.0, s * 0.06 * k)
        if n == 0 and not any(g.kind == "closing" and g.index == i for g in out):
            out.append(Group("closing", (dashed(x, y, 0.96, 0.1),), hex=ids[i], index=i))
        if res.winner is None:
            shapes: list[Shape] = [Circle(bx, by, br, fill="#ffffff", stroke=theme.ink, width=ring, z=25)]
            d = br * 0.5
            shapes += [Line(((bx - d, by - d), (bx + d, by + d)), theme.ink, br * 0.3, z=26),
                       Line(((bx - d, by + d), (bx + d, by - d)), theme.ink, br * 0.3, z=26)]
            title = T.gettext("{caste} set aside").format(caste=vocab.caste(res.caste))
        else:
            fill = colours[res.winner]
            shapes = [Circle(bx, by, br, fill=fill, stroke="#ffffff", width=ring, z=25)]
            shapes += mark_shapes(player_mark(res.winner), bx, by, br * 0.5, theme.player_ink(fill), z=26)
            title = T.gettext("{caste} to {player}").format(caste=vocab.caste(res.caste),
                                                            player=seat_names(after)[res.winner])
        out.append(Group("badge", tuple(shapes), hex=ids[i], index=i, title=title,
                         extra_class="set-aside" if res.winner is None else f"player-{res.winner}"))
    return out
