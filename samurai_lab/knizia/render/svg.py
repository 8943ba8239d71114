"""Static SVG pictures of game states (standard library only): the board (``board_svg``; ``state_svg`` is what a
notebook shows for a ``GameState``), its key, one tile or caste piece (``tile_svg``, ``piece_svg``)."""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import Iterable, Mapping, NamedTuple
from xml.sax.saxutils import escape, quoteattr

from ..core.board import CITY, EDO, LAND, SEA, VILLAGE
from ..core.ruleset import VOCABULARY
from ..core.state import GameState
from ..core.tiles import CASTES, Caste, Figure, Tile, tile
from ...i18n import N_
from .describe import T, seat_names, status_text, tile_text
from .layout import HexRef, layout_for, resolve_hexes
from .scene import (Circle, Group, Line, Poly, Shape, Text, arrow_groups, arrow_shapes, caste_letter, hex_points,
                    heat_groups, highlight_groups, hex_fill, figure_icon,
                    icon_shapes, map_groups, mark_shapes, name_groups, piece_groups, piece_shapes, player_mark,
                    tile_groups, tile_shapes)
from .theme import THEME, Theme, seat_colours

_ids = itertools.count(1)
LEGEND_WIDTH = 200


def _num(v: float) -> str:
    s = f"{v:.1f}"
    return s[:-2] if s.endswith(".0") else s


def _pts(points) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def _paint(fill: str | None, stroke: str | None, width: float, alpha: float) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_num(width) if width >= 0.1 else f"{width:.2f}"}"'
    if alpha < 1:
        out += f' opacity="{alpha:.2f}"'
    return out


def shape_svg(shape: Shape) -> str:
    """One shape as an SVG element."""
    if isinstance(shape, Poly):
        dash = f' stroke-dasharray="{" ".join(map(_num, shape.dash))}"' if shape.dash else ""
        return (f'<polygon points="{_pts(shape.points)}"{_paint(shape.fill, shape.stroke, shape.width, shape.alpha)}'
                f'{dash} stroke-linejoin="round"/>')
    if isinstance(shape, Circle):
        return (f'<circle cx="{_num(shape.x)}" cy="{_num(shape.y)}" r="{_num(shape.r)}"'
                f'{_paint(shape.fill, shape.stroke, shape.width, shape.alpha)}/>')
    if isinstance(shape, Line):
        return (f'<polyline points="{_pts(shape.points)}"{_paint(None, shape.stroke, shape.width, shape.alpha)}'
                ' stroke-linecap="round" stroke-linejoin="round"/>')
    if isinstance(shape, Text):
        weight = ' font-weight="bold"' if shape.bold else ""
        halo = (f' stroke="{shape.halo}" stroke-width="{_num(shape.halo_width)}" paint-order="stroke"'
                ' stroke-linejoin="round"') if shape.halo else ""
        return (f'<text x="{_num(shape.x)}" y="{_num(shape.y)}" font-size="{_num(shape.size)}"{weight}'
                f' text-anchor="{shape.anchor}" dominant-baseline="central" fill="{shape.fill}"{halo}>'
                f"{escape(shape.text)}</text>")
    raise TypeError(f"not a shape: {shape!r}")


def shapes_svg(shapes) -> str:
    """Shapes as SVG elements, the lower passes (``z``) first."""
    return "".join(shape_svg(s) for s in sorted(shapes, key=lambda s: s.z))


def _svg(w, h, attrs: str, body: str, box: str = "0 0") -> str:
    """An SVG picture ``w`` x ``h`` px (its view box from ``box``, the top left corner) holding ``body``."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="{box} {w} {h}"{attrs}>'
            f"{body}</svg>")


def group_svg(group: Group) -> str:
    """A group as ``<g class="kind extra" data-hex=...><title>...</title>shapes</g>``."""
    cls = f"{group.kind} {group.extra_class}".strip()
    attrs = f' class="{cls}"'
    if group.hex is not None:
        attrs += f' data-hex="{group.hex}"'
    if group.index is not None:
        attrs += f' data-index="{group.index}"'
    title = f"<title>{escape(group.title)}</title>" if group.title else ""
    return f"<g{attrs}>{title}{shapes_svg(group.shapes)}</g>"


def _layer(name: str, groups: list[Group]) -> str:
    return f'<g class="layer-{name}">' + "".join(group_svg(g) for g in groups) + "</g>"


def board_svg(
    state: GameState,
    *,
    size: float = 22,
    highlights: Iterable[HexRef] | Mapping[str, Iterable[HexRef]] = (),
    selected: HexRef | None = None,
    heat: Caste | str | None = None,
    focus: Iterable[HexRef] | None = None,
    show_ids: bool = False,
    legend: bool = True,
    theme: Theme = THEME,
    arrows: Iterable[tuple[HexRef, HexRef]] = (),
) -> str:
    """An SVG picture of ``state``. ``size``: hex radius in px. ``highlights``: hexes (indices, ids or names) shown
    as legal targets, or a mapping style (``legal``, ``preview``, ``warning``) -> hexes. ``selected``: one hex
    outlined. ``heat``: a caste (``Caste`` or ``"H"``/``"B"``/``"R"``) whose influence heat map is drawn.
    ``focus``: crop to these hexes. ``show_ids``: write every hex id. ``legend``: the key on the right.
    ``arrows``: pairs of hexes (from, to), each drawn as an arrow (a study step's marks)."""
    board = state.board
    layout = layout_for(board, size, focus=focus) if focus is not None else layout_for(board, size)
    if isinstance(highlights, Mapping):
        marks = {style: resolve_hexes(board, hexes) for style, hexes in highlights.items()}
    else:
        hexes = resolve_hexes(board, highlights)
        marks = {"legal": hexes} if hexes else {}
    arrows = list(arrows)
    sel = resolve_hexes(board, [selected])[0] if selected is not None else None
    heat_caste = _caste(heat) if heat is not None else None

    n = next(_ids)
    w, h = layout.width, layout.height
    legend_svg, legend_h, legend_w = _legend(state, theme, w + 12, 14, heat_caste, marks, status=True,
                                             arrow=bool(arrows)) if legend else ("", 0.0, 0.0)
    total_w = w + (math.ceil(legend_w) + 12 if legend else 0)
    total_h = max(h, legend_h + 14)
    title = T.ngettext("Samurai, {n} player, {edition} rules", "Samurai, {n} players, {edition} rules",
                       state.n_players).format(n=state.n_players, edition=state.ruleset.edition)
    parts = [
        f"<title>{escape(title)}</title>",
        f'<defs><clipPath id="samurai-clip-{n}"><rect x="0" y="0" width="{w}" height="{h}"/></clipPath></defs>',
        f'<rect class="background" x="0" y="0" width="{total_w}" height="{total_h}" fill="{theme.background}"/>',
        f'<g class="board" clip-path="url(#samurai-clip-{n})">',
        _layer("map", map_groups(layout, theme, state, show_ids)),
    ]
    if heat_caste is not None:
        parts.append(_layer("heat", heat_groups(layout, state, heat_caste, theme)))
    parts.append(_layer("pieces", piece_groups(layout, state, theme)))
    parts.append(_layer("tiles", tile_groups(layout, state, theme)))
    parts.append(_layer("names", name_groups(layout, theme)))
    parts.append(_layer("highlights", highlight_groups(layout, marks, sel, None, theme, state=state)))
    if arrows:
        pairs = [tuple(resolve_hexes(board, pair)) for pair in arrows]
        parts.append(_layer("arrows", arrow_groups(layout, pairs, theme)))
    parts += ["</g>", legend_svg]
    return _svg(total_w, total_h, f' font-family={quoteattr(theme.font)} class="samurai-board-svg"', "".join(parts))


def state_svg(state: GameState) -> str:
    """The default picture of a state: the whole board with its legend."""
    return board_svg(state)


def _caste(value: Caste | str) -> Caste:
    if isinstance(value, Caste):
        return value
    try:
        return Caste(str(value).strip().upper()[:1])
    except ValueError:
        raise ValueError(f"heat map caste must be H, B or R, not {value!r}") from None


# --- legend -----------------------------------------------------------------
#: Words of the key: the players' marks (``theme.PLAYER_MARKS``) and what the highlight styles mean.
KEY_WORDS: dict[str, str] = {
    "circle": N_("circle"), "square": N_("square"), "diamond": N_("diamond"), "triangle": N_("triangle"),
    "legal": N_("where you can play"),
    "preview": N_("last move, or the move you try"),
    "warning": N_("needs attention"),
}


def key_words(key: str) -> str:
    """A player's mark (``circle``...) or a highlight style (``legal``...) in the key's words, translated."""
    return T.gettext(KEY_WORDS[key]) if key in KEY_WORDS else key


def _text_width(text: str, size: float, bold: bool = False) -> float:
    """A generous estimate of a line's width in px (no font metrics here): a picture sized by it does not
    cut its words in any of the apps' languages."""
    return len(text) * size * (0.66 if bold else 0.6)


def _wrapped(text: str, room: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines that fit ``room`` px by ``_text_width``, broken between words (a word longer
    than the room keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _text_width(f"{lines[-1]} {word}", size, bold) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


class _Section(NamedTuple):
    """A section of the key: svg elements drawn from x=0, y=0, and the room they take."""
    items: list[str]
    height: float
    width: float


def _legend_sections(state: GameState, theme: Theme, heat: Caste | None, marks: Mapping[str, tuple[int, ...]],
                     status: bool = False, preview: bool = False, arrow: bool = False,
                     room: float = LEGEND_WIDTH) -> list[_Section]:
    """The key in sections: castes, hex kinds, players with their marks, fast mark, and the overlays in
    use (``arrow``: a study's arrows are drawn). A line longer than ``room`` px goes on in a line below."""
    vocab = state.ruleset.vocabulary
    edition = state.ruleset.edition
    row = 24.0
    fs = 12.0
    sections: list[_Section] = []
    items: list[str] = []
    y = wide = 0.0

    def close() -> None:
        nonlocal items, y, wide
        if items:
            sections.append(_Section(items, y, wide))
        items, y, wide = [], 0.0, 0.0

    def write(x: float, dy: float, words: str, size: float, colour: str, bold: bool = False) -> None:
        nonlocal wide, y
        lines = _wrapped(words, room - x, size, bold)
        for i, line in enumerate(lines):
            if i:
                y += size * 1.2
            # a broken line keeps its space: the picture's text reads as one sentence (screen readers, search)
            spoken = line if i == len(lines) - 1 else line + " "
            items.append(shape_svg(Text(x, y + dy, spoken, size, colour, bold=bold, anchor="start")))
            wide = max(wide, x + _text_width(line, size, bold))

    def draw(*shapes: Shape) -> None:
        items.extend(shape_svg(sh) for sh in shapes)

    def heading(words: str, gap: float = 6) -> None:
        nonlocal y
        write(0, 6, words, fs, theme.ink, bold=True)
        y += row * 0.85
        y += gap

    def label(words: str, dy: float = 0.0, step: float = row) -> None:
        nonlocal y
        write(30, dy, words, fs, theme.ink)
        y += step

    if status:
        write(0, 6, status_text(state), fs + 1, theme.edo_edge, bold=True)
        y += row * 1.2
        close()
    heading(vocab.pieces[:1].upper() + vocab.pieces[1:])
    for c in CASTES:
        draw(*piece_shapes(c, 11, y, 10, theme, edition, letter=True))
        label(f"{vocab.caste(c)} ({caste_letter(c, edition)})")
    close()
    heading(T.gettext("Map"))
    for kind, text in ((SEA, T.gettext("sea: ships only")),
                       (LAND, T.gettext("land: {tiles}").format(tiles=vocab.tiles)),
                       (VILLAGE, T.gettext("village: 1 {piece}").format(piece=vocab.piece)),
                       (CITY, T.gettext("city: 2 {pieces}").format(pieces=vocab.pieces)),
                       (EDO, T.gettext("Edo: 3 {pieces}").format(pieces=vocab.pieces))):
        fill, edge = hex_fill(kind, theme)
        width = 1.2 if kind in (SEA, LAND) else 2.0
        draw(Poly(hex_points(11, y, 10), fill=fill, stroke=edge, width=width))
        label(text)
    if state.n_players < 4:
        draw(Poly(hex_points(11, y, 10), fill=theme.off_land, stroke=theme.off_edge, width=1.2))
        label(T.ngettext("not in play with {n} player", "not in play with {n} players",
                         state.n_players).format(n=state.n_players))
    close()
    heading(T.gettext("Players' {tiles}").format(tiles=vocab.tiles))
    colours = seat_colours(state, theme)
    names = seat_names(state)
    for p, name in enumerate(names):
        draw(*tile_shapes(tile("S2"), 11, y, 12, colours[p], theme, edition, player_mark(p)))
        label(f"{name} ({key_words(player_mark(p))})", step=row + 2)
    draw(*icon_shapes("fast", 11, y, 7, theme.ink))
    label(T.gettext("fast ({fast})").format(fast=vocab.fast))
    close()
    if heat is not None:
        heading(T.gettext("Influence on {caste}").format(caste=vocab.caste(heat)), 7)
        draw(Poly(hex_points(11, y, 10), fill=colours[0], alpha=0.6))
        label(T.gettext("tint: the leading player"), -7, 0)
        label(T.gettext("number: the highest tally"), 8, row + 8)
        draw(Poly(hex_points(11, y, 10), fill=theme.tie_colour, alpha=0.6))
        label(T.gettext("tie: nobody would take it"))
        close()
    if marks or preview or arrow:
        heading(T.gettext("Marked hexes"))
        for style in marks:
            glow, alpha, edge = theme.highlight(style)
            draw(Poly(hex_points(11, y, 10), fill=theme.land, stroke=theme.land_edge),
                 Poly(hex_points(11, y, 10), stroke=glow, width=2.4, alpha=alpha),
                 Poly(hex_points(11, y, 9.4), stroke=edge, width=1.6))
            label(key_words(style))
        if preview:
            fill = colours[0]
            draw(*mark_shapes("circle", 11, y, 8, fill, "#ffffff", 1.2),
                 *mark_shapes(player_mark(0), 11, y, 4, theme.player_ink(fill)))
            label(T.gettext("badge: {player} would take the {piece}").format(player=names[0], piece=vocab.piece))
            draw(Circle(11, y, 8, fill="#ffffff", stroke=theme.ink, width=1.2),
                 Line(((7, y - 4), (15, y + 4)), theme.ink, 2.4), Line(((7, y + 4), (15, y - 4)), theme.ink, 2.4))
            label(T.gettext("badge: the {piece} would be set aside").format(piece=vocab.piece))
            draw(Poly(hex_points(11, y, 9), stroke=theme.cursor_edge, width=2.2, dash=(4, 2)))
            label(T.gettext("keyboard cursor"))
        if arrow:
            draw(*arrow_shapes((2, y), (26, y), 10, theme))
            label(T.gettext("arrow: a move the study points to, from hex to hex"))
        close()
    return sections


def _legend(state: GameState, theme: Theme, x0: float, y0: float, heat: Caste | None,
            marks: Mapping[str, tuple[int, ...]], status: bool = False,
            arrow: bool = False) -> tuple[str, float, float]:
    """The key in one column at (x0, y0), as (svg, height, width): at least ``LEGEND_WIDTH``, wider when a
    language's words need it. ``status``: begin with whose turn it is; ``arrow``: explain the arrows."""
    parts = []
    y, width = y0, float(LEGEND_WIDTH)
    for section in _legend_sections(state, theme, heat, marks, status, arrow=arrow):
        parts.append(f'<g transform="translate({_num(x0)},{_num(y)})">' + "".join(section.items) + "</g>")
        y += section.height + 4
        width = max(width, section.width)
    return '<g class="legend">' + "".join(parts) + "</g>", y - y0, width


def legend_svg(state: GameState, *, heat: Caste | str | None = None,
               highlights: Iterable[str] = (), theme: Theme = THEME) -> str:
    """The key of ``board_svg`` on its own (e.g. beside a ``BoardView``); ``highlights``: styles to explain."""
    marks = {style: () for style in highlights}
    body, height, width = _legend(state, theme, 8, 14, _caste(heat) if heat is not None else None, marks)
    w, h = math.ceil(width) + 8, round(height + 14)
    return _svg(w, h, f' font-family={quoteattr(theme.font)} class="samurai-legend"', body)


def legend_html(state: GameState, *, highlights: Iterable[str] = ("legal", "preview", "warning"),
                preview: bool = True, theme: Theme = THEME, width: int = 250, arrow: bool = False) -> str:
    """The key as a row of small pictures that wraps to the width it is given (one per section): castes,
    map, players with their marks, and the board's marks (highlights, preview badges, keyboard cursor,
    and with ``arrow`` a study's arrows). A picture is ``width`` px wide; longer lines go on below."""
    marks = {style: () for style in highlights}
    cells = []
    for section in _legend_sections(state, theme, None, marks, preview=preview, arrow=arrow, room=width - 8):
        w, h = max(width, math.ceil(section.width) + 8), round(section.height + 8)
        cells.append(_svg(w, h, f' font-family={quoteattr(theme.font)} role="img" style="max-width:100%;height:auto"',
                          "".join(section.items), box="-4 -4"))
    return ('<div class="samurai-legend" style="display:flex;flex-wrap:wrap;gap:6px 18px;align-items:flex-start">'
            + "".join(cells) + "</div>")


# --- single items -------------------------------------------------------------
def tile_svg(tile: Tile, colour: str = "green", size: float = 24, edition: str = "1998",
             theme: Theme = THEME, mark: str | None = None) -> str:
    """One tile (e.g. in a hand) as a small SVG; ``colour`` a player colour name or ``#rrggbb``;
    ``mark``: the player's marker shape (``scene.player_mark(seat)``)."""
    fill = theme.player_colour(colour)
    w, h = round(2 * size + 2), round(1.75 * size + 2)
    body = shapes_svg(tile_shapes(tile, w / 2, h / 2, size / theme.tile_inset, fill, theme, edition, mark))
    return _svg(w, h, f' font-family={quoteattr(theme.font)} class="samurai-tile"',
                f"<title>{escape(tile_text(tile, VOCABULARY[edition]))}</title>{body}")


@lru_cache(maxsize=64)
def figure_icon_svg(figure: Figure, edition: str = "1998", size: float = 17, colour: str = "#3b3024") -> str:
    """A tile figure's icon alone (the one the board draws on the tile), ``size`` px square, for text
    such as a hand's list: decorative, the text beside it names the tile."""
    r = size / 2
    body = shapes_svg(icon_shapes(figure_icon(figure, edition), r, r, r * 0.92, colour))
    return _svg(_num(size), _num(size), ' aria-hidden="true" focusable="false" style="vertical-align:-2px" '
                'class="samurai-figure-icon"', body)


def piece_svg(caste: Caste, size: float = 12, edition: str = "1998", theme: Theme = THEME) -> str:
    """One caste piece as a small SVG (``size`` is its radius)."""
    d = round(2 * size + 2)
    body = shapes_svg(piece_shapes(caste, d / 2, d / 2, size, theme, edition))
    return _svg(d, d, f' font-family={quoteattr(theme.font)} class="samurai-piece"',
                f"<title>{escape(VOCABULARY[edition].caste(caste))}</title>{body}")
