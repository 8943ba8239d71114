"""Castes, tile figures and each player's 20-tile set (loaded from the package data)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import cache
from importlib import resources
from operator import attrgetter

from ...i18n import N_, Domain

T = Domain("knizia")


class Caste(str, Enum):
    """The three castes of caste pieces (1998: High Helmet, Buddha, Rice field; 2015: Castle, Buddha, Rice)."""

    HELMET = "H"
    BUDDHA = "B"
    RICE = "R"

    index: int  # position 0, 1, 2 in per-caste tuples (set below)


CASTES: tuple[Caste, ...] = (Caste.HELMET, Caste.BUDDHA, Caste.RICE)
for _i, _c in enumerate(CASTES):
    _c.index = _i


class Figure(str, Enum):
    """What a tile shows: a caste, a wild figure (samurai, ronin, ship) or an action (swap, move)."""

    HELMET = "helmet"
    BUDDHA = "buddha"
    RICE = "rice"
    SAMURAI = "samurai"
    RONIN = "ronin"
    SHIP = "ship"
    SWAP = "swap"
    MOVE = "move"


_FIGURE_CASTE = {Figure.HELMET: Caste.HELMET, Figure.BUDDHA: Caste.BUDDHA, Figure.RICE: Caste.RICE}
WILD_FIGURES = frozenset({Figure.SAMURAI, Figure.RONIN, Figure.SHIP})


@dataclass(frozen=True, slots=True, eq=False)
class Tile:
    """One kind of tile. Copies (the two Samurai 1, the two Ship 1) are equal values; equality is by code."""

    code: str
    figure: Figure
    value: int | None
    fast: bool
    placement: str  # "land" | "sea" | "none"
    per_caste: tuple[int, int, int] = (0, 0, 0)  # influence on a Helmet, Buddha, Rice piece
    is_swap: bool = False
    is_move: bool = False
    on_sea: bool = False
    rank: int = 0  # canonical sort position in the tile set

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Tile) and other.code == self.code)

    def __hash__(self) -> int:
        return hash(self.code)

    @property
    def caste(self) -> Caste | None:
        """The caste a caste tile counts for; None for wild and action tiles."""
        return _FIGURE_CASTE.get(self.figure)

    @property
    def is_wild(self) -> bool:
        """Samurai, ronin and ships count for all three castes."""
        return self.figure in WILD_FIGURES

    @property
    def strength(self) -> int:
        """The influence value (0 for the move tile and the swap)."""
        return self.value or 0

    def counts_for(self, caste: Caste) -> bool:
        """Does this tile's value count towards a piece of ``caste``?"""
        return self.figure in WILD_FIGURES or _FIGURE_CASTE.get(self.figure) is caste

    @classmethod
    def make(cls, code: str, figure: Figure, value: int | None, fast: bool, placement: str, rank: int = 0) -> "Tile":
        """Build a tile, deriving its per-caste influence and flags."""
        v = value or 0
        per = tuple(v if (figure in WILD_FIGURES or _FIGURE_CASTE.get(figure) is c) else 0 for c in CASTES)
        return cls(code, figure, value, fast, placement, per,  # type: ignore[arg-type]
                   figure is Figure.SWAP, figure is Figure.MOVE, placement == "sea", rank)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Tile({self.code})"


@cache
def _component_data() -> dict:
    return json.loads(resources.files(__package__).joinpath("data/samurai.json").read_text("utf-8"))


_KINDS = tuple((Tile.make(t["code"], Figure(t["figure"]), t["value"], bool(t["fast"]), t["placement"], rank),
                int(t["count"])) for rank, t in enumerate(_component_data()["tiles"]))
#: The distinct tile kinds in canonical order.
TILE_KINDS: tuple[Tile, ...] = tuple(t for t, _ in _KINDS)
#: One player's full set of 20 tiles (copies repeated), in canonical order.
TILE_SET: tuple[Tile, ...] = tuple(t for t, n in _KINDS for _ in range(n))
TILE_SET_COUNTS: Counter[Tile] = Counter(TILE_SET)
TILES_BY_CODE: dict[str, Tile] = {t.code: t for t in TILE_KINDS}

HAND_SIZE = 5


TILE_EXAMPLE = N_("write a tile code such as 'H4' (High Helmet 4), 'S1' (Samurai 1), 'X' (the swap) or 'M' (the move)")


def tile(code: str) -> Tile:
    """Look a tile up by its code (``H4``, ``S1``, ``N1`` ronin, ``W2`` ship, ``X`` swap, ``M`` move)."""
    if not isinstance(code, str):
        if isinstance(code, Tile):
            return code
        raise ValueError(T.gettext("a tile is written by its code, not {value}; {example}").format(
            value=describe_value(code), example=T.gettext(TILE_EXAMPLE)))
    try:
        return TILES_BY_CODE[code.strip().upper()]
    except KeyError:
        known = ", ".join(TILES_BY_CODE)
        raise ValueError(T.gettext("unknown tile {code}; tiles are {known}").format(code=repr(code), known=known)) from None


#: Caste letters and names (both editions, lower case) -> caste.
CASTE_WORDS: dict[str, Caste] = {
    "h": Caste.HELMET, "helmet": Caste.HELMET, "high helmet": Caste.HELMET, "helmets": Caste.HELMET,
    "high helmets": Caste.HELMET, "castle": Caste.HELMET, "castles": Caste.HELMET,
    "b": Caste.BUDDHA, "buddha": Caste.BUDDHA, "buddhas": Caste.BUDDHA,
    "r": Caste.RICE, "rice": Caste.RICE, "rice field": Caste.RICE, "rice fields": Caste.RICE,
}
CASTE_EXAMPLE = N_("write H (High Helmet / Castle), B (Buddha) or R (Rice)")


def caste(ref: object) -> Caste:
    """A caste from a ``Caste``, its letter or its name in either edition; ValueError in words otherwise."""
    if type(ref) is Caste:
        return ref
    if isinstance(ref, str):
        c = CASTE_WORDS.get(" ".join(ref.lower().split()))
        if c is not None:
            return c
        raise ValueError(T.gettext("{value} is not a caste; {example}").format(
            value=repr(ref), example=T.gettext(CASTE_EXAMPLE)))
    raise ValueError(T.gettext("a caste is written as a letter or a name, not {value}; {example}").format(
        value=describe_value(ref), example=T.gettext(CASTE_EXAMPLE)))


def describe_value(v: object) -> str:
    """A wrong value in words, for messages: ``None``, ``the number 5``, ``'HO99'``, ``a list [1, 2]``."""
    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, (int, float)):
        return T.gettext("the number {value}").format(value=repr(v))
    try:
        shown = short_repr(v)
    except Exception:  # a value whose repr fails is still named by its type
        shown = ""
    if isinstance(v, str):
        return shown
    name = type(v).__name__
    text = T.gettext("an {type} {value}") if name[:1].lower() in "aeiou" else T.gettext("a {type} {value}")
    return text.format(type=name, value=shown).rstrip()


def short_repr(v: object) -> str:
    """``repr(v)`` cut to 40 characters, for messages."""
    shown = repr(v)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def sort_tiles(tiles) -> tuple[Tile, ...]:
    """Tiles in canonical order (hands are kept sorted)."""
    return tuple(sorted(tiles, key=_RANK))


def sort_castes(castes) -> tuple[Caste, ...]:
    """Castes in caste order (H, B, R), as a settlement holds them."""
    return tuple(sorted(castes, key=_INDEX))


_RANK = attrgetter("rank")
_INDEX = attrgetter("index")


SUPPLY_PER_CASTE: dict[int, int] = {int(k): int(v) for k, v in _component_data()["supply_per_caste"].items()}


def supply_per_caste(n_players: int) -> int:
    """Caste pieces of each caste in play: 7 / 10 / 13 for 2 / 3 / 4 players."""
    return SUPPLY_PER_CASTE[n_players]
