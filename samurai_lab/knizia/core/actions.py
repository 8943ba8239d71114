"""Actions: frozen values that say what a player does, with a compact notation.

Notation (``str(action)`` and ``parse_action``):

====================  ===============================================
``H4@HO05``           place tile H4 on hex HO05 (ships ``W1@SEA12``)
``X HO07:H HO12:B``   swap: exchange the Helmet of HO07 with the Buddha of HO12
``M HO05>HO20``       move tile: lift own tile from HO05 to HO20
``end``               end the turn (refill the hand)
``pass``              no legal play (R1)
``piece B@HO35``      setup: put a Buddha piece into Kyoto
``pick S3``           setup: take S3 into the starting hand
====================  ===============================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .tiles import Caste, Tile, tile as tile_by_code


@dataclass(frozen=True, slots=True)
class PlacePiece:
    """Setup: put a caste piece from the supply into a settlement."""

    caste: Caste
    hex: str

    def __str__(self) -> str:
        return f"piece {self.caste.value}@{self.hex}"


@dataclass(frozen=True, slots=True)
class PickTile:
    """Setup: take one tile into the starting hand (five picks make the hand)."""

    tile: Tile

    def __str__(self) -> str:
        return f"pick {self.tile.code}"


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Lay a tile from the hand on an empty hex (ships on sea, the others on land)."""

    tile: Tile
    hex: str

    def __str__(self) -> str:
        return f"{self.tile.code}@{self.hex}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Play the swap tile: exchange two caste pieces lying in two different settlements.

    The two ends are stored in hex-id order, so ``Swap(a, x, b, y) == Swap(b, y, a, x)``.
    """

    hex_a: str
    caste_a: Caste
    hex_b: str
    caste_b: Caste

    def __post_init__(self) -> None:
        if (self.hex_b, self.caste_b.value) < (self.hex_a, self.caste_a.value):
            a, ca = self.hex_a, self.caste_a
            object.__setattr__(self, "hex_a", self.hex_b)
            object.__setattr__(self, "caste_a", self.caste_b)
            object.__setattr__(self, "hex_b", a)
            object.__setattr__(self, "caste_b", ca)

    def __str__(self) -> str:
        return f"X {self.hex_a}:{self.caste_a.value} {self.hex_b}:{self.caste_b.value}"


@dataclass(frozen=True, slots=True)
class MoveTile:
    """Play the move tile: lift one of your own normal tiles, leave the move tile (0) in its hex,
    and lay the lifted tile on another empty land hex."""

    from_hex: str
    to_hex: str

    def __str__(self) -> str:
        return f"M {self.from_hex}>{self.to_hex}"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Finish the turn: resolve pending captures (end-of-turn timing) and refill the hand to five."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, slots=True)
class Pass:
    """No tile can be placed: the turn passes without drawing (R1)."""

    def __str__(self) -> str:
        return "pass"


Action = PlacePiece | PickTile | PlaceTile | Swap | MoveTile | EndTurn | Pass

_HEX = r"([A-Za-z]+[0-9]*)"
_PATTERNS: tuple[tuple[re.Pattern[str], object], ...] = (
    (re.compile(r"^end$", re.I), lambda m: EndTurn()),
    (re.compile(r"^pass$", re.I), lambda m: Pass()),
    (re.compile(r"^piece\s+([HBR])\s*@\s*" + _HEX + r"$", re.I),
     lambda m: PlacePiece(Caste(m[1].upper()), m[2].upper())),
    (re.compile(r"^pick\s+(\w+)$", re.I), lambda m: PickTile(tile_by_code(m[1]))),
    (re.compile(r"^X\s+" + _HEX + r"\s*:\s*([HBR])\s+" + _HEX + r"\s*:\s*([HBR])$", re.I),
     lambda m: Swap(m[1].upper(), Caste(m[2].upper()), m[3].upper(), Caste(m[4].upper()))),
    (re.compile(r"^M\s+" + _HEX + r"\s*>\s*" + _HEX + r"$", re.I), lambda m: MoveTile(m[1].upper(), m[2].upper())),
    (re.compile(r"^(\w+)\s*@\s*" + _HEX + r"$"), lambda m: PlaceTile(tile_by_code(m[1]), m[2].upper())),
)


def parse_action(text: str) -> Action:
    """Read one action in the notation above; ValueError saying what is wrong otherwise."""
    s = " ".join(text.strip().split())
    for pattern, build in _PATTERNS:
        m = pattern.match(s)
        if m:
            return build(m)  # type: ignore[operator]
    raise ValueError(
        f"cannot read action {text!r}: expected e.g. 'H4@HO05', 'X HO07:H HO12:B', 'M HO05>HO20', 'end', 'pass', "
        "'piece B@HO35' or 'pick S3'"
    )
