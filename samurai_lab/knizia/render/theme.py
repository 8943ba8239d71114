"""Colours, fonts and proportions shared by every renderer (SVG and canvas).

Player colours are keyed by the colour names the editions give their seats (1998: green, yellow, blue, red;
2015: gold, red, green, purple); a seat's CSS hex colour (``#1f5fae``) is used as it is. Players also differ by
a marker shape on their tiles, castes by the shape of their tokens: the colour-blind palette is not the only help.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from functools import lru_cache

from ..core.tiles import Caste

#: Fill colour of each player colour name of the editions.
PLAYER_COLOURS: dict[str, str] = {
    "green": "#2e7d32",
    "yellow": "#f2c200",
    "blue": "#1f5fae",
    "red": "#c62828",
    "gold": "#c99a1e",
    "purple": "#6a3d9a",
}
#: The same names in Okabe and Ito's colour-blind-safe palette (red and purple darkened so that
#: both editions' four seats stay apart under simulated deuteranopia and protanopia).
COLOUR_BLIND_COLOURS: dict[str, str] = {
    "green": "#009e73",
    "yellow": "#f0e442",
    "blue": "#0072b2",
    "red": "#b03a00",
    "gold": "#e69f00",
    "purple": "#7a3b8f",
}
#: Colours used, in order, for seats whose colour name is unknown.
FALLBACK_COLOURS: tuple[str, ...] = ("#00838f", "#ad1457", "#5d4037", "#455a64")
#: Marker shape on each seat's tiles (by seat number): players differ by more than colour.
PLAYER_MARKS: tuple[str, ...] = ("circle", "triangle", "square", "diamond")
#: Token shape of each caste: castes differ by shape as well as colour.
CASTE_SHAPES: dict[str, str] = {"H": "square", "B": "circle", "R": "diamond"}
#: Highlight styles of ``set_highlights``: (glow colour, glow opacity, ring colour). No fill: a ring and a glow.
HIGHLIGHT_STYLES: dict[str, tuple[str, float, str]] = {
    "legal": ("#ffd54f", 0.75, "#e65100"),
    "preview": ("#64b5f6", 0.7, "#0d47a1"),
    "warning": ("#ef9a9a", 0.75, "#b71c1c"),
}
#: Names of the palettes of ``theme_for``.
PALETTES: tuple[str, ...] = ("default", "colour-blind")


@lru_cache(maxsize=256)
def _hex_rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


@lru_cache(maxsize=1024)
def mix(colour: str, other: str, t: float) -> str:
    """``colour`` moved a fraction ``t`` of the way towards ``other`` (both ``#rrggbb``)."""
    a, b = _hex_rgb(colour), _hex_rgb(other)
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


@dataclass(frozen=True, eq=False)
class Theme:
    """Every colour and proportion of the board pictures; sizes are fractions of the hex radius. Themes compare and
    hash by identity (renderers cache shapes per theme)."""

    background: str = "#efe7d6"
    sea: str = "#8fc1e3"
    sea_edge: str = "#6fa9d2"
    land: str = "#cfe0a6"
    land_edge: str = "#a9c27f"
    village: str = "#f7ebc6"
    city: str = "#f3d89c"
    edo: str = "#eec27a"
    settlement_edge: str = "#8a6a36"
    edo_edge: str = "#9b2d20"
    off_sea: str = "#dbe3e7"
    off_land: str = "#e3ded1"
    off_edge: str = "#cdc6b5"
    ink: str = "#2b2620"
    soft_ink: str = "#6b6257"
    halo: str = "#fbf7ee"
    font: str = "DejaVu Sans, Verdana, sans-serif"
    caste_colours: dict = field(default_factory=lambda: {
        Caste.HELMET: "#3c4a57",  # iron
        Caste.BUDDHA: "#b5651d",  # bronze
        Caste.RICE: "#6f9a1f",  # rice green
    })
    piece_edge: str = "#fffdf6"
    selected_edge: str = "#111111"
    hover_edge: str = "#1b1b1b"
    tie_colour: str = "#8d8d8d"
    cursor_edge: str = "#6a1b9a"
    legal_fill: str = "#fff59d"  # light fill of the empty hexes among the legal ones
    arrow: str = "#c2006b"  # a study's arrows: a shaft on a white halo, apart from the map's colours
    arrow_halo: str = "#ffffff"
    player_colours: dict = field(default_factory=lambda: dict(PLAYER_COLOURS))
    palette: str = "default"
    # proportions (x hex radius)
    line_scale: float = 1.0  # highlight, selection and cursor rings (thicker on a projector)
    edge_width: float = 0.06
    tile_inset: float = 0.84
    name_size: float = 0.44
    value_size: float = 0.78
    id_size: float = 0.32

    def caste_colour(self, caste: Caste) -> str:
        return self.caste_colours[caste]

    def player_colour(self, name: str, index: int = 0) -> str:
        """Fill colour of a seat's colour (a known name or a ``#rrggbb`` value)."""
        if name.startswith("#") and len(name) in (4, 7):
            return name
        return self.player_colours.get(name.lower(), FALLBACK_COLOURS[index % len(FALLBACK_COLOURS)])

    def player_edge(self, fill: str) -> str:
        """Darker edge of a tile of colour ``fill``."""
        return mix(fill, "#000000", 0.38)

    def player_ink(self, fill: str) -> str:
        """Readable ink (figure and value) on a tile of colour ``fill``: dark on a fill of bright luminance."""
        r, g, b = _hex_rgb(fill)
        return "#241d10" if (0.299 * r + 0.587 * g + 0.114 * b) / 255.0 > 0.62 else "#ffffff"

    def highlight(self, style: str) -> tuple[str, float, str]:
        """(fill, opacity, edge) of a highlight style; ValueError names the known styles."""
        try:
            return HIGHLIGHT_STYLES[style]
        except KeyError:
            raise ValueError(f"unknown highlight style {style!r}; styles are {', '.join(HIGHLIGHT_STYLES)}") from None


THEME = Theme()

_COLOUR_BLIND = dict(
    palette="colour-blind",
    player_colours=dict(COLOUR_BLIND_COLOURS),
    caste_colours={Caste.HELMET: "#3c4a57", Caste.BUDDHA: "#b35900", Caste.RICE: "#00805f"},
)
_PROJECTOR = dict(line_scale=1.6, edge_width=0.09, name_size=0.5, id_size=0.36)


@lru_cache(maxsize=None)
def theme_for(palette: str = "default", projector: bool = False) -> Theme:
    """The theme of a palette (``"default"`` or ``"colour-blind"``), optionally for a projector (cached:
    the same arguments give the same object, so renderers' shape caches keep working)."""
    if palette not in PALETTES:
        raise ValueError(f"unknown palette {palette!r}; palettes are {', '.join(PALETTES)}")
    if palette == "default" and not projector:
        return THEME
    return dataclasses.replace(THEME, **(_COLOUR_BLIND if palette == "colour-blind" else {}),
                               **(_PROJECTOR if projector else {}))


def seat_colours(state, theme: Theme = THEME) -> tuple[str, ...]:
    """Fill colour of every seat of a game state."""
    return tuple(theme.player_colour(s.colour, i) for i, s in enumerate(state.seats))
